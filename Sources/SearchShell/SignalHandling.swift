@preconcurrency import CReadline
import Foundation

/// Ctrl-C at the prompt discards the line and keeps the session, as in bash and psql.
enum SignalHandling {
  /// Set by the signal handler; read by readline's event hook in normal context.
  nonisolated(unsafe) static var interrupted: sig_atomic_t = 0

  /// Takes SIGINT away from readline: the handler only sets a flag, and readline's event hook
  /// (called when the interrupted read returns) clears the line outside the signal handler.
  static func installForReadline() {
    rl_catch_signals = 0
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in SignalHandling.interrupted = 1 }
    sigemptyset(&action.sa_mask)
    // No SA_RESTART: the blocked read must return so readline can run its event hook.
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
    // A parent may start us with SIGINT blocked (threads of some launchers block it, and the
    // mask is inherited across exec); Ctrl-C must still reach the prompt.
    SignalMask.unblock([SIGINT])
    rl_signal_event_hook = {
      SignalHandling.discardLineIfInterrupted()
      return 0
    }
    // A Ctrl-C that arrives while readline is busy (not blocked in read) is seen before the
    // next key is read, so typing ahead cannot slip past it.
    rl_getc_function = { stream in
      SignalHandling.discardLineIfInterrupted()
      return rl_getc(stream)
    }
  }

  /// Clears the line being edited and starts a fresh prompt, if Ctrl-C was pressed.
  static func discardLineIfInterrupted() {
    guard interrupted != 0 else { return }
    interrupted = 0
    rl_free_line_state()
    rl_replace_line("", 0)
    rl_crlf()
    rl_on_new_line()
    rl_redisplay()
  }
}
