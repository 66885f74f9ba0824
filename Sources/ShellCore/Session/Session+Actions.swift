import UIKitModel

/// How the session's actions reach the lifecycle: one driver for commands and live keys alike.
extension Session {
  /// The lifecycle with the session's options.
  var lifecycle: SearchLifecycle { SearchLifecycle(options: settings.lifecycle) }

  /// Where a driver shows the callbacks as they fire.
  enum ActionEcho: Equatable {
    /// Commands: trace lines go to the console, a paced script shows each keystroke.
    case console
    /// Live mode: its trace pane keeps the returned callbacks; only a trace file is written here.
    case pane
  }

  /// Reduces `actions` in order: the one path from a command or a live key to the lifecycle.
  ///
  /// An open detail view covers the search screen, so it is closed first (scrolling leaves it).
  /// The callbacks become the command's (`expect callbacks`, `diagram`); `continuing` adds them
  /// to those of the same command instead. Returns nil when `stop` said so between two actions,
  /// before the command's callbacks are recorded; the caller puts the state back.
  @discardableResult
  func apply(
    _ actions: [SearchAction], echo: ActionEcho, continuing: Bool = false, until stop: () -> Bool = { false }
  ) -> [Callback]? {
    let scrollsOnly = actions.allSatisfy(\.isScrollOnly)
    var callbacks: [Callback] = []
    if state.isDetailOpen, !scrollsOnly { _ = lifecycle.reduce(&state, .detailClosed) }
    for (index, action) in actions.enumerated() {
      if stop() { return nil }
      let fired = lifecycle.reduce(&state, action)
      printTrace(fired, echo: echo)
      callbacks += fired
      // Presented (a paced terminal, a cast), the bar shows each character as it is typed.
      if echo == .console, case .textChanged = action, index < actions.count - 1 { showKeystroke() }
    }
    if echo == .console, trace == .state { printStateTable(callbacks) }
    // Scrolling calls no delegate: the last command's callbacks stay what they were.
    if !scrollsOnly { lastCallbacks = continuing ? lastCallbacks + callbacks : callbacks }
    logForDiagram(callbacks)
    return callbacks
  }

  /// Sends actions for a command, then prints the screen.
  func perform(_ actions: [SearchAction], showScreen: Bool = true) {
    apply(actions, echo: .console)
    if showScreen { printScreen() }
  }

  /// `perform`, stopped by Ctrl-C between two actions with everything as before the command:
  /// a cancelled command changes nothing, like a failed one (the trace already printed stays).
  func performCancellably(_ actions: [SearchAction], command: String) throws(ShellError) {
    let before = (state, lastCallbacks, scripting.diagram)
    guard apply(actions, echo: .console, until: { self.interruption.isCancelled }) != nil else {
      (state, lastCallbacks, scripting.diagram) = before
      throw .cancelled(command: command, outcome: "the search is as it was before it")
    }
    printScreen()
  }

  /// Sends actions for live mode and returns their callbacks for its trace pane; nothing is
  /// printed, but `trace json FILE` still gets them.
  @discardableResult
  public func send(_ actions: [SearchAction], continuing: Bool = false) -> [Callback] {
    apply(actions, echo: .pane, continuing: continuing) ?? []
  }

  /// Scrolls the table so the bar goes out of sight (`hidden`) or back to the top.
  func scrollTable(hidingBar hidden: Bool) {
    apply([hidden ? .tableScrolledPastBar : .tablePulledToTop], echo: .console)
  }

  /// Prints callbacks in the current trace mode (`state` prints its table once the command is done),
  /// each followed by the app's lines when `set app-log` is on; live mode's pane shows them
  /// itself, so only a trace file is written for it.
  func printTrace(_ callbacks: [Callback], echo: ActionEcho = .console) {
    if trace == .json, let traceFile { writeTraceFile(callbacks, to: traceFile) }
    let printsLines = trace == .on || trace == .all || trace == .json && traceFile == nil || settings.appLog
    guard echo == .console, printsLines else { return }
    for line in traceLines(for: callbacks, mode: trace) { console.print(line) }
  }

  /// Appends callbacks to the trace file as they fire, so another terminal can follow it.
  ///
  /// A write that fails (a full disk, a reader gone, the file loaded as the dataset since) closes
  /// the file and turns tracing off, with one error line: the session goes on.
  func writeTraceFile(_ callbacks: [Callback], to file: AppendingFile) {
    guard !callbacks.isEmpty else { return }
    let app = self.app
    let naming = settings.naming
    let text = callbacks.map { TraceFormatter.json($0, receipt: app.receipt(for: $0), naming: naming) + "\n" }
      .joined()
    do throws(ShellError) {
      if file.isOne(of: protectedFiles) { throw .wouldOverwriteDataset(file.name) }
      try file.append(text)
    } catch {
      file.close()
      traceFile = nil
      trace = .off
      report(.stoppedWriting(what: "tracing to it", because: error))
    }
  }

  /// The tap into the bar a command makes before `use` when the bar is not ready for it.
  func tapIntoBar(before use: BarUse) -> [SearchAction] {
    lifecycle.tapIntoBar(before: use, in: state)
  }
}
