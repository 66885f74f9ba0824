import Engine
import Foundation
import Tables
import UIKitModel

/// The commands that inspect and configure the session: `list`, `status`, `trace`, `pull`,
/// `timing`, `set`, `help` and `history`. Each validates everything first.
extension Session {
  // MARK: - Inspecting

  func listCommand(_ token: String?) throws(ShellError) {
    if output.format != .table {
      try printRows(page: token)
      return
    }
    guard let token else {
      printScreen(forceTable: true)
      return
    }
    if token == "all" {
      for line in renderer().barLines() { console.print(line) }
      try printTable(page: nil)
      return
    }
    let pages = UserNumber.pageCount(
      rows: try inBackend(screen.tableRows.exactCount), pageSize: screen.settings.pageSize)
    guard let page = Int(token), page >= 1, page <= pages else {
      throw .invalidValue(option: "list", value: token, allowed: "'all' or a page from 1 to \(pages)")
    }
    try printTable(page: page)
  }

  func statusCommand() {
    let scopeTitle =
      screen.dataset.scopeTitles.indices.contains(screen.state.scopeIndex)
      ? screen.dataset.scopeTitles[screen.state.scopeIndex] : "All"
    let selected =
      screen.state.selectedItem.map { TraceFormatter.quoted(screen.backend.title(of: $0)) } ?? "none"
    // Counted first: a count of every row makes the table's total exact, and rows shows it.
    let matches = ScreenRenderer.describe(screen.matchCount)
    var lines = [
      ("dataset", Sanitizer.printable(screen.dataset.name)),
      ("rows", ScreenRenderer.describe(screen.backend.totalRows)),
      ("flavor", screen.settings.lifecycle.flavor.rawValue),
      ("active", String(screen.state.isActive)),
      ("text", TraceFormatter.quoted(screen.state.text)),
      ("firstResponder", String(screen.state.isFirstResponder)),
      ("scope", scopeTitle),
      ("shown", screen.state.shown.rawValue),
      ("matches", matches),
      screen.sortDescription.map { ("sort", $0) },
      ("selected", selected),
    ].compactMap { $0 }
    // A file's index is built by the load or mapped from the index cache.
    if case .file = screen.dataset.source { lines.insert(("index", screen.indexOrigin.rawValue), at: 2) }
    if let filter = screen.filterDescription { lines.append(("filter", filter)) }
    for (key, value) in lines { console.printData("\(key): \(Sanitizer.printable(value))") }
  }

  func traceCommand(_ token: String, file path: String? = nil) throws(ShellError) {
    guard let mode = TraceMode(rawValue: token) else {
      throw .invalidValue(
        option: "trace", value: token, allowed: OptionRegistry.oneOf(TraceMode.allCases.map(\.rawValue)))
    }
    var file: AppendingFile?
    if let path {
      guard mode == .json else {
        throw .unexpectedArgument(command: "trace \(token)", token: path, usage: "trace on|off|json [FILE]")
      }
      // Starts the file afresh, through the guard every writer uses.
      file = try tables { () throws(TableError) in
        try GuardedFileWriter.openAppending(path, header: "", protectedPaths: protectedFiles)
      }
    }
    tracing.file?.close()
    tracing.file = file
    tracing.mode = mode
  }

  func pullCommand() throws(ShellError) {
    guard screen.state.isBarScrolledOut else {
      throw .notAvailable(command: "pull", reason: "the search bar is already in sight")
    }
    scrollTable(hidingBar: false)
    printScreen(forceTable: true)
  }

  func timingCommand(_ token: String) throws(ShellError) {
    switch token {
    case "on": output.timing = true
    case "off": output.timing = false
    default: throw .invalidValue(option: "timing", value: token, allowed: "'on' or 'off'")
    }
  }

  // MARK: - Options

  func setCommand(_ text: String?) throws(ShellError) {
    guard let text else {
      for line in optionTable() { console.print(line) }
      if let note = setAsideNote { printHanging(note) }
      return
    }
    let (word, rest) = CommandTokenizer.firstWord(text[...])
    let name = String(word)
    guard let option = OptionRegistry.option(named: name) else {
      throw .unknownOption(name, suggestion: name.nearest(in: OptionRegistry.options.map(\.name)))
    }
    guard rest.unicodeScalars.contains(where: { !CommandTokenizer.isBlank($0) }) else {
      var from = source(of: option)
      if let chosen = screen.preferences.value(of: option.name), screen.preferences.isInactive(option.name) {
        let aside = option.reach == .app ? "set aside for the tutorial's app" : "does not apply here"
        from = "\(from); yours, \(Sanitizer.printable(chosen)), \(aside)"
      }
      printHanging("\(option.name): \(Sanitizer.printable(option.get(self)))  [\(from)]  (\(option.values))")
      return
    }
    let value =
      option.readsQuotes
      ? String(CommandTokenizer.trimmingBlanks(rest)) : try CommandTokenizer.restOfLine(rest)
    let resets = value == OptionRegistry.resetWord
    if option.lockedWhileActive,
      screen.state.isActive || screen.state.isFirstResponder || screen.state.shown == .results
    {
      // Validate first so a bad value gets the more useful message.
      if !resets, !option.choices.isEmpty, !option.choices.contains(value) {
        throw .invalidValue(option: name, value: value, allowed: OptionRegistry.oneOf(option.choices))
      }
      throw .optionLocked(option: name)
    }
    let before = screen.settings
    if resets {
      try resetOption(option)
    } else {
      try option.set(self, value)
      screen.preferences.record(option.name, value)
    }
    if !screen.settings.drawsTheSame(as: before) { printScreen() }
  }

