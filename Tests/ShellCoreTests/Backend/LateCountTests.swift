import Foundation
import ShellCoreTestSupport
import Testing

@testable import ShellCore

/// A backend whose count arrives after its first page, as a database's would: the screen shows
/// the estimate marked `≈`, while scripts, `expect count`, `status` and `explain` wait for the
/// exact count.
@Suite struct LateCountTests {
  /// A session on the countries whose searches report `exact * 10 + 7` until counted.
  struct Fixture {
    let console = BufferConsole()
    let session: Session
    let late: LateCountBackend
    let counting: CountingBackend

    init(interactive: Bool) throws {
      session = try Session(
        console: console, catalog: SessionFixture.catalog, dataset: "countries", isInteractive: interactive,
        useColor: false)
      late = LateCountBackend(wrapping: session.screen.backend) { $0 * 10 + 7 }
      counting = CountingBackend(wrapping: late)
      session.replaceDataset(
        with: DatasetOpener.Opened(dataset: session.screen.dataset, backend: counting, warnings: []),
        keepingSettings: true)
    }

    /// Runs commands in order and returns what they printed.
    @discardableResult
    func run(_ lines: String...) -> (output: [String], errors: [String]) {
      let outputBefore = console.output.count
      let errorsBefore = console.errors.count
      for line in lines { session.execute(line) }
      return (Array(console.output[outputBefore...]), Array(console.errors[errorsBefore...]))
    }
  }

  /// How many countries the in-memory engine finds for `text`, the estimate for it, the
  /// dataset's size and the titles found.
  static func counts(_ text: String) throws -> (exact: Int, estimate: Int, total: Int, titles: [String]) {
    let fixture = try SessionFixture(dataset: "countries")
    let rows = try #require(
      try fixture.session.screen.backend.search(.init(text: text, rule: .fold, scope: 0), cancellation: nil))
    let exact = try rows.exactCount()
    #expect(exact > 24, "the query fills a page and a live frame")
    return (
      exact, exact * 10 + 7, fixture.session.screen.dataset.rowCount, rows.rows(in: 0..<exact).map(\.title)
    )
  }

  @Test func thePromptShowsTheEstimateAndExpectCountWaitsForTheExactOne() throws {
    let (exact, estimate, total, _) = try Self.counts("an")
    let fixture = try Fixture(interactive: true)
    let searched = fixture.run("search an")
    #expect(searched.errors == [])
    #expect(searched.output.contains("results table · ≈ \(estimate) of \(total)"))
    #expect(fixture.late.waits == 0)
    // The estimate is not what a script checks: it fails, naming the exact count.
    let wrong = fixture.run("expect count \(estimate)").errors
    #expect(wrong.count == 1)
    #expect(wrong.first?.contains("\(exact)") == true)
    #expect(fixture.run("expect count \(exact)").errors == [])
    #expect(fixture.late.waits == 1)
    // Waiting brought the count: the table now shows it, without searching again.
    #expect(fixture.run("list").output.contains("results table · \(exact) of \(total)"))
    #expect(fixture.counting.searches == 1)
  }

  @Test(arguments: [false, true])
  func scriptsAndPipedInputPrintTheExactCount(interactive: Bool) throws {
    let (exact, _, total, _) = try Self.counts("an")
    let fixture = try Fixture(interactive: interactive)
    // At the prompt the script waits; piped, every line does.
    _ = fixture.session.run(try Script(text: "search an\nexpect count \(exact)", name: "-c", parameters: [:]))
    #expect(fixture.console.errors == [])
    #expect(fixture.console.output.contains("results table · \(exact) of \(total)"))
    #expect(!fixture.console.output.contains { $0.contains("≈") })
  }

  @Test func statusAndExplainSayTheExactCount() throws {
    let (exact, _, total, _) = try Self.counts("an")
    let fixture = try Fixture(interactive: true)
    fixture.run("search an")
    #expect(fixture.run("status").output.contains("matches: \(exact)"))
    #expect(
      fixture.run("explain").output.contains {
        $0.hasPrefix("So the table reads the filtered list, \(exact) of \(total) rows")
      })
  }

  @Test func liveModeDrawsTheEstimateUntilTheCountArrives() throws {
    let (exact, estimate, total, titles) = try Self.counts("an")
    let fixture = try Fixture(interactive: true)
    let controller = LiveController(session: fixture.session)
    controller.handle(LiveEquivalenceTests.typed("an"))
    let before = controller.frame(width: 80, height: 24)
    #expect(before.contains { $0.hasPrefix("results table · ≈ \(estimate) of \(total)") })
    // The rows in sight are the real ones whatever the count says, numbered as wide as the
    // estimate's digits.
    let width = String(estimate).count
    let numbered = titles.prefix(10).enumerated().map { offset, title in
      let number = String(offset + 1)
      return "  " + String(repeating: " ", count: width - number.count) + number + "  " + title
    }
    #expect(before.filter { numbered.contains($0) } == numbered)
    fixture.late.deliverCounts()
    let after = controller.frame(width: 80, height: 24)
    #expect(after.contains { $0.hasPrefix("results table · \(exact) of \(total)") })
    #expect(fixture.counting.searches == 1)
  }

  /// A page that comes back short says where the rows end, so a small result shows its
  /// count at once, without waiting for the backend's.
  @Test func aShortPageShowsTheCountItEndsAt() throws {
    let fixture = try Fixture(interactive: true)
    let exact = try #require(
      try fixture.late.inner.search(.init(text: "ger", rule: .fold, scope: 0), cancellation: nil)
    )
    .exactCount()
    #expect(exact < fixture.session.screen.settings.pageSize)
    let printed = fixture.run("search ger")
    let header = try #require(printed.output.first { $0.hasPrefix("results table") })
    #expect(header == "results table · \(exact) of \(fixture.session.screen.dataset.rowCount)")
    // The bar, the header and the rows: no "more" line.
    #expect(printed.output.count == 2 + exact)
    #expect(fixture.late.waits == 0)
  }

  @Test func aSearchCancelledInTheBackendChangesNothing() throws {
    let fixture = try Fixture(interactive: true)
    fixture.session.hooks.interruption.cancel()
    let cancelled = fixture.run("search an")
    #expect(cancelled.errors == ["error: Cancelled 'search' (Ctrl-C): the search is as it was before it"])
    #expect(fixture.counting.abandoned == 1)
    #expect(fixture.session.searchState.text.isEmpty)
    // The interruption belonged to that line, and the abandoned search left nothing behind.
    #expect(fixture.run("search an").errors == [])
    #expect(fixture.counting.searches == 2)
    #expect(fixture.counting.abandoned == 1)
    #expect(fixture.session.searchState.text == "an")
  }
}
