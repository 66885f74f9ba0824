import Backends
import Foundation

@testable import Engine
@testable import Tables

#if !FUZZING
  import ShellCoreTestSupport
  @testable import ShellCore
#endif

/// A valid index cache entry patched and cut as the input says, then opened: never a crash.
///
/// The first byte chooses the entry (a text file, or a CSV with a scope column and fold offsets
/// of its own) and whether the patched entry is sealed again with the user's key (as the user
/// themselves could: every field then reaches the layout, invariant and kernel checks). Unsealed,
/// any change must be refused. The rest is a list of edits: a byte, a header word (from a list of
/// edge values or the input), a zeroed 4 KiB page, a cut. Each run starts from the valid entry.
enum CacheFuzz {
  /// One prepared entry: the data file's key, the entry's path and valid bytes.
  struct Prepared {
    let key: IndexCacheKey
    let options: LoadOptions
    let path: String
    let bytes: [UInt8]
  }

  /// The sandbox's secret and its two entries, made once per process.
  static let prepared: (secret: IndexCacheSecret, entries: [Prepared]) = prepare()

  /// Header words worth trying: the values the checks border on.
  static let edges: [UInt64] = [
    0, 1, 7, 8, 63, 64, 65, 4096, UInt64(Int32.max), UInt64(UInt32.max), 1 << 40, (1 << 40) + 1, UInt64.max,
    UInt64.max - 7, UInt64(Int.max), UInt64(Int.max) + 1,
  ]

  static func run(_ bytes: [UInt8]) {
    var input = FuzzInput(bytes)
    let (secret, entries) = prepared
    let choice = input.byte()
    let entry = entries[Int(choice & 1)]
    let seal = choice & 2 != 0
    var patched = entry.bytes
    var edits = 0
    while !input.isEmpty, edits < 16 {
      edits += 1
      let offset = Int(input.byte()) | Int(input.byte()) << 8 | Int(input.byte()) << 16
      switch input.byte() % 5 {
      case 0 where !patched.isEmpty: patched[offset % patched.count] = input.byte()
      case 1:
        let word = (offset % (IndexCacheLayout.checksumWord + 2)) * 8
        let pick = input.byte()
        var value = edges[Int(pick) % edges.count]
        if pick >= 128 {
          for shift in stride(from: 0, to: 64, by: 8) { value ^= UInt64(input.byte()) << shift }
        }
        if word + 8 <= patched.count {
          withUnsafeBytes(of: value) { patched.replaceSubrange(word..<word + 8, with: $0) }
        }
      case 2 where !patched.isEmpty:
        let start = offset % patched.count / 4096 * 4096
        for index in start..<min(patched.count, start + 4096) { patched[index] = 0 }
      case 3: patched = Array(patched.prefix(offset % (patched.count + 1)))
      default: if !patched.isEmpty { patched[offset % patched.count] ^= 1 << (input.byte() % 8) }
      }
    }
    if seal { Self.seal(&patched, secret: secret) }
    write(patched, to: entry.path)
    let result = IndexCacheReader.restore(
      path: entry.path, key: entry.key, secret: secret, options: entry.options, sideFormThreshold: 64)
    guard case .success(let restored) = result else { return }
    // The index's sections are checked apart from the open (the first search waits for it).
    guard restored.verifyIndex({ false }) == nil else { return }
    precondition(seal || patched == entry.bytes, "a changed entry passed without its key")
    restored.dataset.checkInvariants()
    restored.index.checkInvariants()
    let backend = InMemoryBackend(dataset: restored.dataset, index: restored.index)
    for rule in MatchRule.allCases {
      for query in ["s", "st", "stand", "é", "ss", "x y", "^sta"] {
        _ = try? backend.engine.search(query, rule: rule)
      }
    }
    for row in 0..<min(restored.dataset.rowCount, 50) { _ = restored.dataset.title(row) }
    precondition(restored.file.isIntact)
    // Cut while mapped: the entry reports it, so nothing reads it again.
    _ = truncate(entry.path, 0)
    precondition(!restored.file.isIntact, "a truncated entry still looks intact")
  }