  /// `set match RULE`: refused when the current text is not a valid query under the new rule.
  func setMatch(_ value: String) throws(ShellError) {
    guard let rule = MatchRule(rawValue: value) else {
      throw .invalidValue(
        option: "match", value: value, allowed: OptionRegistry.oneOf(MatchRule.allCases.map(\.rawValue)))
    }
    try validateQuery(screen.state.appliedText, rule: rule, scope: screen.state.appliedScope)
    try validateQuery(screen.state.text, rule: rule)
    screen.settings.match = rule
    screen.backend.prepare(for: rule)
  }

  /// `set obscures on|off`: refused in the display flavor, whose controller always dims (a value
  /// that changes nothing is accepted, so a recording replays).
  func setObscures(_ value: String) throws(ShellError) {
    let on: Bool
    switch value {
    case "on", "true": on = true
    case "off", "false": on = false
    default: throw .invalidValue(option: "obscures", value: value, allowed: "'on' or 'off'")
    }
    if screen.settings.lifecycle.flavor == .display, on != screen.settings.lifecycle.obscures {
      throw .optionNotInFlavor(
        option: "obscures", flavor: "display",
        reason:
          "a UISearchDisplayController has no obscuresBackgroundDuringPresentation; it always dims the"
          + " table while the search is active with empty text, and a tap there ends the search")
    }
    screen.settings.lifecycle.obscures = on
  }

  /// `set scopes A,B,C`: new scope-bar titles for a dataset with a category column.
  func setScopeTitles(_ value: String) throws(ShellError) {
    guard screen.dataset.scopeColumn != nil else { throw .noScopeBar(dataset: screen.dataset.name) }
    let titles = ScopeTitleList.split(value)
    guard titles.count >= 2, !titles.contains(where: \.isEmpty) else {
      throw .invalidValue(
        option: "scopes", value: value,
        allowed: "two or more comma-separated titles ('\\,' for a comma in one)")
    }
    relabelScopes(titles)
  }

  // MARK: - Help and history

  func helpCommand(_ name: String?) throws(ShellError) {
    guard let name else {
      printWrapped(
        "OVERVIEW: SearchShell: the iOS search controller as a terminal program", continuation: "  ")
      console.print("")
      console.print("USAGE: COMMAND [ARGUMENTS]")
      console.print("")
      console.print("COMMANDS:")
      let column = String(repeating: " ", count: 28)
      for command in CommandRegistry.commands {
        let label = "  " + command.usage
        if label.count < 28 {
          printHanging(label + String(repeating: " ", count: 28 - label.count) + command.abstract)
        } else {
          printWrapped(label, continuation: "      ")
          printWrapped(command.abstract, indent: column, continuation: column)
        }
      }
      console.print("")
      printWrapped("See 'help COMMAND' for one command, and 'set' for the options.")
      return
    }
    guard let command = CommandRegistry.command(named: name) else {
      return try helpTopic(name)
    }
    printWrapped("OVERVIEW: \(command.abstract)", continuation: "  ")
    console.print("")
    printWrapped("USAGE: \(command.usage)", continuation: "       ")
    if !command.aliases.isEmpty { console.print("ALIASES: \(command.aliases.joined(separator: ", "))") }
    if !command.discussion.isEmpty {
      console.print("")
      for block in Self.discussionBlocks(command.discussion) {
        if block.isTableRow { printHanging(block.text) } else { printWrapped(block.text) }
      }
    }
    if command.name == "set" {
      console.print("")
      console.print("OPTIONS:")
      for option in OptionRegistry.options {
        let label = "  \(option.name) \(option.values)"
        let padding = label.count < 36 ? String(repeating: " ", count: 36 - label.count) : "  "
        printHanging(label + padding + option.abstract)
      }
    }
  }

  func historyCommand() {
    let width = String(history.count).count
    for (index, line) in history.enumerated() {
      let number = String(index + 1)
      console.print(
        String(repeating: " ", count: width - number.count + 2) + number + "  " + Sanitizer.printable(line))
    }
  }
}
