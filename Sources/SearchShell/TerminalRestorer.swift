import Foundation
import ShellCore
import Tables

/// Raw mode for live mode, and the way back: the saved terminal settings are restored on
/// leaving, at exit, before every signal that would end the process with the terminal raw,
/// and before a stop (SIGTSTP); SIGCONT puts raw mode back and asks for a redraw.
///
/// The handlers make only async-signal-safe calls (tcsetattr, write of a fixed sequence,
/// sigaction, pthread_sigmask, raise) and touch only plain globals set before they run.
enum TerminalRestorer {
  /// The settings before raw mode, and raw mode's own; read by signal handlers.
  nonisolated(unsafe) private static var saved = termios()
  nonisolated(unsafe) private static var raw = termios()
  /// Whether live mode is on, so the terminal should be raw while the process runs.
  nonisolated(unsafe) private static var isRaw: sig_atomic_t = 0
  nonisolated(unsafe) private static var resized: sig_atomic_t = 0
  nonisolated(unsafe) private static var continued: sig_atomic_t = 0
  /// The SIGTSTP handler, put back by itself once the stop is over.
  nonisolated(unsafe) private static var suspendAction = sigaction()
  nonisolated(unsafe) private static var previousHandlers: [Int32: sigaction] = [:]
  nonisolated(unsafe) private static var exitHookInstalled = false
  /// The settings at start-up, restored when a signal ends the process at the readline prompt.
  nonisolated(unsafe) private static var cooked = termios()
  nonisolated(unsafe) private static var guardsPrompt: sig_atomic_t = 0
  /// Where live mode reads keys and draws: standard input and output, or the picker's
  /// `/dev/tty` (`TerminalDevice`); read by the handlers, set before raw mode starts.
  nonisolated(unsafe) private static var input: Int32 = STDIN_FILENO
  nonisolated(unsafe) private static var output: Int32 = STDOUT_FILENO

  /// Escapes that live mode turns on: hide the cursor (the bar draws its own), bracketed paste.
  private static let enterEscapes: StaticString = "\u{1B}[?25l\u{1B}[?2004h"
  /// Their opposites, written on the way out.
  ///
  /// The handlers write these as literals, which need no global's lazy initialisation, and add
  /// a new line so what follows starts below the frame.
  private static let leaveEscapes: StaticString = "\u{1B}[?2004l\u{1B}[?25h"
  /// Every signal whose default action ends the process (SIGINT is a key in raw mode, and
  /// SIGPIPE is ignored): the terminal is restored first, then the signal acts as it would.
  private static let terminatingSignals: [Int32] = [
    SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
    SIGIO, SIGPWR, SIGSTKFLT, SIGSYS, SIGTRAP, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT,
  ]

