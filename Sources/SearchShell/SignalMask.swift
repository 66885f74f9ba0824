import Foundation

/// The signals this thread blocks: a parent may start the shell with some blocked (the mask
/// survives exec), and a handled signal that stays blocked is held until it is too late.
enum SignalMask {
  /// Unblocks `signals` for the calling thread; not for use inside a handler.
  static func unblock<Signals: Sequence<Int32>>(_ signals: Signals) {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in signals { sigaddset(&set, signal) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }
}
