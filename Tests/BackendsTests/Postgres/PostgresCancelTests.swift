import BackendsTestSupport
import Foundation
import Testing

@testable import Backends
@testable import Engine
@testable import Tables

/// A newer search stops the older one's statement on the server (`PQcancel`), so a keystroke
/// never waits for the last keystroke's count; the connection is usable afterwards.
@Suite(.enabled(if: TestCluster.isInstalled, TestCluster.skipReason))
struct PostgresCancelTests {
  @Test func theNextStatementCancelsTheOneInFlight() throws {
    let connection = try TestCluster.started().connect(statementTimeout: 20_000)
    let slow = try connection.start(PostgresStatement("SELECT pg_sleep(10)"), about: "slow")
    usleep(30_000)
    let started = DispatchTime.now().uptimeNanoseconds
    #expect(try connection.run(PostgresStatement("SELECT 40 + 2"), about: "next").scalar == "42")
    let elapsed = DispatchTime.now().uptimeNanoseconds - started
    #expect(elapsed < 200_000_000, "the next statement waited \(elapsed / 1_000_000) ms")
    #expect(slow.wasAbandoned)
    #expect(slow.outcome == nil)
    #expect(try connection.run(PostgresStatement("SELECT 1"), about: "after").scalar == "1")
  }

  @Test func aFinishedStatementInFlightKeepsItsRows() throws {
    let connection = try TestCluster.started().connect()
    let quick = try connection.start(PostgresStatement("SELECT 7"), about: "quick")
    usleep(50_000)
    _ = try connection.run(PostgresStatement("SELECT 8"), about: "next")
    #expect(!quick.wasAbandoned)
    #expect(try quick.outcome?.get().scalar == "7")
  }

  @Test func aCancellationFromAnotherThreadStopsTheStatementWithin200ms() throws {
    let connection = try TestCluster.started().connect(statementTimeout: 20_000)
    let cancellation = SearchCancellation()
    let cancelled = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var cancelledAt: UInt64 = 0
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
      cancelledAt = DispatchTime.now().uptimeNanoseconds
      cancellation.cancel()
      cancelled.signal()
    }
    #expect(throws: BackendError.databaseQueryCancelled(table: "sleep")) {
      try connection.run(PostgresStatement("SELECT pg_sleep(10)"), about: "sleep", cancellation: cancellation)
    }
    let returned = DispatchTime.now().uptimeNanoseconds
    cancelled.wait()
    #expect(returned - cancelledAt < 200_000_000, "took \((returned - cancelledAt) / 1_000_000) ms")
    #expect(try connection.run(PostgresStatement("SELECT 2"), about: "after").scalar == "2")
  }

  @Test func aCancelledSearchAnswersNil() throws {
    let cluster = try TestCluster.started()
    try PostgresFixture(count: 200).load(into: "cancel_rows", cluster.connect())
    let opened = try PostgresOpening.open(PostgresURL(parsing: cluster.url("table=cancel_rows")))
    let cancellation = SearchCancellation()
    cancellation.cancel()
    let rows = try opened.backend.search(
      SearchRequest(text: "sta", rule: .fold, scope: 0), cancellation: cancellation)
    #expect(rows == nil)
    let again = try #require(
      try opened.backend.search(SearchRequest(text: "sta", rule: .fold, scope: 0), cancellation: nil))
    #expect(try again.exactCount() > 0)
  }
}
