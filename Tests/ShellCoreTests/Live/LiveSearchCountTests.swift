import Testing

@testable import ShellCore

/// Live mode and the commands search the engine once per query: queued keys are not searched one
/// by one, and a command's validation is the search the screen draws.
@Suite struct LiveSearchCountTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let keys: [LiveKey]
    /// Engine searches for the keys and the frame drawn after them.
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

  @Test(arguments: cases)
  func keysThenOneFrameSearchOncePerQuery(_ example: Case) throws {
    let fixture = try SessionFixture(dataset: "countries")
    let controller = LiveController(session: fixture.session)
    let before = fixture.session.engineSearches
    controller.handle(example.keys)
    _ = controller.frame(width: 80, height: 24)
    #expect(fixture.session.engineSearches - before == example.searches)
    // Drawing the same screen again searches nothing.
    _ = controller.frame(width: 80, height: 24)
    #expect(fixture.session.engineSearches - before == example.searches)
  }

  @Test(arguments: ["search ger", "type ger", "code text ger"])
  func aValidatedQueryIsTheSearchTheScreenDraws(_ line: String) throws {
    let fixture = try SessionFixture(dataset: "countries")
    #expect(fixture.run(line).errors == [])
    #expect(fixture.session.engineSearches == 1)
    #expect(fixture.run("status").output.contains { $0.hasPrefix("matches: ") })
    #expect(fixture.session.engineSearches == 1)
  }

  @Test func anInvalidQueryIsRefusedAndSearchedOnce() throws {
    let fixture = try SessionFixture(dataset: "countries")
    fixture.run("set match regex")
    let errors = fixture.run("search (").errors
    #expect(errors.count == 1)
    #expect(fixture.session.engineSearches == 1)
    #expect(fixture.session.searchState.text.isEmpty)
  }
}
