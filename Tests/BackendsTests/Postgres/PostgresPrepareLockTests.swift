import BackendsTestSupport
import Foundation
import Testing

@testable import Backends
@testable import Engine

/// `prepare` waits for any other `prepare` or `unprepare` in the same database: they create and
/// drop objects tables share, and two at once failed with "tuple concurrently updated".
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresPrepareLockTests {
  @Test func prepareWaitsForTheDatabasesPreparationLock() throws {
    let cluster = try TestCluster.started()
    // A database of its own: the lock is per database, and no other test's preparation waits.
    let admin = try cluster.connect()
    try admin.run(PostgresStatement("DROP DATABASE IF EXISTS prepare_lock"), about: "setup")
    try admin.run(PostgresStatement("CREATE DATABASE prepare_lock"), about: "setup")
    let database = cluster.url().replacingOccurrences(of: "/postgres?", with: "/prepare_lock?")
    let holder = try PostgresConnection(url: PostgresURL(parsing: database))
    try holder.run(
      PostgresStatement("CREATE TABLE lock_waits (id int PRIMARY KEY, name text)"), about: "setup")
    try holder.run(PostgresStatement("INSERT INTO lock_waits VALUES (1, 'Café'), (2, 'tea')"), about: "setup")
    // Another preparation holds the lock: this one must not start its work until it is let go.
    let lock = PostgresStatement("SELECT pg_advisory_lock(hashtext($1))", [PostgresPreparationLock.key])
    try holder.run(lock, about: "setup")
    let outcome = PrepareOutcome()
    let url = database + "&table=lock_waits"
    DispatchQueue.global().async {
      do {
        let backend = try PostgresBackend(url: url)
        outcome.finish(try backend.prepare(note: { outcome.note($0) }))
      } catch {
        outcome.finish(error)
      }
    }
    // The other backend says whom it waits for (up to 20 s), and has not finished.
    var waits = false
    for _ in 0..<200 where !waits {
      waits = outcome.notes.contains { $0.contains("server process \(holder.backendProcessID)") }
      if !waits { Thread.sleep(forTimeInterval: 0.1) }
    }
    #expect(waits, "prepare never said it waits for the preparation lock: \(outcome.notes)")
    #expect(outcome.result == nil, "prepare finished while another preparation held the lock")
    let unlock = PostgresStatement("SELECT pg_advisory_unlock(hashtext($1))", [PostgresPreparationLock.key])
    try holder.run(unlock, about: "setup")
    let finished = outcome.wait(seconds: 60)
    #expect(finished, "prepare did not finish once the lock was let go")
    guard case .success(let done)? = outcome.result else {
      Issue.record("prepare failed: \(String(describing: outcome.result))")
      return
    }
    #expect(done.contains("analyzed lock_waits"))
    let backend = try PostgresBackend(url: url)
    #expect(backend.table.isPrepared)
    #expect(try backend.count("cafe", rule: .fold, scope: nil) == 1)
  }

  /// A table another session prepared after this one loaded it is found prepared under the lock,
  /// not built again (two tests preparing one table at once failed so).
  @Test func aTablePreparedSinceTheLoadIsNotAddedToAgain() throws {
    let cluster = try TestCluster.started()
    try PostgresFixture(count: 50).load(into: "prepared_since", cluster.connect(statementTimeout: 60_000))
    let url = cluster.url("table=prepared_since")
    let first = try PostgresBackend(url: url)
    let second = try PostgresBackend(url: url)
    #expect(try first.prepare().contains { $0.hasPrefix("built the trigram index") })
    let again = try second.prepare()
    #expect(again == ["analyzed prepared_since"])
    #expect(second.table.isPrepared)
    #expect(
      try second.count("cafe", rule: .fold, scope: nil)
        == PostgresFixture(count: 50).titles.filter {
          ReferenceMatcher.matches($0, query: "cafe", rule: .fold)
        }.count)
  }
}

/// What a `prepare` on another thread returned, set once, and the lines it noted meanwhile.
final class PrepareOutcome: @unchecked Sendable {
  private let lock = NSLock()
  private let done = DispatchSemaphore(value: 0)
  private var stored: Result<[String], any Error>?
  private var noted: [String] = []

  /// Records a line `prepare` noted (or a progress line).
  func note(_ line: String) { lock.withLock { noted.append(line) } }

  /// The lines noted so far.
  var notes: [String] { lock.withLock { noted } }

  /// Records the lines `prepare` returned.
  func finish(_ lines: [String]) { set(.success(lines)) }

  /// Records the error `prepare` threw.
  func finish(_ error: any Error) { set(.failure(error)) }

  /// The outcome, once set.
  var result: Result<[String], any Error>? { lock.withLock { stored } }

  /// Whether the outcome was set within `seconds`.
  func wait(seconds: Double) -> Bool { done.wait(timeout: .now() + seconds) == .success }

  private func set(_ outcome: Result<[String], any Error>) {
    lock.withLock { stored = outcome }
    done.signal()
  }
}
