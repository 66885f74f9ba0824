import Foundation

/// A user-named file a writer may write, checked against the files nothing may write over.
///
/// Every writer (`export`, `diagram`, `record`, `trace json`) resolves its path here first:
/// - a regular file (new or existing) is replaced atomically at its real path, so a symbolic
///   link to a regular file is written THROUGH (the link stays a link and its target gets the
///   new contents) and never itself replaced by a file;
/// - an existing character device, FIFO or socket is written through in place, never replaced;
/// - a directory, a block device, and a symbolic link to nothing are refused;
/// - any spelling, symbolic link or hard link of a protected file (the loaded dataset's own file,
///   the bundled datasets and their manifest) is refused: real paths and device+inode compared.
package struct WriteTarget: Equatable {
  /// How the bytes reach the file.
  package enum Kind: Equatable {
    /// A regular file replaced atomically; `mode`, `owner` and `group` of the file it replaces.
    case regular(existing: ExistingFile?)
    /// A device, FIFO or socket written in place; `isFIFO` opens it without blocking.
    case passThrough(isFIFO: Bool)
  }

  /// What an existing regular file keeps when it is replaced.
  package struct ExistingFile: Equatable {
    package let mode: mode_t
    package let owner: uid_t
    package let group: gid_t
  }

  /// The path as the user typed it, for messages.
  package let name: String
  /// Where the bytes go: the real path of a regular file, the given path of a device.
  package let path: String
  package let kind: Kind
  /// The device and inode `stat` gave for an existing file, to check the opened one is the same.
  let identity: FileIdentity?

  /// Checks `name` and says how to write it, or throws the error a writer reports.
  package static func resolve(_ name: String, protectedPaths: [String]) throws(TableError) -> WriteTarget {
    let expanded = HomeFolder.expanding(name)
    guard !expanded.isEmpty else { throw .unwritableFile(name, reason: ByteStream.reason(ENOENT)) }
    var status = stat()
    if stat(expanded, &status) == 0 {
      let identity = FileIdentity(status)
      if isProtected(expanded, identity: identity, among: protectedPaths) {
        throw .wouldOverwriteDataset(name)
      }
      return try existing(name, expanded: expanded, status: status, identity: identity)
    }
    let code = errno
    guard code == ENOENT else { throw .unwritableFile(name, reason: ByteStream.reason(code)) }
    // A trailing slash names a folder, which a writer never creates.
    if expanded.hasSuffix("/") { throw .isDirectory(name) }
    var linkStatus = stat()
    if lstat(expanded, &linkStatus) == 0, linkStatus.st_mode & S_IFMT == S_IFLNK {
      throw .unwritableFile(name, reason: "it is a symbolic link to a missing file")
    }
    let folder = (expanded as NSString).deletingLastPathComponent
    guard let realFolder = realPath(folder.isEmpty ? "." : folder) else {
      throw .unwritableFile(name, reason: ByteStream.reason(errno))
    }
    let path = (realFolder as NSString).appendingPathComponent((expanded as NSString).lastPathComponent)
    if isProtected(path, identity: nil, among: protectedPaths) { throw .wouldOverwriteDataset(name) }
    return WriteTarget(name: name, path: path, kind: .regular(existing: nil), identity: nil)
  }

  /// The target for a file `stat` found, by its type.
  private static func existing(
    _ name: String, expanded: String, status: stat, identity: FileIdentity
  ) throws(TableError) -> WriteTarget {
    switch status.st_mode & S_IFMT {
    case S_IFREG:
      guard let path = realPath(expanded) else {
        throw .unwritableFile(name, reason: ByteStream.reason(errno))
      }
      let existing = ExistingFile(mode: status.st_mode & 0o777, owner: status.st_uid, group: status.st_gid)
      return WriteTarget(name: name, path: path, kind: .regular(existing: existing), identity: identity)
    case S_IFDIR:
      throw .isDirectory(name)
    case S_IFCHR, S_IFSOCK:
      return WriteTarget(name: name, path: expanded, kind: .passThrough(isFIFO: false), identity: identity)
    case S_IFIFO:
      return WriteTarget(name: name, path: expanded, kind: .passThrough(isFIFO: true), identity: identity)
    default:
      // A block device holds a file system: a CSV written over it would destroy it.
      throw .unwritableFile(name, reason: "it is a block device, not a file")
    }
  }

  /// Whether `path` (whose identity is known when it exists) is one of `protectedPaths`.
  static func isProtected(_ path: String, identity: FileIdentity?, among protectedPaths: [String]) -> Bool {
    let real = resolved(path)
    return protectedPaths.contains { protected in
      if let identity, let other = FileIdentity(path: protected), other == identity { return true }
      return resolved(protected) == real
    }
  }

  /// An absolute path with every link resolved, also for a file that does not exist yet (its
  /// folder is resolved and its name appended).
  package static func resolved(_ path: String) -> String {
    let expanded = HomeFolder.expanding(path)
    if let real = realPath(expanded) { return real }
    let url = URL(fileURLWithPath: expanded).standardizedFileURL
    let folder = url.deletingLastPathComponent().path
    return ((realPath(folder) ?? folder) as NSString).appendingPathComponent(url.lastPathComponent)
  }

  /// `realpath(3)`: nil with `errno` set when a component is missing or unreadable.
  package static func realPath(_ path: String) -> String? {
    guard let pointer = realpath(path, nil) else { return nil }
    defer { free(pointer) }
    return String(cString: pointer)
  }
}

/// A file's device and inode: equal for every name of one file (links, hard links, spellings).
struct FileIdentity: Equatable {
  package let device: UInt64
  package let inode: UInt64

  package init(_ status: stat) {
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
  }

  /// The identity of the file at `path` (links followed), or nil when there is none.
  package init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    self.init(status)
  }

  /// The identity of an open descriptor's file, or nil when `fstat` fails.
  package init?(descriptor: Int32) {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    self.init(status)
  }
}
