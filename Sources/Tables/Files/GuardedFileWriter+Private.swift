import Foundation

/// Private files in a folder the shell owns (the index cache): created new, never through a
/// link, 0600 whatever the umask, synced, then renamed into place.
extension GuardedFileWriter {
  /// A temporary file made by `createPrivate`, open for writing.
  package struct PrivateTemporary {
    package let descriptor: Int32
    package let path: String
  }

  /// Creates a temporary file beside `path` (`.NAME.PID.UUID.tmp`: the folder's cleaner knows
  /// its writer), `O_EXCL | O_NOFOLLOW`, mode 0600 by `fchmod` (the umask does not apply), of
  /// `length` bytes (so others making room count it), registered for removal on a signal.
  package static func createPrivate(
    beside path: String, length: Int, slot: PendingTemporaryFile.Slot
  ) throws(TableError) -> PrivateTemporary {
    let folder = (path as NSString).deletingLastPathComponent
    let name = ".\((path as NSString).lastPathComponent).\(getpid()).\(UUID().uuidString.lowercased()).tmp"
    let temporary = (folder as NSString).appendingPathComponent(name)
    PendingTemporaryFile.register(temporary, slot: slot)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      PendingTemporaryFile.clear(slot: slot)
      throw .unwritableFile(path, reason: ByteStream.reason(errno))
    }
    guard fchmod(descriptor, 0o600) == 0, ftruncate(descriptor, off_t(length)) == 0 else {
      let code = errno
      _ = close(descriptor)
      _ = unlink(temporary)
      PendingTemporaryFile.clear(slot: slot)
      throw .unwritableFile(path, reason: ByteStream.reason(code))
    }
    return PrivateTemporary(descriptor: descriptor, path: temporary)
  }

  /// Fills `temporary` with `body`, syncs it and renames it over `path`.
  ///
  /// A link or anything else at `path` is replaced, never followed; on failure the temporary
  /// file is removed. It is closed either way.
  package static func finishPrivate(
    _ temporary: PrivateTemporary, over path: String, slot: PendingTemporaryFile.Slot,
    body: (inout BufferedFileWriter) throws(TableError) -> Void
  ) throws(TableError) {
    defer { PendingTemporaryFile.clear(slot: slot) }
    var isOpen = true
    do throws(TableError) {
      var output = BufferedFileWriter(descriptor: temporary.descriptor, path: path)
      try body(&output)
      try output.flush()
      // Synced before the rename: a crash leaves the old entry or the whole new one.
      guard fsync(temporary.descriptor) == 0 else {
        throw .unwritableFile(path, reason: ByteStream.reason(errno))
      }
      isOpen = false
      guard close(temporary.descriptor) == 0, rename(temporary.path, path) == 0 else {
        throw .unwritableFile(path, reason: ByteStream.reason(errno))
      }
    } catch {
      if isOpen { _ = close(temporary.descriptor) }
      _ = unlink(temporary.path)
      throw error
    }
  }
}
