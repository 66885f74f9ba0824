import Foundation
import Testing

/// Columns through the built binary: `set fields *` finds a row by any column and the table
/// shows the column that matched; `sort` orders numbers as numbers, in a recording's replay
/// and in live mode too.
@Suite(.serialized) struct ColumnsTests {
  private static let csv = """
    code,name,population,region
    DE,Germany,83200000,Europe
    NO,Norway,5400000,Europe
    NG,Nigeria,206000000,Africa
    FR,France,67000000,Europe

    """

  private func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "searchshell-columns-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    try Data(Self.csv.utf8).write(to: url.appendingPathComponent("countries.csv"))
    return url
  }

  @Test func fieldsStarFindsByAnyColumnAndSortIsNumeric() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("countries.csv").path
    let result = try ShellProcess.run([
      "--dataset", file, "-c", "set fields *", "-c", "quiet search africa", "-c", "list", "-c", "search euro",
      "-c", "sort population",
    ])
    #expect(result.stderr == "")
    #expect(
      result.stdout.contains(
        "results table · 1 of 4\n     name     code  population  region\n  1  Nigeria  NG    206000000   Africa\n"
      ))
    // 5,400,000 < 67,000,000 < 83,200,000: as text, "54..." would sort after "67...".
    #expect(
      result.stdout.hasSuffix(
        """
        results table · 3 of 4 · sorted by population asc
             name     code  population  region
          1  Norway   NO    5400000     Europe
          2  France   FR    67000000    Europe
          3  Germany  DE    83200000    Europe

        """))
  }

  /// Several keys, one a quoted name with a space: the data comes out in that order, as
  /// GNU `sort -s -t, -k2,2r -k3,3n` orders it; a bad key is one line on standard error.
  @Test func severalKeysOrderTheExportedRows() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("stock.csv")
    try Data("name,kind,unit price\nb,tool,3\nA,fruit,3\na,fruit,10\nc,tool,1\nB,fruit,2.5\n".utf8).write(
      to: file)
    let result = try ShellProcess.run([
      "-q", file.path, "-c", "sort kind desc, \"unit price\"", "-c", "export - --format csv", "-c",
      "sort kind,,name",
    ])
    #expect(
      result.stdout == "name,kind,unit price\nc,tool,1\nb,tool,3\nB,fruit,2.5\nA,fruit,3\na,fruit,10\n")
    #expect(
      result.stderr == "error: Empty sort key in 'kind,,name'. Expected COL [asc|desc], COL [asc|desc], ...\n"
    )
  }

  @Test func aRecordingRestoresTheColumnsAndTheSort() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("countries.csv").path
    let script = dir.appendingPathComponent("replay.txt").path
    let recorded = try ShellProcess.run([
      "--dataset", file, "-c", "set columns code,name", "-c", "sort population desc", "-c",
      "record \(script)",
      "-c", "search e", "-c", "select 2", "-c", "record stop",
    ])
    #expect(recorded.stderr == "")
    let text = try String(contentsOfFile: script, encoding: .utf8)
    #expect(text.contains("quiet set columns code,name\n"))
    #expect(text.contains("quiet set sort population desc\n"))
    let replay = try ShellProcess.run(["--script", script])
    #expect(replay.stderr == "")
    // 'e' is in every region: the file's search looks in its text columns.
    #expect(
      replay.stdout.hasSuffix(
        "  2  DE    Germany\n  3  FR    France\n  4  NO    Norway\nSelected row 2: Germany\n"))
  }

  @Test func liveModeShowsTheColumnsInTheirOrder() async throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("countries.csv").path
    let terminal = try TerminalSession(
      arguments: "--dataset '\(file)' -c 'set fields *' -c 'sort population desc' -c live")
    var screen = try await terminal.waitFor("Enter search · Esc cancel")
    #expect(screen.contains("     name     code  population  region"))
    #expect(screen.contains("  1  Nigeria  NG    206000000   Africa"))
    try terminal.type("eu")
    screen = try await terminal.waitFor("results table · 3 of 4")
    #expect(screen.contains("  1  Germany  DE    83200000    Europe"))
    try terminal.send("Escape")
    try await terminal.waitFor("EXIT=0")
  }
}
