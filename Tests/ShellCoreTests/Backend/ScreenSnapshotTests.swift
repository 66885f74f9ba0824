import Backends
import Testing

@testable import Engine
@testable import ShellCore
@testable import Tables
@testable import UIKitModel

/// The renderers draw a value: a snapshot made by hand draws without any session or backend.
@Suite struct ScreenSnapshotTests {
  static func snapshot(count: RowCount, rows: [ScreenSnapshot.Row] = [], firstRow: Int = 0) -> ScreenSnapshot
  {
    var state = SearchState()
    state.isActive = true
    state.shown = .results
    var snapshot = ScreenSnapshot(
      state: state, settings: SessionSettings(presets: DatasetPresets(title: "Words")), isDimmed: false,
      totalRows: .exact(1_000_000), scopeTitles: ["All"], fields: "title", lastAnswer: nil, rowCount: count)
    snapshot.rows = rows
    snapshot.firstRow = firstRow
    return snapshot
  }

  struct HeaderCase: Sendable, CustomTestStringConvertible {
    let count: RowCount
    let header: String
    var testDescription: String { header }
  }

  @Test(arguments: [
    HeaderCase(count: .exact(870_000), header: "results table · 870000 of 1000000"),
    HeaderCase(count: .estimate(870_000), header: "results table · ≈ 870000 of 1000000"),
    HeaderCase(count: .exact(0), header: "results table · 0 of 1000000"),
  ])
  func theHeaderMarksAnEstimate(_ example: HeaderCase) {
    let renderer = ScreenRenderer(
      snapshot: Self.snapshot(count: example.count), style: TextStyle(isEnabled: false))
    #expect(renderer.tableHeader() == example.header)
  }

  @Test func aPageNumbersItsRowsAndSaysWhatFollows() {
    let rows = (20..<30).map {
      ScreenSnapshot.Row(number: $0 + 1, id: $0 * 3, title: "row \($0)", highlights: [])
    }
    let renderer = ScreenRenderer(
      snapshot: Self.snapshot(count: .estimate(1_500), rows: rows, firstRow: 20),
      style: TextStyle(isEnabled: false))
    let lines = renderer.tableLines()
    #expect(lines.first == "results table · ≈ 1500 of 1000000")
    #expect(lines[1] == "    21  row 20")
    #expect(lines.last == "  … ≈ 1470 more (list 4, or list all)")
    #expect(lines.count == 12)
  }

  @Test func highlightsMarkTheMatchedCharacters() {
    let row = ScreenSnapshot.Row(number: 1, id: 0, title: "Germany", highlights: [0..<3])
    let renderer = ScreenRenderer(
      snapshot: Self.snapshot(count: .exact(1), rows: [row]), style: TextStyle(isEnabled: true))
    #expect(renderer.rowLine(row) == "  1  " + TextStyle(isEnabled: true).highlight("Ger") + "many")
  }
}
