import Foundation
import ShellCoreTestSupport
import Testing

@testable import ShellCore

/// Output longer than the screen through the pager, and the page that follows the terminal.
struct PagingTests {
  /// A pager that keeps its lines, quitting after `quitAfter` of them if asked.
  final class RecordingPager: Pager, PagerOutput {
    var lines: [String] = []
    var opened = 0
    var closed = 0
    var quitAfter: Int?
    var startsAtAll = true
    var hasQuit: Bool { quitAfter.map { lines.count >= $0 } ?? false }

    func open() -> (any PagerOutput)? {
      guard startsAtAll else { return nil }
      opened += 1
      return self
    }
    func print(_ line: String) { lines.append(line) }
    func printError(_ line: String) { lines.append("stderr: " + line) }
    func close() { closed += 1 }
  }

  private func session(height: Int = 10, pager: RecordingPager = RecordingPager()) throws -> SessionFixture {
    let fixture = try SessionFixture()
    fixture.session.hooks.terminalSize = { (width: 80, height: height) }
    fixture.session.hooks.pager = pager
    return fixture
  }

  @Test func shortOutputGoesToTheTerminalAndLongToThePager() throws {
    let pager = RecordingPager()
    // Ten lines and the prompt fit 11 lines; on 10 they would be paged.
    let fixture = try session(height: 11, pager: pager)
    #expect(fixture.run("status").output.count == 10)
    #expect(pager.opened == 0)
    let printed = fixture.run("list all")
    #expect(printed.output == [])
    #expect(pager.opened == 1)
    #expect(pager.closed == 1)
    #expect(pager.lines.count == 251)
    #expect(pager.lines.last == "  249  Zimbabwe")
  }

  /// A line as wide as two screen lines counts twice.
  @Test func wrappedLinesCountForTheirScreenRows() {
    #expect(PagingConsole.rows("", width: 80) == 1)
    #expect(PagingConsole.rows(String(repeating: "x", count: 80), width: 80) == 1)
    #expect(PagingConsole.rows(String(repeating: "x", count: 81), width: 80) == 2)
    #expect(PagingConsole.rows("\u{1B}[1m" + String(repeating: "x", count: 80) + "\u{1B}[0m", width: 80) == 1)
  }

  @Test func offInScriptsUnderQuietOrWhenItCannotStart() throws {
    let pager = RecordingPager()
    let fixture = try session(pager: pager)
    fixture.run("set pager off", "list all", "set pager on", "quiet list all")
    #expect(pager.opened == 0)
    #expect(fixture.session.run(try Script(text: "list all", name: "s", parameters: [:])))
    #expect(pager.opened == 0)
    pager.startsAtAll = false
    #expect(fixture.run("list all").output.count == 251)
    #expect(fixture.run("set pager").output == ["pager: on  [yours]  (on|off)"])
  }

  /// A pager that quits stops the listing, and nothing is said; errors wait for the pager.
  @Test func aPagerThatQuitsStopsTheCommandQuietly() throws {
    let pager = RecordingPager()
    pager.quitAfter = 20
    let fixture = try session(pager: pager)
    let printed = fixture.run("list all")
    #expect(printed.errors == [])
    #expect(pager.lines.count == 20)
    #expect(!fixture.session.hasFailures)
    #expect(fixture.run("status").errors == [])
  }

  @Test func thePageFollowsTheHeightUntilSet() throws {
    let fixture = try session(height: 30)
    fixture.session.fitPageToTerminal()
    #expect(fixture.session.screen.settings.pageSize == 25)
    fixture.session.hooks.terminalSize = { (width: 80, height: 4) }
    fixture.session.fitPageToTerminal()
    #expect(fixture.session.screen.settings.pageSize == Session.smallestFittedPage)
    fixture.run("set page 7")
    fixture.session.hooks.terminalSize = { (width: 80, height: 60) }
    fixture.session.fitPageToTerminal()
    #expect(fixture.session.screen.settings.pageSize == 7)
    // A scope bar and column names take their lines.
    let candies = try SessionFixture(dataset: "candies")
    candies.session.hooks.terminalSize = { (width: 80, height: 30) }
    candies.session.fitPageToTerminal()
    #expect(candies.session.screen.settings.pageSize == 24)
  }
}
