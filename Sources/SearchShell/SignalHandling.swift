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
    rl_signal_event_hook = {
      guard SignalHandling.interrupted != 0 else { return 0 }
      SignalHandling.interrupted = 0
      rl_free_line_state()
      rl_replace_line("", 0)
      rl_crlf()
      rl_on_new_line()
      rl_redisplay()
      return 0
    }
  }
}
