import Backends
import Engine
import Foundation
import Tables
import UIKitModel

/// The script commands: `source`, `echo`, `quiet`, `demo`, `record` and `expect`.
extension Session {
  // MARK: - Commands

  /// `source FILE`: runs a script here; relative paths start at the sourcing script's folder.
  func sourceCommand(_ path: String) throws(ShellError) {
    var resolved = HomeFolder.expanding(path)
    if !resolved.hasPrefix("/"), let folder = scripting.folders.last {
      let beside = folder.appendingPathComponent(resolved).path
      if FileManager.default.fileExists(atPath: beside) { resolved = beside }
    }
    let script = try Script.load(path: resolved, parameters: hooks.scriptOptions.parameters)
    try runNested(Script(renaming: script, to: path), echo: false)
  }

  /// `echo TEXT`: narration.
  func echoCommand(_ text: String?) {
    printWrapped(Sanitizer.printable(text ?? ""))
  }

  /// `quiet COMMAND`: runs COMMAND with its output dropped and its errors shown.
  func quietCommand(_ line: String) throws(ShellError) {
    // `quiet quiet ... X` is `quiet X`: peeled in a loop, as dispatching each would recurse once
    // per word and a long enough line would overflow the stack.
    var inner = line[...]
    var peeled = false
    while case let (word, rest) = CommandTokenizer.firstWord(inner.drop(while: { $0 == " " || $0 == "\t" })),
      word == "quiet", !rest.isEmpty
    {
      inner = rest
      peeled = true
    }
    let command = peeled ? try CommandTokenizer.restOfLine(inner) : line
    let loud = console
    console = MutedConsole(passingErrorsTo: loud)
    // The command is the action (a diagram's arrow, a refusal's name), not its `quiet` wrapper.
    let outerLine = scripting.currentLine
    scripting.currentLine = PostgresURL.redactingURLs(in: command)
    defer {
      console = loud
      scripting.currentLine = outerLine
      forgetPrintedTable()
    }
    try dispatch(command)
  }

  /// `demo` lists the walkthroughs; `demo NAME` runs one, printing each of its commands.
  func demoCommand(_ words: [String]) throws(ShellError) {
    guard let demos = hooks.demos else { throw .demosMissing("demos/README.md") }
    let whole = words.contains("--all")
    let names = words.filter { $0 != "--all" }
    if names.count > 1 {
      throw .unexpectedArgument(command: "demo", token: names[1], usage: "demo [NAME] [--all]")
    }
    guard let name = names.first else {
      let entries = try demos.entries()
      let width = entries.map(\.name.count).max() ?? 0
      for entry in entries {
        printHanging(
          "  " + entry.name + String(repeating: " ", count: width - entry.name.count) + "  " + entry.summary)
      }
      return
    }
    let script = try demos.script(named: name)
    // At a terminal a walkthrough goes at the learner's pace; `--all` (and any script) prints it whole.
    let steps = !whole && isInteractive && scripting.depth == 0 && hooks.scriptOptions.pacer != nil
    if steps {
      printWrapped("Enter runs each next step, q stops ('demo \(name) --all' prints it whole).")
    }
    let stepsBefore = (scripting.stepsDemo, hooks.scriptOptions.step)
    scripting.stepsDemo = steps || stepsBefore.0
    hooks.scriptOptions.step = steps || stepsBefore.1
    scripting.demos += 1
    defer {
      scripting.demos -= 1
      (scripting.stepsDemo, hooks.scriptOptions.step) = stepsBefore
    }
    try runNested(script, echo: true)
    if scripting.demoStopped {
      scripting.demoStopped = false
      return
    }
    guard !scripting.bailed, !scripting.quitRequested else { return }
    // The walkthrough's dataset, options and trace stay, for the learner to go on from there.
    var left = "flavor \(screen.settings.lifecycle.flavor.rawValue)"
    if tracing.mode != .off { left += ", trace \(tracing.mode.rawValue)" }
    printWrapped(
      "End of demo \(Sanitizer.quoted(name)): the session stays on dataset"
        + " \(Sanitizer.quoted(screen.dataset.name)), \(left). 'load NAME' opens another dataset"
        + (tracing.mode == .off ? "." : "; 'trace off' stops the trace."))
  }

  // MARK: - Recording

  /// `record [--append] FILE` starts a recording, `record --cast FILE` a cast of the screen;
  /// `record stop` ends both.
  ///
  /// The search starts over, because that is where a replay starts: the file's first lines load
  /// the dataset and set the options quietly, so the replay prints what the recorded commands did.
  /// An existing file is refused unless `--append` adds the new recording to its end.
  func recordCommand(_ argument: String) throws(ShellError) {
    let (word, rest) = CommandTokenizer.firstWord(argument[...])
    switch word {
    case "stop" where CommandTokenizer.trimmingBlanks(rest).isEmpty:
      try stopRecordingCommand()
    case "--cast":
      try startCastCommand(try recordPath(rest, flag: "--cast"))
    case "--append":
      try startRecording(try recordPath(rest, flag: "--append"), appending: true)
    default:
      try startRecording(argument, appending: false)
    }
  }

