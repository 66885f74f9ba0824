import Backends
import Engine
import Tables

/// The one path from a query to the backend, and the rows of the table on screen.
extension SearchScreen {
  /// The app's filtered items for `text` in `scope`; an invalid query selects nothing.
  ///
  /// The tutorials filter with Foundation's `contains`, which finds nothing for an empty string, so
  /// an empty search selects nothing; under the `text` rule (the fruit example) an empty search
  /// selects every row of the scope instead.
  func filteredRows(text: String, scope: Int, everyRow: Bool = false) -> any SearchRows {
    do throws(ShellError) {
      return try searchedRows(
        text: text, rule: settings.match, scope: scope, cancellation: frameCancellation, command: "",
        everyRow: everyRow)
    } catch {
      // A frame stopped by the next key: nothing is kept, the next frame searches again.
      if frameCancellation?.isCancelled == true { return NoRows() }
      let rows = NoRows()
      let key = SearchKey(
        text: text, scope: scope, match: settings.match, syntax: settings.syntax, order: view.order,
        filter: view.filter, keepsRowOrder: view.keepsRowOrder)
      searchCache = (key, rows)
      return rows
    }
  }

  /// Checks that `text` is a valid query under `rule` (the current one by default) before any
  /// state changes; `cancellation` (Ctrl-C) stops a long search, naming `command`.
  ///
  /// It is the search the screen then draws: the rows are kept for it, so a command searches
  /// once. An empty query is always valid.
  func validateQuery(
    _ text: String, rule: MatchRule? = nil, scope: Int? = nil, cancellation: SearchCancellation,
    command: String
  ) throws(ShellError) {
    guard !text.isEmpty else { return }
    _ = try searchedRows(
      text: text, rule: rule ?? settings.match, scope: scope ?? state.scopeIndex, cancellation: cancellation,
      command: command)
  }

  /// The one path from a query to the backend: the rows for `text` in `scope` under `rule`,
  /// searched once per query and kept until another is searched.
  ///
  /// `everyRow` reads an empty text as every row of `scope` whatever the rule: the main table
  /// under a column filter.
  private func searchedRows(
    text: String, rule: MatchRule, scope: Int, cancellation: SearchCancellation?, command: String,
    everyRow: Bool = false
  ) throws(ShellError) -> any SearchRows {
    if text.isEmpty, !everyRow {
      guard settings.lifecycle.rule == .text else { return NoRows() }
      if scope == 0, view.filter == nil { return backend.allRows(order: view.order) }
    }
    let key = SearchKey(
      text: text, scope: scope, match: rule, syntax: settings.syntax, order: view.order, filter: view.filter,
      keepsRowOrder: view.keepsRowOrder)
    if let searchCache, searchCache.key == key { return searchCache.rows }
    var request = SearchRequest(
      text: text, rule: rule, syntax: settings.syntax, scope: scope, order: view.order, filter: view.filter)
    request.keepsRowOrder = view.keepsRowOrder
    // A mapped entry truncated since the command began: nothing is read from it.
    try refuseChangedMapping(faulted: false)
    // The rows on screen stay until the search succeeds: a search refused (memory, a server's
    // error, Ctrl-C) leaves the previous one as it was, where searching it again may be refused
    // too. They share their memory with the engine's cache (a ranking, bits, a small result),
    // except a large plain result, which the cache packs as bits, and a large ranking read past
    // its top, which the cache drops: those stay held through the search.
    guard
      let rows = try inBackend({ () throws(BackendError) in
        try backend.search(request, cancellation: cancellation)
      })
    else {
      throw .cancelled(command: command, outcome: "the search is as it was before it")
    }
    // Truncated during the search: pages read as zeros (`MappedFileFaultGuard`), so the rows
    // are not the file's.
    try refuseChangedMapping(faulted: true)
    searchCache = (key, rows)
    return rows
  }

  /// Throws `indexCacheChanged`, dropping the rows on screen (they read the entry too), when the
  /// mapped entry is truncated, or (`faulted`) when a read from it faulted.
  private func refuseChangedMapping(faulted: Bool) throws(ShellError) {
    guard let mapping = indexCacheMapping, faulted ? mapping.file.hasFaulted : !mapping.file.isIntact else {
      return
    }
    searchCache = nil
    throw .indexCacheChanged(mapping.dataPath)
  }

  /// The rows of the table on screen.
  var tableRows: any SearchRows {
    switch state.shown {
    case .main:
      guard view.filter != nil else { return backend.allRows(order: view.order) }
      return filteredRows(text: "", scope: 0, everyRow: true)
    case .results: return filteredRows(text: state.appliedText, scope: state.appliedScope)
    }
  }

  /// Whether the table on screen is at hand: the main table, or a search already read (a live
  /// frame a key stopped leaves its search unread, and drawing it would wait for it again).
  var isTableAtHand: Bool {
    switch state.shown {
    case .main: view.filter == nil || isSearched(text: "", scope: 0, everyRow: true)
    case .results: isSearched(text: state.appliedText, scope: state.appliedScope)
    }
  }

  /// Whether `filteredRows` answers `text` in `scope` without a search (see `searchedRows`).
  private func isSearched(text: String, scope: Int, everyRow: Bool = false) -> Bool {
    if text.isEmpty, !everyRow, settings.lifecycle.rule != .text || scope == 0 && view.filter == nil {
      return true
    }
    let key = SearchKey(
      text: text, scope: scope, match: settings.match, syntax: settings.syntax, order: view.order,
      filter: view.filter, keepsRowOrder: view.keepsRowOrder)
    return searchCache?.key == key
  }

  /// How many rows the current text and scope select: `status` waits for the exact count, and
  /// shows the estimate, marked, when it cannot be read (a timeout, Ctrl-C).
  var matchCount: RowCount { filteredRows(text: state.text, scope: state.scopeIndex).count(waiting: true) }
}

/// Identifies one search of the current backend (a new backend forgets the last search): the
/// same key gives the same rows.
struct SearchKey: Equatable {
  var text: String
  var scope: Int
  var match: MatchRule
  var syntax: QuerySyntax
  var order: SortOrder?
  var filter: ColumnFilter?
  var keepsRowOrder = false
}
