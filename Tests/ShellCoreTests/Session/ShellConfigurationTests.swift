import Backends
import Foundation
import ShellCoreTestSupport
import Testing

@testable import Engine
@testable import ShellCore
@testable import Tables

/// The environment is read once, into a `ShellConfiguration` the session is given: the engine's
/// cache size and the load limit come from it, not from the process's variables.
@Suite struct ShellConfigurationTests {
  @Test(
    arguments: [
      ([:], 32), (["SEARCHSHELL_CACHE_ENTRIES": "1"], 1), (["SEARCHSHELL_CACHE_ENTRIES": "0"], 1),
      (["SEARCHSHELL_CACHE_ENTRIES": "99"], 32), (["SEARCHSHELL_CACHE_ENTRIES": "lots"], 32),
    ] as [([String: String], Int)])
  func cacheEntriesAreClampedToTheCache(_ environment: [String: String], _ entries: Int) throws {
    let configuration = ShellConfiguration(environment: environment)
    #expect(configuration.cacheEntries == entries)
    // The session's engine gets the size it was given.
    let session = try Session(
      console: BufferConsole(), catalog: SessionFixture.catalog, dataset: "countries", isInteractive: false,
      useColor: false, configuration: configuration)
    let backend = try #require(session.screen.backend as? InMemoryBackend)
    #expect(backend.engine.cache.capacity == entries)
    // A new backend for other columns keeps it.
    try session.screen.searchColumns([0], cancellation: SearchCancellation())
    #expect((session.screen.backend as? InMemoryBackend)?.engine.cache.capacity == entries)
  }

  /// A limit given to the session holds whatever the process's environment says, and a bad one
  /// fails each load that needs it, not the start.
  @Test func theLoadLimitComesFromTheConfiguration() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("limit-\(UUID().uuidString).txt")
      .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data(String(repeating: "a row of text\n", count: 200).utf8).write(to: URL(fileURLWithPath: path))
    func session(_ limit: String) throws -> (Session, BufferConsole) {
      let console = BufferConsole()
      let session = try Session(
        console: console, catalog: SessionFixture.catalog, dataset: "countries", isInteractive: false,
        useColor: false, configuration: ShellConfiguration(environment: [LoadLimit.variable: limit]))
      return (session, console)
    }
    let (small, smallConsole) = try session("1K")
    small.execute("load \(path)")
    #expect(smallConsole.errors.first?.contains("the load limit of 1.0 KiB") == true)
    #expect(small.screen.dataset.name == "countries")
    let (bad, badConsole) = try session("lots")
    bad.execute("load \(path)")
    #expect(
      badConsole.errors == [
        "error: Invalid value 'lots' for '\(LoadLimit.variable)'. Expected a size in bytes such as 65536, 500M or 2G"
      ])
    let (large, largeConsole) = try session("1M")
    large.execute("load \(path)")
    #expect(largeConsole.errors == [])
    #expect(large.screen.dataset.rowCount == 200)
  }
}
