import Testing

@testable import ShellCore
@testable import UIKitModel

/// `set source on`: under each callback the app's code receives, the trace shows the lines of
/// the tutorial's method that runs; `help CALLBACK` shows them whatever the option says.
struct SourceExcerptTraceTests {
  /// A script per tutorial app that makes every method it implements run.
  static let scenarios: [(app: AppID, dataset: String, commands: [String])] = [
    (.countries, "countries", ["focus", "type a", "submit", "cancel"]),
    (.countriesCustom, "countries", ["focus", "type a", "submit", "cancel"]),
    (.guide, "countries", ["focus", "type a", "select 1", "cancel"]),
    (.guideResults, "countries", ["select 1", "focus", "type a"]),
    (.candies, "candies", ["type c", "scope Hard", "select 1"]),
    (.recipes, "recipes", ["select 1", "back", "type c"]),
    (.recipesBeforeFix, "recipes", ["select 1", "back", "type c"]),
    (.fruits, "fruits", ["pull", "type a"]),
  ]

  /// Every excerpt of the app shows, its declaration under its callback's trace line (after
  /// the app log's `does:`), and every line fits 80 columns.
  @Test(arguments: scenarios.map(\.app))
  func everyMethodsCodeShowsUnderItsCallback(_ id: AppID) throws {
    let scenario = try #require(Self.scenarios.first { $0.app == id })
    let fixture = try SessionFixture(dataset: scenario.dataset)
    fixture.run("set app \(id.rawValue)", "set source on", "set app-log on", "trace on")
    let printed = fixture.run(scenario.commands)
    #expect(printed.errors == [])
    let output = printed.output
    for excerpt in AppSourceExcerpt.all where excerpt.app == id {
      let code = excerpt.lines.map { Session.sourceGutter + $0 }
      let index = try #require(
        output.indices.first { Array(output[$0...].prefix(code.count)) == code },
        "\(id.rawValue): \(excerpt.callback.selector)")
      // Above it: the method's does line, then the callback's own trace lines.
      #expect(output[index - 1].hasPrefix("    does: "))
      let traced = output[..<(index - 1)].last { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
      #expect(traced?.hasPrefix("  " + excerpt.callback.selector) == true, "\(traced ?? "nothing")")
    }
    for line in output { #expect(TextWrapper.displayWidth(line) <= 80, "\(line)") }
  }

  /// Off by default, and off again with `set source off`; the trace is then as it was.
  @Test func offShowsNoCode() throws {
    let fixture = try SessionFixture(dataset: "fruits")
    let before = fixture.run("trace on", "pull", "type a").output
    #expect(!before.contains { $0.hasPrefix(Session.sourceGutter) })
    let on = fixture.run("set source on", "type p").output
    #expect(on.contains { $0.hasPrefix(Session.sourceGutter) })
    let off = fixture.run("set source off", "type p").output
    #expect(!off.contains { $0.hasPrefix(Session.sourceGutter) })
  }

  /// Typing runs the same method per character: its code shows once a command, then a line
  /// points back to it.
  @Test func aMethodRunningAgainPointsUp() throws {
    let fixture = try SessionFixture(dataset: "fruits")
    fixture.run("pull", "set source on", "trace on")
    let output = fixture.run("type ap").output
    let declaration = "    │ - (void)updateSearchResultsForSearchController:(UISearchController *)sc {"
    #expect(output.filter { $0 == declaration }.count == 1)
    #expect(output.filter { $0 == "    │ (the code above runs again)" }.count == 2)
    #expect(fixture.run("backspace").output.filter { $0 == declaration }.count == 1)
  }

  /// With live search off the methods show what they then do: the filter waits for the
  /// Search key, whose method filters.
  @Test func liveOffShowsTheVariant() throws {
    let fixture = try SessionFixture(dataset: "countries")
    fixture.run("set live off", "set source on", "trace on")
    let output = fixture.run("focus", "type a", "submit").output
    #expect(output.contains("    │     // live search off: nothing is filtered here; the Search key filters"))
    #expect(output.contains("    │     // live search off: the filtering waits for this key"))
  }

  /// The generic app is no tutorial's: one line says so, under the first callback only.
  @Test func theGenericAppSaysSoOnce() throws {
    let fixture = try SessionFixture(dataset: "languages")
    fixture.run("set source on", "trace on")
    let note = "    │ no code to show: the generic app is no tutorial's ('app')"
    let output = fixture.run("focus", "type ab", "cancel").output
    #expect(output.filter { $0 == note }.count == 1)
    #expect(fixture.run("set source on", "focus").output.filter { $0 == note }.count == 1)
  }

  /// `trace all` shows code under the callbacks the app receives only; `trace json` none.
  @Test func onlyReceivedCallbacksShowCode() throws {
    let fixture = try SessionFixture(dataset: "countries")
    fixture.run("set source on", "trace all")
    let output = fixture.run("focus").output
    let code = output.indices.filter { output[$0].hasPrefix(Session.sourceGutter) }
    for index in code {
      let traced = output[..<index].last { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
      #expect(traced?.contains("(ViewController)") == true, "\(traced ?? "")")
    }
    #expect(!code.isEmpty)
    fixture.run("cancel", "trace json")
    #expect(!fixture.run("focus").output.contains { $0.hasPrefix(Session.sourceGutter) })
  }

  /// On a narrower terminal a line of code is cut with `…`, never wrapped.
  @Test func narrowTerminalsCutTheCode() throws {
    let fixture = try SessionFixture(dataset: "recipes")
    fixture.session.hooks.terminalSize = { (50, 24) }
    fixture.run("set source on", "trace on")
    let code = fixture.run("type c").output.filter { $0.hasPrefix(Session.sourceGutter) }
    #expect(code.count == 6)
    #expect(code.contains { $0.hasSuffix("…") })
    for line in code { #expect(TextWrapper.displayWidth(line) <= 50, "\(line)") }
  }

  /// `help CALLBACK` shows the method's code in the tutorial's language, source on or off,
  /// with live search as it is.
  @Test(arguments: [
    (
      "candies", "prepareForSegue", "The method, in the tutorial's Swift 1:", "override func prepareForSegue("
    ),
    ("fruits", "updateSearchResults", "The method, in the tutorial's Objective-C:", "- (void)update"),
    (
      "countries", "searchBarCancelButtonClicked", "The method, in the tutorial's Swift 1:",
      "func searchBarCancel"
    ),
  ])
  func helpShowsTheCode(_ example: (String, String, String, String)) throws {
    let fixture = try SessionFixture(dataset: example.0)
    let output = fixture.run("help \(example.1)").output
    let heading = try #require(output.firstIndex(of: "    " + example.2))
    #expect(output[heading + 1].hasPrefix(Session.sourceGutter + example.3))
    #expect(output.allSatisfy { TextWrapper.displayWidth($0) <= 80 })
  }
}
