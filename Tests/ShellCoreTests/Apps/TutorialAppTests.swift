import Testing

@testable import ShellCore
@testable import UIKitModel

/// Each tutorial's app, driven through a fixed sequence of actions: what its code receives (and
/// which object receives it) and what it logs, as the tutorial's code would.
struct TutorialAppTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let dataset: String
    var setup: [String] = []
    let commands: [String]
    let app: AppID
    /// `Object shortName` for each callback the app's code receives, in order.
    let received: [String]
    /// The app's console: each NSLog line, in order.
    var logs: [String] = []
    var testDescription: String { "\(app.rawValue): \(commands.joined(separator: "; "))" }
  }

  static let cases: [Case] = [
    // 000: no controller delegate, no didSelectRow; the bar's delegate methods and the updater.
    Case(
      dataset: "countries", commands: ["focus", "type g", "select 1", "submit", "cancel"], app: .countries,
      received: [
        "ViewController searchBarTextDidBeginEditing", "ViewController updateSearchResults",
        "ViewController updateSearchResults", "ViewController searchBarSearchButtonClicked",
        "ViewController searchBarCancelButtonClicked", "ViewController updateSearchResults",
      ]),
    // 000, custom: the custom controller takes the bar's callbacks and forwards them.
    Case(
      dataset: "countries", setup: ["set flavor custom"], commands: ["focus", "type g", "submit", "cancel"],
      app: .countriesCustom,
      received: [
        "CustomSearchController searchBarTextDidBeginEditing", "ViewController didStartSearching",
        "CustomSearchController searchBarTextDidChange", "ViewController didChangeSearchText",
        "CustomSearchController searchBarSearchButtonClicked", "ViewController didTapOnSearchButton",
        "CustomSearchController searchBarCancelButtonClicked", "ViewController didTapOnCancelButton",
      ]),
    // 002: the row tap logs which list it came from.
    Case(
      dataset: "countries", setup: ["set app guide"],
      commands: ["select 1", "search ger", "select 2", "cancel"],
      app: .guide,
      received: [
        "ViewController didSelectRow", "ViewController searchBarTextDidBeginEditing",
        "ViewController updateSearchResults", "ViewController updateSearchResults",
        "ViewController didSelectRow",
        "ViewController updateSearchResults", "ViewController searchBarShouldEndEditing",
        "ViewController searchBarTextDidEndEditing",
      ],
      logs: ["選擇了列表中的Afghanistan", "選擇了搜索結果中的Germany"]),
    // 002, separate results: the results controller is the updater and its table's delegate.
    Case(
      dataset: "countries", setup: ["set results separate"],
      commands: ["select 1", "search ger", "select 1"],
      app: .guideResults,
      received: [
        "ViewController didSelectRow", "LZResultDisplayController updateSearchResults",
        "LZResultDisplayController updateSearchResults",
      ],
      logs: ["選擇了列表中的Afghanistan"]),
    // 001: the display delegate's two reloads and the row tap, nothing of the bar's.
    Case(
      dataset: "candies", commands: ["scope Hard", "type c", "select 1", "cancel"], app: .candies,
      received: [
        "CandyTableViewController shouldReloadForSearchScope",
        "CandyTableViewController shouldReloadForSearchString", "CandyTableViewController didSelectRow",
        "CandyTableViewController prepareForSegue",
      ]),
    // 001: the main table's tap performs the segue from didSelect too.
    Case(
      dataset: "candies", commands: ["select 2"], app: .candies,
      received: ["CandyTableViewController didSelectRow", "CandyTableViewController prepareForSegue"]),
    // 003: the main table's cell is the segue's: prepare comes before didSelect.
    Case(
      dataset: "recipes", commands: ["select 2"], app: .recipes,
      received: ["RecipeBookViewController prepareForSegue", "RecipeBookViewController didSelectRow"]),
    // 003: no scope reload.
    Case(
      dataset: "recipes", commands: ["search creme", "select 1", "cancel"], app: .recipes,
      received: [
        "RecipeBookViewController shouldReloadForSearchString", "RecipeBookViewController didSelectRow",
        "RecipeBookViewController prepareForSegue",
      ]),
    // 004: only the updater, which logs itself, the text and each match.
    Case(
      dataset: "fruits", setup: ["pull"], commands: ["focus", "search lem", "cancel"], app: .fruits,
      received: [
        "ViewController updateSearchResults", "ViewController updateSearchResults",
        "ViewController updateSearchResults",
      ],
      logs: [
        "updateSearchResultsForSearchController", "searchString=", "updateSearchResultsForSearchController",
        "searchString=lem", "str=Lemons", "updateSearchResultsForSearchController", "searchString=",
      ]),
    // The Search key: only an app whose searchBarSearchButtonClicked resigns loses the keyboard;
    // the guide then hears nothing, and its custom navigation bar stays up off screen.
    Case(
      dataset: "countries", setup: ["set app guide", "search ch"], commands: ["submit"], app: .guide,
      received: []),
    Case(
      dataset: "countries", setup: ["set app guide-results", "search ch"], commands: ["submit"],
      app: .guideResults, received: []),
    Case(
      dataset: "countries", setup: ["search ch"], commands: ["submit"], app: .countries,
      received: ["ViewController searchBarSearchButtonClicked"]),
    Case(
      dataset: "fruits", setup: ["pull", "search lem"], commands: ["submit"], app: .fruits, received: []),
    // Dimming by era: the fruit example (iOS 8) never sets it, so YES: the filtered rows show
    // through the dimming view, which takes the first tap (the double-tap bug).
    Case(
      dataset: "fruits", setup: ["pull", "search ap"], commands: ["select 1", "select 1"], app: .fruits,
      received: ["ViewController updateSearchResults"],
      logs: ["updateSearchResultsForSearchController", "searchString="]),
    // The guide's separate-results part never sets it either: a tap on the dimmed list ends the
    // search and logs nothing.
    Case(
      dataset: "countries", setup: ["set app guide-results", "focus"], commands: ["select 1"],
      app: .guideResults, received: ["LZResultDisplayController updateSearchResults"]),
    // No tutorial: every callback is received and nothing is logged.
    Case(
      dataset: "languages", commands: ["focus"], app: .generic,
      received: [
        "ViewController searchBarShouldBeginEditing", "ViewController searchBarTextDidBeginEditing",
        "ViewController willPresentSearchController", "ViewController updateSearchResults",
        "ViewController didPresentSearchController",
      ]),
  ]

  @Test(arguments: cases)
  func appReceivesAndLogsWhatItsTutorialsCodeDoes(_ example: Case) throws {
    let fixture = try SessionFixture(dataset: example.dataset)
    fixture.run("set app-log on")
    for line in example.setup { fixture.run(line) }
    #expect(fixture.session.screen.app.id == example.app)
    var received: [String] = []
    var logs: [String] = []
    for command in example.commands {
      let printed = fixture.run(command)
      #expect(printed.errors == [])
      let app = fixture.session.screen.app
      received += fixture.session.screen.lastCallbacks.compactMap { callback in
        guard case .received(let object) = app.receipt(for: callback) else { return nil }
        return "\(object) \(callback.name.shortName)"
      }
      logs += printed.output.filter { $0.hasPrefix("  NSLog: ") }.map { String($0.dropFirst(9)) }
    }
    #expect(received == example.received)
    #expect(logs == example.logs)
  }

  /// After the Search key, the keyboard is up exactly where the app (or its controller) keeps it.
  @Test(arguments: [
    ("countries", "countries", false), ("countries", "countries-custom", false), ("countries", "guide", true),
    ("countries", "guide-results", true), ("fruits", "fruits", true), ("candies", "candies", false),
    ("recipes", "recipes", false),
  ])
  func searchKeyKeepsTheKeyboardOnlyWhereTheAppDoesNotResign(
    _ dataset: String, _ app: String, _ keepsKeyboard: Bool
  ) throws {
    let fixture = try SessionFixture(dataset: dataset)
    if dataset == "fruits" { fixture.run("pull") }
    fixture.run("set app \(app)", "set custom-nav-bar on", "search e")
    let screen = fixture.run("submit").output
    #expect(fixture.session.screen.state.isFirstResponder == keepsKeyboard)
    #expect(fixture.session.screen.state.isActive || app == "countries-custom")
    // The guide's own navigation bar follows the keyboard: it stays off screen with it.
    let title = fixture.session.screen.settings.title
    #expect(screen.contains(title) == !keepsKeyboard, "\(screen)")
  }

  /// Each app runs linked against its tutorial's SDK, and dims where its era did and its code
  /// does not say otherwise; `set sdk` moves it to another era's defaults.
  @Test(arguments: [
    ("countries", "countries", "ios8", "off"), ("countries", "countries-custom", "ios8", "off"),
    ("countries", "guide", "ios9", "off"), ("countries", "guide-results", "ios9", "on"),
    ("candies", "candies", "ios8", "off"), ("recipes", "recipes", "ios7", "off"),
    ("fruits", "fruits", "ios8", "on"), ("languages", "generic", "ios17", "off"),
  ])
  func eachAppGetsTheDimmingOfItsEra(_ dataset: String, _ app: String, _ sdk: String, _ obscures: String)
    throws
  {
    let fixture = try SessionFixture(dataset: dataset)
    fixture.run("set app \(app)")
    #expect(fixture.run("set sdk").output == ["sdk: \(sdk)  [preset]  (ios7...ios17)"] || app != dataset)
    #expect(fixture.session.screen.settings.lifecycle.sdk.rawValue == sdk)
    #expect(fixture.run("set obscures").output.first?.hasPrefix("obscures: \(obscures)") == true)
    // An app that never sets the property takes the new era's default; one that does keeps it.
    fixture.run("set sdk ios15")
    let expected = app == "guide-results" || app == "fruits" ? "off" : obscures
    #expect(fixture.run("set obscures").output.first?.hasPrefix("obscures: \(expected)") == true)
    fixture.run("set sdk ios12")
    let older = app == "guide-results" || app == "fruits" || app == "generic" ? "on" : obscures
    #expect(fixture.run("set obscures").output.first?.hasPrefix("obscures: \(older)") == true)
  }

  /// The detail is what prepare(for:sender:) chose, with the sender the app passes: the recipe
  /// tutorial before its fix shows the first recipe for a search result, after it the tapped one.
  @Test(arguments: [
    ("candies", "candies", "search dark", "dark chocolate", "searchResultsTableView"),
    ("candies", "candies", "focus", "chocolate Chip", "tableView"),
    ("recipes", "recipes", "search cho", "White Chocolate Donut", "self"),
    ("recipes", "recipes-before-fix", "search cho", "Egg Benedict", "self"),
    ("recipes", "recipes-before-fix", "focus", "Mushroom Risotto", "UITableViewCell"),
  ])
  func detailShowsWhatPrepareChose(
    _ dataset: String, _ app: String, _ setup: String, _ title: String, _ sender: String
  ) throws {
    let fixture = try SessionFixture(dataset: dataset)
    // A tap on the dimmed table would end the search: tap the main table while inactive.
    fixture.run("set app \(app)", setup)
    if setup == "focus" { fixture.run("cancel") }
    let row = setup == "focus" ? "2" : "1"
    let printed = fixture.run("select \(row)")
    #expect(printed.errors == [])
    #expect(fixture.session.screen.state.isDetailOpen)
    #expect(printed.output.contains { $0.hasSuffix("Back   \(title)") }, "\(printed.output)")
    let prepare = try #require(fixture.session.screen.lastCallbacks.first { $0.name == .prepareForSegue })
    #expect(prepare.arguments.last == CallbackArgument("sender", .object(sender)))
    // 'detail' again (after 'back') shows the same choice.
    fixture.run("back")
    #expect(fixture.run("detail").output.contains { $0.hasSuffix("Back   \(title)") })
  }

  /// Every method an app lists can be reached: its callback is sent in the app's flavor, and
  /// its object is named by the slot that callback goes through.
  @Test(arguments: AppID.allCases.filter { $0 != .generic })
  func everyImplementedMethodCanBeReceived(_ id: AppID) throws {
    let app = AppModel.tutorial(id, options: LifecycleOptions())
    let flavor = try #require(app.flavor)
    #expect(app.objects.contains { $0.name == app.viewController })
    for method in app.methods {
      #expect(CallbackName.sent(in: flavor).contains(method.callback), "\(method.callback)")
      let slots = DelegateSlot.allCases.filter { app.wiring[$0] == method.object }
      let probe = Callback(
        method.callback, [CallbackArgument("tableView", .object("tableView"))],
        state: CallbackSnapshot(isActive: false, text: "", isFirstResponder: false, shown: .main))
      let slot = DelegateSlot(probe)
      #expect(
        slots.contains(slot) || slot == .tableViewDelegate && slots.contains(.resultsTableViewDelegate),
        "\(id.rawValue): \(method.object) \(method.callback) is never sent to it")
      #expect(app.objects.contains { $0.name == method.object })
    }
  }

  @Test func traceOnShowsWhatTheAppReceivesAndTraceAllMarksTheRest() throws {
    let fixture = try SessionFixture(dataset: "fruits")
    // One line per callback: at 80 columns a long trace line continues on the next.
    fixture.session.hooks.terminalSize = { (200, 50) }
    let on = fixture.run("pull", "trace on", "focus").output.filter {
      $0.hasPrefix("  ") && $0.contains("[isActive")
    }
    #expect(on.count == 1)
    #expect(
      on.first?.hasPrefix("  updateSearchResults(for:) searchBar.text: \"\"  (ViewController)  [") == true)
    fixture.run("cancel", "trace all")
    let all = fixture.run("focus").output.filter { $0.contains("[isActive") }
    #expect(
      all.map { $0.components(separatedBy: "  [")[0] } == [
        "  searchBarShouldBeginEditing(_:) -> true  (ViewController: not implemented)",
        "  searchBarTextDidBeginEditing(_:)  (ViewController: not implemented)",
        "  willPresentSearchController(_:)  (nobody: searchController.delegate not set)",
        "  updateSearchResults(for:) searchBar.text: \"\"  (ViewController)",
        "  didPresentSearchController(_:)  (nobody: searchController.delegate not set)",
      ])
  }

  @Test func traceJSONNamesTheReceivingObject() throws {
    let fixture = try SessionFixture(dataset: "countries")
    let lines = fixture.run("set results separate", "set names objc", "trace json", "focus").output
      .filter { $0.hasPrefix("{") }
    #expect(lines.count == 5)
    #expect(
      lines[3].hasPrefix(
        #"{"callback":"updateSearchResultsForSearchController:","receiver":"LZResultDisplayController","protocol":"UISearchResultsUpdating","received":true,"#
      ))
    #expect(lines[2].contains(#""receiver":null,"protocol":"UISearchControllerDelegate","received":false"#))
  }

  @Test func namesObjcSpellsTraceLinesAsTheSelectors() throws {
    let fixture = try SessionFixture(dataset: "candies")
    fixture.session.hooks.terminalSize = { (200, 50) }
    let output = fixture.run("set names objc", "trace all", "type c").output
    #expect(
      output.contains {
        $0.hasPrefix(
          "  searchBar:shouldChangeTextInRange:replacementText: shouldChangeTextInRange: {0, 0}, replacementText: \"c\" -> true"
        )
      })
    #expect(
      output.contains {
        $0.hasPrefix(
          "  searchDisplayController:shouldReloadTableForSearchString: shouldReloadTableForSearchString: \"c\" -> true  (CandyTableViewController)"
        )
      })
    #expect(!output.contains { $0.contains("(_:") })
  }

  @Test func appLogWithoutTraceIsTheConsoleOnly() throws {
    let fixture = try SessionFixture(dataset: "fruits")
    let output = fixture.run("pull", "set app-log on", "search lem").output
    #expect(!output.contains { $0.contains("does:") || $0.contains("[isActive") })
    #expect(output.filter { $0.hasPrefix("  NSLog: ") }.count == 5)
    let traced = fixture.run("trace on", "backspace").output
    #expect(traced.contains("    does: shows the fruits containing the text, or all for \"\"; reloads"))
  }
}

