import Testing

@testable import ShellCore
@testable import UIKitModel

/// Each `expect` form, passing silently and failing with what it wanted and what it found.
struct ExpectTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let command: String
    let error: String?
    var testDescription: String { command }

    init(_ command: String, _ error: String? = nil) {
      self.command = command
      self.error = error
    }
  }

  /// Candies after `scope Hard`, `type c`, `select 1`: one result, candy cane, selected (its
  /// detail pushed by the candyDetail segue).
  static let cases: [Case] = [
    Case("expect count 1"),
    Case("expect count 9", "Expected count '9', found '1'"),
    Case("expect shown results"),
    Case("expect shown main", "Expected shown 'main', found 'results'"),
    Case(
      "expect shown sideways", "Invalid value 'sideways' for 'expect shown'. Expected 'main' or 'results'"),
    Case("expect active true"),
    Case("expect active false", "Expected active 'false', found 'true'"),
    Case("expect row 1 candy cane"),
    Case("expect row 1 lollipop", "Expected row 1 'lollipop', found 'candy cane'"),
    Case("expect row 2 lollipop", "Expected row 2 'lollipop', found 'only 1 row'"),
    Case("expect row x lollipop", "Invalid row number 'x': rows are numbered from 1"),
    Case("expect selected candy cane"),
    Case("expect selected none", "Expected selected 'none', found 'candy cane'"),
    Case("expect callbacks tableView(_:didSelectRowAt:), prepare(for:sender:)"),
    Case("expect callbacks didSelectRow, prepareForSegue"),
    Case(
      "expect callbacks none",
      "Expected callbacks 'none', found 'tableView(_:didSelectRowAt:), prepare(for:sender:)'"),
    Case(
      "expect callbacks searchBarTextDidChange, didSelectRow",
      "Expected callbacks 'searchBar(_:textDidChange:), tableView(_:didSelectRowAt:)', found 'tableView(_:didSelectRowAt:), prepare(for:sender:)'"
    ),
    Case("expect callbacks tableView:didSelectRowAtIndexPath:, prepareForSegue:sender:"),
    Case("expect callbacks tableView:didSelectRowAtIndexPath, prepareForSegue:sender"),
    Case("expect callbacks TABLEVIEW:DIDSELECTROWATINDEXPATH, PREPARE(FOR:SENDER:)"),
    Case("expect received didSelectRow, prepareForSegue"),
    Case(
      "expect received none",
      "Expected received 'none', found 'tableView(_:didSelectRowAt:), prepare(for:sender:)'"),
    Case(
      "expect callbacks didSelectRows",
      "Unknown callback 'didSelectRows'. Did you mean 'didSelectRow'? Use a Swift or Objective-C selector or a short name: 'callbacks' lists them"
    ),
    Case(
      "expect callbacks tableView:didSelectRowAtIndexPat",
      "Unknown callback 'tableView:didSelectRowAtIndexPat'. Did you mean 'tableView:didSelectRowAtIndexPath'? Use a Swift or Objective-C selector or a short name: 'callbacks' lists them"
    ),
    Case(
      "expect callbacks whatever",
      "Unknown callback 'whatever'. Use a Swift or Objective-C selector or a short name: 'callbacks' lists them"
    ),
    Case(
      "expect size 1",
      "Invalid value 'size' for 'expect'. Expected 'count', 'shown', 'active', 'row', 'selected', 'callbacks' or 'received'"
    ),
  ]

  @Test(arguments: cases)
  func expectation(_ example: Case) throws {
    let fixture = try SessionFixture(dataset: "candies")
    fixture.run("scope Hard", "type c", "select 1")
    let before = (state: fixture.session.screen.state, callbacks: fixture.session.screen.lastCallbacks)
    let printed = fixture.run(example.command)
    #expect(printed.output == [])
    #expect(printed.errors == example.error.map { ["error: " + $0] } ?? [])
    #expect(fixture.session.screen.state == before.state)
    #expect(fixture.session.screen.lastCallbacks == before.callbacks)
  }
}

/// `expect callbacks` and `expect received` take every spelling where the Swift names pass.
struct ExpectSpellingTests {
  static let sequences: [(dataset: String, setup: String?, command: String)] = [
    ("countries", nil, "focus"), ("countries", nil, "search ger"), ("countries", "search ger", "cancel"),
    ("countries", "set flavor custom", "search ger"), ("candies", nil, "scope Hard"),
    ("candies", "scope Hard", "type c"), ("candies", "search c", "select 1"),
    ("fruits", "pull", "search ap"),
  ]

  @Test(arguments: sequences.indices)
  func everySpellingPassesWhereTheSwiftNamesPass(_ index: Int) throws {
    let sequence = Self.sequences[index]
    let fixture = try SessionFixture(dataset: sequence.dataset)
    if let setup = sequence.setup { fixture.run(setup) }
    fixture.run(sequence.command)
    let sent = fixture.session.screen.lastCallbacks.map(\.name)
    let received = fixture.session.received(fixture.session.screen.lastCallbacks).map(\.name)
    #expect(!sent.isEmpty)
    let spellings: [(CallbackName) -> String] = [
      { $0.selector }, { $0.objcSelector }, { $0.shortName }, { String($0.objcSelector.trimmingSuffix(":")) },
    ]
    for spell in spellings {
      for (what, names) in [("callbacks", sent), ("received", received)] {
        let list = names.isEmpty ? "none" : names.map(spell).joined(separator: ", ")
        let printed = fixture.run("expect \(what) \(list)")
        #expect(printed.errors == [], "expect \(what) \(list)")
      }
    }
    // And a wrong list fails with the names spelled as 'set names' says.
    fixture.run("set names objc")
    let failure = fixture.run("expect callbacks none").errors
    #expect(failure.count == 1)
    let objc = sent.map(\.objcSelector).joined(separator: ", ")
    #expect(failure.first?.hasPrefix("error: Expected callbacks 'none', found '\(objc.prefix(40))") == true)
  }

  @Test func everyAcceptedNameNamesOneCallback() {
    for name in CallbackName.allCases {
      for spelling in name.acceptedNames {
        #expect(CallbackName(anyName: spelling) == name, "\(spelling)")
        #expect(CallbackName(anyName: spelling.uppercased()) == name, "\(spelling.uppercased())")
      }
    }
  }
}

extension String {
  fileprivate func trimmingSuffix(_ suffix: String) -> Substring {
    hasSuffix(suffix) ? dropLast(suffix.count) : self[...]
  }
}
