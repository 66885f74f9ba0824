import Foundation
import Testing

/// Long output on a terminal: through the pager when longer than the screen (`set pager`),
/// stopped quietly when the pager quits, and a page as tall as the terminal unless set.
@Suite(.serialized) struct PagerTests {
  private func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("searchshell-\(name)-\(UUID().uuidString)")
      .path
  }

  @Test func longOutputGoesThroughThePagerAndShortOutputDoesNot() async throws {
    let paged = temporaryPath("paged")
    defer { try? FileManager.default.removeItem(atPath: paged) }
    let terminal = try TerminalSession(pager: "cat > \(paged); echo PAGED")
    try await terminal.waitFor("countries>")
    try await terminal.command("status", waitFor: "selected: none")
    #expect(!FileManager.default.fileExists(atPath: paged))
    var screen = try await terminal.command("list all", waitFor: "PAGED")
    #expect(!screen.contains("Zimbabwe"))
    let lines = try String(contentsOfFile: paged, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 251)
    #expect(lines.last == "  249  Zimbabwe")
    try await terminal.command("set pager off", waitFor: "countries> set pager off")
    screen = try await terminal.command("list all", waitFor: "Zimbabwe")
    #expect(try String(contentsOfFile: paged, encoding: .utf8).split(separator: "\n").count == 251)
    screen = try await terminal.command("set pager", waitFor: "pager: off")
    #expect(screen.contains("pager: off  [yours]  (on|off)"))
  }

  /// A pager that leaves early (here after three lines) stops the listing at once and quietly;
  /// the session goes on.
  @Test func aPagerThatQuitsStopsTheListingQuietly() async throws {
    let rows = try GeneratedRows(1_000_000, folderPrefix: "pager")
    let terminal = try TerminalSession(arguments: "--dataset '\(rows.path)'", pager: "head -3")
    try await terminal.waitFor("rows>")
    try terminal.send("C-l")
    try terminal.type("list all")
    try terminal.send("Enter")
    var screen = try await terminal.waitFor("1  row 1\nrows>")
    #expect(
      screen.hasPrefix(
        "rows> list all\n[ Search ]\nrows · main table · 1000000 of 1000000\n        1  row 1\nrows>"))
    #expect(!screen.contains("error:"))
    screen = try await terminal.command("status", waitFor: "selected: none")
    #expect(screen.contains("rows: 1000000"))
  }

  /// Without a pager, Ctrl-C stops a listing of a million rows and keeps the session.
  @Test func ctrlCStopsAMillionRowListing() async throws {
    let rows = try GeneratedRows(1_000_000, folderPrefix: "pager")
    let terminal = try TerminalSession(arguments: "--dataset '\(rows.path)' -X")
    try await terminal.waitFor("rows>")
    var screen = try await terminal.cancelListingAll()
    #expect(screen.contains("error: Cancelled 'list' (Ctrl-C): stopped after"))
    #expect(!screen.contains("row 1000000"))
    screen = try await terminal.command("status", waitFor: "selected: none")
    #expect(screen.contains("rows: 1000000"))
  }

  /// The page follows the terminal's height (50 lines here) until `set page` chooses one.
  @Test func thePageFollowsTheTerminalsHeight() async throws {
    let terminal = try TerminalSession()
    var screen = try await terminal.waitFor("countries>")
    #expect(screen.contains("  … 204 more (list 2, or list all)"))
    try terminal.resize(width: 120, height: 30)
    screen = try await terminal.command("search a", waitFor: "… 188 more")
    #expect(screen.contains("  25  Bonaire, Sint Eustatius and Saba\n  … 188 more"))
    try await terminal.command("set page 5", waitFor: "countries> set page 5")
    try terminal.resize(width: 120, height: 40)
    screen = try await terminal.command("list", waitFor: "… 208 more")
    #expect(screen.contains("    5  American Samoa\n  … 208 more"))
  }

  /// The real thing: `less -FRX` shows the start of a long listing and `q` returns to the prompt.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/less")))
  func lessShowsALongListing() async throws {
    let terminal = try TerminalSession(setup: "unset LESS;", pager: "less")
    try await terminal.waitFor("countries>")
    try terminal.type("list all")
    try terminal.send("Enter")
    let screen = try await terminal.waitFor("    1  Afghanistan")
    #expect(!screen.contains("Zimbabwe"))
    try terminal.send("q")
    try await terminal.command("status", waitFor: "selected: none")
  }
}
