import Foundation

/// The built binary on a real terminal: a detached tmux pane driven with send-keys and read
/// with capture-pane, each on its own tmux server so tests can run side by side.
final class TerminalSession {
  let socket = "searchshell-test-\(UUID().uuidString.prefix(8))"
  let historyPath: String
  /// Whether the session made `historyPath` up, and so removes it when it ends.
  private let ownsHistory: Bool

  /// A session whose history goes to `historyPath`, or to a file of its own that it removes
  /// when it ends; `setup` is shell text run first (such as `umask 000;`).
  ///
  /// `startupFile` is `SEARCHSHELL_RC` (empty: no start-up file; nil: the one in the folders
  /// the setup's `HOME` and `XDG_CONFIG_HOME` name); `pager` is `PAGER` (empty: none, so long
  /// output stays on the screen the test reads).
  init(
    historyPath: String? = nil, arguments: String = "", setup: String = "", startupFile: String? = "",
    pager: String = ""
  )
    throws
  {
    ownsHistory = historyPath == nil
    let historyPath =
      historyPath
      ?? FileManager.default.temporaryDirectory.appendingPathComponent(
        "searchshell-history-\(UUID().uuidString)"
      ).path
    self.historyPath = historyPath
    let command =
      setup
      + "env -u SEARCHSHELL_RC -u SEARCHSHELL_PAGER " + (startupFile.map { "SEARCHSHELL_RC='\($0)' " } ?? "")
      + "SEARCHSHELL_INDEX_CACHE=off PAGER='\(pager)' "
      + "INPUTRC=/dev/null TERM=xterm NO_COLOR=1 SEARCHSHELL_HISTORY='\(historyPath)' '\(ShellProcess.executableURL.path)' \(arguments); echo EXIT=$?; sleep 30"
    try tmux(["-f", "/dev/null", "new-session", "-d", "-x", "120", "-y", "50", command])
  }

