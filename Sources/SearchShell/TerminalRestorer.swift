import Foundation

/// Raw mode for live mode, and the way back: the saved terminal settings are restored on
/// leaving, at exit, and from the handlers of the signals that would otherwise leave the
/// terminal raw (SIGTERM, SIGHUP, SIGQUIT, and the crash signals).
enum TerminalRestorer {
  /// The settings before raw mode; read by signal handlers, so kept in plain globals.
  nonisolated(unsafe) private static var saved = termios()
  nonisolated(unsafe) private static var isRaw: sig_atomic_t = 0
  nonisolated(unsafe) private static var resized: sig_atomic_t = 0
  nonisolated(unsafe) private static var previousHandlers: [Int32: sigaction] = [:]
  nonisolated(unsafe) private static var exitHookInstalled = false

  /// Escapes that live mode turns on: hide the cursor (the bar draws its own), bracketed paste.
  private static let enterEscapes = "\u{1B}[?25l\u{1B}[?2004h"
  /// Their opposites, written on the way out.
  private static let leaveEscapes = "\u{1B}[?2004l\u{1B}[?25h"
  private static let fatalSignals: [Int32] = [
    SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT,
  ]

  /// Saves the terminal's settings and switches to raw input; false if it is not a terminal.
  static func enterRawMode() -> Bool {
    guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return false }
    var raw = saved
    // No echo, no line editing, no signals from keys (Ctrl-C is a key here), no flow control,
    // CR not turned into LF. Output processing stays, so "\n" still returns the carriage.
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | BRKINT | ISTRIP)
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return false }
    isRaw = 1
    installHandlers()
    write(enterEscapes)
    return true
  }

  /// Leaves raw mode and puts the signal handlers back; safe to call twice.
  static func restore() {
    guard isRaw != 0 else { return }
    write(leaveEscapes)
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
    isRaw = 0
    for (signal, var handler) in previousHandlers { sigaction(signal, &handler, nil) }
    previousHandlers = [:]
  }

  /// Whether the terminal changed size since the last call.
  static func takeResize() -> Bool {
    guard resized != 0 else { return false }
    resized = 0
    return true
  }

  /// The terminal's columns and rows (80 × 24 when it does not say).
  static func size() -> (width: Int, height: Int) {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
      return (80, 24)
    }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Writes `text` to the terminal at once, without stdio's buffer.
  static func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes {
        Foundation.write(STDOUT_FILENO, $0.baseAddress.map { $0 + offset }, $0.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += written
    }
    bytes = []
  }

  private static func installHandlers() {
    var winch = sigaction()
    winch.__sigaction_handler.sa_handler = { _ in TerminalRestorer.resized = 1 }
    sigemptyset(&winch.sa_mask)
    // No SA_RESTART: a resize must wake the poll so the frame is redrawn at once.
    winch.sa_flags = 0
    install(SIGWINCH, &winch)
    var fatal = sigaction()
    fatal.__sigaction_handler.sa_handler = { signal in TerminalRestorer.restoreFromSignal(signal) }
    sigemptyset(&fatal.sa_mask)
    fatal.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND))
    for signal in fatalSignals { install(signal, &fatal) }
    if !exitHookInstalled {
      exitHookInstalled = true
      atexit { TerminalRestorer.restore() }
    }
  }

  private static func install(_ signal: Int32, _ action: inout sigaction) {
    var previous = sigaction()
    sigaction(signal, &action, &previous)
    previousHandlers[signal] = previous
  }

  /// Only async-signal-safe calls: put the terminal back, then die of the same signal.
  private static func restoreFromSignal(_ signal: Int32) {
    if isRaw != 0 {
      let escapes: StaticString = "\u{1B}[?2004l\u{1B}[?25h\r\n"
      _ = Foundation.write(STDOUT_FILENO, escapes.utf8Start, escapes.utf8CodeUnitCount)
      tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
      isRaw = 0
    }
    raise(signal)
  }
}
