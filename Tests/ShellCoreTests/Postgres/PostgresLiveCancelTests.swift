import BackendsTestSupport
import Foundation
import ShellCoreTestSupport
import Testing

@testable import Backends
@testable import ShellCore

/// Live mode: a key typed while a frame waits for a slow first page stops that page's statement
/// on the server, the keys' own frame then gets its answer, and the connection stays usable.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresLiveCancelTests {
  /// `live_slow`, not prepared (every row folded by the function as it is read): its first 300
  /// rows are "apple N", the other 200,000 long accented texts without a "q", so the first page
  /// of "q" reads them all and "a"'s first page is in the first rows.
  static let loaded: Result<String, any Error> = Result {
    let cluster = try TestCluster.started()
    let connection = try cluster.connect(statementTimeout: 300_000)
    try connection.run(PostgresStatement("DROP TABLE IF EXISTS live_slow"), about: "setup")
    try connection.run(
      PostgresStatement(
        "CREATE TABLE live_slow AS SELECT i AS id, CASE WHEN i <= 300 THEN 'apple ' || i "
          + "ELSE repeat('é', 100) || i END AS name FROM generate_series(1, 200300) AS i"),
      about: "setup")
    try connection.run(PostgresStatement("ALTER TABLE live_slow ADD PRIMARY KEY (id)"), about: "setup")
    try connection.run(PostgresStatement("ANALYZE live_slow"), about: "setup")
    return cluster.url("table=live_slow")
  }

  /// Milliseconds since `start` (`DispatchTime` nanoseconds).
  static func elapsed(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
  }

  @Test func theNextKeyStopsASlowFirstPage() throws {
    let console = BufferConsole()
    let session = try Session(
      console: console, catalog: SessionFixture.catalog, dataset: "countries", isInteractive: true,
      useColor: false)
    session.execute("load \(try Self.loaded.get())")
    #expect(session.screen.dataset.name == "live_slow")
    let controller = LiveController(session: session)
    var pipe: [Int32] = [0, 0]
    #expect(Foundation.pipe(&pipe) == 0)
    defer {
      close(pipe[0])
      close(pipe[1])
    }
    let (reading, writing) = (pipe[0], pipe[1])
    let watch = LiveInputWatch(descriptor: reading)
    controller.handle([.character("q")])
    nonisolated(unsafe) var typedAt: UInt64 = 0
    let typed = DispatchSemaphore(value: 0)
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300)) {
      typedAt = DispatchTime.now().uptimeNanoseconds
      _ = write(writing, "x", 1)
      typed.signal()
    }
    let started = DispatchTime.now().uptimeNanoseconds
    let stopped = watch.frame(of: session) { controller.frame(width: 80, height: 24) }
    let returned = DispatchTime.now().uptimeNanoseconds
    typed.wait()
    #expect(stopped == nil)
    // Still searching when the key came (the page takes seconds), and stopped soon after it.
    #expect(typedAt > started)
    #expect(
      Double(returned - typedAt) / 1_000_000 < 500,
      "stopped \((returned - typedAt) / 1_000_000) ms after the key")
    var byte: UInt8 = 0
    #expect(read(reading, &byte, 1) == 1)

    // The key's own frame: "a" answers from the first rows, on the same connection.
    controller.handle([.backspace, .character("a")])
    let frame = try #require(watch.frame(of: session) { controller.frame(width: 80, height: 24) })
    #expect(frame.contains { $0.contains("apple 1") }, "\(frame.joined(separator: "\n"))")
    let connection = try #require(session.screen.backend as? PostgresSearchBackend).backend.connection
    #expect(try connection.run(PostgresStatement("SELECT 6 * 7"), about: "after").scalar == "42")
  }

  /// Ctrl-C typed while a frame searches a slow first page: live mode ends without searching it
  /// again for the screen it leaves (the bars show, one line says the rows were not read), the
  /// text stays, and the connection answers the next statement.
  @Test func ctrlCLeavesWithoutSearchingTheStoppedFrameAgain() throws {
    let console = BufferConsole()
    let session = try Session(
      console: console, catalog: SessionFixture.catalog, dataset: "countries", isInteractive: true,
      useColor: false)
    session.execute("load \(try Self.loaded.get())")
    var statements: [String] = []
    let backend = try #require(session.screen.backend as? PostgresSearchBackend).backend
    session.hooks.liveRunner = { session in
      let controller = LiveController(session: session)
      var pipe: [Int32] = [0, 0]
      guard Foundation.pipe(&pipe) == 0 else { return }
      defer {
        close(pipe[0])
        close(pipe[1])
      }
      controller.handle([.character("q")])
      // Ctrl-C arrives while the page is read: the watch stops the frame, the key leaves.
      let writing = pipe[1]
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300)) {
        _ = write(writing, "\u{3}", 1)
      }
      let frame = LiveInputWatch(descriptor: pipe[0]).frame(of: session) {
        controller.frame(width: 80, height: 24)
      }
      #expect(frame == nil)
      backend.connection.onStatement = { statements.append($0) }
      controller.handle([.interrupt])
    }
    session.execute("live")
    backend.connection.onStatement = nil
    // The main table's count behind its page may start again (it waits for nothing); no search.
    let searches = statements.filter { $0.contains("searchshell_fold") }
    #expect(searches.isEmpty, "searched again: \(searches)")
    #expect(console.output.contains { $0.hasPrefix("[ q") }, "\(console.outputText)")
    #expect(!console.output.contains { $0.contains("results table") }, "\(console.outputText)")
    #expect(
      console.errors.contains { $0.contains("Cancelled 'live' (Ctrl-C): the text stays") },
      "\(console.errors)")
    #expect(session.searchState.text == "q")
    #expect(try backend.connection.run(PostgresStatement("SELECT 6 * 7"), about: "after").scalar == "42")
  }
}