  /// An interactive bash (job control, `fg`, `stty`) at prompt `$ `, for typing the shell's
  /// command line into; `SearchShell.command` is that line.
  init(bash: Void) throws {
    ownsHistory = true
    historyPath =
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "searchshell-history-\(UUID().uuidString)"
      ).path
    let command =
      "env SEARCHSHELL_RC= SEARCHSHELL_INDEX_CACHE=off PAGER= INPUTRC=/dev/null TERM=xterm NO_COLOR=1 PS1='$ ' SEARCHSHELL_HISTORY='\(historyPath)' bash --norc --noprofile -i"
    try tmux(["-f", "/dev/null", "new-session", "-d", "-x", "120", "-y", "50", command])
  }

  /// The process id of the pane's first program (the shell, or bash).
  func panePID() throws -> pid_t? {
    pid_t(
      try tmux(["display-message", "-p", "-t", "0", "#{pane_pid}"]).trimmingCharacters(
        in: .whitespacesAndNewlines))
  }

  /// The pane's terminal device, so a test can read its modes with tcgetattr.
  func paneTTY() throws -> String {
    try tmux(["display-message", "-p", "-t", "0", "#{pane_tty}"]).trimmingCharacters(
      in: .whitespacesAndNewlines)
  }

  /// The pane's terminal modes, read from its device: echo, canonical input and key signals.
  func inputModes() throws -> (echo: Bool, canonical: Bool, signals: Bool) {
    let descriptor = open(try paneTTY(), O_RDONLY | O_NOCTTY | O_NONBLOCK)
    guard descriptor >= 0 else { throw POSIXError(.ENOENT) }
    defer { close(descriptor) }
    var settings = termios()
    guard tcgetattr(descriptor, &settings) == 0 else { throw POSIXError(.ENOTTY) }
    let flags = settings.c_lflag
    return (flags & tcflag_t(ECHO) != 0, flags & tcflag_t(ICANON) != 0, flags & tcflag_t(ISIG) != 0)
  }

  /// Whether the cursor is shown (live mode hides it).
  func cursorShown() throws -> Bool {
    try tmux(["display-message", "-p", "-t", "0", "#{cursor_flag}"]).trimmingCharacters(
      in: .whitespacesAndNewlines)
      == "1"
  }

  /// The pane's title, which an OSC 0 or OSC 2 sequence would set.
  func title() throws -> String {
    try tmux(["display-message", "-p", "-t", "0", "#{pane_title}"]).trimmingCharacters(in: .newlines)
  }

  /// Copies every byte the program writes to the terminal into `path`, escapes included.
  func recordOutput(to path: String) throws {
    try tmux(["pipe-pane", "-o", "-t", "0", "cat >> '\(path)'"])
  }

  deinit {
    // The server inherits the test runner's blocked signals and then never acts on `kill-server`
    // (every session used to outlive its test): end the server and the pane's process group.
    let pids = (try? tmux(["display-message", "-p", "-t", "0", "#{pid} #{pane_pid}"])) ?? ""
    _ = try? tmux(["kill-server"])
    let numbers = pids.split(whereSeparator: \.isWhitespace).compactMap { pid_t($0) }
    if numbers.count == 2 {
      kill(-numbers[1], SIGKILL)
      kill(numbers[0], SIGKILL)
    }
    if ownsHistory { try? FileManager.default.removeItem(atPath: historyPath) }
  }

  /// Types keys (tmux key names such as `Enter`, `Tab`, `C-c`, or literal text).
  func send(_ keys: String...) throws {
    try tmux(["send-keys", "-t", "0"] + keys)
  }

  /// Types literal text.
  func type(_ text: String) throws {
    try tmux(["send-keys", "-t", "0", "-l", text])
  }

  /// Pastes `text` as a terminal does: bracketed when the program asked for it.
  func paste(_ text: String) throws {
    try tmux(["set-buffer", "--", text])
    try tmux(["paste-buffer", "-p", "-t", "0"])
  }

  /// Resizes the terminal, which sends the program SIGWINCH.
  func resize(width: Int, height: Int) throws {
    try tmux(["resize-window", "-t", "0", "-x", String(width), "-y", String(height)])
  }

  /// Runs `line` at the prompt and waits for `marker`; returns the screen then.
  @discardableResult
  func command(_ line: String, waitFor marker: String) async throws -> String {
    try type(line)
    try send("Enter")
    return try await waitFor(marker)
  }

  /// The visible screen.
  func screen() throws -> String {
    try tmux(["capture-pane", "-p", "-t", "0"])
  }

  /// Waits until the screen contains `text`, up to `timeout` seconds; returns the screen.
  @discardableResult
  func waitFor(_ text: String, timeout: Double = 10) async throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var last = ""
    var polls = 0
    // CPU-bound tests running alongside can hold every cooperative thread for seconds, so a
    // sleeping poll may wake after the deadline: look a minimum number of times as well.
    while Date() < deadline || polls < 40 {
      polls += 1
      last = try screen()
      if last.contains(text) { return last }
      try await Task.sleep(nanoseconds: 50_000_000)
    }
    return last
  }

  @discardableResult
  private func tmux(_ arguments: [String]) throws -> String {
    let process = Process()
    // The tmux server outlives the client and inherits its descriptors, among them the one
    // Foundation watches to see the client exit; close everything above 2 before tmux starts.
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments =
      [
        "-c",
        #"for fd in $(ls /proc/$$/fd); do [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done; exec tmux "$@""#,
        "bash", "-L", socket,
      ] + arguments
    // Only capture-pane's output is read: a server started by new-session inherits the
    // client's descriptors and would hold a pipe open for as long as it runs.
    let captures = arguments.contains("capture-pane") || arguments.contains("display-message")
    let output = Pipe()
    process.standardOutput = captures ? output : FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = captures ? output.fileHandleForReading.readDataToEndOfFile() : Data()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
