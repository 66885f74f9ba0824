import Foundation

/// An exclusive `flock` on the file `lock` in the cache folder: writers of every session make
/// room and reserve their file under it, so concurrent writers never overrun the limit.
final class IndexCacheFolderLock {
  /// The lock file's name in the folder.
  static let fileName = "lock"
  private let descriptor: Int32

  /// Takes the lock of `folder`, waiting (and asking `isCancelled` every 20 ms) while another
  /// process holds it; nil when the lock file cannot be opened or the wait was cancelled.
  init?(folder: String, isCancelled: () -> Bool) {
    let path = (folder as NSString).appendingPathComponent(Self.fileName)
    let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return nil }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      _ = close(descriptor)
      return nil
    }
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR, !isCancelled() else {
        _ = close(descriptor)
        return nil
      }
      usleep(20_000)
    }
    self.descriptor = descriptor
  }

  /// Lets the lock go (closing the file does).
  deinit { _ = close(descriptor) }
}
