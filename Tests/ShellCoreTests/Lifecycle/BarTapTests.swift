import Testing

@testable import ShellCore
@testable import UIKitModel

/// "Tap into the bar first", and the scrolled-out bar, as lifecycle rules.
@Suite struct BarTapTests {
  struct Case: Sendable {
    let use: BarUse
    let isFirstResponder: Bool
    let isSearching: Bool
    let tapsFirst: Bool
  }

  static let cases: [Case] = [
    Case(use: .editing, isFirstResponder: false, isSearching: false, tapsFirst: true),
    Case(use: .editing, isFirstResponder: false, isSearching: true, tapsFirst: true),
    Case(use: .editing, isFirstResponder: true, isSearching: true, tapsFirst: false),
    Case(use: .scopeBar, isFirstResponder: false, isSearching: false, tapsFirst: true),
    Case(use: .scopeBar, isFirstResponder: false, isSearching: true, tapsFirst: false),
    Case(use: .scopeBar, isFirstResponder: true, isSearching: true, tapsFirst: false),
  ]

  @Test(arguments: cases)
  func tapsIntoTheBarOnlyWhenItIsNotReady(_ example: Case) {
    let actions = SearchLifecycle.tapIntoBar(
      before: example.use, isFirstResponder: example.isFirstResponder, isSearching: example.isSearching)
    #expect(actions == (example.tapsFirst ? [.editingBegan] : []))
  }

  @Test(arguments: [Flavor.controller, .display, .custom])
  func scrollingHidesTheBarUntilAPullOrAFocus(_ flavor: Flavor) {
    var options = LifecycleOptions()
    options.flavor = flavor
    let lifecycle = SearchLifecycle(options: options)
    var state = SearchState()
    #expect(lifecycle.reduce(&state, .tableScrolledPastBar) == [])
    #expect(state.isBarScrolledOut)
    #expect(lifecycle.reduce(&state, .tablePulledToTop) == [])
    #expect(!state.isBarScrolledOut)
    _ = lifecycle.reduce(&state, .tableScrolledPastBar)
    _ = lifecycle.reduce(&state, .editingBegan)
    #expect(!state.isBarScrolledOut)
    // While the bar is engaged it cannot scroll out of sight.
    _ = lifecycle.reduce(&state, .tableScrolledPastBar)
    #expect(!state.isBarScrolledOut)
  }

  @Test func theSessionsBarFollowsThePresetPullAndFocus() throws {
    let fixture = try SessionFixture(dataset: "countries")
    fixture.run("set bar-hidden on")
    #expect(fixture.session.searchState.isBarScrolledOut)
    #expect(fixture.run("pull").errors == [])
    #expect(!fixture.session.searchState.isBarScrolledOut)
    #expect(fixture.run("pull").errors.count == 1)
    // A dataset's presets decide where its table starts: countries with the bar in sight, the
    // fruit app scrolled past it.
    fixture.run("set bar-hidden on", "load countries")
    #expect(!fixture.session.searchState.isBarScrolledOut)
    fixture.run("load fruits")
    #expect(fixture.session.searchState.isBarScrolledOut)
    // Out of sight, the bar cannot be tapped: 'pull' brings it back, and 'focus' taps it.
    #expect(fixture.run("focus").errors.count == 1)
    #expect(!fixture.session.searchState.isFirstResponder && !fixture.session.searchState.isActive)
    fixture.run("pull", "focus")
    #expect(!fixture.session.searchState.isBarScrolledOut)
    #expect(fixture.session.searchState.isFirstResponder)
  }

  @Test func liveOpenKeepsTheTapsCallbacksLikeDetail() throws {
    let live = try SessionFixture(dataset: "countries")
    let scripted = try SessionFixture(dataset: "countries")
    LiveController(session: live.session).handle(LiveEquivalenceTests.typed("ger") + [.down, .down, .open])
    scripted.run("type ger", "detail 2")
    #expect(!live.session.screen.lastCallbacks.isEmpty)
    #expect(live.session.screen.lastCallbacks == scripted.session.screen.lastCallbacks)
  }
}
