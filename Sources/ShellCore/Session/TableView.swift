import Backends

/// How the table shows its rows beyond the search: its columns, its order and its filter.
///
/// `set columns`, `sort` and `filter` change it; a new dataset starts with the defaults, and relabelled
/// scopes keep them.
struct TableView: Equatable {
  /// The columns shown, in order; nil for the title, and the searched columns after it when the
  /// search covers more than the title.
  var columns: [Int]?
  /// The order; nil for the dataset's own (or the rule's).
  var order: SortOrder?
  /// The column filter (`filter COL = VALUE`, or a value chosen from `count`); nil for none.
  var filter: ColumnFilter?
  /// Whether a ranking rule's results keep the dataset's order (the picker's `--no-sort`).
  var keepsRowOrder = false
}
