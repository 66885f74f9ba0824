import Foundation
import Testing

@testable import ShellCore
@testable import Tables

/// A JSON file's column types and the keys its rows lacked come back from the cache as they
/// were read, so an export from a mapped index writes the same JSON as one from the file.
@Suite(.serialized) struct IndexCacheJSONTests {
  @Test func aJSONFileKeepsItsTypesAndMissingKeysThroughTheCache() throws {
    let sandbox = try CacheSandbox()
    let path = sandbox.root.appendingPathComponent("data/rows.json").path
    var rows: [String] = []
    for row in 0..<300 {
      // Every third row lacks "n" and "ok"; "late" first appears on row 200.
      var members = [#""name": "row \#(row)""#]
      if row % 3 != 0 { members += [#""n": \#(row)"#, #""ok": \#(row % 2 == 0)"#] }
      if row >= 200 { members.append(#""late": "x""#) }
      rows.append("{" + members.joined(separator: ", ") + "}")
    }
    try Data(("[" + rows.joined(separator: ",\n") + "]").utf8).write(to: URL(fileURLWithPath: path))
    let first = try sandbox.open(path)
    let second = try sandbox.open(path)
    #expect(first.index == .built && second.index == .cache)
    #expect(first.dataset.columnTypes == [.text, .number, .boolean, .text])
    #expect(second.dataset.columnTypes == first.dataset.columnTypes)
    #expect(second.dataset.missing == first.dataset.missing)
    #expect(
      first.dataset.missing.contains(row: 3, column: 1) && !first.dataset.missing.contains(row: 4, column: 1))
    #expect(
      first.dataset.missing.contains(row: 199, column: 3)
        && !first.dataset.missing.contains(row: 200, column: 3))
    let writer = RowWriter(dataset: second.dataset, format: .jsonl, terminalSafe: false)
    var lines: [String] = []
    try writer.write(rows: [3, 4, 201]) { (line: String) throws(TableError) in lines.append(line) }
    #expect(
      lines == [
        #"{"name": "row 3"}"#, #"{"name": "row 4", "n": 4, "ok": true}"#,
        #"{"name": "row 201", "late": "x"}"#,
      ])
  }
}
