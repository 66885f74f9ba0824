import Foundation
import Tables

/// What a persisted index was built from: the file (its real path, device, inode, size,
/// modification and change times to the nanosecond, and a fingerprint of its contents) and how
/// it was read (format, column choices), plus what the stored layout and the fold depend on.
///
/// A cache file whose key differs in any field is stale: it is built again, never used. The
/// change time moves with every write, even one whose modification time is put back
/// (`touch -r`, `rsync -t`); the fingerprint (head, tail and sampled blocks) catches a file
/// rewritten with the same size whose times were all restored (by root, or on a copy).
package struct IndexCacheKey: Equatable {
  /// The file's path with every link resolved.
  package let path: String
  let device: UInt64
  let inode: UInt64
  package let size: UInt64
  /// The modification time, in nanoseconds since 1970.
  let modified: Int64
  /// The change time (the inode's last change), in nanoseconds since 1970.
  let changed: Int64
  /// `IndexCacheKey.fingerprint` of the file's contents.
  let fingerprint: UInt64
  /// How the file is read: the format, delimiter, header and comment asked for and the column
  /// choices, as one line.
  let reading: String
  /// `IndexCacheKey.layoutVersion`, then `foldFingerprint`.
  let layout: UInt64
  let fold: UInt64

  /// The stored layout's version: raised whenever a section or field changes meaning.
  ///
  /// 5: the index folds the columns a file's search looks in, not the title's alone.
  static let layoutVersion: UInt64 = 7
  /// How many numbers the key stores.
  static let numberCount = 8

  /// The key of the file at `path` read with `options`, or nil when it cannot be opened or is
  /// not a regular file (a FIFO, a device: read once, never cached).
  package init?(path: String, options: LoadOptions) {
    guard let real = WriteTarget.realPath(path) else { return nil }
    // Without blocking: a FIFO put in the file's place is seen by `fstat`, never waited on.
    let descriptor = open(real, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { _ = close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      let fingerprint = Self.fingerprint(descriptor, size: Int(status.st_size))
    else { return nil }
    self.init(path: real, status: status, fingerprint: fingerprint, reading: Self.reading(options))
  }

  /// The key of a file `stat` described, whose contents give `fingerprint`.
  init(path: String, status: stat, fingerprint: UInt64, reading: String) {
    self.path = path
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    size = UInt64(status.st_size)
    modified = Int64(status.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(status.st_mtim.tv_nsec)
    changed = Int64(status.st_ctim.tv_sec) &* 1_000_000_000 &+ Int64(status.st_ctim.tv_nsec)
    self.fingerprint = fingerprint
    self.reading = reading
    layout = Self.layoutVersion
    fold = Self.foldFingerprint
  }

  /// The key as stored, field by field (`numberCount` numbers).
  init(path: String, numbers: [UInt64], reading: String) {
    self.path = path
    device = numbers[0]
    inode = numbers[1]
    size = numbers[2]
    modified = Int64(bitPattern: numbers[3])
    changed = Int64(bitPattern: numbers[4])
    fingerprint = numbers[5]
    layout = numbers[6]
    fold = numbers[7]
    self.reading = reading
  }

  /// The numeric fields, in the stored order.
  var numbers: [UInt64] {
    [
      device, inode, size, UInt64(bitPattern: modified), UInt64(bitPattern: changed), fingerprint, layout,
      fold,
    ]
  }

  /// Bytes read at the head and at the tail, and per sampled block.
  static let (endBytes, blockBytes, sampledBlocks) = (64 << 10, 4 << 10, 16)

  /// A hash of the file's first and last 64 KiB and 16 blocks of 4 KiB spread between them
  /// (at most 192 KiB read), or nil when a read fails.
  static func fingerprint(_ descriptor: Int32, size: Int) -> UInt64? {
    var spans = [(0, min(size, endBytes)), (max(0, size - endBytes), min(size, endBytes))]
    if size > 2 * endBytes {
      let stride = (size - 2 * endBytes) / (sampledBlocks + 1)
      for block in 1...sampledBlocks {
        let offset = endBytes + block * stride
        spans.append((offset, min(blockBytes, size - offset)))
      }
    }
    var bytes = [UInt8](repeating: 0, count: spans.reduce(0) { $0 + $1.1 })
    var filled = 0
    for (offset, length) in spans where length > 0 {
      let read = bytes.withUnsafeMutableBytes { buffer in
        buffer.baseAddress.map { pread(descriptor, $0 + filled, length, off_t(offset)) } ?? -1
      }
      guard read == length else { return nil }
      filled += length
    }
    return bytes.withUnsafeBytes {
      IndexCacheChecksum.digest($0, secret: .fixed, tweak: UInt64(truncatingIfNeeded: size))
    }
  }

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
    // `--delimiter`, `--header` and `--comment`: another way of reading is another entry.
    let reading = options.reading
    let delimited = [
      reading.delimiter.map { String($0) } ?? "auto", reading.header.rawValue,
      reading.comment.map { String($0) } ?? "auto",
    ]
    return
      ([options.format?.rawValue ?? "auto", choice(options.title), choice(options.scope), titles, rows]
      + delimited)
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
