import Foundation

/// The cache folder's index files: where each key's file lies, and room made for a new one by
/// removing the files used least recently (a file's modification time is its last use).
///
/// Only files named as the cache names them (16 hex digits, `.ssidx`) are ever removed.
struct IndexCacheFolder {
  /// The folder and its limit.
  let settings: IndexCacheSettings

  /// One index file: its path, size and last use.
  struct Entry: Equatable {
    let path: String
    let bytes: Int
    /// Seconds and nanoseconds since 1970, as one number of nanoseconds.
    let used: Int64
  }

  /// The file that holds `key`'s index.
  func path(for key: IndexCacheKey) -> String {
    (settings.folder as NSString).appendingPathComponent(key.fileName)
  }

  /// Creates the folder (and its parents, private to the user) unless it is there; nil when it
  /// is a folder now, else why not.
  func prepare() -> String? {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: settings.folder, isDirectory: &isDirectory) {
      return isDirectory.boolValue ? nil : "'\(settings.folder)' is not a folder"
    }
    do {
      try FileManager.default.createDirectory(
        atPath: settings.folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      return "cannot create '\(settings.folder)': \(ByteStream.reason(errno == 0 ? EACCES : errno))"
    }
    return nil
  }

  /// The index files in the folder, least recently used first.
  func entries() -> [Entry] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: settings.folder)) ?? []
    var entries: [Entry] = []
    for name in names where Self.isIndexName(name) {
      let path = (settings.folder as NSString).appendingPathComponent(name)
      var status = stat()
      guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
      let used = Int64(status.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(status.st_mtim.tv_nsec)
      entries.append(Entry(path: path, bytes: Int(status.st_size), used: used))
    }
    return entries.sorted { ($0.used, $0.path) < ($1.used, $1.path) }
  }

  /// Whether `name` is one the cache gives its files.
  static func isIndexName(_ name: String) -> Bool {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 2 && parts[1] == "ssidx" && parts[0].count == 16
      && parts[0].unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
  }

  /// Makes room for a file of `bytes` at `path` (replacing any file there), removing the least
  /// recently used others until the folder fits its limit; nil when it fits, else why not.
  func makeRoom(for bytes: Int, at path: String) -> String? {
    let limit = settings.limit
    guard bytes <= limit else {
      return
        "it takes \(LoadLimit.describe(bytes)), over the cache's limit of \(LoadLimit.describe(limit)) (\(IndexCacheSettings.variable))"
    }
    var others = entries().filter { $0.path != path }
    var total = others.reduce(0) { $0 + $1.bytes }
    while total + bytes > limit, !others.isEmpty {
      let oldest = others.removeFirst()
      if unlink(oldest.path) == 0 { total -= oldest.bytes }
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
