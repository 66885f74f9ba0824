import Engine
import Tables
import UIKitModel

/// Says in plain sentences which list the table on screen reads, and why: `explain`.
struct Explanation {
  /// The screen explained, with its table's exact count.
  let snapshot: ScreenSnapshot

  private var state: SearchState { snapshot.state }
  private var options: LifecycleOptions { snapshot.settings.lifecycle }

  /// The sentences, one per line.
  func lines() -> [String] {
    var lines = [api, situation, table]
    if let order = snapshot.order {
      lines.append(
        "The rows are sorted by \(Sanitizer.printable(order)) (numbers before text, ASCII case ignored, "
          + "empty cells last; rows equal on every key keep the dataset's order).")
    }
    if let matching { lines.append(matching) }
    if let filter = snapshot.filter {
      lines.append(
        "The shell's own filter narrows the table to the rows where \(Sanitizer.printable(filter)) (no delegate hears it; 'filter off' clears it)."
      )
    }
    if let live { lines.append(live) }
    if let answer = snapshot.lastAnswer { lines.append("The last search \(answer).") }
    if snapshot.isDimmed {
      let why =
        switch (options.flavor, options.results) {
        case (.display, _): "a UISearchDisplayController dims while active with empty text"
        case (_, .inline):
          "obscuresBackgroundDuringPresentation over a table that filters itself, for the whole search"
        case (_, .separate): "obscuresBackgroundDuringPresentation, while the results are hidden (empty text)"
        }
      lines.append(
        "The dimming view covers the table (\(why)): a tap on a row ends the search instead of selecting it.")
    }
    if let detail = snapshot.detail {
      lines.append("The detail view of \(quoted(detail.title)) is pushed over the table; 'back' closes it.")
    }
    return lines
  }

  /// Which search API the app uses and where its results appear.
  private var api: String {
    switch (options.flavor, options.results) {
    case (.controller, .inline):
      return
        "The app uses a UISearchController with searchResultsController nil, so the table on screen filters itself (rule '\(options.rule.rawValue)')."
    case (.controller, .separate):
      return
        "The app uses a UISearchController with a separate results controller, which is on screen only while the search is active with text."
    case (.display, _):
      return
        "The app uses a UISearchDisplayController, which lays its own searchResultsTableView over the table exactly while the search is active with text."
    case (.custom, _):
      return
        "The app uses its own CustomSearchController: it is never presented, so isActive stays false, and the app shows its filtered list from didStartSearching() until didTapOnCancelButton()."
    }
  }

  /// The state that decides the table: isActive, the text, the scope and the keyboard.
  private var situation: String {
    var text = "Now isActive is \(state.isActive), the text is \(quoted(state.text))"
    if snapshot.hasScopes {
      text += ", the scope is '\(Sanitizer.printable(snapshot.scopeTitles[state.scopeIndex]))'"
    }
    return text
      + " and the keyboard is \(state.isFirstResponder ? "up (the bar is first responder)" : "down")."
  }

  /// Which list the table reads, and the rule that chose it.
  private var table: String {
    let total = ScreenRenderer.describe(snapshot.totalRows)
    switch state.shown {
    case .main:
      return "So the table reads the full list, all \(total) rows, because \(mainReason)."
    case .results:
      let count = ScreenRenderer.describe(snapshot.rowCount ?? .exact(0))
      var text = "So the table reads the filtered list, \(count) of \(total) rows, because \(resultsReason)"
      if state.appliedText.isEmpty && state.appliedScope == 0 && options.rule == .active
        && options.flavor == .controller
      {
        text += "; with empty text Foundation's contains finds nothing, so the list is empty until you type"
      }
      return text + "."
    }
  }

  private var mainReason: String {
    switch options.flavor {
    case .controller where options.results == .separate:
      return state.isActive
        ? "the results controller stays hidden while the text is empty" : "the search is not active"
    case .controller:
      if !state.isActive { return "the search is not active (isActive is false)" }
      return "under rule 'text' an active search with empty text and no scope shows everything"
    case .display:
      return state.isActive
        ? "the results table appears only once there is text" : "the search is not active (isActive is false)"
    case .custom:
      return "the app's shouldShowSearchResults is false (not started, or cancelled)"
    }
  }

  private var resultsReason: String {
    switch options.flavor {
    case .controller where options.results == .separate:
      return "the search is active with text, so the results controller is on screen"
    case .controller:
      return options.rule == .active
        ? "the search is active (rule 'active': filtered whenever isActive is true)"
        : "the search is active with text or a scope (rule 'text')"
    case .display:
      return "the search is active with text, so the display controller shows its results table"
    case .custom:
      return "didStartSearching() set the app's shouldShowSearchResults"
    }
  }

  /// How a row matches the text the list was filtered with.
  private var matching: String? {
    guard state.shown == .results else { return nil }
    var text =
      "A row is in it when its \(Sanitizer.printable(snapshot.fields))\(snapshot.fieldsReason.map { " (\($0))" } ?? "") matches \(quoted(state.appliedText)): \(snapshot.settings.match.abstract) (match '\(snapshot.settings.match.rawValue)'\(syntaxNote))"
    if state.appliedScope != 0 {
      text +=
        ", and its category is '\(Sanitizer.printable(snapshot.scopeTitles[state.appliedScope]))'"
    }
    return text + "."
  }

  /// "; syntax 'literal': the whole text is one substring": how the text was read, except by a
  /// regex, which reads its pattern either way.
  private var syntaxNote: String {
    guard snapshot.settings.match != .regex else { return "" }
    switch snapshot.settings.syntax {
    case .literal: return "; syntax 'literal': the whole text is one substring"
    case .extended: return "; syntax 'extended': the text is a query of terms"
    }
  }

  /// Live search off: the list may lag behind the bar.
  private var live: String? {
    guard !options.live else { return nil }
    if state.appliedText != state.text {
      return
        "Live search is off, so the list was last filtered for \(quoted(state.appliedText)), not for the text in the bar; the Search button filters again."
    }
    return "Live search is off: typing does not filter; only the Search button does."
  }

  private func quoted(_ text: String) -> String { TraceFormatter.quoted(text) }
}
