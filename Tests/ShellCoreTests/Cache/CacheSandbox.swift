import Backends
import Foundation
import ShellCoreTestSupport

@testable import Engine
@testable import ShellCore
@testable import Tables

/// A temporary folder holding a data file and a cache folder, removed at the end.
final class CacheSandbox {
  let root: URL
  /// The data file (text, one row per line, some rows not ASCII).
  var data: String { root.appendingPathComponent("data/words.txt").path }
  /// The cache folder, as `$XDG_CACHE_HOME/searchshell` would be.
  var folder: String { root.appendingPathComponent("cache/searchshell").path }

  /// Rows of every kind the index treats apart: ASCII, Latin letters the table folds, other
  /// scripts Foundation folds, and one in NFD.
  static func rows(_ count: Int) -> [String] {
    let words = [
      "stand", "Star", "café", "Øresund", "İstanbul", "日本語", "Straße", "zzqx", "e\u{301}te", "sta",
    ]
    return (0..<count).map { row in
      "\(words[row % words.count]) \(words[(row / 7) % words.count]) \(row)"
    }
  }

  init(rows: Int = 3_000) throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("index-cache-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("data"), withIntermediateDirectories: true)
    try write(Self.rows(rows))
  }

  deinit { try? FileManager.default.removeItem(at: root) }

  /// Replaces the data file's rows (a new inode, as an editor's save gives).
  func write(_ rows: [String]) throws {
    try Data((rows.joined(separator: "\n") + "\n").utf8).write(
      to: URL(fileURLWithPath: data), options: .atomic)
  }

  /// A configuration that caches every file in `folder`, up to `limit` bytes.
  func configuration(limit: Int = 1 << 30) -> ShellConfiguration {
    var configuration = ShellConfiguration()
    configuration.indexCache = .success(IndexCacheSettings(folder: folder, limit: limit, minimumBytes: 0))
    return configuration
  }

  /// Opens `line` (what follows `load`) as `load` does, then waits for the cache's write.
  func open(_ line: String? = nil, configuration: ShellConfiguration? = nil) throws -> DatasetOpener.Opened {
    let opener = DatasetOpener(
      catalog: nil, configuration: configuration ?? self.configuration(), monitor: nil,
      console: BufferConsole(),
      standardInputIsFree: false)
    let opened = try opener.open(try LoadRequest.parse(line ?? data))
    IndexCacheWrites.shared.waitForAll()
    return opened
  }

  /// The index files in the cache folder.
  var cacheFiles: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".ssidx") }
      .sorted()
  }

  /// The one cache file's path.
  var cacheFile: String? { cacheFiles.first.map { (folder as NSString).appendingPathComponent($0) } }

  /// What each query finds under each rule, through the opened backend.
  ///
  /// Through the backend, as the screen searches: a mapped index is read only once its check
  /// passes (built again when damaged).
  static func answers(_ opened: DatasetOpener.Opened) throws -> [[Int32]] {
    var answers: [[Int32]] = []
    for rule in MatchRule.allCases {
      for query in ["s", "st", "stand", "zzqx", "caf", "é", "ø", "o", "ss", "本", "st !a", "^sta", "\\bst"] {
        let request = SearchRequest(text: query, rule: rule, syntax: .extended, scope: 0, order: nil)
        // Nothing cancels it: nil would be a defect, thrown as one.
        guard let rows = try opened.backend.search(request, cancellation: nil) else {
          throw ShellError.cancelled(command: "search", outcome: "")
        }
        answers.append(rows.ids(in: 0..<(try rows.exactCount())).map { Int32($0) })
      }
    }
    // A damaged index built again is written in the entry's place: done before the next open.
    IndexCacheWrites.shared.waitForAll()
    return answers
  }
}
