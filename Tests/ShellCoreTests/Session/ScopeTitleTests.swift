import Testing

@testable import ShellCore

/// `set scopes` relabels the scope bar and keeps the searched columns and the folded text.
struct ScopeTitleTests {
  @Test func relabelledScopeFiltersByItsTitle() throws {
    let fixture = try SessionFixture(dataset: "candies")
    let printed = fixture.run("set scopes Any,Hard,Other", "scope Hard", "search c")
    #expect(printed.errors == [])
    #expect(fixture.session.screen.dataset.scopeTitles == ["Any", "Hard", "Other"])
    #expect(fixture.titlesOnScreen == ["candy cane"])
    fixture.run("scope Any")
    #expect(
      fixture.titlesOnScreen == [
        "chocolate Bar", "chocolate Chip", "dark chocolate", "candy cane", "caramel", "sour chew",
      ])
  }

  @Test func relabellingKeepsTheSearchedColumns() throws {
    let fixture = try SessionFixture(dataset: "languages")
    let printed = fixture.run("set fields name,code", "set scopes All,Living,Extinct", "search xch")
    #expect(printed.errors == [])
    #expect(fixture.session.screen.backend.searchedColumns.count == 2)
    #expect(fixture.titlesOnScreen == ["Chemakum"])
  }
}
