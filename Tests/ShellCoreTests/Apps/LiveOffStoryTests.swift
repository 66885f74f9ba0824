import Testing

@testable import ShellCore
@testable import UIKitModel

/// The countries tutorial's live-search-off variant: the screen, the trace's "does:" and
/// `explain` tell the same story (the list changes only on the Search key).
struct LiveOffStoryTests {
  @Test func typingLeavesTheListAndEveryAccountSaysSo() throws {
    let fixture = try SessionFixture(dataset: "countries")
    fixture.run("set live off", "set app-log on", "trace on")
    let typed = fixture.run("search ger").output
    #expect(typed.contains("results table · 0 of 249"))
    let does = typed.filter { $0.hasPrefix("    does: ") }
    #expect(does.count == 3)
    #expect(
      does.filter { $0.contains("filteredArray") || $0.contains("filters with") }.isEmpty, "\(does)")
    #expect(does.last == "    does: live search off: leaves the list as it was (the Search key filters)")
    let explained = fixture.run("explain").output.joined(separator: " ")
    #expect(explained.contains("0 of 249 rows"))
    #expect(explained.contains("last filtered for \"\""))
    #expect(!explained.contains("4 rows"), "\(explained)")
  }

  @Test func theSearchKeyFiltersAndEveryAccountSaysSo() throws {
    let fixture = try SessionFixture(dataset: "countries")
    fixture.run("set live off", "search ger", "set app-log on", "trace on")
    let submitted = fixture.run("submit").output
    #expect(submitted.contains("results table · 4 of 249"))
    #expect(submitted.contains("    does: filters with the text (live off), shows it, resigns the bar"))
    let explained = fixture.run("explain").output.joined(separator: " ")
    #expect(explained.contains("4 of 249 rows"))
    #expect(explained.contains("4 rows."))
  }

  /// With live search on, each method does what the tutorial's code does, unchanged.
  @Test(arguments: [true, false])
  func doesFollowsLiveSearch(_ live: Bool) throws {
    let app = AppModel.tutorial(.countries, options: LifecycleOptions())
    let update = try #require(app.methods.first { $0.callback == .updateSearchResults })
    #expect(update.does(live: live).hasPrefix("live search off") == !live)
    let fruits = AppModel.tutorial(.fruits, options: LifecycleOptions())
    let logs = fruits.methods.first?.logs(live: live) ?? []
    #expect(logs.contains(.eachMatch(prefix: "str=")) == live)
    #expect(logs.count == (live ? 3 : 2))
  }
}
