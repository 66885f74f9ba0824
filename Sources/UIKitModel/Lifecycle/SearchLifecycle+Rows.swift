/// Row taps: a selection, the dimming view's cancel, or a storyboard segue to the detail view.
extension Step {
  mutating func tapRow(_ row: Int, item: Int) {
    if tapLandsOnDimmingView {
      // The dimming view's tap handler deactivates: Cancel without its button callback.
      if flavor == .display { endDisplaySearch() } else { dismiss() }
      return
    }
    state.selectedItem = item
    guard let segue = code.segue else {
      emitDidSelect(row)
      return
    }
    // The segue pushes the detail view, titled with what prepare(for:sender:) read.
    let onResults = state.shown == .results
    switch onResults ? segue.fromResultsTable : segue.fromMainTable {
    case .storyboardCell:
      emitPrepare(segue, sender: "UITableViewCell")
      emitDidSelect(row)
    case .didSelect(let sender):
      emitDidSelect(row)
      emitPrepare(segue, sender: sender == .tappedTable ? tableName : "self")
    }
    state.detailItem = segue.reads == .mainTable && onResults ? 0 : item
    state.isDetailOpen = true
  }

  mutating func emitDidSelect(_ row: Int) {
    emit(
      .didSelectRow,
      [
        CallbackArgument("tableView", .object(tableName)),
        CallbackArgument("didSelectRowAt", .indexPath(section: 0, row: row)),
      ])
  }

  mutating func emitPrepare(_ segue: SegueCode, sender: String) {
    emit(
      .prepareForSegue,
      [
        CallbackArgument("segue.identifier", .object("\"\(segue.identifier)\"")),
        CallbackArgument("sender", .object(sender)),
      ])
  }

  /// The dimming view takes the tap while the results are not shown: active with empty text
  /// (spec, "Select a row", the quirk; and the display table's "tap on the dimmed table").
  var tapLandsOnDimmingView: Bool { SearchLifecycle(options: options).isDimmingViewShown(state) }

  /// The table view that receives the tap.
  var tableName: String {
    guard state.shown == .results else { return "tableView" }
    switch flavor {
    case .controller: return options.results == .separate ? "resultsController.tableView" : "tableView"
    case .display: return "searchResultsTableView"
    case .custom: return "tableView"
    }
  }
}
