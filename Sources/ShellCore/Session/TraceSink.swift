import Engine
import Tables

/// Where the callbacks go as they fire: the trace mode (`trace on|all|off|json|state`) and the
/// file `trace json FILE` appends to.
struct TraceSink {
  /// How callbacks are printed as they fire.
  var mode = TraceMode.off
  /// Where `trace json FILE` writes, one JSON object per line; nil writes to the console.
  var file: AppendingFile?
  /// Whether the trace said that the generic app has no source to show (`set source on` says
  /// it once, under the first callback it would have shown).
  var saidNoSource = false
  /// The methods whose code the trace showed in the command running (`set source on`): the
  /// next time one runs in it, a line points up to it instead of repeating it.
  var sourcesShown: Set<String> = []

  /// Whether the console gets trace lines: a readable mode, JSON with no file, or the app log.
  func printsLines(appLog: Bool) -> Bool {
    mode == .on || mode == .all || mode == .json && file == nil || appLog
  }

  /// Stops tracing after its file failed: the file is closed and the mode is `off`.
  mutating func stop() {
    file?.close()
    file = nil
    mode = .off
  }
}
