import Foundation
import TablesTestSupport
import Testing

@testable import Engine
@testable import ShellCore
@testable import Tables

/// The history file: concurrent sessions keep every entry, nothing is cut without a setting.
struct HistoryFileTests {
  private func temporaryPath(_ name: String = "history") throws -> (URL, String) {
    let folder = try DataFixture.temporaryDirectory()
    return (folder, folder.appendingPathComponent(name).path)
  }

  private func lines(_ path: String) throws -> [String] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
      .dropLast().map(String.init)
  }

  /// Issue 37: a FIFO is refused at once, with or without a reader.
  ///
  /// Opening it for history waited for its other end; a missing or regular file is not refused.
  @Test(arguments: [false, true])
  func aFIFOIsRefusedWithoutWaiting(_ withReader: Bool) throws {
    let (folder, path) = try temporaryPath()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = HistoryFile(path: path)
    #expect(!file.isRefused)
    #expect(mkfifo(path, 0o600) == 0)
    // A reader at the other end: the append's open succeeds and only fstat can refuse it.
    let reader = withReader ? open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) : -1
    defer { if reader >= 0 { _ = close(reader) } }
    #expect(!withReader || reader >= 0)
    #expect(file.isRefused)
    let refusal = TableError.unwritableFile(path, reason: HistoryFile.notRegular)
    #expect(throws: refusal) { try file.append("search ger") }
    #expect(throws: refusal) { try file.load(keeping: 10) }
    #expect(throws: refusal) { try file.trim() }
    if reader >= 0 {
      var byte: UInt8 = 0
      #expect(read(reader, &byte, 1) <= 0)
    }
  }

  @Test func twoWritersAppendingAtOnceLoseNothing() async throws {
    let (folder, path) = try temporaryPath()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("old 1\nold 2\n".utf8).write(to: URL(fileURLWithPath: path))
    // Each session opens its own file description, as two processes would.
    let sessions = [HistoryFile(path: path), HistoryFile(path: path)]
    let perSession = 400
    await withTaskGroup(of: Void.self) { group in
      for (index, session) in sessions.enumerated() {
        group.addTask {
          for line in 0..<perSession { try? session.append("session \(index) command \(line)") }
        }
      }
    }
    let saved = try lines(path)
    #expect(saved.count == 2 + 2 * perSession)
    #expect(Array(saved.prefix(2)) == ["old 1", "old 2"])
    for index in sessions.indices {
      let own = saved.filter { $0.hasPrefix("session \(index) ") }
      #expect(own == (0..<perSession).map { "session \(index) command \($0)" })
    }
  }

  @Test func aMillionLinesAreKeptAfterACommand() throws {
    let (folder, path) = try temporaryPath()
    defer { try? FileManager.default.removeItem(at: folder) }
    let count = 1_000_000
    var text = ""
    text.reserveCapacity(count * 8)
    for line in 0..<count { text += "c \(line)\n" }
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let history = HistoryFile(path: path)
    try history.trim()
    try history.append("status")
    let saved = try lines(path)
    #expect(saved.count == count + 1)
    #expect(saved.first == "c 0" && saved.last == "status")
    #expect(try history.load(keeping: 1000).count == 1000)
    #expect(try history.load(keeping: 2).last == "status")
  }

  @Test func aSetLimitTrimsTheOldestLinesInPlace() throws {
    let (folder, path) = try temporaryPath()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data((1...10).map { "line \($0)\n" }.joined().utf8).write(to: URL(fileURLWithPath: path))
    let before = FileIdentity(path: path)
    let (limit, warning) = HistoryFile.limit(environment: [HistoryFile.sizeVariable: "3"])
    #expect(limit == 3 && warning == nil)
    try HistoryFile(path: path, limit: limit).trim()
    #expect(try lines(path) == ["line 8", "line 9", "line 10"])
    // In place: a session holding the file open keeps appending to the same file.
    #expect(FileIdentity(path: path) == before)
    try HistoryFile(path: path, limit: 5).trim()
    #expect(try lines(path).count == 3)
  }

  @Test(arguments: ["0", "-4", "many", "99999999999999999999999"])
  func aBadLimitWarnsAndKeepsTheDefault(_ value: String) {
    let (limit, warning) = HistoryFile.limit(environment: [HistoryFile.sizeVariable: value])
    #expect(limit == HistoryFile.defaultLimit)
    #expect(warning?.hasPrefix("SEARCHSHELL_HISTORY_SIZE='") == true)
  }

  @Test func loadReadsOnlyTheTailAndSkipsBlankLines() throws {
    let (folder, path) = try temporaryPath()
    defer { try? FileManager.default.removeItem(at: folder) }
    let long = String(repeating: "x", count: HistoryFile.loadBytes)
    try Data(("first\n" + long + "\n\n  \nsecond\nthird\n").utf8).write(to: URL(fileURLWithPath: path))
    let loaded = try HistoryFile(path: path).load(keeping: 10)
    #expect(loaded == ["second", "third"])
    #expect(try HistoryFile(path: folder.appendingPathComponent("none").path).load(keeping: 10).isEmpty)
  }

  @Test func foldersAre0700AndTheFile0600AndNewlinesStayOneEntry() throws {
    let (folder, _) = try temporaryPath()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("state/searchshell/history").path
    try HistoryFile(path: path).append("echo a\nb")
    #expect(try lines(path) == ["echo a b"])
    for (file, mode) in [(path, 0o600), ((path as NSString).deletingLastPathComponent, 0o700)] {
      var status = stat()
      #expect(stat(file, &status) == 0 && Int(status.st_mode & 0o777) == mode, "\(file)")
    }
  }
}
