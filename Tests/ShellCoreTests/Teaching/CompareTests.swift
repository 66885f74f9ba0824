import Testing

@testable import ShellCore

/// `compare A B` to `end`: the same actions through two apps or flavors, in two columns with
/// sdiff's marks, errors in their side's column, the session's own screen untouched.
struct CompareTests {
  /// The column the mark stands in at 80 columns: after the left side's 39.
  static let markColumn = 39

  /// A line's mark and its two sides, cut at the columns.
  static func split(_ line: String) -> (left: String, mark: Character, right: String) {
    let characters = Array(line)
    let left = String(characters.prefix(Self.markColumn)).trimmingSuffixSpaces
    let mark = characters.count > Self.markColumn ? characters[Self.markColumn] : " "
    let right = characters.count > Self.markColumn + 2 ? String(characters[(Self.markColumn + 2)...]) : ""
    return (left, mark, right)
  }

  /// Each scenario's output holds a line whose sides and mark are these.
  @Test(arguments: [
    (
      "fruits", "compare fruits countries", ["pull", "focus"],
      ("", Character(">"), "searchBarTextDidBeginEditing(_:)")
    ),
    (
      "fruits", "compare fruits countries", ["pull", "focus"],
      ("main table · 16 of 16 · dimmed", Character("|"), "main table · 16 of 16")
    ),
    (
      "fruits", "compare fruits countries", ["pull", "focus", "type ap", "submit"],
      ("(nothing received)", Character("|"), "searchBarSearchButtonClicked(_:)")
    ),
    (
      "recipes", "compare recipes-before-fix recipes", ["search cr", "select 1"],
      ("< Back   Egg Benedict", Character("|"), "< Back   Crème Brûlée")
    ),
    (
      "recipes", "compare recipes-before-fix recipes", ["search cr", "select 1"],
      ("prepare(for:sender:)", Character(" "), "prepare(for:sender:)")
    ),
    (
      "candies", "compare display controller", ["set names objc", "type c"],
      ("", Character(">"), "searchBar:textDidChange:")
    ),
    (
      "candies", "compare display controller", ["type c"],
      ("searchDisplayController(_:", Character("|"), "searchBarShouldBeginEditing(_:)")
    ),
    (
      "countries", "compare countries countries-custom", ["focus"],
      ("updateSearchResults(for:)", Character("|"), "didStartSearching()")
    ),
  ])
  func actionsPrintBothSides(_ example: (String, String, [String], (String, Character, String))) throws {
    let fixture = try SessionFixture(dataset: example.0)
    let setUp = example.2.filter { $0.hasPrefix("set ") }
    fixture.run(setUp + [example.1])
    let printed = fixture.run(example.2.filter { !$0.hasPrefix("set ") })
    #expect(printed.errors == [])
    let expected = example.3
    #expect(
      printed.output.contains {
        let line = Self.split($0)
        return line.left == expected.0 && line.mark == expected.1 && line.right == expected.2
      }, "\(printed.output.joined(separator: "\n"))")
    for line in printed.output { #expect(TextWrapper.displayWidth(line) <= 80, "\(line)") }
  }

  /// Words that name no side, the same side twice, a second `compare`, `end` with none: one
  /// error line each, and nothing starts or stops.
  @Test(arguments: [
    ([], "compare fruit countries", "Nothing to compare named 'fruit'", false),
    ([], "compare fruits fruits", "Comparing 'fruits' with itself shows nothing", false),
    ([], "compare fruits", "Missing argument", false),
    ([], "end", "Nothing to end", false),
    ([], "compare end", "Nothing to end", false),
    (["compare fruits countries"], "compare guide candies", "Already comparing fruits with countries", true),
    (["compare fruits countries"], "load candies", "'load' does not run while comparing fruits with", true),
    (["compare fruits countries"], "set app guide", "'set' does not run while comparing", true),
  ])
  func mistakesAreOneLine(_ example: ([String], String, String, Bool)) throws {
    let fixture = try SessionFixture(dataset: "fruits")
    fixture.run(example.0)
    let printed = fixture.run(example.1)
    #expect(printed.errors.count == 1)
    #expect(printed.errors.first?.contains(example.2) == true, "\(printed.errors)")
    #expect((fixture.session.comparison != nil) == example.3)
    #expect(fixture.session.screen.dataset.name == "fruits")
  }

  /// "Did you mean" names the nearest app or flavor.
  @Test func aMistypedSideIsSuggested() throws {
    let fixture = try SessionFixture(dataset: "fruits")
    #expect(fixture.run("compare fruits dispaly").errors.first?.hasSuffix("Did you mean 'display'?") == true)
  }

