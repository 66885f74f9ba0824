import Foundation
import ShellCore
import Tables

/// Ctrl-C while the commands come from `-c`, a script or a pipe: the process ends, as it always
/// did, but first every statement its connections run on a server is cancelled (`PQcancel`),
/// so the server does not run it on to its timeout.
///
/// The cancels go out from the handler itself, as psql sends its own (libpq documents
/// `PQcancel` as safe there): the thread it interrupts (the session's, which Linux picks first)
/// stops where it is, so no command runs after the key and no error of the cancelled statement
/// is printed. The handler then removes a half-written temporary file and dies of SIGINT, as
/// `TemporaryFileCleanup`'s handler, which this one replaces, did. A server that does not answer
/// holds the handler up for its round trip; a second Ctrl-C (the handler runs again: SA_NODEFER)
/// ends the process at once.
enum ScriptInterrupt {
  /// Set by the first Ctrl-C.
  nonisolated(unsafe) private static var pressed: sig_atomic_t = 0

  /// Takes SIGINT, unless it is ignored (a background job, `nohup`): it then stays ignored.
  static func install() {
    var current = sigaction()
    guard sigaction(SIGINT, nil, &current) == 0 else { return }
    if let handler = current.__sigaction_handler.sa_handler,
      unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    {
      return
    }
    // Every global the handler reads is initialised here, before it can run.
    pressed = 0
    PendingTemporaryFile.prepare()
    ServerCancellation.prepare()
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
      // Only async-signal-safe calls, as `TemporaryFileCleanup`'s handler.
      if ScriptInterrupt.pressed == 0 {
        ScriptInterrupt.pressed = 1
        ServerCancellation.cancelFromSignalHandler()
      }
      PendingTemporaryFile.removeFromSignalHandler()
      _ = Foundation.signal(SIGINT, SIG_DFL)
      _ = raise(SIGINT)
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_NODEFER
    sigaction(SIGINT, &action, nil)
    SignalMask.unblock([SIGINT])
  }
}