  /// Starts the script recording to `path`.
  private func startRecording(_ path: String, appending: Bool) throws(ShellError) {
    if let recorder = scripting.recorder { throw .alreadyRecording(recorder.path) }
    let header = try recordingHeader()
    scripting.recorder = try SessionRecorder(
      path: path, depth: scripting.depth, header: header, protectedPaths: protectedFiles,
      policy: appending ? .append : .refuse(hint: Self.recordHint(path)))
    apply([.datasetLoaded], echo: .console)
    scripting.diagram = DiagramLog()
    forgetPrintedTable()
    let verb = appending ? "Appending a recording to" : "Recording to"
    console.print(
      "\(verb) '\(Sanitizer.printable(path))'; the search starts over. 'record stop' ends it")
  }

  /// Appends a command that succeeded to the recording, when it is one of the session's own.
  func record(_ line: String, depth: Int) {
    guard let recorder = scripting.recorder, recorder.depth == depth else { return }
    let name = String(CommandTokenizer.firstWord(line[...]).word)
    // 'history' would list a different history on replay; 'record' lines belong to no replay.
    // 'live' needs a terminal: a recording gets the commands its keys stood for instead.
    guard !["record", "history", "live"].contains(name) else { return }
    do throws(ShellError) {
      try recorder.append(line, protectedPaths: protectedFiles)
    } catch {
      // A recording with a gap would not replay: it ends here, saying why.
      recorder.close()
      scripting.recorder = nil
      report(.stoppedWriting(what: "the recording", because: error))
    }
  }

  /// The comment naming the dataset and options, then the quiet commands that restore them.
  private func recordingHeader() throws(ShellError) -> [String] {
    let loadLine: String
    switch screen.dataset.source {
    case .standardInput:
      throw .notAvailable(
        command: "record", reason: "the dataset came from standard input and cannot be loaded again")
    case .bundled(let name):
      loadLine = CommandTokenizer.quotedWord(name) + loadOverrides
    case .file(let path):
      loadLine =
        CommandTokenizer.quotedWord(URL(fileURLWithPath: path).standardizedFileURL.path) + loadOverrides
    case .database(let shown):
      loadLine = CommandTokenizer.quotedWord(shown) + loadOverrides
    }
    var options = OptionRegistry.options.filter { $0.name != "scopes" || screen.dataset.scopeColumn != nil }
      .map { "\($0.name) \($0.get(self))" }
    options.append("trace \(tracing.mode.rawValue)")
    var lines = [
      "# SearchShell recording. Replay: searchshell --script FILE",
      "# dataset: \(Sanitizer.printable(screen.dataset.name)); " + options.joined(separator: "; "),
      Script.escaped("quiet load " + loadLine),
    ]
    // Replayed as a script, so a `{` in a title or a path must not read as a parameter.
    for option in OptionRegistry.options where option.name != "scopes" || screen.dataset.scopeColumn != nil {
      // An option that reads its own quotes (sort) is written in its own grammar, as typed.
      let value = option.readsQuotes ? option.get(self) : CommandTokenizer.quotedWord(option.get(self))
      lines.append(Script.escaped("quiet set \(option.name) " + value))
    }
    // Said even when off: a recording appended after another must not inherit its trace.
    lines.append("quiet trace \(tracing.mode.rawValue)")
    lines.append("quiet timing \(output.timing ? "on" : "off")")
    return lines
  }

  /// The `--format`, `--delimiter`, `--header`, `--comment`, `--title` and `--scope` the dataset
  /// was loaded with.
  private var loadOverrides: String {
    guard let request = screen.loadedWith else { return "" }
    var text = ""
    if let format = request.format { text += " --format \(format.rawValue)" }
    if let delimiter = request.reading.delimiter {
      text +=
        " --delimiter "
        + CommandTokenizer.quotedWord(delimiter == ByteCodes.tab ? "tab" : String(UnicodeScalar(delimiter)))
    }
    if request.reading.header != .auto { text += " --header \(request.reading.header.rawValue)" }
    if let comment = request.reading.comment {
      text += " --comment " + CommandTokenizer.quotedWord(String(UnicodeScalar(comment)))
    }
    if let title = request.title { text += " --title " + CommandTokenizer.quotedWord(title) }
    if let scope = request.scope { text += " --scope " + CommandTokenizer.quotedWord(scope) }
    if let path = request.jsonPath { text += " --path " + CommandTokenizer.quotedWord(path.text) }
    return text
  }

