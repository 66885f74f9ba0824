import Foundation
import TablesTestSupport
import Testing

@testable import Tables

/// JSON as it comes: rows inside a top-level object (found, or chosen with `--path`), rows that
/// are arrays, and numbers and booleans that stay numbers and booleans on export.
struct JSONShapesTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let input: String
    var path: String?
    let outcome: Outcome
    var testDescription: String { name }
  }

  enum Outcome: Sendable {
    case rows(columns: [String], rows: [[String]])
    case fails(TableError)
  }

  static let cases: [Case] = [
    Case(
      name: "an object with one array of objects",
      input: #"{"3166-1": [{"name": "Germany", "alpha_2": "DE"}]}"#,
      outcome: .rows(columns: ["name", "alpha_2"], rows: [["Germany", "DE"]])),
    Case(
      name: "other members are read past",
      input: #"{"v": 1, "s": "x", "o": {"a": [1]}, "rows": ["a", "b"], "n": null}"#,
      outcome: .rows(columns: ["title"], rows: [["a"], ["b"]])),
    Case(
      name: "several arrays need a path", input: #"{"a": [1], "b": [2]}"#,
      outcome: .fails(.jsonRowsAmbiguous("f", arrays: ["a", "b"], keys: ["a", "b"]))),
    Case(
      name: "no array names the keys", input: #"{"a": 1, "b": {"c": []}}"#,
      outcome: .fails(.jsonRowsAmbiguous("f", arrays: [], keys: ["a", "b"]))),
    Case(
      name: "an empty object", input: "{}", outcome: .fails(.jsonRowsAmbiguous("f", arrays: [], keys: []))),
    Case(
      name: "a path chooses among arrays", input: #"{"a": [1], "b": ["x", "y"]}"#, path: "b",
      outcome: .rows(columns: ["title"], rows: [["x"], ["y"]])),
    Case(
      name: "a path goes deeper", input: #"{"meta": {"n": 2}, "data": {"items": [{"k": "v"}]}, "z": [0]}"#,
      path: "data.items", outcome: .rows(columns: ["k"], rows: [["v"]])),
    Case(
      name: "a dot inside a key", input: #"{"a.b": [["x"]]}"#, path: #"a\.b"#,
      outcome: .rows(columns: ["1"], rows: [["x"]])),
    Case(
      name: "a missing key names the keys there", input: #"{"data": {"rows": []}}"#, path: "data.items",
      outcome: .fails(.jsonKeyNotFound("f", path: "data.items", keys: ["rows"]))),
    Case(
      name: "a missing first key", input: #"{"data": []}"#, path: "items.x",
      outcome: .fails(.jsonKeyNotFound("f", path: "items", keys: ["data"]))),
    Case(
      name: "a path to a number", input: #"{"n": 2}"#, path: "n",
      outcome: .fails(
        .malformedFile("f", line: 1, column: 7, reason: "expected an array of rows at 'n', found '2'"))),
    Case(
      name: "a path through an array", input: #"{"n": [2]}"#, path: "n.m",
      outcome: .fails(.malformedFile("f", line: 1, column: 7, reason: "expected an object at 'n', found '['"))
    ),
    Case(
      name: "a path on an array", input: #"["a"]"#, path: "n",
      outcome: .fails(
        .malformedFile("f", line: 1, column: 1, reason: "expected '{' to start an array of rows, found '['"))),
    Case(
      name: "arrays of arrays get numbered columns",
      input: #"[["a", 1, true], ["b"], [], ["c", null, false, {"x": [1, 2]}]]"#,
      outcome: .rows(
        columns: ["1", "2", "3", "4"],
        rows: [
          ["a", "1", "true", ""], ["b", "", "", ""], ["", "", "", ""], ["c", "", "false", #"{"x":[1,2]}"#],
        ])),
    Case(
      name: "empty arrays first", input: "[[], [\"a\"]]", outcome: .rows(columns: ["1"], rows: [[""], ["a"]])),
    Case(
      name: "arrays then objects", input: #"[["a"], {"b": 1}]"#,
      outcome: .fails(
        .malformedFile(
          "f", line: 1, column: 9, reason: "expected an array like the rows before, found an object"))),
    Case(
      name: "a trailing member after the rows is checked", input: #"{"rows": ["a"], "x": tru}"#,
      outcome: .fails(.malformedFile("f", line: 1, column: 25, reason: "expected 'true', found '}'"))),
  ]

  @Test(arguments: cases)
  func loads(_ example: Case) throws {
    var options = LoadOptions(
      name: "t", source: .standardInput, presets: DatasetPresets(title: "T"), format: .json)
    options.jsonPath = try example.path.map { path throws(TableError) in try JSONKeyPath(parsing: path) }
    let result = DataFixture.tableError {
      try DatasetLoader.load(.data(Data(example.input.utf8), label: "f"), options: options)
    }
    switch example.outcome {
    case .rows(let columns, let rows):
      let loaded = try DatasetLoader.load(.data(Data(example.input.utf8), label: "f"), options: options)
      loaded.dataset.checkInvariants()
      #expect(loaded.dataset.columns == columns)
      #expect(DataFixture.rows(loaded.dataset) == rows)
    case .fails(let error):
      #expect(result == error)
    }
  }

  @Test func pathsParseDotsAndEscapes() throws {
    #expect(try JSONKeyPath(parsing: "a.b").keys == ["a", "b"])
    #expect(try JSONKeyPath(parsing: #"a\.b.c\\"#).keys == ["a.b", #"c\"#])
    #expect(try JSONKeyPath(parsing: #"a\.b.c\\"#).text == #"a\.b.c\\"#)
    for bad in ["", ".", "a..b", "a."] {
      #expect(DataFixture.tableError { try JSONKeyPath(parsing: bad) } != nil, "\(bad)")
    }
  }

  @Test func aPathOnAnotherFormatIsRefused() throws {
    var options = LoadOptions(
      name: "t", source: .standardInput, presets: DatasetPresets(title: "T"), format: .csv)
    options.jsonPath = try JSONKeyPath(parsing: "a")
    let error = DataFixture.tableError {
      try DatasetLoader.load(.data(Data("a\n1\n".utf8), label: "f"), options: options)
    }
    #expect(error == .jsonPathNeedsJSON("f", format: "csv"))
  }

  /// Numbers and booleans keep their JSON type on export, `null` stays `null` in such a column,
  /// a column that mixes types (or came from CSV) is written as strings, and a key a row lacked
  /// stays out.
  @Test func exportKeepsNumbersAndBooleans() throws {
    let input = #"""
      [{"name": "a", "n": 1.50, "ok": true, "mixed": 1, "none": null},
       {"name": "b", "n": -2e3, "ok": null, "mixed": "2"},
       {"name": "c", "ok": false, "mixed": true}]
      """#
    let dataset = try DataFixture.load(input, format: .json).dataset
    #expect(dataset.columnTypes == [.text, .number, .boolean, .text, .text])
    let writer = RowWriter(dataset: dataset, format: .jsonl, terminalSafe: false)
    #expect(
      writer.records(rows: 0..<3) == [
        #"{"name": "a", "n": 1.50, "ok": true, "mixed": "1", "none": ""}"#,
        #"{"name": "b", "n": -2e3, "ok": null, "mixed": "2"}"#,
        #"{"name": "c", "ok": false, "mixed": "true"}"#,
      ])
    let reloaded = try DataFixture.load(writer.records(rows: 0..<3).joined(separator: "\n"), format: .jsonl)
      .dataset
    #expect(DataFixture.rows(reloaded) == DataFixture.rows(dataset))
    #expect(reloaded.columnTypes == dataset.columnTypes)
    let csv = try DataFixture.load("name,n\na,1\n", format: .csv).dataset
    #expect(
      RowWriter(dataset: csv, format: .jsonl, terminalSafe: false).records(rows: 0..<1) == [
        #"{"name": "a", "n": "1"}"#
      ])
  }

  /// The scope bar's relabelling keeps the types: the rows are the same.
  @Test func relabelledScopesKeepTheTypes() throws {
    let dataset = try DataFixture.load(#"[{"name": "a", "type": "x", "n": 1}]"#, format: .json).dataset
    #expect(dataset.relabelingScopes(["All", "x"]).columnTypes == [.text, .text, .number])
  }
}
