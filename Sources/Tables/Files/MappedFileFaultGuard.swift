import Foundation
import Synchronization

/// Turns SIGBUS inside a registered file mapping (its file was truncated under it) into zero
/// pages and a flag, so the session survives, discards what it read, and rebuilds.
///
/// The handler (SA_SIGINFO) compares the fault address with the registered ranges; inside one,
/// it maps anonymous zero pages over the whole range (`MAP_FIXED`), sets the range's flag and
/// returns, and the faulting read runs again on zeros. Any other SIGBUS puts the previous
/// handler back and returns, so the fault repeats and that handler (the runtime's backtracer,
/// or the default action) sees it. The handler allocates nothing, takes no lock and reads only
/// atomics and a `sigaction` set before it was installed: it is async-signal-safe.
enum MappedFileFaultGuard {
  /// Mappings guarded at once (a session maps one index; tests a few more).
  package static let capacity = 64
  /// Per slot, the range's first address (0: free) and its end.
  private static let starts = InlineArray<64, Atomic<UInt>> { _ in Atomic(0) }
  private static let ends = InlineArray<64, Atomic<UInt>> { _ in Atomic(0) }
  /// Per slot, 1 once a fault was turned into zeros.
  private static let faults = InlineArray<64, Atomic<Int>> { _ in Atomic(0) }
  /// The handler SIGBUS had before this one, put back for a fault that is not ours.
  nonisolated(unsafe) private static var previous = sigaction()

  /// Installs the handler, once, before the first range is registered.
  private static let installed: Bool = {
    var action = sigaction()
    action.__sigaction_handler.sa_sigaction = { _, info, _ in MappedFileFaultGuard.handle(info) }
    action.sa_flags = SA_SIGINFO
    sigemptyset(&action.sa_mask)
    return sigaction(SIGBUS, &action, &previous) == 0
  }()

  /// Guards `length` bytes at `address`; the slot to ask and free later, or nil when none is free.
  package static func register(_ address: UnsafeMutableRawPointer, length: Int) -> Int? {
    guard installed, length > 0 else { return nil }
    let start = UInt(bitPattern: address)
    // A free slot's end is already 0 (`unregister` clears it first), so the handler never sees
    // a half-written range; an occupied slot's end is never touched here.
    for slot in 0..<capacity {
      guard
        starts[slot].compareExchange(expected: 0, desired: start, ordering: .acquiringAndReleasing).exchanged
      else { continue }
      faults[slot].store(0, ordering: .releasing)
      ends[slot].store(start &+ UInt(length), ordering: .releasing)
      return slot
    }
    return nil
  }

  /// Frees `slot` (before its range is unmapped).
  static func unregister(_ slot: Int) {
    ends[slot].store(0, ordering: .releasing)
    starts[slot].store(0, ordering: .releasing)
  }

  /// Whether a fault in `slot`'s range was turned into zeros.
  package static func hasFaulted(_ slot: Int) -> Bool { faults[slot].load(ordering: .acquiring) != 0 }

  /// The handler's work; async-signal-safe.
  private static func handle(_ info: UnsafeMutablePointer<siginfo_t>?) {
    if let info {
      let address = UInt(bitPattern: info.pointee._sifields._sigfault.si_addr)
      for slot in 0..<capacity {
        let start = starts[slot].load(ordering: .acquiring)
        let end = ends[slot].load(ordering: .acquiring)
        guard start != 0, address >= start, address < end else { continue }
        let zeros = mmap(
          UnsafeMutableRawPointer(bitPattern: start), Int(end &- start), PROT_READ,
          MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
        if zeros != MAP_FAILED {
          faults[slot].store(1, ordering: .releasing)
          return
        }
      }
    }
    _ = sigaction(SIGBUS, &previous, nil)
  }
}
