import Engine
import Tables
import UIKitModel

/// How the session's actions reach the lifecycle: one driver for commands and live keys alike.
extension Session {
  /// Where a driver shows the callbacks as they fire.
  enum ActionEcho: Equatable {
    /// Commands: trace lines go to the console, a paced script shows each keystroke.
    case console
    /// Live mode: its trace pane keeps the returned callbacks; only a trace file is written here.
    case pane
  }

  /// Reduces `actions` on the screen and traces what they fire.
  ///
  /// The one path from a command or a live key to the lifecycle (`SearchScreen.apply`). Returns
  /// nil when `stop` said so between two actions; the caller puts the state back.
  @discardableResult
  func apply(
    _ actions: [SearchAction], echo: ActionEcho, continuing: Bool = false, until stop: () -> Bool = { false }
  ) -> [Callback]? {
    if !continuing { tracing.sourcesShown = [] }
    let callbacks = screen.apply(actions, continuing: continuing, until: stop) { action, fired, isLast in
      printTrace(fired, echo: echo)
      // Presented (a paced terminal, a cast), the bar shows each character as it is typed.
      if echo == .console, case .textChanged = action, !isLast { showKeystroke() }
    }
    guard let callbacks else { return nil }
    if echo == .console, tracing.mode == .state { printStateTable(callbacks) }
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
    let before = (screen.state, screen.lastCallbacks, scripting.diagram)
    guard apply(actions, echo: .console, until: { self.hooks.interruption.isCancelled }) != nil else {
      (screen.state, screen.lastCallbacks, scripting.diagram) = before
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
    if tracing.mode == .json, let file = tracing.file { writeTraceFile(callbacks, to: file) }
    guard echo == .console, tracing.printsLines(appLog: screen.settings.appLog) else { return }
    // JSON lines are data for another program (`--quiet` keeps them); the others are the screen.
    let data = tracing.mode == .json
    for line in traceLines(for: callbacks, mode: tracing.mode) {
      if data { console.printData(line) } else { console.print(line) }
    }
  }

  /// Appends callbacks to the trace file as they fire, so another terminal can follow it.
  ///
  /// A write that fails (a full disk, a reader gone, the file loaded as the dataset since) closes
  /// the file and turns tracing off, with one error line: the session goes on.
  func writeTraceFile(_ callbacks: [Callback], to file: AppendingFile) {
    guard !callbacks.isEmpty else { return }
    let app = screen.app
    let naming = screen.settings.naming
    let text = callbacks.map { TraceFormatter.json($0, receipt: app.receipt(for: $0), naming: naming) + "\n" }
      .joined()
    do throws(ShellError) {
      if file.isOne(of: protectedFiles) { throw .wouldOverwriteDataset(file.name) }
      try tables { () throws(TableError) in try file.append(text) }
    } catch {
      tracing.stop()
      report(.stoppedWriting(what: "tracing to it", because: error))
    }
  }
}
