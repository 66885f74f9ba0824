import Backends
import Engine
import Foundation
import Tables
import UIKitModel

/// The commands of the search bar and the rows. Each validates everything first, so a failure
/// changes nothing.
extension Session {
  // MARK: - Data

  func datasetsCommand() {
    guard let catalog else { return }
    let width = catalog.names.map(\.count).max() ?? 0
    for entry in catalog.entries {
      let padding = String(repeating: " ", count: width - entry.name.count)
      printHanging("  \(entry.name)\(padding)  \(entry.about)")
    }
  }

  // MARK: - Search bar

  /// Refuses `command` while the table is scrolled past the bar (the fruit example at launch):
  /// there is no bar on screen to tap until `pull` brings it into sight.
  private func requireBarInSight(for command: String) throws(ShellError) {
    guard screen.state.isBarScrolledOut else { return }
    throw .notAvailable(
      command: command, reason: "the search bar is scrolled out of sight; 'pull' brings it into view")
  }

  func focusCommand() throws(ShellError) {
    try requireBarInSight(for: "focus")
    perform([.editingBegan])
  }

  func searchCommand(_ text: String) throws(ShellError) {
    try requireBarInSight(for: "search")
    try validateQuery(text)
    perform(
      screen.tapIntoBar(before: .editing) + [.textChanged(.replaceAll(of: screen.state.text, with: text))])
  }

  /// The most characters one `type` or `backspace` edits, one text change (and its callbacks,
  /// kept for `diagram`) each; `search` and `clear` change any text in one.
  static let keystrokeLimit = 100_000

  func typeCommand(_ text: String) throws(ShellError) {
    try requireBarInSight(for: "type")
    let count = text.count
    guard count <= Self.keystrokeLimit else {
      throw .notAvailable(
        command: "type",
        reason:
          "the text has \(count) characters and 'type' types at most \(Self.keystrokeLimit), one change each;"
          + " 'search' sets any text in one change")
    }
    try validateQuery(screen.state.text + text)
    var actions = screen.tapIntoBar(before: .editing)
    actions.reserveCapacity(actions.count + text.utf8.count)
    // The offset is counted as the text grows: measuring the text for each edit is quadratic.
    var offset = screen.state.searchText.utf16Count
    for character in text {
      // Nothing has changed yet, so Ctrl-C can stop the preparation of a long text too.
      if actions.count % 256 == 0 {
        try checkInterruption(command: "type", outcome: "the search is as it was before it")
      }
      let typed = String(character)
      actions.append(.textChanged(TextEdit(location: offset, length: 0, replacement: typed)))
      offset += typed.utf16.count
    }
    // Ctrl-C puts the text back as it was: a cancelled command changes nothing.
    try performCancellably(actions, command: "type")
  }

  func backspaceCommand(_ countText: String?) throws(ShellError) {
    try requireBarInSight(for: "backspace")
    var count = 1
    if let countText {
      // A count beyond the text deletes all of it, however large.
      guard let number = UserNumber(countText).clamped, number > 0 else {
        throw .invalidValue(option: "backspace", value: countText, allowed: "a count above 0")
      }
      count = number
    }
    let text = screen.state.text
    guard !text.isEmpty else { throw .nothingToDelete }
    let deleted = min(count, text.count)
    guard deleted <= Self.keystrokeLimit else {
      throw .notAvailable(
        command: "backspace",
        reason:
          "it would delete \(deleted) characters and deletes at most \(Self.keystrokeLimit), one change each;"
          + " 'clear' empties the text in one change")
    }
    try validateQuery(String(text.dropLast(deleted)))
    var actions = screen.tapIntoBar(before: .editing)
    // One walk back over the characters: each deletion ends where the previous one began.
    var end = text.utf16.count
    for character in text.reversed().prefix(count) {
      let length = String(character).utf16.count
      actions.append(.textChanged(TextEdit(location: end - length, length: length, replacement: "")))
      end -= length
    }
    try performCancellably(actions, command: "backspace")
  }

