@preconcurrency import CReadline
import Foundation
import ShellCore
import Tables

/// GNU readline with persistent history, tab completion and Ctrl-C that only discards the line.
///
/// readline keeps the last `recalled` entries in memory for the arrow keys; the file itself is
/// `HistoryFile`'s: appended a line at a time under a lock, so concurrent sessions keep every
/// entry, and trimmed only past `SEARCHSHELL_HISTORY_SIZE` lines (a generous default).
struct ReadlineLineReader: LineReader {
  /// How many past commands the arrow keys and `history` reach.
  static let recalled = 1000
  /// The history file, created with mode 0600 in a folder created 0700.
  let historyFile: HistoryFile
  let loadedHistory: [String]
  /// Whether a failed append was reported already: one warning per session is enough.
  private var warnedAboutWriting = false

  /// Sets readline up for `session`: completion, history, signals and bracketed paste off.
  init(session: Session, historyPath: String, environment: [String: String]) {
    let (limit, limitWarning) = HistoryFile.limit(environment: environment)
    if let limitWarning { Self.warn(limitWarning) }
    historyFile = HistoryFile(path: historyPath, limit: limit)
    CompletionBridge.session = session
    rl_readline_name = UnsafePointer(strdup("searchshell"))
    // Bracketed paste wraps every prompt in escapes that pollute terminal-driven tests.
    rl_variable_bind("enable-bracketed-paste", "off")
    rl_attempted_completion_function = { text, _, _ in
      rl_attempted_completion_over = 1
      return rl_completion_matches(text) { text, state in
        CompletionBridge.next(text: text, state: state)
      }
    }
    using_history()
    stifle_history(Int32(Self.recalled))
    var entries: [String] = []
    if historyFile.isRefused {
      // One line for the session: each append would otherwise fail (or, for a FIFO, wait).
      Self.warn(
        "history kept in memory only: \(Sanitizer.quoted(historyPath)) is not a regular file (a FIFO, a device or a folder)"
      )
      warnedAboutWriting = true
    } else {
      do throws(TableError) {
        try historyFile.trim()
        entries = try historyFile.load(keeping: Self.recalled)
      } catch {
        Self.warn("cannot read history: \(ShellError(error).description)")
      }
    }
    for entry in entries { add_history(entry) }
    loadedHistory = entries
    SignalHandling.installForReadline()
  }

  mutating func readLine(prompt: String) -> String? {
    guard let raw = readline(prompt) else { return nil }
    defer { free(raw) }
    return String(cString: raw)
  }

  mutating func remember(_ line: String) {
    // A database URL is kept without its password.
    let trimmed = Session.keptForm(of: line.trimmingCharacters(in: .whitespaces))
    guard !trimmed.isEmpty else { return }
    if history_length > 0, let last = history_get(history_base + history_length - 1),
      String(cString: last.pointee.line) == trimmed
    {
      return
    }
    add_history(trimmed)
    guard !historyFile.isRefused else { return }
    do throws(TableError) {
      try historyFile.append(trimmed)
    } catch {
      if !warnedAboutWriting { Self.warn("history not saved: \(ShellError(error).description)") }
      warnedAboutWriting = true
    }
  }

  /// One warning line on standard error, through the terminal's sanitizer (it may name a path);
  /// a failing standard error is no reason to stop.
  private static func warn(_ text: String) {
    StandardStreams.writeError(Sanitizer.terminalSafe("warning: \(text)") + "\n")
  }

  /// `SEARCHSHELL_HISTORY`, else `$XDG_STATE_HOME/searchshell/history`, else `~/.searchshell_history`.
  static func historyPath(environment: [String: String]) -> String {
    if let path = environment["SEARCHSHELL_HISTORY"], !path.isEmpty {
      return HomeFolder.expanding(path)
    }
    if let state = environment["XDG_STATE_HOME"], !state.isEmpty {
      return (state as NSString).appendingPathComponent("searchshell/history")
    }
    return (NSHomeDirectory() as NSString).appendingPathComponent(".searchshell_history")
  }
}

/// Connects readline's C completion callbacks, which cannot capture context, to the session.
enum CompletionBridge {
  /// The session whose completions readline offers; set once before the first `readline` call.
  nonisolated(unsafe) static var session: Session?
  /// The candidates for the word being completed, computed at state 0.
  nonisolated(unsafe) static var candidates: [String] = []

  /// readline's generator: the `state`-th candidate, `strdup`'d because readline frees it.
  static func next(text: UnsafePointer<CChar>?, state: Int32) -> UnsafeMutablePointer<CChar>? {
    if state == 0 {
      let word = text.map { String(cString: $0) } ?? ""
      let line = rl_line_buffer.map { String(cString: $0) } ?? ""
      let beforeCursor = String(decoding: line.utf8.prefix(Int(rl_point)), as: UTF8.self)
      candidates = session?.completions(line: beforeCursor, word: word) ?? []
      // A folder is completed without a trailing space so the path can go on.
      rl_completion_append_character = candidates.count == 1 && candidates[0].hasSuffix("/") ? 0 : 32
    }
    let index = Int(state)
    guard index < candidates.count else { return nil }
    return strdup(candidates[index])
  }
}