/// `app` and `callbacks` describe the app in lines a terminal of 80 columns shows whole.
struct AppDescriptionTests {
  @Test(arguments: AppID.allCases)
  func appAndCallbacksFitEightyColumns(_ id: AppID) throws {
    let fixture = try SessionFixture(dataset: "countries")
    fixture.run("set app \(id.rawValue)")
    for naming in CallbackNaming.allCases {
      let printed = fixture.run("set names \(naming.rawValue)", "app", "callbacks", "callbacks all")
      #expect(printed.errors == [])
      #expect(printed.output.first == "App: \(id.rawValue)")
      for line in printed.output {
        #expect(Self.columns(line) <= 80, "\(Self.columns(line)) columns: \(line)")
      }
    }
  }

  @Test func appListsWiringAndWhatEachMethodLogs() throws {
    let fixture = try SessionFixture(dataset: "countries")
    let output = fixture.run("set results separate", "app").output
    #expect(output.contains("  searchController.searchResultsUpdater = LZResultDisplayController"))
    #expect(output.contains("  searchBar.delegate: not set"))
    #expect(output.contains("      NSLog: 選擇了列表中的ROW (otherwise)"))
    let generic = fixture.run("load languages", "app").output
    #expect(generic.contains("Every object above implements every method it is sent; nothing is logged."))
  }

  /// Terminal columns: East Asian wide characters take two.
  static func columns(_ line: String) -> Int {
    line.unicodeScalars.reduce(0) { count, scalar in
      let wide =
        (0x1100...0x115F).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value)
        || (0xAC00...0xD7A3).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
        || (0xFF00...0xFF60).contains(scalar.value)
      return count + (wide ? 2 : 1)
    }
  }
}

/// The app log stays bounded however many rows match.
struct AppLogLimitTests {
  @Test func eachMatchLogsAtMostTheLimitThenSaysHowManyMore() throws {
    let fixture = try SessionFixture(dataset: "countries")
    let output = fixture.run("set app fruits", "set app-log on", "search a").output
    let logged = output.filter { $0.hasPrefix("  NSLog: str=") }
    let total = fixture.session.screen.tableRows.settledCount
    #expect(total > Session.appLogLimit)
    #expect(logged.count == Session.appLogLimit)
    #expect(output.contains("  … \(total - Session.appLogLimit) more NSLog lines"))
  }
}
