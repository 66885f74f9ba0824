import Foundation
import Tables

/// The cache folder's index files: where each key's file lies, whether the folder may be
/// trusted, and room made for a new file by removing the files used least recently (a file's
/// modification time is its last use).
///
/// The folder is used only when it is the user's and no one else may write in it (0700 when
/// the shell makes it): another user's folder, or a shared 0777/1777 one, would let others plant,
/// swap or watch entries. Only files named as the cache names them (16 hex digits, `.ssidx`, and
/// their temporaries) are ever removed.
package struct IndexCacheFolder {
  /// The folder and its limit.
  package let settings: IndexCacheSettings

  /// The folder `settings` name.
  package init(settings: IndexCacheSettings) { self.settings = settings }

  /// One index file or temporary: its path, size and last use.
  package struct Entry: Equatable {
    package let path: String
    let bytes: Int
    /// Seconds and nanoseconds since 1970, as one number of nanoseconds.
    package let used: Int64
    /// The process writing it, for a temporary file (nil for an index file).
    var writer: pid_t?
  }

  /// A temporary file older than this is left over from a killed write, even if its process
  /// number is taken again (a live write touches its file every few milliseconds).
  static let staleAge: Int64 = 10 * 60 * 1_000_000_000

  /// The file that holds `key`'s index.
  package func path(for key: IndexCacheKey) -> String {
    (settings.folder as NSString).appendingPathComponent(key.fileName)
  }

  /// Creates the folder (0700, with its parents) unless it is there; nil when it is there now
  /// and the user's alone, else why it is not used.
  package func prepare() -> String? {
    var isDirectory: ObjCBool = false
    if !FileManager.default.fileExists(atPath: settings.folder, isDirectory: &isDirectory) {
      do {
        try FileManager.default.createDirectory(
          atPath: settings.folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      } catch {
        return "cannot create '\(settings.folder)': \(ByteStream.reason(errno == 0 ? EACCES : errno))"
      }
    }
    return check()
  }

  /// Nil when the folder is missing or is a folder of the user's that no one else may write,
  /// else why the cache must not use it.
  package func check() -> String? {
    let descriptor = open(settings.folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      // Missing (or under a file): the writer's `prepare` says it cannot be made.
      return errno == ENOENT || errno == ENOTDIR ? nil : "'\(settings.folder)' is not a folder"
    }
    defer { _ = close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return "'\(settings.folder)' cannot be read" }
    if status.st_uid != geteuid() {
      return "the cache folder '\(settings.folder)' belongs to another user; the index is built in memory"
    }
    if status.st_mode & 0o022 != 0 {
      let mode = String(status.st_mode & 0o7777, radix: 8)
      return
        "the cache folder '\(settings.folder)' is writable by others (mode \(mode)); the index is built in memory"
    }
    return nil
  }

  /// The index files in the folder, least recently used first, and the temporaries of writes.
  package func entries() -> (indexes: [Entry], temporaries: [Entry]) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: settings.folder)) ?? []
    var indexes: [Entry] = []
    var temporaries: [Entry] = []
    for name in names {
      let writer = Self.temporaryWriter(name)
      guard Self.isIndexName(name) || writer != nil else { continue }
      let path = (settings.folder as NSString).appendingPathComponent(name)
      var status = stat()
      guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
      let used = Int64(status.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(status.st_mtim.tv_nsec)
      let entry = Entry(path: path, bytes: Int(status.st_size), used: used, writer: writer)
      if writer == nil { indexes.append(entry) } else { temporaries.append(entry) }
    }
    return (indexes.sorted { ($0.used, $0.path) < ($1.used, $1.path) }, temporaries)
  }

  /// Whether `name` is one the cache gives its files.
  static func isIndexName(_ name: String) -> Bool {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 2 && parts[1] == "ssidx" && isHex(parts[0])
  }

  /// The writer's process number when `name` is a temporary index file
  /// (`.HASH.ssidx.PID.UUID.tmp`, as `GuardedFileWriter.createPrivate` names them), else nil.
  static func temporaryWriter(_ name: String) -> pid_t? {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 6, parts[0].isEmpty, isHex(parts[1]), parts[2] == "ssidx", parts[5] == "tmp",
      parts[4].count == 36
    else { return nil }
    return pid_t(parts[3])
  }

  /// Whether `text` is 16 lowercase hex digits.
  private static func isHex(_ text: Substring) -> Bool {
    text.count == 16
      && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
  }

  /// Why a file of `bytes` can never be cached (over the limit), or nil.
  package func refusal(for bytes: Int) -> String? {
    guard bytes > settings.limit else { return nil }
    return
      "it takes \(LoadLimit.describe(bytes)), over the cache's limit of \(LoadLimit.describe(settings.limit)) (\(IndexCacheSettings.variable))"
  }

  /// Makes room for a file of `bytes` at `path` (replacing any file there): removes temporaries
  /// left by killed writes, then the least recently used index files until the folder, counting
  /// the temporaries still being written, fits its limit; nil when it fits, else why not.
  ///
  /// Call it under `IndexCacheFolderLock`, and create the new file's temporary at its full size
  /// before the lock is let go: then concurrent writers each count the others' files.
  func makeRoom(for bytes: Int, at path: String) -> String? {
    if let refusal = refusal(for: bytes) { return refusal }
    let (indexes, temporaries) = entries()
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let nanoseconds = Int64(now.tv_sec) &* 1_000_000_000 &+ Int64(now.tv_nsec)
    var total = 0
    for temporary in temporaries {
      let gone = temporary.writer.map { kill($0, 0) != 0 && errno == ESRCH } ?? true
      if gone || nanoseconds &- temporary.used > Self.staleAge, unlink(temporary.path) == 0 { continue }
      total += temporary.bytes
    }
    var others = indexes.filter { $0.path != path }
    total += others.reduce(0) { $0 + $1.bytes }
    while total + bytes > settings.limit, !others.isEmpty {
      let oldest = others.removeFirst()
      if unlink(oldest.path) == 0 { total -= oldest.bytes }
    }
    if total + bytes > settings.limit {
      return
        "the cache is full of writes under way (\(LoadLimit.describe(total)) of \(LoadLimit.describe(settings.limit)))"
    }
    var space = statvfs()
    if statvfs(settings.folder, &space) == 0 {
      let free = Int(clamping: UInt64(space.f_bavail) &* UInt64(space.f_frsize))
      if free < bytes {
        return "it takes \(LoadLimit.describe(bytes)) and its disk has \(LoadLimit.describe(free)) free"
      }
    }
    return nil
  }
}

/// Why the cache folder (or its key) is not used.
package enum IndexCacheFolderProblem: Error, Equatable {
  /// One line saying why.
  case unusable(String)

  /// The line.
  package var reason: String {
    switch self {
    case .unusable(let reason): return reason
    }
  }
}
