import Testing

@testable import Tables

/// `~` as shells read it: `$HOME` first.
struct HomeFolderTests {
  @Test(arguments: [
    ("~", "/home/u"), ("~/a.csv", "/home/u/a.csv"), ("a/~/b", "a/~/b"), ("/x/~", "/x/~"), ("", ""),
    ("~~", "~~"),
  ])
  func expandsALeadingTilde(_ example: (String, String)) {
    #expect(HomeFolder.expanding(example.0, environment: ["HOME": "/home/u/"]) == example.1)
  }

  @Test func aRootHomeAndAnUnsetOne() {
    #expect(HomeFolder.expanding("~/a", environment: ["HOME": "/"]) == "/a")
    #expect(HomeFolder.expanding("~/a", environment: [:]).hasSuffix("/a"))
    #expect(!HomeFolder.expanding("~/a", environment: ["HOME": ""]).hasPrefix("~"))
  }
}