  /// An error on one side shows in its column; the same error on both is the command's.
  @Test func errorsShowWhereTheyHappen() throws {
    let fixture = try SessionFixture(dataset: "candies")
    fixture.run("compare display controller", "type c", "select 1")
    let oneSide = fixture.run("back")
    #expect(oneSide.errors == [])
    #expect(
      oneSide.output.contains {
        let line = Self.split($0)
        return line.left.isEmpty && line.mark == ">" && line.right == "error: No detail view is open"
      }, "\(oneSide.output)")
    let both = fixture.run("back")
    #expect(both.errors == ["error: No detail view is open"])
    #expect(both.output == [])
  }

  /// The prompt names the two sides while comparing; `end` gives the session its own screen
  /// back as it was, and says which actions differed.
  @Test func endRestoresTheSessionsScreen() throws {
    let fixture = try SessionFixture(dataset: "fruits")
    fixture.run("trace on", "pull", "focus", "type a")
    let state = fixture.session.screen.state
    let callbacks = fixture.session.screen.lastCallbacks
    let started = fixture.run("compare fruits countries").output
    #expect(!started.contains { $0.contains("[isActive") })
    #expect(fixture.session.prompt == "fruits [fruits|countries]> ")
    let acted = fixture.run("pull", "focus", "type b").output
    #expect(!acted.contains { $0.contains("[isActive") })
    let ended = fixture.run("end").output
    #expect(ended.contains("Callbacks received: different after 1 of 3 actions (focus)."))
    #expect(ended.contains("Said and shown: different after 2 of 3 actions (focus, type b)."))
    #expect(fixture.session.prompt == "fruits> ")
    #expect(fixture.session.comparison == nil)
    #expect(fixture.session.screen.state == state)
    #expect(fixture.session.screen.lastCallbacks == callbacks)
    // The trace is the session's again.
    #expect(fixture.run("type c").output.contains { $0.contains("[isActive") })
  }

  /// With the app log on, the NSLog lines show under their callback, on the side that logs.
  @Test func nslogLinesGoUnderTheirCallback() throws {
    let fixture = try SessionFixture(dataset: "fruits")
    fixture.run("set app-log on", "compare fruits countries", "pull")
    let output = fixture.run("focus").output.map(Self.split)
    let update = try #require(output.firstIndex { $0.left == "updateSearchResults(for:)" })
    #expect(output[update + 1].left.hasPrefix("  NSLog: updateSearchResultsFor"))
    #expect(output[update + 1].mark == "<")
  }

  /// The help that runs while comparing, and the session's own commands, still run.
  @Test func helpAndEchoStillRun() throws {
    let fixture = try SessionFixture(dataset: "fruits")
    fixture.run("compare fruits countries")
    #expect(fixture.run("echo hello").output == ["hello"])
    #expect(fixture.run("help compare").errors == [])
  }
}

/// sdiff's columns: the lines both sides have matched in order, the rest paired within each gap.
struct SideBySideTests {
  typealias Row = SideBySide.Row

  @Test(
    arguments: [
      ([], [], []),
      (["a"], ["b", "a"], [Row(left: nil, right: "b"), Row(left: "a", right: "a")]),
      (
        ["a", "b", "c"], ["a", "c"],
        [Row(left: "a", right: "a"), Row(left: "b", right: nil), Row(left: "c", right: "c")]
      ),
      (["x"], ["y"], [Row(left: "x", right: "y")]),
      (
        ["a", "x", "b"], ["a", "y", "z", "b"],
        [
          Row(left: "a", right: "a"), Row(left: "x", right: "y"), Row(left: nil, right: "z"),
          Row(left: "b", right: "b"),
        ]
      ),
    ] as [([String], [String], [Row])])
  func alignment(_ example: ([String], [String], [Row])) {
    #expect(SideBySide.aligned(example.0, example.1) == example.2)
  }

  /// Past the alignment's limit two long lists are paired in order.
  @Test func longListsArePairedInOrder() {
    let left = Array(repeating: "a", count: 600)
    let right = ["b"] + Array(repeating: "a", count: 600)
    let rows = SideBySide.aligned(left, right)
    #expect(rows == SideBySide.zipped(left, right))
    #expect(rows.count == 601)
  }

  /// Marks sit between the columns; a long selector breaks before `(` and after `:`.
  @Test func linesFitTheirColumns() {
    let rows = [
      Row(left: "searchDisplayControllerWillBeginSearch(_:)", right: nil),
      Row(left: "same", right: "same"),
      Row(left: "updateSearchResultsForSearchController:", right: "x"),
    ]
    let lines = SideBySide.lines(rows, width: 80)
    #expect(
      lines == [
        "searchDisplayControllerWillBeginSearch <",
        "  (_:)",
        "same" + String(repeating: " ", count: 37) + "same",
        "updateSearchResultsForSearchController:| x",
      ])
    for width in [40, 60, 80, 120] {
      for line in SideBySide.lines(rows, width: width) {
        #expect(TextWrapper.displayWidth(line) <= width, "\(width): \(line)")
      }
    }
  }
}

extension String {
  /// The string without its trailing spaces.
  fileprivate var trimmingSuffixSpaces: String {
    var scalars = Array(unicodeScalars)
    while scalars.last == " " { scalars.removeLast() }
    return String(String.UnicodeScalarView(scalars))
  }
}
