import Foundation

/// What a persisted index was built from: the file (its real path, device, inode, size and
/// modification time to the nanosecond) and how it was read (format, column choices), plus
/// what the stored layout and the fold depend on.
///
/// A cache file whose key differs in any field is stale: it is built again, never used.
struct IndexCacheKey: Equatable {
  /// The file's path with every link resolved.
  let path: String
  let device: UInt64
  let inode: UInt64
  let size: UInt64
  /// The modification time, in nanoseconds since 1970.
  let modified: Int64
  /// How the file is read: the format asked for and the column choices, as one line.
  let reading: String
  /// `IndexCacheKey.layoutVersion`, then `foldFingerprint`.
  let layout: UInt64
  let fold: UInt64

  /// The stored layout's version: raised whenever a section or field changes meaning.
  static let layoutVersion: UInt64 = 3

  /// The key of the file at `path` read with `options`, or nil when it cannot be stat'd or is
  /// not a regular file (a FIFO, a device: read once, never cached).
  init?(path: String, options: LoadOptions) {
    guard let real = WriteTarget.realPath(path) else { return nil }
    var status = stat()
    guard stat(real, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    self.init(path: real, status: status, reading: Self.reading(options))
  }

  /// The key of a file `stat` described.
  init(path: String, status: stat, reading: String) {
    self.path = path
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    size = UInt64(status.st_size)
    modified = Int64(status.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(status.st_mtim.tv_nsec)
    self.reading = reading
    layout = Self.layoutVersion
    fold = Self.foldFingerprint
  }

  /// The key as stored, field by field.
  init(path: String, numbers: [UInt64], reading: String) {
    self.path = path
    device = numbers[0]
    inode = numbers[1]
    size = numbers[2]
    modified = Int64(bitPattern: numbers[3])
    layout = numbers[4]
    fold = numbers[5]
    self.reading = reading
  }

  /// The numeric fields, in the stored order.
  var numbers: [UInt64] { [device, inode, size, UInt64(bitPattern: modified), layout, fold] }

  /// The name of the cache file: one per file and way of reading it, so a changed file
  /// replaces its own entry.
  var fileName: String {
    let hash = Self.hash(Array((path + "\n" + reading).utf8))
    return String(hash, radix: 16).leftPadded(to: 16) + ".ssidx"
  }

  /// The options that change what a load builds, as one line.
  static func reading(_ options: LoadOptions) -> String {
    func choice(_ choice: ColumnChoice) -> String {
      switch choice {
      case .automatic: return "auto"
      case .named(let name): return "named:" + name
      case .none: return "none"
      }
    }
    let titles = options.scopeTitles.map { $0.joined(separator: "\u{1F}") } ?? "-"
    let rows = options.jsonPath.map { $0.keys.joined(separator: "\u{1F}") } ?? "-"
    return [options.format?.rawValue ?? "auto", choice(options.title), choice(options.scope), titles, rows]
      .joined(separator: "\u{1E}")
  }

  /// What the fold gives for a probe of every kind of letter it treats apart (Latin with and
  /// without a decomposition, Greek, Cyrillic, ligatures, compatibility forms, combining marks):
  /// a library that folds differently gives another number, and the persisted index is rebuilt.
  static let foldFingerprint: UInt64 = {
    let probe = [
      "ÀÉÎÕÜàéîõüÇçÑñÅå", "ØøÆæŒœßẞŁłĐđıİÐðÞþĦħŦŧŊŋſ", "ΆΈΉΊΌΎΏάέήίόύώΩμΣς", "АБВабвЁёЙй",
      "ﬁﬂﬀ", "Ⅻ①ｆｕｌｌ", "ǅǈǋ", "ḱṃắệ", "e\u{301}a\u{308}o\u{327}", "İstanbul", "Straße",
    ]
    var bytes: [UInt8] = []
    for text in probe {
      for variant in TextVariant.allCases { bytes += Array(TextFolding.form(text, variant).utf8) + [0] }
    }
    return hash(bytes)
  }()

  /// FNV-1a, 64 bits.
  static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }
}

extension String {
  /// The string with `0`s before it up to `length` characters.
  fileprivate func leftPadded(to length: Int) -> String {
    String(repeating: "0", count: max(0, length - count)) + self
  }
}
