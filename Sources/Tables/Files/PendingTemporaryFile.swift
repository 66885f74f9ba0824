import Foundation
import Synchronization

/// The temporary files atomic writes are filling, so a terminating signal can remove them.
///
/// Writes the user asks for are one at a time, and so are the index cache's writes in the
/// background: one slot each. The paths are copied into memory allocated before any handler
/// runs, and a release/acquire flag publishes each, so the handler needs no allocation, no lock
/// and no Swift runtime call: `removeFromSignalHandler` is async-signal-safe.
public enum PendingTemporaryFile {
  /// Which write a temporary file belongs to.
  package enum Slot: Int, CaseIterable {
    /// A file the user named (`export`, `record`, `diagram`, ...), written on the session's thread.
    case foreground = 0
    /// An index cache file, written on a thread of its own.
    case background = 1
  }

  /// Room for the longest path Linux accepts, and its NUL.
  private static let capacity = Int(PATH_MAX) + 1
  /// The registered paths, NUL-terminated, `capacity` bytes per slot; owned for the life of the
  /// process.
  nonisolated(unsafe) private static let pathStorage = UnsafeMutablePointer<CChar>.allocate(
    capacity: capacity * Slot.allCases.count)
  /// 1 while the foreground slot holds a file to remove.
  private static let foregroundRegistered = Atomic<Int>(0)
  /// 1 while the background slot holds a file to remove.
  private static let backgroundRegistered = Atomic<Int>(0)

  /// Initializes the storage now: a signal handler must not be the first to touch it.
  public static func prepare() {
    for slot in Slot.allCases { pathStorage[slot.rawValue * capacity] = 0 }
    foregroundRegistered.store(foregroundRegistered.load(ordering: .acquiring), ordering: .releasing)
    backgroundRegistered.store(backgroundRegistered.load(ordering: .acquiring), ordering: .releasing)
  }

  /// Stores `value` in `slot`'s flag.
  private static func setRegistered(_ slot: Slot, _ value: Int) {
    switch slot {
    case .foreground: foregroundRegistered.store(value, ordering: .releasing)
    case .background: backgroundRegistered.store(value, ordering: .releasing)
    }
  }

  /// Whether `slot` holds a file.
  private static func isRegistered(_ slot: Slot) -> Bool {
    switch slot {
    case .foreground: return foregroundRegistered.load(ordering: .acquiring) == 1
    case .background: return backgroundRegistered.load(ordering: .acquiring) == 1
    }
  }

  /// Remembers `path` as the file to remove if the process is killed now.
  package static func register(_ path: String, slot: Slot = .foreground) {
    setRegistered(slot, 0)
    let bytes = Array(path.utf8)
    // A path too long to copy is left unregistered: the write still works, only unguarded.
    guard bytes.count < capacity, !bytes.contains(0) else { return }
    let start = pathStorage + slot.rawValue * capacity
    for (index, byte) in bytes.enumerated() { start[index] = CChar(bitPattern: byte) }
    start[bytes.count] = 0
    setRegistered(slot, 1)
  }

  /// Forgets the registered file: it was renamed into place or removed.
  package static func clear(slot: Slot = .foreground) {
    setRegistered(slot, 0)
  }

  /// The registered path, for tests.
  static func registeredPath(slot: Slot = .foreground) -> String? {
    isRegistered(slot) ? String(cString: pathStorage + slot.rawValue * capacity) : nil
  }

  /// The foreground slot's path, for tests.
  static var registeredPath: String? { registeredPath(slot: .foreground) }

  /// Removes the registered temporary files; async-signal-safe.
  ///
  /// Call it from a handler of SIGTERM, SIGHUP, SIGINT or SIGQUIT before the process dies.
  public static func removeFromSignalHandler() {
    if foregroundRegistered.exchange(0, ordering: .acquiringAndReleasing) == 1 { _ = unlink(pathStorage) }
    if backgroundRegistered.exchange(0, ordering: .acquiringAndReleasing) == 1 {
      _ = unlink(pathStorage + capacity)
    }
  }
}
