import Backends
import Tables

/// `count COL` and `filter`: the values of a column over the rows on screen, and the column
/// filter that narrows the table to one of them (the shell's own tool: no delegate hears it).
extension SearchScreen {
  /// A page of a `count` table as shown, so `filter N` reads value N from it.
  struct ShownCounts: Equatable {
    /// The column counted.
    var column: Int
    /// The values shown, in order.
    var values: [String]
    /// The number (from 1) of the first value shown.
    var firstNumber: Int

    /// Value `number` (from 1), if it was shown.
    func value(_ number: Int) -> String? {
      let index = number - firstNumber
      return values.indices.contains(index) ? values[index] : nil
    }
  }

  /// What the table on screen asks of the backend: the results' text and scope, or every row
  /// for the main table, under the column filter; nil when the table shows no rows whatever
  /// the data (an empty search under a rule that selects nothing for it).
  var tableRequest: SearchRequest? {
    let text = state.shown == .results ? state.appliedText : ""
    let scope = state.shown == .results ? state.appliedScope : 0
    if state.shown == .results, text.isEmpty, settings.lifecycle.rule != .text { return nil }
    return SearchRequest(
      text: text, rule: settings.match, syntax: settings.syntax, scope: scope, filter: view.filter)
  }

  /// The values of `column` at positions `range` over the rows on screen; nil when
  /// `cancellation` stopped the count.
  func valueCounts(of column: Int, range: Range<Int>, cancellation: SearchCancellation?) throws(ShellError)
    -> ValueCounts?
  {
    guard let request = tableRequest else {
      return ValueCounts(entries: [], first: 0, distinct: 0, rows: 0)
    }
    return try inBackend { () throws(BackendError) in
      try backend.valueCounts(of: column, over: request, range: range, cancellation: cancellation)
    }
  }

  /// The filter as typed: `COL = VALUE`, each quoted where it needs to be.
  var filterDescription: String? {
    guard let filter = view.filter, dataset.columns.indices.contains(filter.column) else { return nil }
    return CommandTokenizer.quotedWord(dataset.columns[filter.column]) + " = "
      + CommandTokenizer.quotedWord(filter.value)
  }
}