  static let editUsage = "edit LOCATION LENGTH [TEXT]"

  /// `edit LOCATION LENGTH [TEXT]`: one change anywhere in the text, the range in UTF-16 units
  /// as `shouldChangeTextIn` reports it; what `record` writes for a live-mode key at the caret.
  func editCommand(_ line: String?) throws(ShellError) {
    let (locationWord, afterLocation) = CommandTokenizer.firstWord((line ?? "")[...])
    let (lengthWord, rest) = CommandTokenizer.firstWord(CommandTokenizer.trimmingBlanks(afterLocation))
    guard !lengthWord.isEmpty else { throw .missingArgument(command: "edit", usage: Self.editUsage) }
    try requireBarInSight(for: "edit")
    let text = screen.state.text
    let units = text.utf16.count
    guard let location = UserNumber(String(locationWord)).clamped, location >= 0, location <= units else {
      throw .invalidValue(
        option: "edit", value: String(locationWord),
        allowed: "a LOCATION from 0 to \(units) (UTF-16 units into the text)")
    }
    guard let length = UserNumber(String(lengthWord)).clamped, length >= 0, length <= units - location else {
      throw .invalidValue(
        option: "edit", value: String(lengthWord),
        allowed: "a LENGTH from 0 to \(units - location) (UTF-16 units after LOCATION)")
    }
    guard Self.isScalarBoundary(location, in: text), Self.isScalarBoundary(location + length, in: text) else {
      throw .notAvailable(
        command: "edit",
        reason: "the range {\(location), \(length)} splits a character's UTF-16 surrogate pair")
    }
    let edit = TextEdit(
      location: location, length: length,
      replacement: rest.isEmpty ? "" : try CommandTokenizer.restOfLine(rest))
    try validateQuery(edit.applied(to: text))
    perform(screen.tapIntoBar(before: .editing) + [.textChanged(edit)])
  }

  /// Whether UTF-16 offset `offset` (within `text`) falls between two scalars.
  private static func isScalarBoundary(_ offset: Int, in text: String) -> Bool {
    let index = text.utf16.index(text.utf16.startIndex, offsetBy: offset)
    return index.samePosition(in: text.unicodeScalars) != nil
  }

  /// `clear`: the (x) button while the bar holds text; with no text (no button on screen) and
  /// the search inactive, the terminal's screen, as a shell's `clear`.
  func clearCommand() throws(ShellError) {
    guard !screen.state.text.isEmpty else {
      guard !screen.state.isSearching(screen.settings.lifecycle.flavor) else { throw .nothingToClear }
      return clearTerminalScreen()
    }
    try requireBarInSight(for: "clear")
    perform(screen.tapIntoBar(before: .editing) + [.clearButtonTapped])
  }

  func submitCommand() throws(ShellError) {
    try requireBarInSight(for: "submit")
    guard !screen.state.text.isEmpty else { throw .searchKeyDisabled }
    perform(screen.tapIntoBar(before: .editing) + [.searchButtonTapped])
  }

  func scopeCommand(_ token: String) throws(ShellError) {
    // A PostgreSQL table's bar from a sample may show only All while the column has values.
    let sampled = screen.dataset.scopeColumn != nil && screen.backend is PostgresSearchBackend
    guard screen.dataset.hasScopes || sampled else { throw .noScopeBar(dataset: screen.dataset.name) }
    try requireBarInSight(for: "scope")
    let titles = screen.dataset.scopeTitles
    let index: Int
    if let exact = titles.firstIndex(of: token) {
      index = exact
    } else if let folded = titles.firstIndex(where: { $0.lowercased() == token.lowercased() }) {
      index = folded
    } else if let number = Int(token), titles.indices.contains(number) {
      index = number
    } else if let added = try scopeFoundOnServer(token) {
      index = added
    } else {
      throw .unknownScope(token, scopes: titles)
    }
    perform(screen.tapIntoBar(before: .scopeBar) + [.scopeButtonTapped(index)])
  }

