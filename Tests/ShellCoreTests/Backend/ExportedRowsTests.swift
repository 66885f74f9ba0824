import Testing

@testable import Backends
@testable import ShellCore

/// An export reads every row it counted or fails: a backend that hands back fewer rows than its
/// exact count (a page that failed, a table that shrank) never makes a shorter file.
struct ExportedRowsTests {
  /// Rows whose exact count is `counted` but that can read only `readable` of them.
  struct ShortRows: SearchRows {
    let counted: Int
    let readable: Int
    var count: RowCount { .estimate(counted) }
    func exactCount() throws(BackendError) -> Int { counted }
    func rows(in range: Range<Int>) -> [ResultRow] {
      range.clamped(to: 0..<readable).map { ResultRow(id: $0, title: "row \($0)") }
    }
  }

  @Test(arguments: [
    (counted: 5, readable: 5, expected: Result<[Int], BackendError>.success([0, 1, 2, 3, 4])),
    (counted: 5, readable: 3, expected: .failure(.rowsChanged(expected: 5, read: 3))),
    (counted: 0, readable: 0, expected: .success([])),
  ])
  func everyCountedRowOrAnError(counted: Int, readable: Int, expected: Result<[Int], BackendError>) {
    let read = Result { () throws(BackendError) in
      try Session.everyID(of: ShortRows(counted: counted, readable: readable))
    }
    #expect(read == expected)
  }

  @Test func aPageOfRowsIsCheckedAgainstItsRange() {
    let rows = ShortRows(counted: 10, readable: 7)
    #expect(throws: BackendError.rowsChanged(expected: 4, read: 2)) {
      try Session.everyID(of: rows, in: 5..<9, count: 10)
    }
    #expect((try? Session.everyID(of: rows, in: 2..<6, count: 10)) == [2, 3, 4, 5])
  }
}
