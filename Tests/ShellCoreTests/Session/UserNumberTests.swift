import Testing

@testable import ShellCore

/// Every number a user types is range-checked without overflow: pages, rows, counts.
struct UserNumberTests {
  @Test func parsesAndClampsBeyondInt() {
    #expect(UserNumber("12") == .value(12))
    #expect(UserNumber("-3") == .value(-3))
    #expect(UserNumber("99999999999999999999") == .outOfRange(positive: true))
    #expect(UserNumber("-99999999999999999999") == .outOfRange(positive: false))
    #expect(UserNumber("+99999999999999999999").clamped == Int.max)
    #expect(UserNumber("1e3") == .notANumber)
    #expect(UserNumber("") == .notANumber)
    #expect(UserNumber("-") == .notANumber)
    #expect(UserNumber("٣") == .notANumber)
  }

  @Test func pageCountNeverOverflows() {
    #expect(UserNumber.pageCount(rows: 0, pageSize: 10) == 1)
    #expect(UserNumber.pageCount(rows: 21, pageSize: 10) == 3)
    #expect(UserNumber.pageCount(rows: Int.max, pageSize: Int.max) == 1)
    #expect(UserNumber.pageCount(rows: Int.max, pageSize: 1) == Int.max)
  }

  @Test(arguments: ["table", "csv", "json"])
  func theLargestPageListsEveryRow(format: String) throws {
    let fixture = try SessionFixture()
    let printed = fixture.run("set format \(format)", "set page 1000000", "list 1", "list 2")
    #expect(printed.errors == ["error: Invalid value '2' for 'list'. Expected 'all' or a page from 1 to 1"])
  }

  @Test func backspaceBeyondTheTextDeletesAllOfIt() throws {
    let fixture = try SessionFixture()
    let printed = fixture.run("search ger", "backspace 99999999999999999999")
    #expect(printed.errors == [])
    #expect(fixture.session.screen.state.text == "")
    #expect(fixture.session.screen.lastCallbacks.filter { $0.name == .searchBarTextDidChange }.count == 3)
  }
}
