@preconcurrency import CReadline
import Foundation
import ShellCore

/// GNU readline with persistent history, tab completion and Ctrl-C that only discards the line.
struct ReadlineLineReader: LineReader {
  /// The history file, created with mode 0600.
  let historyPath: String
  let loadedHistory: [String]

  /// Sets readline up for `session`: completion, history, signals and bracketed paste off.
  init(session: Session, historyPath: String) {
    self.historyPath = historyPath
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
    stifle_history(1000)
    let status = read_history(historyPath)
    // ENOENT is a first run: an empty history, not an error.
    if status != 0 && status != ENOENT {
      FileHandle.standardError.write(
        Data("warning: cannot read history '\(historyPath)': \(String(cString: strerror(status)))\n".utf8))
    }
    var entries: [String] = []
    if let list = history_list() {
      var index = 0
      while let entry = list[index] {
        entries.append(String(cString: entry.pointee.line))
        index += 1
      }
    }
    loadedHistory = entries
    SignalHandling.installForReadline()
  }

  mutating func readLine(prompt: String) -> String? {
    guard let raw = readline(prompt) else { return nil }
    defer { free(raw) }
    return String(cString: raw)
  }

  mutating func remember(_ line: String) {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { return }
    if history_length > 0, let last = history_get(history_base + history_length - 1),
      String(cString: last.pointee.line) == trimmed
    {
      return
    }
    add_history(trimmed)
    save()
  }

  private func save() {
    let folder = (historyPath as NSString).deletingLastPathComponent
    if !folder.isEmpty {
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    if !FileManager.default.fileExists(atPath: historyPath) {
      _ = FileManager.default.createFile(
        atPath: historyPath, contents: nil, attributes: [.posixPermissions: 0o600])
    }
    _ = write_history(historyPath)
    chmod(historyPath, 0o600)
  }

  /// `SEARCHSHELL_HISTORY`, else `$XDG_STATE_HOME/searchshell/history`, else `~/.searchshell_history`.
  static func historyPath(environment: [String: String]) -> String {
    if let path = environment["SEARCHSHELL_HISTORY"], !path.isEmpty {
      return (path as NSString).expandingTildeInPath
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