  /// Writes the entry over the cache file (a new inode, as the cache's writer makes).
  static func write(_ bytes: [UInt8], to path: String) {
    _ = unlink(path)
    _ = FileManager.default.createFile(
      atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
  }

  /// Seals `bytes` again with `secret`: each section's checksum and the header's, when the
  /// header still describes sections inside the file (else leaves it as it is).
  static func seal(_ bytes: inout [UInt8], secret: IndexCacheSecret) {
    let headerBytes = IndexCacheLayout.headerWordsLength
    guard bytes.count >= headerBytes else { return }
    let words = (0..<IndexCacheLayout.checksumWord).map { index in
      bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self) }
    }
    guard case .success(let layout) = IndexCacheLayout.read(words, fileLength: bytes.count) else { return }
    for (number, section) in layout.sections.enumerated() {
      let digest = bytes.withUnsafeBytes {
        IndexCacheChecksum.digest(
          UnsafeRawBufferPointer(rebasing: $0[section.offset..<section.offset + section.length]),
          secret: secret,
          tweak: UInt64(number))
      }
      let at = (IndexCacheLayout.fixedWords + IndexCacheLayout.sectionWords * number + 2) * 8
      withUnsafeBytes(of: digest) { bytes.replaceSubrange(at..<at + 8, with: $0) }
    }
    let count = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: headerBytes - 8, as: UInt64.self) }
    guard count <= UInt64(layout.headerLength - headerBytes) else { return }
    let checksum = bytes.withUnsafeBytes {
      IndexCacheReader.headerChecksum(
        UnsafeRawBufferPointer(rebasing: $0[0..<headerBytes]),
        strings: UnsafeRawBufferPointer(rebasing: $0[headerBytes..<headerBytes + Int(count)]), secret: secret)
    }
    let at = IndexCacheLayout.checksumWord * 8
    withUnsafeBytes(of: checksum) { bytes.replaceSubrange(at..<at + 8, with: $0) }
  }

  /// A sandbox with two data files, each opened once so its entry is written.
  private static func prepare() -> (IndexCacheSecret, [Prepared]) {
    let root = NSTemporaryDirectory() + "searchshell-fuzz-cache-\(getpid())"
    let folder = root + "/cache"
    mkdir(root, 0o700)
    mkdir(folder, 0o700)
    let words = ["stand", "Star", "café", "Øresund", "İstanbul", "日本語", "Straße", "zzqx", "e\u{301}te", "Ⱥ"]
    let text = (0..<300).map { "\(words[$0 % 10]) \(words[($0 / 7) % 10]) \($0)" }.joined(separator: "\n")
    let csv =
      "name,kind\n"
      + (0..<200).map { "\(words[$0 % 10]) \($0),\(["a", "b", "c"][$0 % 3])" }.joined(separator: "\n")
    var configuration = ShellConfiguration()
    configuration.indexCache = .success(IndexCacheSettings(folder: folder, limit: 1 << 30, minimumBytes: 0))
    var entries: [Prepared] = []
    var notes: [String] = []
    for (name, contents, line) in [("words.txt", text, ""), ("table.csv", csv, " --scope kind")] {
      let data = root + "/" + name
      _ = FileManager.default.createFile(atPath: data, contents: Data((contents + "\n").utf8))
      let opener = DatasetOpener(
        catalog: nil, configuration: configuration, monitor: nil, console: BufferConsole(),
        standardInputIsFree: false)
      guard let request = try? LoadRequest.parse(data + line), let opened = try? opener.open(request),
        case .input(_, let options)? = try? opener.resolve(request),
        let entry = opener.cacheEntry(for: .input(.file(data), options), request: request, notes: &notes)
      else { preconditionFailure("the fuzz sandbox cannot be made") }
      IndexCacheWrites.shared.waitForAll()
      _ = opened
      guard let bytes = FileManager.default.contents(atPath: entry.path) else {
        preconditionFailure("the fuzz sandbox's entry was not written")
      }
      entries.append(Prepared(key: entry.key, options: options, path: entry.path, bytes: Array(bytes)))
    }
    guard case .success(let secret?) = IndexCacheSecret.read(folder: folder) else {
      preconditionFailure("the fuzz sandbox has no key")
    }
    return (secret, entries)
  }
}
