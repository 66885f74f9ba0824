import Backends
import UIKitModel

/// The search screen as a value: everything the renderers draw, taken from the session in one
/// place (`Session.snapshot`), so drawing reads no session, engine or dataset.
struct ScreenSnapshot: Equatable {
  /// One table row in sight.
  struct Row: Equatable {
    /// The row's number in the table (from 1).
    var number: Int
    /// The dataset row.
    var id: Int
    /// The title, raw.
    var title: String
    /// The matched characters of the title (offsets in characters); empty without colour.
    var highlights: [Range<Int>]
    /// The cells of the columns shown, raw, when the table shows more than the title.
    var cells: [String] = []
    /// Per cell, its matched characters (searched columns only; empty without colour).
    var cellHighlights: [[Range<Int>]] = []
  }

  /// The lifecycle's state.
  var state: SearchState
  /// The options that shape the screen (flavor, rule, titles, appearance, page size).
  var settings: SessionSettings
  /// Whether the dimming view covers the table.
  var isDimmed: Bool
  /// How many rows the dataset has.
  var totalRows: RowCount
  /// The scope-bar titles ("All" first); one title means no scope bar.
  var scopeTitles: [String]
  /// The searched columns' names, as `set` lists them.
  var fields: String
  /// How the last search was answered, if any; taken for `explain` only.
  var lastAnswer: String?
  /// Why the search looks in `fields`; taken for `explain` only.
  var fieldsReason: String?
  /// The detail view of the selected row while it is open.
  var detail: RowDetail?
  /// The table's row count, or nil when the snapshot holds no table.
  var rowCount: RowCount?
  /// The rows in sight, from `firstRow` (from 0).
  var rows: [Row] = []
  /// The table position of the first row in sight.
  var firstRow = 0
  /// Under a search of a file that found nothing: the columns it skipped that would match.
  var elsewhere: String?
  /// The column filter as typed (`COL = VALUE`), nil for none.
  var filter: String?
  /// The names of the columns the table shows, when more than the title (`set columns`, or
  /// the searched columns); empty for the title alone, as the tutorials' table.
  var columnNames: [String] = []
  /// The table's order as `sort` shows it (`category asc, text desc`); nil when unsorted.
  var order: String?

  /// Whether the scope bar exists at all.
  var hasScopes: Bool { scopeTitles.count > 1 }
}

/// How much of the table a snapshot holds.
struct TableSight {
  /// Whether the count must be exact (waiting for it) rather than what is known now.
  var exact: Bool
  /// The table positions in sight, given the snapshot so far (its count known, no rows yet).
  var window: (ScreenSnapshot) -> Range<Int>

  /// The exact count only (`explain`, the header of `list all`).
  static var countOnly: TableSight { TableSight(exact: true) { _ in 0..<0 } }

  /// Page `page` (from 1) of `pageSize` rows, or the first when the page is past the end.
  ///
  /// An estimated count does not cut the page: the backend's page says where the rows end.
  static func page(_ page: Int, exact: Bool) -> TableSight {
    TableSight(exact: exact) { snapshot in
      let pageSize = max(1, snapshot.settings.pageSize)
      let count = snapshot.rowCount ?? .exact(0)
      let first = (max(page, 1) - 1) * pageSize
      guard count.isExact else { return first..<(first + pageSize) }
      let start = min(first, count.value)
      return start..<min(start + pageSize, count.value)
    }
  }
}
