import Foundation
import ShellCoreTestSupport
import Testing

@testable import Engine
@testable import ShellCore
@testable import Tables

/// Issue 37's reproducers: a cache entry is an untrusted file (crafted, damaged, forged, stale).
extension IndexCacheTests {
  /// `bytes` with the 64-bit word at `word` set to `value`.
  static func setting(_ bytes: [UInt8], word: Int, to value: UInt64) -> [UInt8] {
    var bytes = bytes
    withUnsafeBytes(of: value) { bytes.replaceSubrange(word * 8..<word * 8 + 8, with: $0) }
    return bytes
  }

  /// A header length of 0 or 8 (or past the file, or unaligned) trapped at load; now refused,
  /// with and without the checksums made again with the user's key.
  @Test(arguments: [0, 8, 64, 1 << 20, UInt64.max] as [UInt64])
  func aCraftedHeaderLengthIsRefusedWithoutATrap(_ length: UInt64) throws {
    let sandbox = try CacheSandbox(rows: 400)
    let (path, bytes, rows) = try Self.cached(sandbox)
    let secret = try #require(try IndexCacheSecret.read(folder: sandbox.folder).get())
    var crafted = Self.setting(bytes, word: 3, to: length)
    #expect(try Self.openDamaged(sandbox, crafted, at: path, rows: rows) == .built)
    CacheFuzz.seal(&crafted, secret: secret)
    #expect(try Self.openDamaged(sandbox, crafted, at: path, rows: rows) == .built)
  }

  /// Damage the header's checksum never covered, each refused and the file's rows shown.
  ///
  /// A zeroed page in each arena, a flipped signature byte, a crafted title-column field.
  @Test func damageToAnySectionIsRefused() throws {
    let sandbox = try CacheSandbox()
    let (path, bytes, rows) = try Self.cached(sandbox)
    let layout = try #require(Self.layout(bytes))
    typealias Section = IndexCacheLayout.Section
    func zeroingPage(_ section: Section) -> [UInt8] {
      var damaged = bytes
      let start = layout.sections[section.rawValue].offset
      for index in start..<min(start + 4096, start + layout.sections[section.rawValue].length) {
        damaged[index] = 0
      }
      return damaged
    }
    var cases: [(String, [UInt8])] = [Section.datasetBytes, .foldBytes, .signatures, .datasetOffsets].map {
      ("a zeroed page of \($0)", zeroingPage($0))
    }
    cases.append(
      (
        "a flipped signature byte",
        Self.flipping(bytes, at: layout.sections[Section.signatures.rawValue].offset + 5)
      ))
    cases.append(("the title column", Self.setting(bytes, word: 5 + IndexCacheKey.numberCount + 1, to: 1)))
    cases.append(("a byte between sections", Self.flipping(bytes, at: layout.sections[0].offset - 1)))
    for (name, damaged) in cases {
      #expect(damaged != bytes, "\(name)")
      #expect(try Self.openDamaged(sandbox, damaged, at: path, rows: rows) == .built, "\(name)")
    }
  }

  /// An entry built from another file of the same size, re-keyed to the user's file with its
  /// checksums made again (without the user's key: the attacker cannot read it) is refused.
  @Test func aForgedEntryFromAnotherFileIsRefused() throws {
    let sandbox = try CacheSandbox(rows: 500)
    let (path, _, rows) = try Self.cached(sandbox)
    let other = sandbox.root.appendingPathComponent("data/other.txt").path
    try Data((rows.map { $0.uppercased() }.joined(separator: "\n") + "\n").utf8).write(
      to: URL(fileURLWithPath: other))
    _ = try sandbox.open(other)
    let otherEntry = try #require(sandbox.cacheFiles.map { sandbox.folder + "/" + $0 }.first { $0 != path })
    let key = try #require(IndexCacheKey(path: sandbox.data, options: try Self.options(sandbox.data)))
    var forged = Array(try Data(contentsOf: URL(fileURLWithPath: otherEntry)))
    for (index, number) in key.numbers.enumerated() {
      forged = Self.setting(forged, word: 5 + index, to: number)
    }
    let guessed = IndexCacheSecret(words: [1, 2, 3, 4, 5, 6, 7, 8])
    CacheFuzz.seal(&forged, secret: guessed)
    #expect(try Self.openDamaged(sandbox, forged, at: path, rows: rows) == .built)
  }

  /// A file rewritten in place, same size, its modification time put back (`touch -r`,
  /// `rsync -t`): the change time (and the fingerprint) tell, and the new rows are shown.
  @Test func aRewriteWithTheSameSizeAndRestoredTimeIsBuiltAgain() throws {
    let sandbox = try CacheSandbox(rows: 500)
    _ = try sandbox.open()
    var before = stat()
    #expect(stat(sandbox.data, &before) == 0)
    let rows = CacheSandbox.rows(500).map { $0.uppercased() }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: sandbox.data))
    try handle.write(contentsOf: Data((rows.joined(separator: "\n") + "\n").utf8))
    try handle.close()
    var times = [before.st_atim, before.st_mtim]
    #expect(utimensat(AT_FDCWD, sandbox.data, &times, 0) == 0)
    var after = stat()
    #expect(
      stat(sandbox.data, &after) == 0 && after.st_size == before.st_size && after.st_ino == before.st_ino)
    let reopened = try sandbox.open()
    #expect(reopened.index == .built)
    #expect(reopened.dataset.title(0) == rows[0])
  }

  /// The fingerprint alone (the change time equal, as a copy with every time restored gives)
  /// differs when any sampled part of the contents does.
  @Test func theFingerprintSeesTheHeadTailAndSampledBlocks() throws {
    let size = 1 << 20
    var bytes = [UInt8](repeating: 65, count: size)
    func fingerprint(_ bytes: [UInt8]) throws -> UInt64? {
      let path = NSTemporaryDirectory() + "fingerprint-\(UUID().uuidString)"
      defer { unlink(path) }
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let descriptor = open(path, O_RDONLY)
      defer { close(descriptor) }
      return IndexCacheKey.fingerprint(descriptor, size: bytes.count)
    }
    let original = try fingerprint(bytes)
    for offset in [0, 100, size - 1, IndexCacheKey.endBytes + (size - 2 * IndexCacheKey.endBytes) / 17] {
      bytes[offset] = 66
      #expect(try fingerprint(bytes) != original, "\(offset)")
      bytes[offset] = 65
    }
  }

  /// The load options the sandbox's data file is read with.
  static func options(_ path: String) throws -> LoadOptions {
    let opener = DatasetOpener(
      catalog: nil, configuration: ShellConfiguration(), monitor: nil, console: BufferConsole(),
      standardInputIsFree: false)
    guard case .input(_, let options) = try opener.resolve(try LoadRequest.parse(path)) else {
      throw CocoaError(.fileNoSuchFile)
    }
    return options
  }
}
