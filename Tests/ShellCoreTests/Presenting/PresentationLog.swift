import Foundation

@testable import Engine
@testable import ShellCore
@testable import Tables

/// A terminal for presenting tests: a console and a pacer writing one log, in order, so a
/// test sees which wait came before which line.
final class PresentationLog: Console, ScriptPacer {
  /// `out: LINE`, `err: LINE`, `sleep 1.5`, `key enter`, `key any 3.0`, `raw TEXT`.
  private(set) var entries: [String] = []
  var size: (width: Int, height: Int)

  init(width: Int = 80, height: Int = 24) {
    size = (width, height)
  }

  func print(_ line: String) { entries.append("out: " + line) }
  func printError(_ line: String) { entries.append("err: " + line) }
  /// Cancelled when a wait ends, as Ctrl-C during it would: the session's interruption.
  var interruptsWaits: SearchCancellation?

  func sleep(seconds: Double) {
    entries.append("sleep \(seconds)")
    interruptsWaits?.cancel()
  }
  func waitForKey(enterOnly: Bool, timeout: Double?) {
    entries.append("key " + (enterOnly ? "enter" : "any") + (timeout.map { " \($0)" } ?? ""))
    interruptsWaits?.cancel()
  }
  /// The answers `waitForStep` gives, in order (then Enter).
  var steps: [Bool] = []

  func waitForStep() -> Bool {
    entries.append("key step")
    return steps.isEmpty ? true : steps.removeFirst()
  }
  func writeInPlace(_ text: String) {
    entries.append("raw " + text.replacingOccurrences(of: "\u{1B}", with: "^["))
  }

  /// A session on the bundled `dataset` writing here, presented with `options` (this log as
  /// its terminal when `terminal`).
  func session(
    dataset: String = "countries", terminal: Bool = true, interactive: Bool = false,
    _ configure: (inout ScriptOptions) -> Void = { _ in }
  ) throws -> Session {
    let session = try Session(
      console: self, catalog: SessionFixture.catalog, dataset: dataset, isInteractive: interactive,
      useColor: false)
    let root = SessionFixture.catalog.directory.deletingLastPathComponent()
    session.hooks.demos = DemoCatalog(directory: root.appendingPathComponent("demos"))
    if terminal { session.hooks.scriptOptions.pacer = self }
    configure(&session.hooks.scriptOptions)
    return session
  }

  /// Runs `lines` as one script named `-c` and returns the log entries they added.
  func run(_ session: Session, _ lines: String...) throws -> [String] {
    let before = entries.count
    _ = session.run(try Script(text: lines.joined(separator: "\n"), name: "-c", parameters: [:]))
    return Array(entries[before...])
  }
}

/// A scratch folder for files a test writes, removed by the test's `defer`.
struct ScratchFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "searchshell-present-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Writes `text` to `name` and returns its path.
  func write(_ name: String, _ text: String) throws -> String {
    try Data(text.utf8).write(to: url.appendingPathComponent(name))
    return path(name)
  }

  func remove() { try? FileManager.default.removeItem(at: url) }
}
