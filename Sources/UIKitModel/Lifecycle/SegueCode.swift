/// How a tutorial's rows open its detail view through a storyboard segue (spec, "Detail through
/// a storyboard segue"): who performs it from each table, and where `prepare(for:sender:)`
/// reads the item it shows.
package struct SegueCode: Equatable, Sendable {
  /// The segue's identifier in the storyboard.
  package var identifier: String
  /// How a tap on the main table performs it.
  package var fromMainTable: SegueTrigger
  /// How a tap on the results table performs it.
  package var fromResultsTable: SegueTrigger
  /// Which table `prepare(for:sender:)` reads the selected row of.
  package var reads: SegueReading
}

/// Who performs a segue.
package enum SegueTrigger: Equatable, Sendable {
  /// Wired to the cell in the storyboard: `prepare(for:sender:)` with the cell runs before
  /// `tableView(_:didSelectRowAt:)`.
  case storyboardCell
  /// `performSegue(withIdentifier:sender:)` in `tableView(_:didSelectRowAt:)`, so prepare follows it.
  case didSelect(sender: SegueSender)
}

/// The `sender` an app passes to `performSegue(withIdentifier:sender:)`.
package enum SegueSender: Equatable, Sendable {
  /// The table view that was tapped (the candy tutorial).
  case tappedTable
  /// The view controller itself, `self` (the recipe tutorial).
  case viewController
}

/// Where `prepare(for:sender:)` takes the row whose item the detail shows.
package enum SegueReading: Equatable, Sendable {
  /// The table that was tapped, told by `sender` or by `isActive` (the tutorials' fixed code).
  case tappedTable
  /// Always the main table's `indexPathForSelectedRow`: while the results table is on screen the
  /// main table has none, and nil's `row` is 0 in Objective-C, so the detail shows the first
  /// item (the recipe tutorial's bug before its fix).
  case mainTable
}
