import BackendsTestSupport
import Foundation
import Testing

@testable import ShellCore

/// A session on a PostgreSQL table prints what the same session prints on the same rows loaded
/// from a file: the trace of every callback, the tables, the counts and the selections.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresTraceParityTests {
  static let fixture = PostgresFixture(count: 2_000)

  /// The rows as `trace_rows.csv` (id, name, category) and as the table `trace_rows`.
  static let loaded: Result<(file: String, url: String), any Error> = Result {
    let cluster = try TestCluster.started()
    try fixture.load(into: "trace_rows", cluster.connect(statementTimeout: 60_000))
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pg-trace-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var csv = "id,name,category\n"
    for (index, title) in fixture.titles.enumerated() {
      csv +=
        "\(index),\"\(title.replacingOccurrences(of: "\"", with: "\"\""))\",\(fixture.rowCategories[index])\n"
    }
    let file = folder.appendingPathComponent("trace_rows.csv").path
    try csv.write(toFile: file, atomically: true, encoding: .utf8)
    return (file, cluster.url("table=trace_rows"))
  }

  static let script = [
    "trace all", "focus", "type st", "type a", "scope Toys", "backspace", "select 2", "back", "detail 3",
    "back",
    "scope All", "clear", "type café | straße", "expect count 0", "status", "set match exact", "type Café",
    "list 2", "set match fuzzy", "search stnd", "select 1", "cancel", "set match regex", "search ^St(a|r)",
    "pull", "list", "set match prefix", "search sta", "export EXPORT", "submit", "cancel", "trace state",
    "search 한", "type 국", "cancel",
  ]

  /// What a session on `target` prints for the script, after the load line and its warning;
  /// `status`'s `index:` line, which says where a file's index came from, is left out.
  static func transcript(of target: String, export: String) throws -> [String] {
    let fixture = try SessionFixture()
    // A table is searched in its title column; a file's search, in its text columns, is
    // narrowed to the same one.
    fixture.run("load \(target) --title name --scope category", "set fields name")
    #expect(fixture.session.screen.dataset.name == "trace_rows")
    let lines = script.map { $0.replacingOccurrences(of: "EXPORT", with: export) }
    var printed: [String] = []
    for line in lines {
      let (output, errors) = fixture.run(line)
      printed +=
        ["> " + line.replacingOccurrences(of: export, with: "EXPORT")]
        + output.filter { !$0.hasPrefix("index: ") }.map {
          $0.replacingOccurrences(of: export, with: "EXPORT")
        }
        + errors
    }
    return printed
  }

  @Test func theSessionOnPostgreSQLPrintsWhatTheSessionOnTheFilePrints() throws {
    let (file, url) = try Self.loaded.get()
    let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
    let fromFile = try Self.transcript(of: file, export: folder.appendingPathComponent("file.csv").path)
    let fromTable = try Self.transcript(of: url, export: folder.appendingPathComponent("table.csv").path)
    // 'expect count 0' fails the same way on both: the line is in both transcripts.
    #expect(fromFile.contains { $0.hasPrefix("error: ") })
    #expect(fromTable == fromFile)
    for (index, line) in fromTable.enumerated() where index < fromFile.count && line != fromFile[index] {
      Issue.record("line \(index): \(line) ≠ \(fromFile[index])")
      break
    }
    let exportedFile = try String(contentsOf: folder.appendingPathComponent("file.csv"), encoding: .utf8)
    let exportedTable = try String(contentsOf: folder.appendingPathComponent("table.csv"), encoding: .utf8)
    #expect(exportedTable == exportedFile)
  }
}
