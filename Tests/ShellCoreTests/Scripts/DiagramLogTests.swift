import Testing

@testable import ShellCore

/// `diagram`'s log keeps the latest `DiagramLog.limit` callbacks, says how many it let go, and
/// quotes long texts cut short, so a long session (or one long `type`) draws in bounded time.
struct DiagramLogTests {
  /// A step of a real session (`type` of 40 letters after `focus`) whose callbacks are repeated
  /// to `count`, the receipts with them.
  static func step(callbacks count: Int) throws -> SequenceDiagram.Step {
    let fixture = try SessionFixture(dataset: "countries")
    fixture.run("focus", "type " + String(repeating: "a", count: 40))
    var step = try #require(fixture.session.scripting.diagram.steps.last)
    let (callbacks, receipts) = (step.callbacks, step.receipts)
    step.callbacks = (0..<count).map { callbacks[$0 % callbacks.count] }
    step.receipts = (0..<count).map { receipts[$0 % receipts.count] }
    return step
  }

  @Test(arguments: [
    (sizes: [10], kept: 10),
    (sizes: [4_000, 6_000], kept: 10_000),
    (sizes: [4_000, 6_000, 1], kept: 10_000),
    (sizes: [3_000, 3_000, 3_000, 3_000], kept: 10_000),
    (sizes: [25_000], kept: 10_000),
    (sizes: [2, 25_000, 7], kept: 10_000),
  ])
  func theLogKeepsTheLatestCallbacksAndCountsTheRest(sizes: [Int], kept: Int) throws {
    var log = DiagramLog()
    var last: SequenceDiagram.Step?
    for size in sizes {
      let step = try Self.step(callbacks: size)
      log.append(step)
      log.checkInvariants()
      last = step
    }
    let total = sizes.reduce(0, +)
    #expect(log.callbackCount == kept)
    #expect(log.droppedCallbacks == total - kept)
    #expect((log.droppedNote(lastOnly: false) != nil) == (total > kept))
    // The newest step is kept whole when it fits.
    if let last, last.callbacks.count <= DiagramLog.limit {
      #expect(log.steps.last?.callbacks == last.callbacks)
    }
  }

  @Test func aDiagramOfALongLogSaysWhatItLetGoAndQuotesShort() throws {
    let fixture = try SessionFixture(dataset: "countries")
    let long = String(repeating: "b", count: 500)
    fixture.run("focus", "search " + long)
    let base = try #require(fixture.session.scripting.diagram.steps.last)
    var big = base
    big.callbacks = Array(repeating: base.callbacks, count: 5_000).flatMap { $0 }
    big.receipts = Array(repeating: base.receipts, count: 5_000).flatMap { $0 }
    fixture.session.scripting.diagram.append(big)
    let dropped = fixture.session.scripting.diagram.droppedCallbacks
    #expect(dropped > 0)
    let output = fixture.run("diagram").output
    #expect(output.first == "(\(dropped) earlier callbacks not kept: a diagram keeps the last 10000)")
    #expect(!output.contains { $0.contains(String(repeating: "b", count: 2 * SequenceDiagram.quotedLimit)) })
    let cut = "\"" + String(repeating: "b", count: SequenceDiagram.quotedLimit) + "\"…"
    #expect(output.contains { $0.contains(cut) })
    // `diagram last` draws the one step, which lost callbacks only if it is the only one kept.
    let last = fixture.run("diagram last").output
    #expect(last.first?.hasPrefix("(") == true)
  }

  /// An action run under `quiet` is drawn as the action: the wrapper only silenced its output.
  @Test func aQuietActionIsDrawnAsTheAction() throws {
    let fixture = try SessionFixture(dataset: "countries")
    fixture.run("quiet quiet search bre")
    let drawn = fixture.run("diagram last").output
    #expect(drawn.contains { $0.hasSuffix("  search bre") })
    #expect(!drawn.contains { $0.contains("quiet") })
  }
}
