import UIKitModel

/// What the app behind the screen receives and prints: the trace lines of one callback in a
/// mode, and the app's own lines (`set app-log on`) after the callbacks its code receives.
extension Session {
  /// The most lines one log statement prints for one callback (one per matching row at most).
  static let appLogLimit = 100

  /// The lines `callbacks` print under `mode`, in order.
  func traceLines(for callbacks: [Callback], mode: TraceMode) -> [String] {
    let app = screen.app
    return callbacks.flatMap { traceLines(for: $0, mode: mode, app: app) }
  }

  /// The lines `callback` prints under `mode`: its trace line (`on`: only when the app's code
  /// receives it; `all`: always, marked), then the app's lines: what its method does, its code
  /// (`set source on`), then what it logs, in the order a reader follows them.
  private func traceLines(for callback: Callback, mode: TraceMode, app: AppModel) -> [String] {
    let receipt = app.receipt(for: callback)
    var lines: [String] = []
    switch mode {
    case .on where receipt.isReceived, .all:
      lines += TraceFormatter.lines(
        callback, receipt: receipt, naming: screen.settings.naming, style: style, width: outputWidth)
    case .json where tracing.file == nil:
      lines.append(TraceFormatter.json(callback, receipt: receipt, naming: screen.settings.naming))
    case .on, .off, .json, .state:
      break
    }
    guard receipt.isReceived else { return lines }
    let method = app.method(for: callback)
    let live = screen.settings.lifecycle.live
    // What the method does and its code read as part of the trace; the log lines are the
    // app's console, printed with the app log alone too.
    let traced = mode == .on || mode == .all
    if traced, screen.settings.appLog, let method {
      lines.append(style.dim("    does: " + method.does(live: live)))
    }
    if traced, screen.settings.source { lines += sourceLines(of: method, in: app) }
    guard screen.settings.appLog, let method else { return lines }
    return lines + method.logs(live: live).flatMap { logLines($0, callback: callback) }
  }

  /// The callbacks of `callbacks` that the app's code receives.
  func received(_ callbacks: [Callback]) -> [Callback] {
    let app = screen.app
    return callbacks.filter { app.receipt(for: $0).isReceived }
  }

  /// One log statement's console lines when `callback` runs it, with the values of that moment.
  private func logLines(_ log: AppLog, callback: Callback) -> [String] {
    let nslog = "  NSLog: "
    switch log {
    case .text(let text):
      return [nslog + text]
    case .searchText(let prefix):
      return [nslog + prefix + callback.state.text]
    case .eachMatch(let prefix):
      guard !callback.state.text.isEmpty else { return [] }
      let rows = screen.filteredRows(text: callback.state.text, scope: screen.state.scopeIndex)
      let count = rows.count(waiting: true)
      let shown = min(count.value, Self.appLogLimit)
      var lines = rows.rows(in: 0..<shown).map { nslog + prefix + $0.title }
      // The shell's own line, not the app's: the rest would flood the terminal.
      if count.value > shown {
        lines.append(
          "  … \(ScreenRenderer.describe(count.isExact ? .exact(count.value - shown) : .estimate(count.value - shown))) more NSLog lines"
        )
      }
      return lines
    case .selectedItem(let whileActive, let otherwise):
      // The row the tap resolved against the table on screen: the item just selected.
      guard let item = screen.state.selectedItem else { return [] }
      return [nslog + (callback.state.isActive ? whileActive : otherwise) + screen.backend.title(of: item)]
    }
  }
}
