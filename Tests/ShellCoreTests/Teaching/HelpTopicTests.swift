import Testing

@testable import ShellCore
@testable import UIKitModel

/// `help CALLBACK`, `help TERM` and `help terms`: every name the output uses is explained, in
/// any spelling, at 80 columns.
struct HelpTopicTests {
  /// Every callback, in each of its spellings, gets its page: the selector, what it is for, when.
  @Test(arguments: CallbackName.allCases)
  func everyCallbackInEverySpelling(_ callback: CallbackName) throws {
    let fixture = try SessionFixture(dataset: "candies")
    for spelling in callback.acceptedNames {
      let printed = fixture.run("help \(spelling)")
      #expect(printed.errors == [], "help \(spelling)")
      #expect(printed.output.first?.hasPrefix(callback.selector + "  (Objective-C") == true)
      #expect(printed.output.contains { $0.contains("What for: ") })
      #expect(printed.output.contains { $0.contains("When: ") })
      #expect(printed.output.allSatisfy { $0.count <= 80 })
    }
  }

  /// Who receives it is the app's wiring: received with the method's code, skipped, or nobody.
  @Test(arguments: [
    (
      "fruits", "updateSearchResults",
      "searchController.searchResultsUpdater is ViewController, which implements it."
    ),
    ("fruits", "searchBarTextDidChange", "which does not implement it: UIKit skips it."),
    (
      "fruits", "willPresentSearchController",
      "searchController.delegate is not set: UIKit sends it to nobody."
    ),
    ("fruits", "willBeginSearch", "never sent; it belongs to another flavor"),
    (
      "candies", "prepareForSegue:sender:",
      "segue.sourceViewController is CandyTableViewController, which implements it."
    ),
  ])
  func theReceiverIsTheAppsWiring(_ example: (String, String, String)) throws {
    let fixture = try SessionFixture(dataset: example.0)
    let text = fixture.run("help \(example.1)").output.joined(separator: " ")
    #expect(text.split(separator: " ").joined(separator: " ").contains(example.2))
  }

  /// The method's code and its NSLog lines show where the app implements it.
  @Test func theTutorialsCodeShows() throws {
    let fixture = try SessionFixture(dataset: "candies")
    let text = fixture.run("help prepare(for:sender:)").output.joined(separator: "\n")
    #expect(text.contains("Its code: "))
  }

  /// Every term of the glossary is listed by `help terms` and found by each of its names.
  @Test func everyTermIsListedAndFound() throws {
    let fixture = try SessionFixture(dataset: "candies")
    let listing = fixture.run("help terms").output
    #expect(listing.allSatisfy { $0.count <= 80 })
    for term in Glossary.terms {
      #expect(listing.contains { $0.hasPrefix(term.names[0]) })
      // A term never shadows a command: 'help NAME' reaches each of its names.
      for name in term.names {
        #expect(CommandRegistry.command(named: name) == nil, "\(name) is a command")
        let printed = fixture.run("help \(name)")
        #expect(printed.errors == [], "help \(name)")
        #expect(printed.output.first?.hasPrefix(term.names[0]) == true)
      }
    }
  }

  /// The words the issue named, and the state table's abbreviation, are in the glossary.
  @Test(arguments: [
    "first responder", "delegate", "data source", "results controller", "dimming view", "scope bar", "segue",
    "FR", "sender", "isActive",
  ])
  func theNamedTermsAreDefined(_ name: String) {
    #expect(Glossary.term(named: name) != nil)
  }

  @Test func anUnknownTopicIsOneLineWithASuggestion() throws {
    let fixture = try SessionFixture(dataset: "candies")
    #expect(
      fixture.run("help searchBarTextDidChang").errors == [
        "error: No help for 'searchBarTextDidChang': it is no command, callback or term. Did you mean 'searchBarTextDidChange'?"
      ])
    #expect(
      fixture.run("help zzz").errors == [
        "error: No help for 'zzz': it is no command, callback or term. 'help' lists the commands, 'callbacks' the callbacks, 'help terms' the terms"
      ])
  }
}
