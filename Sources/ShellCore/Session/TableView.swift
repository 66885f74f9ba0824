/// How the table shows its rows beyond the search: the columns (`set columns`) and the order
/// (`sort`). A new dataset starts with the defaults; relabelled scopes keep them.
struct TableView {
  /// The columns shown, in order; nil for the title, and the searched columns after it when the
  /// search covers more than the title.
  var columns: [Int]?
  /// The order; nil for the dataset's own.
  var order: RowOrder?
}