  /// Saves the settings of `device` and switches it to raw input; false if it is not a terminal.
  static func enterRawMode(on device: TerminalDevice = .standard) -> Bool {
    guard isRaw == 0 else { return false }
    input = device.input
    output = device.output
    guard tcgetattr(input, &saved) == 0 else { return false }
    raw = saved
    // No echo, no line editing, no signals from keys (Ctrl-C is a key here), no flow control,
    // CR not turned into LF. Output processing stays, so "\n" still returns the carriage.
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | BRKINT | ISTRIP)
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else { return false }
    isRaw = 1
    // Every global a handler reads is initialised here, before any handler can run.
    resized = 0
    continued = 0
    installHandlers()
    write(enterEscapes)
    return true
  }

  /// Restores the start-up settings on every terminating signal from now on: readline puts the
  /// terminal in its own mode while it reads, and puts it back only for the signals it catches
  /// (none: the shell handles SIGINT itself).
  static func guardPrompt() {
    guard tcgetattr(STDIN_FILENO, &cooked) == 0 else { return }
    guardsPrompt = 1
    var fatal = fatalAction()
    let caught = terminatingSignals.filter { !isIgnored($0) }
    for signal in caught { sigaction(signal, &fatal, nil) }
    SignalMask.unblock(caught)
  }

  /// Leaves raw mode and puts the signal handlers back; safe to call twice.
  ///
  /// TCSANOW, here and in the handlers: keys typed after leaving stay for the prompt (a flush
  /// would drop them), and a handler must not wait for output to drain.
  static func restore() {
    guard isRaw != 0 else { return }
    write(leaveEscapes)
    tcsetattr(input, TCSANOW, &saved)
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

  /// Whether the process was stopped and continued since the last call (the screen is stale).
  static func takeContinued() -> Bool {
    guard continued != 0 else { return false }
    continued = 0
    return true
  }

  /// The terminal's columns and rows (80 × 24 when it does not say).
  static func size() -> (width: Int, height: Int) {
    var size = winsize()
    guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
      return (80, 24)
    }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Writes `text` to the terminal at once, without a buffer.
  static func write(_ text: String) {
    _ = StandardStreams.write(Array(text.utf8), to: output)
  }

  /// Writes a fixed sequence; async-signal-safe (one write(2) loop, no allocation).
  private static func write(_ text: StaticString) {
    var offset = 0
    while offset < text.utf8CodeUnitCount {
      let written = Foundation.write(output, text.utf8Start + offset, text.utf8CodeUnitCount - offset)
      if written < 0, errno == EINTR { continue }
      if written <= 0 { return }
      offset += written
    }
  }

  private static func installHandlers() {
    var winch = sigaction()
    winch.__sigaction_handler.sa_handler = { _ in TerminalRestorer.resized = 1 }
    sigemptyset(&winch.sa_mask)
    // No SA_RESTART: a resize or a continue must wake the poll so the frame is redrawn at once.
    winch.sa_flags = 0
    install(SIGWINCH, &winch)
    var resume = sigaction()
    resume.__sigaction_handler.sa_handler = { _ in TerminalRestorer.resumeFromSignal() }
    sigemptyset(&resume.sa_mask)
    resume.sa_flags = 0
    install(SIGCONT, &resume)
    suspendAction.__sigaction_handler.sa_handler = { _ in TerminalRestorer.suspendFromSignal() }
    sigemptyset(&suspendAction.sa_mask)
    suspendAction.sa_flags = 0
    install(SIGTSTP, &suspendAction)
    var fatal = fatalAction()
    for signal in terminatingSignals { install(signal, &fatal) }
    // A parent may start us with signals blocked (the mask is inherited across exec): the
    // handled ones must arrive, or SIGTERM would wait forever and SIGTSTP never restore.
    SignalMask.unblock(previousHandlers.keys)
    if !exitHookInstalled {
      exitHookInstalled = true
      atexit { TerminalRestorer.restore() }
    }
  }

  /// Restore, then the default action: the handler resets itself as it runs.
  private static func fatalAction() -> sigaction {
    var fatal = sigaction()
    fatal.__sigaction_handler.sa_handler = { signal in TerminalRestorer.restoreFromSignal(signal) }
    sigemptyset(&fatal.sa_mask)
    fatal.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND))
    return fatal
  }

  private static func isIgnored(_ signal: Int32) -> Bool {
    var current = sigaction()
    sigaction(signal, nil, &current)
    return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == 1
  }

  /// Installs `action` for `signal` unless the signal is ignored (`nohup` ignores SIGHUP, and
  /// an ignored signal never ends the process, so it needs no restoring).
  private static func install(_ signal: Int32, _ action: inout sigaction) {
    guard !isIgnored(signal) else { return }
    var previous = sigaction()
    sigaction(signal, &action, &previous)
    previousHandlers[signal] = previous
  }

  /// Put the terminal back, then die of the same signal (the handler was reset to the default,
  /// and the raised signal is delivered as soon as the handler returns).
  private static func restoreFromSignal(_ signal: Int32) {
    // This handler replaces TemporaryFileCleanup's for the signals both take, so it does its job.
    PendingTemporaryFile.removeFromSignalHandler()
    if isRaw != 0 {
      write("\u{1B}[?2004l\u{1B}[?25h\r\n")
      tcsetattr(input, TCSANOW, &saved)
      isRaw = 0
    } else if guardsPrompt != 0 {
      tcsetattr(STDIN_FILENO, TCSANOW, &cooked)
    }
    raise(signal)
  }

  /// SIGTSTP: put the terminal back, stop; once continued, catch the next SIGTSTP again.
  private static func suspendFromSignal() {
    let wasRaw = isRaw != 0
    if wasRaw {
      write("\u{1B}[?2004l\u{1B}[?25h\r\n")
      tcsetattr(input, TCSANOW, &saved)
    }
    var stop = sigaction()
    stop.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&stop.sa_mask)
    sigaction(SIGTSTP, &stop, nil)
    var mask = sigset_t()
    sigemptyset(&mask)
    sigaddset(&mask, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &mask, nil)
    // The process stops here; SIGCONT's handler runs before this returns.
    raise(SIGTSTP)
    sigaction(SIGTSTP, &suspendAction, nil)
  }

  /// SIGCONT: raw mode again and a redraw, when in the foreground (a background tcsetattr
  /// would stop the process again with SIGTTOU; `fg` sends another SIGCONT).
  private static func resumeFromSignal() {
    guard isRaw != 0, tcgetpgrp(input) == getpgrp() else { return }
    tcsetattr(input, TCSANOW, &raw)
    write("\u{1B}[?25l\u{1B}[?2004h")
    continued = 1
  }
}
