import Backends
import Foundation
import ShellCoreTestSupport
import Testing

@testable import Engine
@testable import ShellCore
@testable import Tables

/// Issue 37's SIGBUS: an entry truncated while a session has it mapped (a sync client,
/// `: > entry`) no longer kills the session at the next search.
extension IndexCacheTests {
  /// Truncated between commands: the next command sees it (`fstat`), says so in one line and
  /// rebuilds from the data file; the search then answers from the file's rows.
  @Test func anEntryTruncatedBetweenCommandsIsRebuilt() throws {
    let sandbox = try CacheSandbox(rows: 3_000)
    _ = try sandbox.open()
    let console = BufferConsole()
    let session = try Session(
      console: console, catalog: nil, dataset: sandbox.data, isInteractive: false, useColor: false,
      configuration: sandbox.configuration())
    #expect(session.screen.indexOrigin == .cache)
    let expected = try sandbox.open(sandbox.data + " --no-cache")
    let path = try #require(sandbox.cacheFile)
    #expect(truncate(path, 0) == 0)
    session.execute("search stand")
    IndexCacheWrites.shared.waitForAll()
    let warnings = console.errors.filter { $0.contains("index cache entry changed while in use") }
    #expect(warnings.count == 1 && warnings[0].contains("rebuilt from"), "\(console.errors)")
    #expect(session.screen.indexOrigin == .built)
    #expect(session.screen.dataset.rowCount == expected.dataset.rowCount)
    let engine = try #require((expected.backend as? InMemoryBackend)?.engine)
    #expect(
      session.screen.matchCount
        == .exact((try engine.search("stand", rule: session.screen.settings.match)).count))
  }

  /// Truncated during a search: the pages read fault with SIGBUS; the guard maps zeros over
  /// the entry, flags it, and the process goes on (the session then discards the answer).
  @Test func aFaultInAGuardedMappingReadsZerosAndIsFlagged() throws {
    let path = NSTemporaryDirectory() + "guarded-\(UUID().uuidString)"
    defer { unlink(path) }
    try Data(repeating: 7, count: 3 * 4096).write(to: URL(fileURLWithPath: path))
    guard case .success(let file) = UnsafeMappedFile.map(path) else { return #expect(Bool(false)) }
    #expect(file.base.load(fromByteOffset: 5_000, as: UInt8.self) == 7)
    #expect(file.isIntact && !file.hasFaulted)
    #expect(truncate(path, 0) == 0)
    #expect(!file.isIntact, "fstat sees the cut before any read")
    #expect(file.base.load(fromByteOffset: 9_000, as: UInt8.self) == 0, "a SIGBUS read becomes a zero")
    #expect(file.hasFaulted)
  }

  /// A second mapping guarded after the first leaves the first guarded (registering once
  /// cleared every occupied slot's end, and a cut first entry then killed the process).
  @Test func aFaultInTheFirstOfTwoGuardedMappingsIsCaught() throws {
    let paths = (0..<2).map { _ in NSTemporaryDirectory() + "guarded-\(UUID().uuidString)" }
    defer { for path in paths { unlink(path) } }
    for path in paths { try Data(repeating: 7, count: 3 * 4096).write(to: URL(fileURLWithPath: path)) }
    guard case .success(let first) = UnsafeMappedFile.map(paths[0]),
      case .success(let second) = UnsafeMappedFile.map(paths[1])
    else { return #expect(Bool(false)) }
    #expect(truncate(paths[0], 0) == 0)
    #expect(first.base.load(fromByteOffset: 9_000, as: UInt8.self) == 0, "the first mapping is still guarded")
    #expect(first.hasFaulted && !second.hasFaulted)
    #expect(second.base.load(fromByteOffset: 9_000, as: UInt8.self) == 7)
  }
}
