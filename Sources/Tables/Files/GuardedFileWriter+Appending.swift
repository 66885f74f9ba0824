import Foundation

/// What `GuardedFileWriter.openAppending` does with a regular file that exists already.
package enum ExistingFilePolicy: Equatable {
  /// Start it afresh: the header replaces it atomically (`trace json FILE`, `--cast FILE`).
  case replace
  /// Refuse it with `fileExists`, `hint` saying what to do instead (`record FILE`).
  case refuse(hint: String)
  /// Add to its end, after the header (`record --append FILE`); a missing file is created.
  case append
}

extension GuardedFileWriter {
  /// The file opened without replacing anything, or nil when `policy` replaces it.
  ///
  /// A new file is created with `O_EXCL`, so one made by someone else since the check is
  /// refused rather than replaced; an existing one is opened for appending at its real path
  /// and checked to be the file that was resolved.
  static func openUnreplaced(
    _ target: WriteTarget, exists: Bool, header: String, policy: ExistingFilePolicy
  ) throws(TableError) -> AppendingFile? {
    var refusal: String?
    switch policy {
    case .replace: return nil
    case .refuse(let hint):
      if exists { throw .fileExists(target.name, hint: hint) }
      refusal = hint
    case .append: break
    }
    let flags = O_WRONLY | O_APPEND | O_CLOEXEC | O_NOCTTY
    // An existing file is opened for reading too, to see its last byte; one the user may only
    // write to is appended to as it is.
    var descriptor = exists ? open(target.path, O_RDWR | O_APPEND | O_CLOEXEC | O_NOCTTY) : -1
    if exists, descriptor < 0, errno == EACCES { descriptor = open(target.path, flags) }
    if !exists { descriptor = open(target.path, flags | O_CREAT | O_EXCL, 0o666) }
    guard descriptor >= 0 else {
      let code = errno
      if code == EEXIST, let refusal { throw .fileExists(target.name, hint: refusal) }
      if code == EEXIST {
        throw .unwritableFile(target.name, reason: "it was created while it was being opened")
      }
      throw .unwritableFile(target.name, reason: ByteStream.reason(code))
    }
    if exists, FileIdentity(descriptor: descriptor) != target.identity {
      _ = close(descriptor)
      throw .unwritableFile(target.name, reason: "the file changed while it was being opened")
    }
    let file = AppendingFile(descriptor: descriptor, name: target.name, isPassThrough: false)
    do throws(TableError) {
      // The user's last line keeps its end: what is added starts on a line of its own.
      let separator = exists && !endsWithLineFeed(descriptor) ? "\n" : ""
      try file.append(separator + header)
    } catch {
      file.close()
      // A file this call created and could not even start is removed, not left half made.
      if !exists { _ = unlink(target.path) }
      throw error
    }
    return file
  }

  /// Whether the file open at `descriptor` is empty or ends with LF (also when its last byte
  /// cannot be read: nothing is added then).
  static func endsWithLineFeed(_ descriptor: Int32) -> Bool {
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_size > 0 else { return true }
    var last: UInt8 = 0
    guard pread(descriptor, &last, 1, status.st_size - 1) == 1 else { return true }
    return last == ByteCodes.lineFeed
  }
}
