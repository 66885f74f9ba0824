import Foundation
import ShellCore
import Tables

/// Removes an atomic write's temporary file when a terminating signal ends the process.
///
/// `TerminalRestorer` replaces this handler for the signals both take (at the prompt and in live
/// mode) and removes the file itself.
enum TemporaryFileCleanup {
  /// The signals that end the process by default while a write may be under way.
  static let signals = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]

  /// Installs the handler for each of `signals` still at its default disposition (one ignored,
  /// as under `nohup`, stays ignored) and unblocks it.
  static func install() {
    PendingTemporaryFile.prepare()
    for signal in signals {
      var current = sigaction()
      guard sigaction(signal, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil else {
        continue
      }
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { received in
        // Only async-signal-safe calls: unlink, then die of the same signal as before.
        PendingTemporaryFile.removeFromSignalHandler()
        _ = Foundation.signal(received, SIG_DFL)
        _ = raise(received)
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      sigaction(signal, &action, nil)
      // A launcher may start us with the signal blocked (the mask survives exec): a kill held
      // pending would be acted on only after the write, or never.
      SignalMask.unblock([signal])
    }
  }
}