  func cancelCommand() throws(ShellError) {
    try requireBarInSight(for: "cancel")
    let searching = screen.state.isSearching(screen.settings.lifecycle.flavor)
    guard screen.settings.appearance.showsCancel(searching: searching) else { throw .cancelNotShown }
    perform([.cancelButtonTapped])
  }

  func codeCommand(_ text: String) throws(ShellError) {
    let usage = "code active true|false, or code text TEXT"
    let (word, value) = CommandTokenizer.firstWord(text[...])
    let property = String(word)
    switch property {
    case "active":
      let words = try CommandTokenizer.tokens(String(value)).map(\.text)
      guard let word = words.first else { throw .missingArgument(command: "code active", usage: usage) }
      if words.count > 1 { throw .unexpectedArgument(command: "code active", token: words[1], usage: usage) }
      guard let active = ["true": true, "false": false, "on": true, "off": false][word] else {
        throw .invalidValue(option: "code active", value: word, allowed: "'true' or 'false'")
      }
      perform([.activeSetByCode(active)])
    case "text":
      let newText = try CommandTokenizer.restOfLine(value)
      try validateQuery(newText)
      perform([.textSetByCode(newText)])
    default:
      throw .invalidValue(option: "code", value: property, allowed: "'active' or 'text'")
    }
  }

  // MARK: - Rows

  /// The dataset row behind `token` in the table on screen.
  private func resolveRow(_ token: String) throws(ShellError) -> (row: Int, item: Int) {
    // A row beyond `Int` is out of range like any row past the end, not "no number".
    guard let number = UserNumber(token).clamped else { throw .invalidRow(token) }
    let rows = screen.tableRows
    let count = try inBackend(rows.exactCount)
    guard number >= 1, number <= count, let item = rows.ids(in: (number - 1)..<number).first else {
      throw .rowOutOfRange(token, rowCount: count, table: screen.state.shown == .results ? "results" : "main")
    }
    return (number - 1, item)
  }

  /// Taps row `token` of the table on screen; returns whether the row was selected, or says that
  /// the dimming view took the tap and shows the dismissed screen.
  private func tapRow(_ token: String, announcing: Bool) throws(ShellError) -> Bool {
    let (row, item) = try resolveRow(token)
    perform([.rowTapped(row: row, item: item)], showScreen: false)
    guard screen.lastCallbacks.contains(where: { $0.name == .didSelectRow }) else {
      printWrapped("The tap landed on the dimming view: the search ended and no row was selected")
      printScreen()
      return false
    }
    if announcing {
      console.print("Selected row \(row + 1): \(Sanitizer.printable(screen.backend.title(of: item)))")
    }
    return true
  }

  func selectCommand(_ token: String) throws(ShellError) {
    // An app whose tap performs a segue pushes the detail view with the tap.
    if try tapRow(token, announcing: true), screen.state.isDetailOpen { printDetail() }
  }

  func detailCommand(_ token: String?) throws(ShellError) {
    if let token, try !tapRow(token, announcing: false) { return }
    guard screen.state.selectedItem != nil else { throw .nothingSelected }
    apply([.detailOpened], echo: .console, continuing: true)
    printDetail()
  }

  /// The detail view: the item the app's prepare(for:sender:) chose, else the selected one.
  private func printDetail() {
    guard output.drawsScreen, let item = screen.state.detailItem ?? screen.state.selectedItem else { return }
    for line in renderer().detailLines(screen.backend.detail(of: item)) { printHanging(line) }
  }

  func backCommand() throws(ShellError) {
    guard screen.state.isDetailOpen else { throw .noDetailOpen }
    apply([.detailClosed], echo: .console)
    printScreen(forceTable: true)
  }
}
