import Foundation

/// The commands that inspect and configure the session: `list`, `status`, `trace`, `pull`,
/// `timing`, `set`, `help` and `history`. Each validates everything first.
extension Session {
  // MARK: - Inspecting

  func listCommand(_ token: String?) throws(ShellError) {
    if outputFormat != .table {
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
    let pages = UserNumber.pageCount(rows: try tableRows.exactCount(), pageSize: settings.pageSize)
    guard let page = Int(token), page >= 1, page <= pages else {
      throw .invalidValue(option: "list", value: token, allowed: "'all' or a page from 1 to \(pages)")
    }
    try printTable(page: page)
  }

  func statusCommand() {
    let scopeTitle =
      dataset.scopeTitles.indices.contains(state.scopeIndex) ? dataset.scopeTitles[state.scopeIndex] : "All"
    let selected = state.selectedItem.map { TraceFormatter.quoted(backend.title(of: $0)) } ?? "none"
    var lines = [
      ("dataset", Sanitizer.printable(dataset.name)),
      ("rows", String(backend.rowCount)),
      ("flavor", settings.lifecycle.flavor.rawValue),
      ("active", String(state.isActive)),
      ("text", TraceFormatter.quoted(state.text)),
      ("firstResponder", String(state.isFirstResponder)),
      ("scope", scopeTitle),
      ("shown", state.shown.rawValue),
      ("matches", String(matchCount)),
      ("selected", selected),
    ]
    // A file's index is built by the load or mapped from the index cache.
    if case .file = dataset.source { lines.insert(("index", indexOrigin.rawValue), at: 2) }
    for (key, value) in lines { console.print("\(key): \(Sanitizer.printable(value))") }
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
      file = try GuardedFileWriter.openAppending(path, header: "", protectedPaths: protectedFiles)
    }
    traceFile?.close()
    traceFile = file
    trace = mode
  }

  func pullCommand() throws(ShellError) {
    guard state.isBarScrolledOut else {
      throw .notAvailable(command: "pull", reason: "the search bar is already in sight")
    }
    scrollTable(hidingBar: false)
    printScreen(forceTable: true)
  }

  func timingCommand(_ token: String) throws(ShellError) {
    switch token {
    case "on": timing = true
    case "off": timing = false
    default: throw .invalidValue(option: "timing", value: token, allowed: "'on' or 'off'")
    }
  }

  // MARK: - Options

  func setCommand(_ text: String?) throws(ShellError) {
    guard let text else {
      for line in optionTable() { console.print(line) }
      return
    }
    let (word, rest) = CommandTokenizer.firstWord(text[...])
    let name = String(word)
    guard let option = OptionRegistry.option(named: name) else {
      throw .unknownOption(name, suggestion: name.nearest(in: OptionRegistry.options.map(\.name)))
    }
    guard rest.unicodeScalars.contains(where: { !CommandTokenizer.isBlank($0) }) else {
      printHanging("\(option.name): \(Sanitizer.printable(option.get(self)))  (\(option.values))")
      return
    }
    let value = try CommandTokenizer.restOfLine(rest)
    if option.lockedWhileActive, state.isActive || state.isFirstResponder || state.shown == .results {
      // Validate first so a bad value gets the more useful message.
      if !option.choices.isEmpty, !option.choices.contains(value) {
        throw .invalidValue(option: name, value: value, allowed: OptionRegistry.oneOf(option.choices))
      }
      throw .optionLocked(option: name)
    }
    let before = settings
    try option.set(self, value)
    if !settings.drawsTheSame(as: before) { printScreen() }
  }

  /// `set match RULE`: refused when the current text is not a valid query under the new rule.
  func setMatch(_ value: String) throws(ShellError) {
    guard let rule = MatchRule(rawValue: value) else {
      throw .invalidValue(
        option: "match", value: value, allowed: OptionRegistry.oneOf(MatchRule.allCases.map(\.rawValue)))
    }
    try validateQuery(state.appliedText, rule: rule, scope: state.appliedScope)
    try validateQuery(state.text, rule: rule)
    settings.match = rule
    backend.prepare(for: rule)
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
    if settings.lifecycle.flavor == .display, on != settings.lifecycle.obscures {
      throw .optionNotInFlavor(
        option: "obscures", flavor: "display",
        reason:
          "a UISearchDisplayController has no obscuresBackgroundDuringPresentation; it always dims the"
          + " table while the search is active with empty text, and a tap there ends the search")
    }
    settings.lifecycle.obscures = on
  }

  /// `set scopes A,B,C`: new scope-bar titles for a dataset with a category column.
  func setScopeTitles(_ value: String) throws(ShellError) {
    guard dataset.scopeColumn != nil else { throw .noScopeBar(dataset: dataset.name) }
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
      throw .unknownCommand(name, suggestion: name.nearest(in: CommandRegistry.names))
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
