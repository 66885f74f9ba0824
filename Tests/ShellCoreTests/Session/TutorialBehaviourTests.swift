import Testing

@testable import ShellCore
@testable import UIKitModel

/// Each tutorial's behaviour on its own dataset, with its presets.
struct TutorialBehaviourTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let dataset: String
    let commands: [String]
    let shown: ShownTable
    let titles: [String]
    var testDescription: String { "\(dataset): \(commands.joined(separator: "; "))" }
  }

  static let cases: [Case] = [
    // Candy: case-sensitive contains on the name, AND the category equals the scope.
    Case(dataset: "candies", commands: ["scope Hard", "search c"], shown: .results, titles: ["candy cane"]),
    Case(dataset: "candies", commands: ["scope Hard", "search C"], shown: .results, titles: []),
    Case(
      dataset: "candies", commands: ["search chocolate"], shown: .results,
      titles: ["chocolate Bar", "chocolate Chip", "dark chocolate"]),
    Case(dataset: "candies", commands: ["search Chocolate"], shown: .results, titles: []),
    Case(
      dataset: "candies", commands: ["scope Other", "search e"], shown: .results,
      titles: ["caramel", "sour chew", "gummi bear"]),
    // The display controller shows its results table only while the text is non-empty.
    Case(dataset: "candies", commands: ["scope Hard"], shown: .main, titles: CandyNames.all),
    // Recipes: contains[cd], so accents and case do not matter either way.
    Case(dataset: "recipes", commands: ["search creme"], shown: .results, titles: ["Crème Brûlée"]),
    Case(dataset: "recipes", commands: ["search BRULEE"], shown: .results, titles: ["Crème Brûlée"]),
    Case(
      dataset: "recipes", commands: ["search ham"], shown: .results,
      titles: ["Hamburger", "Ham and Egg Sandwich", "Ham and Cheese Panini"]),
    // Countries: case-insensitive contains with accents significant; the results follow isActive.
    Case(
      dataset: "countries", commands: ["search GER"], shown: .results,
      titles: ["Algeria", "Germany", "Niger", "Nigeria"]),
    Case(dataset: "countries", commands: ["search curacao"], shown: .results, titles: []),
    Case(dataset: "countries", commands: ["search curaçao"], shown: .results, titles: ["Curaçao"]),
    Case(dataset: "countries", commands: ["focus"], shown: .results, titles: []),
    Case(
      dataset: "countries", commands: ["search ger", "cancel"], shown: .main,
      titles: CountryNames.firstAndCount),
    // Fruits: the empty text shows the full list (rule text).
    Case(dataset: "fruits", commands: ["pull", "focus"], shown: .main, titles: FruitNames.all),
    Case(
      dataset: "fruits", commands: ["pull", "search AP"], shown: .results,
      titles: ["Apples", "Grapes", "Grapefruits", "Pineapples"]),
    Case(dataset: "fruits", commands: ["pull", "search ap", "clear"], shown: .main, titles: FruitNames.all),
  ]

  @Test(arguments: cases)
  func tutorialShowsWhatItsAppShowed(_ example: Case) throws {
    let fixture = try SessionFixture(dataset: example.dataset)
    for command in example.commands { fixture.session.execute(command) }
    #expect(fixture.console.errors == [])
    #expect(fixture.session.screen.state.shown == example.shown)
    if example.titles == CountryNames.firstAndCount {
      #expect(fixture.titlesOnScreen.count == 249)
      #expect(fixture.titlesOnScreen.first == "Afghanistan")
    } else {
      #expect(fixture.titlesOnScreen == example.titles)
    }
  }
}

private enum CandyNames {
  static let all = [
    "chocolate Bar", "chocolate Chip", "dark chocolate", "lollipop", "candy cane", "jaw breaker", "caramel",
    "sour chew", "gummi bear",
  ]
}

private enum FruitNames {
  static let all = [
    "Apples", "Oranges", "Pears", "Grapes", "Grapefruits", "Lemons", "Peaches", "Pineapples", "Cherries",
    "Bananas", "Watermelons", "Cantaloupes", "Limes", "Strawberries", "Blueberries", "Raspberries",
  ]
}

private enum CountryNames {
  /// A marker: the full list of 249 countries starting with Afghanistan.
  static let firstAndCount = ["<all 249 countries>"]
}
