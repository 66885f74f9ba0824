import Foundation
import TablesTestSupport
import Testing

@testable import ShellCore
@testable import Tables

/// What the user sets outlives `load`: kept over a file's presets, set aside for a tutorial's
/// app, refused by a dataset that lacks a column, forgotten by `set NAME default`.
struct PreferencesTests {
  /// Two small CSV files in a temporary folder, and a session on the bundled datasets.
  struct Fixture {
    let folder: URL
    let session: SessionFixture

    init() throws {
      session = try SessionFixture()
      folder = try DataFixture.temporaryDirectory()
      try Data("name,price,kind\napple,1.5,fruit\nleek,2,vegetable\n".utf8).write(to: url("prices.csv"))
      try Data("id,body\n1,hello world\n2,stand up\n".utf8).write(to: url("notes.csv"))
    }

    func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    /// The start of what `set NAME` reports: the value and where it comes from.
    func shown(_ name: String) -> String? { session.run("set \(name)").output.first }
  }

  /// A choice, the dataset loaded after it, and what `set NAME` then says.
  struct Case: Sendable, CustomTestStringConvertible {
    let choice: String
    let then: String
    let expected: String
    var testDescription: String { "\(choice) then load \(then)" }
  }

  static let cases: [Case] = [
    // A file's presets give way to the user's choice.
    Case(choice: "set match fuzzy", then: "prices.csv", expected: "match: fuzzy  [yours]"),
    Case(choice: "set syntax literal", then: "prices.csv", expected: "syntax: literal  [yours]"),
    Case(choice: "set placeholder Find", then: "notes.csv", expected: "placeholder: Find  [yours]"),
    Case(choice: "set fields *", then: "prices.csv", expected: "fields: name,price,kind  [yours]"),
    Case(choice: "set columns *", then: "notes.csv", expected: "columns: id,body  [yours]"),
    Case(choice: "set page 7", then: "notes.csv", expected: "page: 7  [yours]"),
    // A tutorial's app keeps its own rule; the choice is set aside, not forgotten.
    Case(
      choice: "set match fuzzy", then: "countries",
      expected: "match: ci  [preset*; yours, fuzzy, set aside for the tutorial's app]"),
    // Names outside the session's reach stay; a scope relabelling belongs to its dataset.
    Case(choice: "set names objc", then: "countries", expected: "names: objc  [yours]"),
    // A database timeout is set before the `load` it is for, and outlives it.
    Case(choice: "set timeout-count 1500ms", then: "countries", expected: "timeout-count: 1500ms  [yours]"),
    Case(choice: "set timeout-page off", then: "prices.csv", expected: "timeout-page: off  [yours]"),
    Case(
      choice: "set scopes All,Fruit,Veg", then: "prices.csv",
      expected: "scopes: All,fruit,vegetable  [default]"),
  ]

  @Test(arguments: cases)
  func aChoiceOutlivesALoadAsItsReachSays(_ example: Case) throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    let setUp = example.choice.hasPrefix("set scopes") ? [fixture.url("prices.csv").path] : []
    for path in setUp { fixture.session.run("load \(path)") }
    #expect(fixture.session.run(example.choice).errors == [])
    let target = example.then.contains(".") ? fixture.url(example.then).path : example.then
    #expect(fixture.session.run("load \(target)").errors == [])
    let shown = try #require(fixture.shown(String(example.choice.split(separator: " ")[1])))
    #expect(shown.hasPrefix(example.expected))
  }

  @Test func loadSaysWhichChoicesItKeptAndWhichItSetAside() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    fixture.session.run("set match fuzzy", "set fields *")
    let file = fixture.session.run("load \(fixture.url("notes.csv").path)").output
    #expect(file.contains("Kept your settings: match fuzzy, fields *"))
    let tutorial = fixture.session.run("load countries").output
    #expect(
      tutorial.contains { $0.hasPrefix("The tutorial's app keeps its own settings over yours (match fuzzy)") }
    )
    // Back on a file, the choice applies again: it was set aside, not dropped.
    fixture.session.run("load \(fixture.url("prices.csv").path)")
    #expect(fixture.session.session.screen.settings.match == .fuzzy)
  }

  @Test func aDatasetWithoutTheColumnRefusesTheChoiceWithOneNoteAndKeepsIt() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    fixture.session.run("load \(fixture.url("notes.csv").path)", "set sort body desc")
    let printed = fixture.session.run("load \(fixture.url("prices.csv").path)")
    #expect(printed.errors.count == 1)
    #expect(printed.errors.first?.hasPrefix("note: your 'set sort body desc' does not apply") == true)
    #expect(
      fixture.shown("sort")?.hasPrefix("sort: none  [default*; yours, body desc, does not apply here]")
        == true)
    fixture.session.run("load \(fixture.url("notes.csv").path)")
    #expect(fixture.shown("sort")?.hasPrefix("sort: body desc  [yours]") == true)
  }

  @Test func setDefaultForgetsTheChoiceAndPutsBackTheDatasetsValue() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    fixture.session.run("load countries", "set match fuzzy", "set page 4")
    #expect(fixture.shown("match")?.hasPrefix("match: fuzzy  [yours]") == true)
    #expect(fixture.session.run("set match default", "set page default").errors == [])
    #expect(fixture.shown("match")?.hasPrefix("match: ci  [preset]") == true)
    #expect(fixture.shown("page")?.hasPrefix("page: 10  [default]") == true)
    fixture.session.run("load \(fixture.url("prices.csv").path)")
    #expect(fixture.session.session.screen.settings.match == .fold)
    #expect(fixture.session.session.screen.preferences.choices == [])
  }

  @Test func aCommandThatChangesTheTableIsNotAChoiceThatSticks() throws {
    let fixture = try Fixture()
    defer { try? FileManager.default.removeItem(at: fixture.folder) }
    fixture.session.run("load \(fixture.url("prices.csv").path)", "sort price desc")
    #expect(fixture.shown("sort")?.hasPrefix("sort: price desc  [this table]") == true)
    fixture.session.run("load \(fixture.url("prices.csv").path)")
    #expect(fixture.shown("sort")?.hasPrefix("sort: none  [default]") == true)
  }
}
