import CLibPQ
import Foundation
import Synchronization

/// Every open connection's libpq cancel object, so a SIGINT handler can stop what the
/// connections run on their servers before the process dies (Ctrl-C in a script ends the
/// process; the server would otherwise run the statement on to its timeout).
///
/// Built for a signal handler, as psql's: `PQcancel` is documented safe there with a buffer
/// that is not allocated then, and the table is fixed slots of atomic words allocated before
/// any handler runs, so `cancelFromSignalHandler` takes no lock and allocates nothing. A cancel
/// object is freed only once no handler can be reading it (`release`).
package enum PostgresCancelRegistry {
  /// How many connections can be cancelled at once; more are left to their statement timeout.
  static let capacity = 64
  /// Each slot's `PGcancel` address, 0 when free.
  nonisolated(unsafe) private static let slots: UnsafeMutablePointer<Atomic<UInt>> = {
    let slots = UnsafeMutablePointer<Atomic<UInt>>.allocate(capacity: capacity)
    for index in 0..<capacity { (slots + index).initialize(to: Atomic(0)) }
    return slots
  }()
  /// How many handlers are reading the slots now.
  private static let readers = Atomic<Int>(0)
  /// libpq's error text for `PQcancel`, never read: allocated before any handler runs.
  nonisolated(unsafe) private static let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: 256)

  /// Initializes the storage now: a signal handler must not be the first to touch it.
  package static func prepare() {
    _ = slots[0].load(ordering: .sequentiallyConsistent)
    _ = readers.load(ordering: .sequentiallyConsistent)
    errorBuffer[0] = 0
  }

  /// Registers `cancel`; its slot, or nil when every slot is taken.
  static func add(_ cancel: OpaquePointer) -> Int? {
    let address = UInt(bitPattern: Int(bitPattern: cancel))
    for index in 0..<capacity
    where slots[index].compareExchange(expected: 0, desired: address, ordering: .sequentiallyConsistent)
      .exchanged
    {
      return index
    }
    return nil
  }

  /// Puts `cancel` (nil: none) in `slot` and waits until no handler can still be reading what it
  /// held, which the caller may then free.
  static func release(_ slot: Int, replacingWith cancel: OpaquePointer? = nil) {
    let address = UInt(bitPattern: Int(bitPattern: cancel))
    slots[slot].store(address, ordering: .sequentiallyConsistent)
    // A handler on another thread ends the process when it is done; on this thread it would
    // never return here, so this wait only ever spans another thread's round trips.
    while readers.load(ordering: .sequentiallyConsistent) != 0 { usleep(1000) }
  }

  /// Sends a cancel request for every registered connection; async-signal-safe.
  ///
  /// One round trip to its server each; a connection that runs nothing ignores it.
  package static func cancelFromSignalHandler() {
    readers.add(1, ordering: .sequentiallyConsistent)
    for index in 0..<capacity {
      let address = slots[index].load(ordering: .sequentiallyConsistent)
      guard address != 0, let cancel = OpaquePointer(bitPattern: UInt(address)) else { continue }
      _ = PQcancel(cancel, errorBuffer, 256)
    }
    readers.subtract(1, ordering: .sequentiallyConsistent)
  }
}
