import ShellCoreTestSupport
import Testing

@testable import ShellCore

/// Live mode and the commands search the backend once per query.
///
/// Queued keys are not searched one by one, and a command's validation is the search the screen
/// draws. The searches are counted by a backend wrapped around the session's own.
@Suite struct LiveSearchCountTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let keys: [LiveKey]
    /// Backend searches for the keys and the frame drawn after them.
    let searches: Int
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "queued typing", keys: LiveEquivalenceTests.typed("germ"), searches: 1),
    Case(name: "typing then backspace", keys: LiveEquivalenceTests.typed("gerx") + [.backspace], searches: 1),
    // Down reads the row count of "ger", which the frame then draws: still one search.
    Case(name: "Down after typing", keys: LiveEquivalenceTests.typed("ger") + [.down, .down], searches: 1),
    // Down needs "ge"'s rows before "r" changes the text: two queries, two searches.
    Case(
      name: "Down between keys", keys: LiveEquivalenceTests.typed("ge") + [.down, .character("r")],
      searches: 2),
  ]

  /// The session's backend wrapped in a counting one, through the session's one reset.
  static func counting(_ fixture: SessionFixture) -> CountingBackend {
    let session = fixture.session
    let counting = CountingBackend(wrapping: session.screen.backend)
    session.replaceDataset(
      with: DatasetOpener.Opened(dataset: session.screen.dataset, backend: counting, warnings: []),
      keepingSettings: true)
    return counting
  }

  @Test(arguments: cases)
  func keysThenOneFrameSearchOncePerQuery(_ example: Case) throws {
    let fixture = try SessionFixture(dataset: "countries")
    let counting = Self.counting(fixture)
    let controller = LiveController(session: fixture.session)
    let before = counting.searches
    controller.handle(example.keys)
    _ = controller.frame(width: 80, height: 24)
    #expect(counting.searches - before == example.searches)
    // Drawing the same screen again searches nothing.
    _ = controller.frame(width: 80, height: 24)
    #expect(counting.searches - before == example.searches)
  }

  @Test(arguments: ["search ger", "type ger", "code text ger"])
  func aValidatedQueryIsTheSearchTheScreenDraws(_ line: String) throws {
    let fixture = try SessionFixture(dataset: "countries")
    let counting = Self.counting(fixture)
    #expect(fixture.run(line).errors == [])
    #expect(counting.searches == 1)
    #expect(fixture.run("status").output.contains { $0.hasPrefix("matches: ") })
    #expect(counting.searches == 1)
  }

  @Test func anInvalidQueryIsRefusedAndSearchedOnce() throws {
    let fixture = try SessionFixture(dataset: "countries")
    let counting = Self.counting(fixture)
    fixture.run("set match regex")
    let errors = fixture.run("search (").errors
    #expect(errors.count == 1)
    #expect(counting.searches == 1)
    #expect(fixture.session.searchState.text.isEmpty)
  }

  /// `set fields` gives the session a new backend; the wrapper goes with it and keeps counting.
  @Test func aNewBackendForOtherColumnsIsCountedToo() throws {
    let fixture = try SessionFixture(dataset: "languages")
    let counting = Self.counting(fixture)
    #expect(fixture.run("search xch", "set fields name,code", "list").errors == [])
    // `set fields` draws the results again from the new backend: a second search.
    #expect(counting.searches == 2)
    #expect(fixture.session.screen.backend is CountingBackend)
  }
}
