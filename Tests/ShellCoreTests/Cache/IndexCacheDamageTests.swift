import EngineTestSupport
import Foundation
import ShellCoreTestSupport
import Testing

@testable import Engine
@testable import ShellCore

/// Damaged cache files are refused, never trusted, and the folder keeps to its limit.
extension IndexCacheTests {
  /// A cache file for `sandbox`'s data and its bytes.
  static func cached(_ sandbox: CacheSandbox) throws -> (path: String, bytes: [UInt8], rows: [String]) {
    let opened = try sandbox.open()
    let rows = (0..<opened.dataset.rowCount).map { opened.dataset.title($0) }
    let path = try #require(sandbox.cacheFile)
    return (path, Array(try Data(contentsOf: URL(fileURLWithPath: path))), rows)
  }

  /// Opens the data with `bytes` as its cache file: the rows must be the file's, whether the
  /// cache was used or not, and searching must not trap.
  static func openDamaged(_ sandbox: CacheSandbox, _ bytes: [UInt8], at path: String, rows: [String]) throws
    -> DatasetOpener.IndexOrigin
  {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let opened = try sandbox.open()
    _ = try CacheSandbox.answers(opened)
    // Damage to the index's own sections is found by the first search, which builds it again.
    let origin = opened.mapping?.check.wasRebuilt == true ? .built : opened.index
    if origin == .built {
      #expect((0..<opened.dataset.rowCount).map { opened.dataset.title($0) } == rows)
    }
    return origin
  }

  /// Damage where every check must catch it: the header (its checksum), the section table,
  /// the length, the structure of the sections the kernels' reach relies on.
  @Test func damageToTheHeaderLengthOrStructureIsRefused() throws {
    let sandbox = try CacheSandbox()
    let (path, bytes, rows) = try Self.cached(sandbox)
    let layout = try #require(Self.layout(bytes))
    func section(_ part: IndexCacheLayout.Section) -> Int { layout.sections[part.rawValue].offset }
    var cases: [(String, [UInt8])] = [
      ("empty", []), ("magic", Self.flipping(bytes, at: 0)), ("version", Self.flipping(bytes, at: 8)),
      ("a key field", Self.flipping(bytes, at: 5 * 8)),
      ("the section table", Self.flipping(bytes, at: (IndexCacheLayout.fixedWords + 1) * 8)),
      ("the strings", Self.flipping(bytes, at: (IndexCacheLayout.checksumWord + 2) * 8 + 2)),
      ("cut short", Array(bytes.prefix(bytes.count - 1))),
      ("cut to the header", Array(bytes.prefix(layout.headerLength))),
      ("grown", bytes + [0]),
    ]
    // One column whose rows fold no longer than themselves: its fold offsets are the dataset's,
    // stored once, and the fold offsets section is empty.
    #expect(layout.sections[IndexCacheLayout.Section.foldOffsets.rawValue].length == 0)
    // Offsets that descend: the first row ends far past the next one's end.
    for part in [IndexCacheLayout.Section.datasetOffsets] {
      var damaged = bytes
      damaged[section(part) + 4] = 0xFF
      damaged[section(part) + 7] = 0x7F
      cases.append(("\(part)", damaged))
    }
    var padding = bytes
    padding[section(.foldBytes) + layout.sections[IndexCacheLayout.Section.foldBytes.rawValue].length - 1] = 1
    cases.append(("fold padding", padding))
    var wide = bytes
    wide[section(.wideBits)] ^= 0x01
    cases.append(("a wide bit", wide))
    var ascii = bytes
    ascii[section(.foldBytes)] = 0xC3
    cases.append(("a non-ASCII byte in an ASCII row's fold", ascii))
    var frequency = bytes
    frequency[section(.byteFrequency) + 7] = 0x80
    cases.append(("a negative byte frequency", frequency))
    for (name, damaged) in cases {
      #expect(try Self.openDamaged(sandbox, damaged, at: path, rows: rows) == .built, "\(name)")
      #expect(try sandbox.open().index == .cache, "the rebuilt index replaces the damaged one (\(name))")
    }
  }

  /// A row that folds longer than itself (`Ⱥ` to the three bytes of `ⱥ`) gives the index fold
  /// offsets of its own, stored in their section: descending ones are refused too.
  @Test func damageToFoldOffsetsOfTheirOwnIsRefused() throws {
    let sandbox = try CacheSandbox()
    try sandbox.write(CacheSandbox.rows(3_000) + ["Ⱥ and more"])
    let (path, bytes, rows) = try Self.cached(sandbox)
    let layout = try #require(Self.layout(bytes))
    let section = layout.sections[IndexCacheLayout.Section.foldOffsets.rawValue]
    #expect(section.length == (rows.count + 1) * 4)
    var damaged = bytes
    damaged[section.offset + 4] = 0xFF
    damaged[section.offset + 7] = 0x7F
    #expect(try Self.openDamaged(sandbox, damaged, at: path, rows: rows) == .built)
    #expect(try sandbox.open().index == .cache, "the rebuilt index replaces the damaged one")
  }

