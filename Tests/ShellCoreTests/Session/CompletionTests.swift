import Testing

@testable import ShellCore

/// Tab completion as a pure function of the line before the cursor.
struct CompletionTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let dataset: String
    let line: String
    let word: String
    let expected: [String]
    var testDescription: String { "'\(line)'" }

    init(_ line: String, _ expected: [String], dataset: String = "candies") {
      self.dataset = dataset
      self.line = line
      self.word = String(line.reversed().prefix(while: { $0 != " " }).reversed())
      self.expected = expected
    }
  }

  static let cases: [Case] = [
    Case("se", ["search", "select", "set"]),
    Case("q", ["quiet", "quit"]),
    Case("ex", ["exit", "expect", "explain", "export"]),
    Case("load c", ["countries", "countries-custom", "candies"]),
    Case("load fr", ["fruits"]),
    Case("scope ", ["All", "Chocolate", "Hard", "Other"]),
    Case("scope H", ["Hard"]),
    Case("scope H", [], dataset: "countries"),
    Case(
      "set ",
      [
        "flavor", "results", "app", "rule", "live", "obscures", "names", "app-log", "match", "syntax",
        "title", "placeholder", "prompt",
        "bar-text-color", "bar-tint", "bar-background", "shows-cancel", "hides-nav-bar", "custom-nav-bar",
        "bar-hidden", "scopes", "fields", "format", "page",
      ]),
    Case("set f", ["flavor", "fields", "format"]),
    Case("set flavor ", ["controller", "display", "custom"]),
    Case("set live o", ["on", "off"]),
    Case("set match f", ["fold", "fuzzy"]),
    Case("trace ", ["on", "all", "off", "json", "state"]),
    Case("expect c", ["count", "callbacks"]),
    Case("diagram ", ["all", "last"]),
    Case("demo c", ["candies", "countries", "countries-custom", "countries-guide"]),
    Case("select ", ["1", "2", "3", "4", "5", "6", "7", "8", "9"]),
    Case("detail 1", ["1"]),
    Case("help sea", ["search"]),
    Case("code ", ["active", "text"]),
    Case("code active ", ["true", "false"]),
    Case("focus ", []),
    Case("nonsense ", []),
  ]

  @Test(arguments: cases)
  func completes(_ example: Case) throws {
    let fixture = try SessionFixture(dataset: example.dataset)
    #expect(fixture.session.completions(line: example.line, word: example.word) == example.expected)
  }

  @Test func completesPathsForLoad() throws {
    let fixture = try SessionFixture()
    let folder = SessionFixture.catalog.directory.path
    let completions = fixture.session.completions(line: "load \(folder)/cand", word: "\(folder)/cand")
    #expect(completions == ["\(folder)/candies.tsv"])
    let folders = Session.pathCompletions(String(folder.dropLast("datasets".count)) + "datas")
    #expect(folders == [folder + "/"])
  }
}
