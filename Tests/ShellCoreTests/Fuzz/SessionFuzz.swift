import Foundation

@testable import Engine
@testable import Tables

#if !FUZZING
  import ShellCoreTestSupport

  @testable import ShellCore
  @testable import UIKitModel
#else
  import UIKitModel
#endif

/// A whole `Session` fed command lines: no line traps, and a line that fails changes nothing.
///
/// Lines that would touch files outside the session (writers, `source`, paths) are skipped, so
/// the fuzzer cannot write or block; everything else runs as typed.
enum SessionFuzz {
  /// The bundled datasets, located once from this source file's checkout.
  static let catalog = try? DatasetCatalog.locate(environment: [:], executablePath: "/nonexistent")
  /// The walkthroughs, located the same way.
  static let demos = DemoCatalog.locate(environment: [:], executablePath: "/nonexistent")

  #if FUZZING
    /// A scratch working directory, so anything written by mistake lands there.
    static let workingFolder: Bool = {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "searchshell-fuzz-\(getpid())")
      try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      return FileManager.default.changeCurrentDirectoryPath(folder.path)
    }()
  #endif

  /// Commands that write or read a file the user names; the writer tests cover them.
  static let fileCommands: Set<String> = ["export", "record", "source", "live"]

  static func run(_ bytes: [UInt8]) {
    #if FUZZING
      _ = workingFolder
    #endif
    guard let catalog else { preconditionFailure("bundled datasets not found") }
    let console = BufferConsole()
    guard
      let session = try? Session(
        console: console, catalog: catalog, dataset: nil, isInteractive: false, useColor: bytes.first == 0x21)
    else { preconditionFailure("the default dataset does not open") }
    session.hooks.demos = demos
    for line in lines(bytes).prefix(48) where isSafe(line) {
      let before = SessionSnapshot(session)
      let failures = session.failureCount
      let keepGoing = session.execute(line)
      if session.failureCount > failures && !isScript(line) {
        let after = SessionSnapshot(session)
        precondition(before == after, "a failed command changed the session: \(line.debugDescription)")
      }
      if !keepGoing { break }
    }
  }

  /// The input's lines, split on LF bytes (not Characters, so "\r\n" stays two bytes).
  static func lines(_ bytes: [UInt8]) -> [String] {
    bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Whether a line stays inside the session: no path, no file-writing command.
  static func isSafe(_ line: String) -> Bool {
    if line.unicodeScalars.contains(where: { $0 == "/" || $0 == "~" }) || line.contains("..") { return false }
    // A line that does not tokenize fails before any command runs.
    guard let tokens = try? CommandTokenizer.tokens(line) else { return true }
    var words = tokens.map(\.text)
    // `quiet X` runs X, so the command that matters may be the second word.
    if words.first == "quiet" { words.removeFirst() }
    guard let command = words.first else { return true }
    if fileCommands.contains(command) { return false }
    switch command {
    case "load": return words.count == 2 && catalog?.entry(words[1]) != nil
    case "diagram": return words.count <= 3 && words.dropFirst().allSatisfy { ["all", "last"].contains($0) }
    case "trace": return words.count <= 2
    default: return true
    }
  }

  /// Lines that run several commands, any of which may fail after others succeeded.
  static func isScript(_ line: String) -> Bool {
    line.hasPrefix("demo") || line.hasPrefix("quiet demo")
  }
}

/// What a failed command must leave as it was.
struct SessionSnapshot: Equatable {
  let dataset: String
  let rows: Int
  let state: SearchState
  let settings: SessionSettings
  let format: OutputFormat
  let trace: String
  let timing: Bool
  let barScrolledOut: Bool
  let scopes: [String]

  init(_ session: Session) {
    dataset = session.screen.dataset.name
    rows = session.screen.dataset.rowCount
    state = session.screen.state
    settings = session.screen.settings
    format = session.output.format
    trace = session.tracing.mode.rawValue
    timing = session.output.timing
    barScrolledOut = session.screen.state.isBarScrolledOut
    scopes = session.screen.dataset.scopeTitles
  }
}
