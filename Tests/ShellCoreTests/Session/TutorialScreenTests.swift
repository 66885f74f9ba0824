import ShellCoreTestSupport
import Testing

@testable import Engine
@testable import ShellCore
@testable import Tables
@testable import UIKitModel

/// The tutorials' screens as presets: the custom bar (000), the Chinese guide's own navigation
/// bar (002, an option) and the fruit app's bar scrolled out of sight (004).
struct TutorialScreenTests {
  /// Tutorial 000's custom bar: its placeholder and Cancel always on screen, orange on black.
  @Test func customBarPresetDrawsTheTutorialsBar() throws {
    let fixture = try SessionFixture(dataset: "countries")
    let loaded = fixture.run("load countries-custom").output
    #expect(loaded.contains("[ Search in this awesome bar... ] Cancel"))
    let settings = fixture.session.screen.settings
    #expect(settings.lifecycle.flavor == .custom)
    #expect(settings.appearance.textColor == .orange && settings.appearance.tint == .orange)
    #expect(settings.appearance.background == .black && settings.appearance.showsCancelButton)
    let listed = fixture.run("set").output
    #expect(listed.contains { $0.hasPrefix("bar-background") && $0.contains("black") })
    #expect(listed.contains { $0.hasPrefix("shows-cancel") && $0.contains("on") })
  }

  /// In colour, the text and tint are orange (256-colour 208) on a black background that spans
  /// the whole bar, each inner reset setting it again.
  @Test func customBarColoursInAColourTerminal() throws {
    let console = BufferConsole()
    let session = try Session(
      console: console, catalog: SessionFixture.catalog, dataset: "countries-custom", isInteractive: false,
      useColor: true)
    session.execute("search ger")
    let bar =
      "\u{1B}[40m[ \u{1B}[38;5;208mger\u{1B}[0m\u{1B}[40m\u{1B}[38;5;208m|\u{1B}[0m\u{1B}[40m ]"
      + " \u{1B}[38;5;208mCancel\u{1B}[0m\u{1B}[40m\u{1B}[0m"
    #expect(console.output.contains(bar))
    let plain = try SessionFixture()
    #expect(plain.run("set bar-text-color orange", "set bar-background black").errors == [])
  }

  /// With showsCancelButton, Cancel can be tapped while inactive: only the bar's delegate hears
  /// it (nothing is presented), and the custom controller forwards it.
  @Test(arguments: [
    ("countries", [CallbackName.searchBarCancelButtonClicked]),
    ("candies", [.searchBarCancelButtonClicked]),
    ("countries-custom", [.searchBarCancelButtonClicked, .didTapOnCancelButton]),
  ])
  func cancelWhileInactiveWithAnAlwaysShownButton(dataset: String, callbacks: [CallbackName]) throws {
    let fixture = try SessionFixture(dataset: dataset)
    fixture.run("set shows-cancel on")
    let printed = fixture.run("cancel")
    #expect(printed.errors == [])
    #expect(fixture.session.screen.lastCallbacks.map(\.name) == callbacks)
    #expect(fixture.session.screen.state == SearchState())
    fixture.run("set shows-cancel off")
    if dataset != "countries-custom" {
      #expect(fixture.run("cancel").errors == ["error: There is no Cancel button: the search is not active"])
    }
  }

  /// Tutorial 004 hides the bar in viewDidLoad (setContentOffset) until the list is pulled down.
  @Test func fruitsStartWithTheBarOutOfSight() throws {
    let fixture = try SessionFixture(dataset: "countries")
    let loaded = fixture.run("load fruits").output
    #expect(!loaded.contains { $0.hasPrefix("[ ") })
    #expect(fixture.session.screen.state.isBarScrolledOut)
    #expect(fixture.run("pull").output.first == "[ Search ]")
    #expect(fixture.session.screen.lastCallbacks.isEmpty)
    // Another dataset's presets put the bar back in sight.
    fixture.run("load countries")
    #expect(!fixture.session.screen.state.isBarScrolledOut)
  }

  /// Tutorial 002's own navigation bar hides in searchBarTextDidBeginEditing and comes back in
  /// searchBarTextDidEndEditing, while the search is still active.
  @Test func customNavigationBarFollowsEditing() throws {
    let fixture = try SessionFixture(dataset: "countries")
    fixture.run("set custom-nav-bar on")
    #expect(fixture.run("focus").output.first == "[ |Search here... ] Cancel")
    fixture.run("type ch")
    let submitted = fixture.run("submit").output
    #expect(fixture.session.screen.state.isActive)
    #expect(submitted.prefix(2) == ["Countries", "[ ch ] Cancel"])
    #expect(fixture.run("focus").output.first == "[ ch| ] Cancel")
    let cancelled = fixture.run("cancel").output
    #expect(cancelled.contains("Countries · main table · 249 of 249"))
  }

  /// The look is part of a dataset's presets: `load` applies them again.
  @Test func loadAppliesThePresetLook() throws {
    let fixture = try SessionFixture(dataset: "countries")
    fixture.run("set bar-tint red", "set shows-cancel on", "load candies")
    #expect(fixture.session.screen.settings.appearance == BarAppearance())
  }
}
