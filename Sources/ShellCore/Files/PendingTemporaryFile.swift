import Foundation
import Synchronization

/// The temporary file an atomic write is filling, so a terminating signal can remove it.
///
/// Writes are one at a time, so one slot is enough. The path is copied into memory allocated
/// before any handler runs, and a release/acquire flag publishes it, so the handler needs no
/// allocation, no lock and no Swift runtime call: `removeFromSignalHandler` is async-signal-safe.
public enum PendingTemporaryFile {
  /// Room for the longest path Linux accepts, and its NUL.
  private static let capacity = Int(PATH_MAX) + 1
  /// The registered path, NUL-terminated; owned for the life of the process.
  nonisolated(unsafe) private static let pathStorage = UnsafeMutablePointer<CChar>.allocate(
    capacity: capacity)
  /// 1 while `pathStorage` holds a file to remove.
  private static let isRegistered = Atomic<Int>(0)

  /// Initializes the storage now: a signal handler must not be the first to touch it.
  public static func prepare() {
    pathStorage[0] = 0
    isRegistered.store(isRegistered.load(ordering: .acquiring), ordering: .releasing)
  }

  /// Remembers `path` as the file to remove if the process is killed now.
  static func register(_ path: String) {
    isRegistered.store(0, ordering: .releasing)
    let bytes = Array(path.utf8)
    // A path too long to copy is left unregistered: the write still works, only unguarded.
    guard bytes.count < capacity, !bytes.contains(0) else { return }
    for (index, byte) in bytes.enumerated() { pathStorage[index] = CChar(bitPattern: byte) }
    pathStorage[bytes.count] = 0
    isRegistered.store(1, ordering: .releasing)
  }

  /// Forgets the registered file: it was renamed into place or removed.
  static func clear() {
    isRegistered.store(0, ordering: .releasing)
  }

  /// The registered path, for tests.
  static var registeredPath: String? {
    isRegistered.load(ordering: .acquiring) == 1 ? String(cString: pathStorage) : nil
  }

  /// Removes the registered temporary file; async-signal-safe.
  ///
  /// Call it from a handler of SIGTERM, SIGHUP, SIGINT or SIGQUIT before the process dies.
  public static func removeFromSignalHandler() {
    guard isRegistered.exchange(0, ordering: .acquiringAndReleasing) == 1 else { return }
    _ = unlink(pathStorage)
  }
}
