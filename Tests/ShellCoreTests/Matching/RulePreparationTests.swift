import Testing

@testable import Backends
@testable import Engine
@testable import ShellCore

/// `load`, `set match` and `set fields` build what the rule's searches read beyond the fold
/// form, so that the first keystroke under the rule builds nothing.
struct RulePreparationTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let commands: [String]
    let sides: [TextVariant]
    let initials: Bool
    let cased: Bool
    var testDescription: String { commands.joined(separator: "; ") }
  }

  static let cases: [Case] = [
    Case(commands: [], sides: [], initials: false, cased: false),
    Case(commands: ["set match exact"], sides: [.exact], initials: false, cased: false),
    Case(commands: ["set match ci"], sides: [.ci], initials: false, cased: false),
    Case(commands: ["set match prefix"], sides: [], initials: true, cased: false),
    Case(commands: ["set match smart"], sides: [.strip], initials: false, cased: false),
    // `fuzzy` is smart-case as fzf: its uppercase terms read the `strip` form.
    Case(commands: ["set match fuzzy"], sides: [.strip], initials: false, cased: false),
    Case(commands: ["set match regex"], sides: [], initials: false, cased: false),
    Case(
      commands: ["set match ci", "set match exact"], sides: [.exact, .ci], initials: false, cased: false),
    // The rule is kept across `set fields`; the new columns' index is built for it.
    Case(commands: ["set match prefix", "set fields name,code"], sides: [], initials: true, cased: true),
    // The candies' preset rule is `exact`: the load builds its form.
    Case(commands: ["load candies"], sides: [.exact], initials: false, cased: false),
  ]

  @Test(arguments: cases)
  func theRuleIsPreparedBeforeAnyKeystroke(_ test: Case) throws {
    let fixture = try SessionFixture(dataset: "languages")
    #expect(fixture.run(test.commands).errors == [])
    let backend = try #require(fixture.session.screen.backend as? InMemoryBackend)
    let prepared = backend.engine.index.prepared
    #expect(prepared.sides == test.sides)
    #expect(prepared.initials == test.initials)
    #expect(prepared.cased == test.cased)
  }

  /// A search under the prepared rule finds what it found when the keystroke built the form.
  @Test func aPreparedRuleFindsTheSameRows() throws {
    let prepared = try SessionFixture(dataset: "languages")
    prepared.run("set match exact")
    let lazy = try SessionFixture(dataset: "languages")
    let query = "Aas"
    let backend = try #require(lazy.session.screen.backend as? InMemoryBackend)
    #expect(backend.engine.index.prepared.sides == [])
    let built = try backend.engine.search(query, rule: .exact)
    prepared.run("search \(query)")
    #expect(prepared.titlesOnScreen == built.map { backend.dataset.title(Int($0)) })
    #expect(!built.isEmpty)
  }
}
