import Foundation
import Testing

@testable import ShellCore

/// `set syntax literal|extended`: the tutorials' filters read the whole text as one substring;
/// files loaded by path get the extended query syntax.
struct QuerySyntaxTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var syntax: String
    var query: String
    var titles: [String]
    var testDescription: String { "\(syntax) search \(query)" }
  }

  @Test(arguments: [
    Case(syntax: "literal", query: "chew sour", titles: []),
    Case(syntax: "extended", query: "chew sour", titles: ["sour chew"]),
    Case(syntax: "literal", query: "sour chew", titles: ["sour chew"]),
    Case(syntax: "literal", query: "!c", titles: []),
    Case(syntax: "extended", query: "!c", titles: ["lollipop", "jaw breaker", "gummi bear"]),
    Case(syntax: "literal", query: "r c", titles: ["sour chew"]),
    Case(
      syntax: "extended", query: "^c", titles: ["chocolate Bar", "chocolate Chip", "candy cane", "caramel"]),
    Case(syntax: "literal", query: "^c", titles: []),
  ])
  func candiesUnderEachSyntax(_ example: Case) throws {
    let fixture = try SessionFixture(dataset: "candies")
    let printed = fixture.run("set syntax \(example.syntax)", "search \(example.query)")
    #expect(printed.errors == [])
    #expect(fixture.titlesOnScreen == example.titles)
    #expect(fixture.session.screen.matchCount == .exact(example.titles.count))
  }

  /// Switching the syntax re-reads the text in the bar: the table changes at once.
  @Test func switchingTheSyntaxRefiltersTheShownList() throws {
    let fixture = try SessionFixture(dataset: "candies")
    fixture.run("search chew sour")
    #expect(fixture.titlesOnScreen == [])
    let printed = fixture.run("set syntax extended")
    #expect(printed.output.contains("results table · 1 of 9"))
    #expect(fixture.titlesOnScreen == ["sour chew"])
    fixture.run("set syntax literal")
    #expect(fixture.titlesOnScreen == [])
  }

  @Test(arguments: [
    ("countries", "literal  [preset]"), ("candies", "literal  [preset]"), ("recipes", "literal  [preset]"),
    ("fruits", "literal  [preset]"), ("languages", "extended  [default]"),
  ])
  func bundledPresets(dataset: String, syntax: String) throws {
    let fixture = try SessionFixture(dataset: dataset)
    #expect(fixture.run("set syntax").output == ["syntax: \(syntax)  (literal|extended)"])
  }

  @Test func aFileLoadedByPathGetsTheExtendedSyntax() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("syntax-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("snacks.txt")
    try "sour chew\nchew toy\nsour grape\n".write(to: file, atomically: true, encoding: .utf8)
    let fixture = try SessionFixture(dataset: "candies")
    fixture.run("load \(file.path)")
    #expect(fixture.run("set syntax").output == ["syntax: extended  [default]  (literal|extended)"])
    fixture.run("search chew sour")
    #expect(fixture.titlesOnScreen == ["sour chew"])
  }

  @Test func aBadValueNamesTheAllowedOnes() throws {
    let fixture = try SessionFixture(dataset: "candies")
    let printed = fixture.run("set syntax loose")
    #expect(printed.errors == ["error: Invalid value 'loose' for 'syntax'. Expected 'literal' or 'extended'"])
    #expect(fixture.session.screen.settings.syntax == .literal)
  }

  /// A regex is its own syntax: the literal setting does not turn the pattern into a substring.
  @Test func regexReadsThePatternInEitherSyntax() throws {
    let fixture = try SessionFixture(dataset: "candies")
    fixture.run("set match regex", "search ^c.*e$")
    #expect(fixture.titlesOnScreen == ["candy cane"])
  }
}
