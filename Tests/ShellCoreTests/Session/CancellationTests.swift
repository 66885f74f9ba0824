import Foundation
import Testing

@testable import Engine
@testable import ShellCore
@testable import Tables

/// Ctrl-C (the session's interruption) stops long work with one line saying so, and keeps the
/// state: a cancelled command changes nothing, a cancelled script stops before its next line.
@Suite struct CancellationTests {
  /// A console that presses Ctrl-C when the `count`-th line has been printed.
  final class InterruptingConsole: Console {
    var output: [String] = []
    var errors: [String] = []
    var pressAfter: Int?
    var interruption: SearchCancellation?

    func print(_ line: String) {
      output.append(line)
      if let pressAfter, output.count == pressAfter { interruption?.cancel() }
    }

    func printError(_ line: String) { errors.append(line) }
  }

  private func session(_ console: InterruptingConsole, dataset: String = "countries") throws -> Session {
    let session = try Session(
      console: console, catalog: SessionFixture.catalog, dataset: dataset, isInteractive: false,
      useColor: false)
    console.interruption = session.hooks.interruption
    return session
  }

  @Test(arguments: ["table", "csv", "json"])
  func listAllStopsAndTheNextListIsWhole(format: String) throws {
    let console = InterruptingConsole()
    let session = try session(console)
    session.execute("set format \(format)")
    console.pressAfter = console.output.count + 10
    session.execute("list all")
    #expect(console.errors.count == 1)
    #expect(console.errors.first?.hasPrefix("error: Cancelled 'list' (Ctrl-C): stopped after") == true)
    #expect(console.output.count == 10)
    // The interruption belonged to that line: the next one runs to the end.
    console.pressAfter = nil
    let before = console.output.count
    session.execute("list all")
    #expect(console.errors.count == 1)
    #expect(console.output.count - before > 249)
  }

  @Test func typeCancelledKeepsTheTextAsBefore() throws {
    let console = InterruptingConsole()
    let session = try session(console)
    session.execute("search ger")
    session.execute("trace on")
    let state = session.screen.state
    console.pressAfter = console.output.count + 3
    session.execute("type many")
    #expect(console.errors == ["error: Cancelled 'type' (Ctrl-C): the search is as it was before it"])
    #expect(session.screen.state == state)
    #expect(session.screen.state.text == "ger")
    console.pressAfter = nil
    session.execute("type m")
    #expect(session.screen.state.text == "germ")
  }

  @Test func exportCancelledLeavesTheFileAsItWas() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cancel-\(UUID().uuidString).csv"
    )
    .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
    let console = InterruptingConsole()
    let session = try session(console)
    session.hooks.interruption.cancel()
    session.execute("export \(path)")
    #expect(console.errors.count == 1)
    #expect(console.errors.first?.hasPrefix("error: Cancelled 'export' (Ctrl-C):") == true)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
    let folder = (path as NSString).deletingLastPathComponent
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
      $0.hasPrefix(".\((path as NSString).lastPathComponent)")
    }
    #expect(leftovers == [])
    session.execute("export \(path)")
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("Germany"))
  }

  @Test func aSourcedScriptStopsBeforeItsNextLineWithOneLine() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("cancel-\(UUID().uuidString).ss")
      .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data("echo one\necho two\necho three\necho four\n".utf8).write(to: URL(fileURLWithPath: path))
    let console = InterruptingConsole()
    let session = try session(console)
    console.pressAfter = console.output.count + 2
    session.execute("source \(path)")
    #expect(console.output.suffix(2) == ["one", "two"])
    #expect(console.errors.count == 1)
    #expect(console.errors.first?.contains("Cancelled 'source' (Ctrl-C): stopped before line 3") == true)
  }

  @Test func aCancelledCommandInAScriptIsTheOnlyLine() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("cancel-\(UUID().uuidString).ss")
      .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data("list all\necho after\n".utf8).write(to: URL(fileURLWithPath: path))
    let console = InterruptingConsole()
    let session = try session(console)
    console.pressAfter = console.output.count + 5
    session.execute("source \(path)")
    #expect(console.errors.count == 1)
    #expect(console.errors.first?.contains("Cancelled 'list'") == true)
    #expect(!console.output.contains("after"))
  }

  @Test func aSearchCancellationFollowsAnOutsideFlagUntilReset() {
    nonisolated(unsafe) var flag = false
    let cancellation = SearchCancellation(following: { flag }, lower: { flag = false })
    #expect(!cancellation.isCancelled)
    flag = true
    #expect(cancellation.isCancelled)
    cancellation.reset()
    #expect(!flag)
    #expect(!cancellation.isCancelled)
    cancellation.cancel()
    #expect(cancellation.isCancelled)
    cancellation.reset()
    #expect(!cancellation.isCancelled)
  }
}