  /// Random damage anywhere (a seeded fuzz): never a crash, and every change refused (every
  /// section is checksummed), so the rows are always the file's.
  @Test func randomDamageNeverCrashesAndFallsBack() throws {
    let sandbox = try CacheSandbox(rows: 400)
    let (path, bytes, rows) = try Self.cached(sandbox)
    var generator = SeededGenerator(seed: 25)
    var refused = 0
    for round in 0..<60 {
      var damaged = bytes
      switch round % 3 {
      case 0: damaged = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &generator)))
      case 1:
        for _ in 0..<Int.random(in: 1...8, using: &generator) {
          damaged[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
            in: 0...255, using: &generator)
        }
      default:
        let start = Int.random(in: 0..<bytes.count, using: &generator)
        for index in start..<min(bytes.count, start + 64) { damaged[index] = 0xFF }
      }
      let origin = try Self.openDamaged(sandbox, damaged, at: path, rows: rows)
      #expect(origin == .built || damaged == bytes, "round \(round)")
      if origin == .built { refused += 1 }
    }
    #expect(refused >= 55, "every change is refused")
  }

  @Test func theFolderEvictsTheLeastRecentlyUsedToKeepItsLimit() throws {
    let sandbox = try CacheSandbox()
    let one = try Self.cached(sandbox)
    let size = one.bytes.count
    let configuration = sandbox.configuration(limit: size * 2 + size / 2)
    let files = (1...3).map { sandbox.root.appendingPathComponent("data/copy\($0).txt").path }
    for file in files {
      try Data(one.rows.joined(separator: "\n").utf8 + [10]).write(to: URL(fileURLWithPath: file))
    }
    _ = try sandbox.open(files[0], configuration: configuration)
    // The original's index is used again: it is now more recent than copy1's.
    #expect(try sandbox.open(configuration: configuration).index == .cache)
    _ = try sandbox.open(files[1], configuration: configuration)
    #expect(sandbox.cacheFiles.count == 2, "two fit in two and a half")
    #expect(try sandbox.open(configuration: configuration).index == .cache, "the original stayed")
    #expect(try sandbox.open(files[0], configuration: configuration).index == .built, "copy1 was evicted")
    let entries = IndexCacheFolder(settings: try #require(try configuration.indexCache.get())).entries()
      .indexes
    #expect(entries.reduce(0) { $0 + $1.bytes } <= size * 2 + size / 2)
  }

  @Test func aFileOverTheLimitOrAnUnwritableFolderLeavesANoteAndTheLoadGoesOn() throws {
    let sandbox = try CacheSandbox()
    _ = IndexCacheWrites.shared.takeNotes()
    let small = try sandbox.open(configuration: sandbox.configuration(limit: 1_000))
    #expect(small.index == .built && small.dataset.rowCount == 3_000)
    let notes = IndexCacheWrites.shared.takeNotes()
    #expect(notes.count == 1 && notes[0].hasPrefix("index not cached: it takes "), "\(notes)")
    #expect(notes.first?.contains("SEARCHSHELL_INDEX_CACHE") == true)
    // A file where the folder would go: the folder cannot be made (as under a read-only home).
    let blocked = sandbox.root.appendingPathComponent("blocked").path
    try Data("x".utf8).write(to: URL(fileURLWithPath: blocked))
    var configuration = ShellConfiguration()
    configuration.indexCache = .success(
      IndexCacheSettings(folder: blocked + "/searchshell", limit: 1 << 30, minimumBytes: 0))
    #expect(try sandbox.open(configuration: configuration).dataset.rowCount == 3_000)
    let blockedNotes = IndexCacheWrites.shared.takeNotes()
    #expect(blockedNotes.count == 1 && blockedNotes[0].contains("cannot create"), "\(blockedNotes)")
  }

  /// The layout a cache file's header describes.
  static func layout(_ bytes: [UInt8]) -> IndexCacheLayout? {
    let words = (0..<IndexCacheLayout.checksumWord).map { index in
      bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self) }
    }
    return try? IndexCacheLayout.read(words, fileLength: bytes.count).get()
  }

  /// `bytes` with one bit changed at `index`.
  static func flipping(_ bytes: [UInt8], at index: Int) -> [UInt8] {
    var bytes = bytes
    bytes[index] ^= 0x10
    return bytes
  }
}
