import Foundation
import Testing

@testable import ShellCore

/// Any scope title survives `set scopes` and a recording: commas, backslashes, end spaces, braces.
struct ScopeTitleRecordingTests {
  static let titleSets: [[String]] = [
    ["All", "x,y", "z"],
    ["All", "a\\,b", "c\\"],
    ["All", " padded ", "tab\t"],
    ["All", "{q}", "\"quoted\", 'single'"],
    ["All", "\u{301}", ",\u{301}"],
  ]

  @Test(arguments: titleSets)
  func joinedSplitsBackToTheSameTitles(_ titles: [String]) {
    #expect(ScopeTitleList.split(ScopeTitleList.joined(titles)) == titles)
  }

  @Test func plainListsReadAsBefore() {
    #expect(ScopeTitleList.split("All, Hard ,Other") == ["All", "Hard", "Other"])
    #expect(ScopeTitleList.split("a\\b,c") == ["a\\b", "c"])
    #expect(ScopeTitleList.split("a,") == ["a", ""])
  }

  @Test(arguments: titleSets)
  func aRecordingReplaysWithTheSameScopes(_ titles: [String]) throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "scopes-\(UUID().uuidString).txt"
    )
    .path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let fixture = try SessionFixture(dataset: "candies")
    // Relabelled directly, as titles from a data file would arrive, commas and all.
    fixture.session.relabelScopes(titles + ["w"])
    let printed = fixture.run("record \(path)", "scope 2", "record stop")
    #expect(printed.errors == [])
    let replay = try SessionFixture(dataset: "fruits")
    _ = replay.session.run(try Script.load(path: path, parameters: [:]))
    #expect(replay.console.errors == [])
    #expect(replay.session.screen.dataset.scopeTitles == titles + ["w"])
    #expect(replay.session.screen.state.scopeIndex == 2)
  }
}
