import Foundation

/// The one path by which the shell writes a file the user named (see `WriteTarget` for what it
/// refuses and how it treats links, devices and FIFOs).
///
/// A regular file is written to a temporary file in its folder, synced, and renamed over the
/// target, keeping the permission bits of the file it replaces: a reader sees the old contents
/// or the new, and a failure (a full disk, a signal) leaves the old file and no temporary one.
/// A hard link to the replaced file keeps the old contents, as with any atomic save.
package enum GuardedFileWriter {
  /// Writes the whole file `name` with `body`, atomically when it is a regular file.
  ///
  /// `slot` says which write the temporary file belongs to (the index cache writes on a thread
  /// of its own). A file that is not `durable` (a cache, rebuilt when lost) is renamed into
  /// place without waiting for the disk: still atomic for every reader, but a system crash may
  /// leave it damaged, which its reader checks for.
  package static func replace(
    _ name: String, protectedPaths: [String], slot: PendingTemporaryFile.Slot = .foreground,
    durable: Bool = true, body: (inout BufferedFileWriter) throws(TableError) -> Void
  ) throws(TableError) {
    let target = try WriteTarget.resolve(name, protectedPaths: protectedPaths)
    switch target.kind {
    case .regular(let existing):
      _ = try replaceRegular(
        target, existing: existing, keepOpen: false, slot: slot, durable: durable, body: body)
    case .passThrough(let isFIFO):
      let descriptor = try openInPlace(target, isFIFO: isFIFO)
      defer { _ = close(descriptor) }
      try BrokenPipeGuard.run { () throws(TableError) in
        var output = BufferedFileWriter(descriptor: descriptor, path: name)
        try body(&output)
        try output.flush()
      }
    }
  }

  /// Opens the file `name` for appending, `header` written first: a regular file that exists
  /// is started afresh, refused or added to, as `policy` says.
  package static func openAppending(
    _ name: String, header: String, protectedPaths: [String], existing policy: ExistingFilePolicy = .replace
  ) throws(TableError) -> AppendingFile {
    let target = try WriteTarget.resolve(name, protectedPaths: protectedPaths)
    switch target.kind {
    case .regular(let existing):
      if let opened = try openUnreplaced(target, exists: existing != nil, header: header, policy: policy) {
        return opened
      }
      let descriptor = try replaceRegular(target, existing: existing, keepOpen: true) {
        (output: inout BufferedFileWriter) throws(TableError) in try output.write(header)
      }
      guard let descriptor else { throw .unwritableFile(name, reason: ByteStream.reason(EBADF)) }
      return AppendingFile(descriptor: descriptor, name: name, isPassThrough: false)
    case .passThrough(let isFIFO):
      let file = AppendingFile(
        descriptor: try openInPlace(target, isFIFO: isFIFO), name: name, isPassThrough: true)
      try file.append(header)
      return file
    }
  }

  /// Fills a temporary file, renames it over the target, and returns its descriptor when
  /// `keepOpen` (for appending), else closes it and returns nil.
  private static func replaceRegular(
    _ target: WriteTarget, existing: WriteTarget.ExistingFile?, keepOpen: Bool,
    slot: PendingTemporaryFile.Slot = .foreground, durable: Bool = true,
    body: (inout BufferedFileWriter) throws(TableError) -> Void
  ) throws(TableError) -> Int32? {
    let folder = (target.path as NSString).deletingLastPathComponent
    let temporary = (folder as NSString).appendingPathComponent(temporaryName(for: target.path))
    // Registered before it exists, so no moment passes where a signal would leave it behind.
    PendingTemporaryFile.register(temporary, slot: slot)
    defer { PendingTemporaryFile.clear(slot: slot) }
    let flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | (keepOpen ? O_APPEND : 0)
    let descriptor = open(temporary, flags, 0o666)
    guard descriptor >= 0 else { throw .unwritableFile(target.name, reason: ByteStream.reason(errno)) }
    var isOpen = true
    do throws(TableError) {
      if let existing {
        // A root session editing a user's file gives it back to the user; others cannot chown.
        if getuid() == 0 { _ = fchown(descriptor, existing.owner, existing.group) }
        _ = fchmod(descriptor, existing.mode)
      }
      var output = BufferedFileWriter(descriptor: descriptor, path: target.name)
      try body(&output)
      try output.flush()
      if durable { try check(fsync(descriptor), target) }
      if !keepOpen {
        isOpen = false
        try check(close(descriptor), target)
      }
      try check(rename(temporary, target.path), target)
    } catch {
      if isOpen { _ = close(descriptor) }
      _ = unlink(temporary)
      throw error
    }
    if durable { syncFolder(folder) }
    return keepOpen ? descriptor : nil
  }

  /// A hidden, unique name beside `path`, within the 255-byte limit even for a long file name.
  static func temporaryName(for path: String) -> String {
    var base = ""
    var length = 0
    for scalar in (path as NSString).lastPathComponent.unicodeScalars {
      length += String(scalar).utf8.count
      if length > 200 { break }
      base.unicodeScalars.append(scalar)
    }
    return ".\(base).\(UUID().uuidString).tmp"
  }

  /// Opens an existing device or FIFO for writing, without creating or truncating anything.
  private static func openInPlace(_ target: WriteTarget, isFIFO: Bool) throws(TableError) -> Int32 {
    // A FIFO nobody reads would block the open forever: fail at once instead.
    let descriptor = open(target.path, O_WRONLY | O_NOCTTY | O_CLOEXEC | (isFIFO ? O_NONBLOCK : 0))
    guard descriptor >= 0 else {
      let code = errno
      if isFIFO && code == ENXIO {
        throw .unwritableFile(target.name, reason: "no process is reading the FIFO")
      }
      throw .unwritableFile(target.name, reason: ByteStream.reason(code))
    }
    if isFIFO { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) }
    // The name could have been swapped for another file between the check and the open.
    guard let identity = FileIdentity(descriptor: descriptor), identity == target.identity else {
      _ = close(descriptor)
      throw .unwritableFile(target.name, reason: "the file changed while it was being opened")
    }
    return descriptor
  }

  /// Throws the reason for `errno` when a system call returned -1.
  private static func check(_ result: Int32, _ target: WriteTarget) throws(TableError) {
    if result != 0 { throw .unwritableFile(target.name, reason: ByteStream.reason(errno)) }
  }

  /// Syncs the folder so the rename itself survives a crash; a folder that refuses is no error.
  private static func syncFolder(_ folder: String) {
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    _ = close(descriptor)
  }
}
