import Testing

@testable import UIKitModel

/// spec/lifecycle.md, "Detail through a storyboard segue": prepare(for:sender:) in UIKit's order
/// with its sender, and the item it chooses for the detail view.
@Suite("storyboard segues")
struct SegueTests {
  static let candy = AppCode(
    segue: SegueCode(
      identifier: "candyDetail", fromMainTable: .didSelect(sender: .tappedTable),
      fromResultsTable: .didSelect(sender: .tappedTable), reads: .tappedTable))
  static func recipe(_ reads: SegueReading) -> AppCode {
    AppCode(
      segue: SegueCode(
        identifier: "showRecipeDetail", fromMainTable: .storyboardCell,
        fromResultsTable: .didSelect(sender: .viewController), reads: reads))
  }

  static func prepare(_ identifier: String, sender: String, _ s: CallbackSnapshot) -> Callback {
    Callback(
      .prepareForSegue,
      [.init("segue.identifier", .object("\"\(identifier)\"")), .init("sender", .object(sender))], state: s)
  }

  static let cases: [LifecycleCase] = [
    LifecycleCase(
      "performedFromDidSelectOnTheMainTableSendsTheTable", .display, code: candy, .rowTapped(row: 1, item: 1),
      [
        .didSelectRow("tableView", row: 1, at(.inactive, "", .notFR, .main)),
        prepare("candyDetail", sender: "tableView", at(.inactive, "", .notFR, .main)),
      ],
      state: {
        $0.selectedItem = 1
        $0.detailItem = 1
        $0.isDetailOpen = true
      }),
    LifecycleCase(
      "performedFromDidSelectOnTheResultsTableSendsTheResultsTable", .display, code: candy,
      setup: Given.typed("c"), .rowTapped(row: 0, item: 4),
      [
        .didSelectRow("searchResultsTableView", row: 0, at(.active, "c", .fr, .results)),
        prepare("candyDetail", sender: "searchResultsTableView", at(.active, "c", .fr, .results)),
      ],
      state: {
        $0.selectedItem = 4
        $0.detailItem = 4
        $0.isDetailOpen = true
      }),
    LifecycleCase(
      "storyboardCellSeguePreparesBeforeDidSelect", .display, code: recipe(.tappedTable),
      .rowTapped(row: 2, item: 2),
      [
        prepare("showRecipeDetail", sender: "UITableViewCell", at(.inactive, "", .notFR, .main)),
        .didSelectRow("tableView", row: 2, at(.inactive, "", .notFR, .main)),
      ],
      state: {
        $0.selectedItem = 2
        $0.detailItem = 2
        $0.isDetailOpen = true
      }),
    LifecycleCase(
      "fixedRecipeReadsTheResultsRowWhileActive", .display, code: recipe(.tappedTable),
      setup: Given.typed("c"), .rowTapped(row: 0, item: 6),
      [
        .didSelectRow("searchResultsTableView", row: 0, at(.active, "c", .fr, .results)),
        prepare("showRecipeDetail", sender: "self", at(.active, "c", .fr, .results)),
      ],
      state: {
        $0.selectedItem = 6
        $0.detailItem = 6
        $0.isDetailOpen = true
      }),
    LifecycleCase(
      "recipeBeforeFixReadsTheMainTableWhoseNilRowIsZero", .display, code: recipe(.mainTable),
      setup: Given.typed("c"), .rowTapped(row: 0, item: 6),
      [
        .didSelectRow("searchResultsTableView", row: 0, at(.active, "c", .fr, .results)),
        prepare("showRecipeDetail", sender: "self", at(.active, "c", .fr, .results)),
      ],
      state: {
        $0.selectedItem = 6
        $0.detailItem = 0
        $0.isDetailOpen = true
      }),
    LifecycleCase(
      "recipeBeforeFixIsRightOnTheMainTable", .display, code: recipe(.mainTable), .rowTapped(row: 5, item: 5),
      [
        prepare("showRecipeDetail", sender: "UITableViewCell", at(.inactive, "", .notFR, .main)),
        .didSelectRow("tableView", row: 5, at(.inactive, "", .notFR, .main)),
      ],
      state: {
        $0.selectedItem = 5
        $0.detailItem = 5
        $0.isDetailOpen = true
      }),
    LifecycleCase(
      "aTapOnTheDimmedTablePerformsNoSegue", .display, code: candy, setup: Given.tappedIn,
      .rowTapped(row: 0, item: 0),
      [
        .willEndSearch(at(.inactive, "", .fr, .main)),
        .shouldEndEditing(at(.inactive, "", .fr, .main)),
        .textDidEndEditing(at(.inactive, "", .notFR, .main)),
        .didEndSearch(at(.inactive, "", .notFR, .main)),
      ],
      state: { $0 = SearchState() }),
  ]

  @Test(arguments: cases)
  func segue(_ example: LifecycleCase) { example.run() }
}