  // MARK: - Assertions

  /// `expect WHAT VALUE`: fails, saying what it found, unless the screen agrees.
  func expectCommand(_ text: String) throws(ShellError) {
    try checkExpectation(text)
    // A learner checking an answer hears that it is right, not only when it is wrong.
    guard screen.settings.quiz || scripting.demos > 0 else { return }
    // Typed at the prompt or echoed, the line is in sight already; else name the check.
    let inSight = scripting.depth == 0 || scripting.echoFromDepth != nil || hooks.scriptOptions.echo
    printWrapped(
      inSight ? "✓ right" : "✓ right: expect \(CommandTokenizer.trimmingLine(text))", continuation: "  ")
  }

  /// Checks `expect`'s condition, throwing the one line that says how it differs.
  private func checkExpectation(_ text: String) throws(ShellError) {
    let (word, rest) = CommandTokenizer.firstWord(text[...])
    let what = String(word)
    let value = try CommandTokenizer.restOfLine(rest)
    let usage = CommandRegistry.command(named: "expect")?.usage ?? "expect"
    func require(_ found: String, _ expected: String, _ label: String) throws(ShellError) {
      if found != expected { throw .expectationFailed(label, expected: expected, found: found) }
    }
    func requireValue() throws(ShellError) {
      if value.isEmpty { throw .missingArgument(command: "expect \(what)", usage: usage) }
    }
    switch what {
    case "count":
      try requireValue()
      guard UserNumber(value) != .notANumber else {
        throw .invalidValue(option: "expect count", value: value, allowed: "a number of rows")
      }
      // Scripts check the exact count, waiting for it when the backend estimated first.
      try require(String(try inBackend(screen.tableRows.exactCount)), value, "count")
    case "shown":
      guard ["main", "results"].contains(value) else {
        throw .invalidValue(option: "expect shown", value: value, allowed: "'main' or 'results'")
      }
      try require(screen.state.shown.rawValue, value, "shown")
    case "active":
      guard ["true", "false"].contains(value) else {
        throw .invalidValue(option: "expect active", value: value, allowed: "'true' or 'false'")
      }
      try require(String(screen.state.isActive), value, "active")
    case "row":
      let (word, rest) = CommandTokenizer.firstWord(value[...])
      let number = String(word)
      let title = try CommandTokenizer.restOfLine(rest)
      guard !number.isEmpty, !title.isEmpty else {
        throw .missingArgument(command: "expect row", usage: usage)
      }
      guard let row = UserNumber(number).clamped, row >= 1 else { throw .invalidRow(number) }
      let rows = screen.tableRows
      let count = try inBackend(rows.exactCount)
      let found =
        row <= count
        ? rows.rows(in: (row - 1)..<row).first?.title ?? "no rows"
        : count == 0 ? "no rows" : "only \(count) \(count == 1 ? "row" : "rows")"
      try require(found, title, "row \(number)")
    case "selected":
      try requireValue()
      try require(screen.state.selectedItem.map { screen.backend.title(of: $0) } ?? "none", value, "selected")
    case "callbacks", "received":
      try requireValue()
      let expected = try Self.callbackNames(value)
      let callbacks = what == "received" ? received(screen.lastCallbacks) : screen.lastCallbacks
      let found = callbacks.map(\.name)
      if found != expected {
        let naming = screen.settings.naming
        let describe = { (names: [CallbackName]) in
          names.isEmpty ? "none" : names.map(naming.name).joined(separator: ", ")
        }
        throw .expectationFailed(what, expected: describe(expected), found: describe(found))
      }
    default:
      let forms = ["count", "shown", "active", "row", "selected", "callbacks", "received"]
      if what.isEmpty { throw .missingArgument(command: "expect", usage: usage) }
      throw .invalidValue(option: "expect", value: what, allowed: OptionRegistry.oneOf(forms.map { $0 }))
    }
  }
}

extension Session {
  /// `A, B, C` (or `none`) as callbacks, each in any spelling `CallbackName(anyName:)` takes.
  static func callbackNames(_ list: String) throws(ShellError) -> [CallbackName] {
    guard list != "none" else { return [] }
    var names: [CallbackName] = []
    for word in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      guard let name = CallbackName(anyName: word) else {
        throw .unknownCallback(word, suggestion: word.nearest(in: CallbackName.everyAcceptedName))
      }
      names.append(name)
    }
    return names
  }
}

extension Script {
  /// The same lines under another name (the path as the user typed it, for errors).
  init(renaming script: Script, to name: String) {
    self.name = name
    self.lines = script.lines
    self.folder = script.folder
  }
}
