import Backends
import Foundation
import ShellCoreTestSupport
import Testing

@testable import Engine
@testable import ShellCore
@testable import Tables

/// The persisted index: a second open of an unchanged file maps it and answers as the first;
/// a changed file, another way of reading it, or a damaged cache file is built again.
///
/// Serialized: the process's cache writes are one queue (`IndexCacheWrites.shared`).
@Suite(.serialized) struct IndexCacheTests {
  @Test func aSecondOpenMapsTheIndexAndAnswersTheSame() throws {
    let sandbox = try CacheSandbox()
    let first = try sandbox.open()
    #expect(first.index == .built)
    #expect(sandbox.cacheFiles.count == 1)
    let second = try sandbox.open()
    #expect(second.index == .cache)
    second.dataset.checkInvariants()
    (second.backend as? InMemoryBackend)?.engine.index.checkInvariants()
    #expect(second.dataset.rowCount == first.dataset.rowCount)
    #expect(second.dataset.name == first.dataset.name && second.dataset.source == first.dataset.source)
    #expect((0..<second.dataset.rowCount).allSatisfy { second.dataset.title($0) == first.dataset.title($0) })
    #expect(try CacheSandbox.answers(second) == CacheSandbox.answers(first))
  }

  /// 6,000 rows end in an ASCII row: a case-sensitive letter's compact copy read past the
  /// dataset's text (`EngineBoundsTests.aLetterResultIsCopiedWithinTheDatasetsText`), built with
  /// `--no-cache` as mapped; every rule answers the same either way.
  @Test func sixThousandRowsAnswerTheSameBuiltAndMapped() throws {
    let sandbox = try CacheSandbox(rows: 6_000)
    let unCached = try sandbox.open(sandbox.data + " --no-cache")
    #expect(unCached.index == .built)
    _ = try sandbox.open()
    let mapped = try sandbox.open()
    #expect(mapped.index == .cache)
    let answers = try CacheSandbox.answers(unCached)
    #expect(answers.count == MatchRule.allCases.count * 13 && answers.contains { !$0.isEmpty })
    #expect(try CacheSandbox.answers(mapped) == answers)
  }

  @Test func aScopedCSVKeepsItsColumnsScopesAndWarnings() throws {
    let sandbox = try CacheSandbox()
    let csv = sandbox.root.appendingPathComponent("data/table.csv").path
    var text = "name,kind,note\n"
    for row in 0..<500 { text += "Row \(row) café,\(["fruit", "nut", "seed"][row % 3]),n\(row)\n" }
    text += "Bad \u{FF}row,fruit,x\nLong,nut,a,b\n"
    try Data(text.utf8).write(to: URL(fileURLWithPath: csv))
    let first = try sandbox.open(csv)
    let second = try sandbox.open(csv)
    #expect(second.index == .cache)
    // The entry holds the index of both text columns the file's search looks in.
    #expect(first.backend.searchedColumns == [0, 2])
    #expect(second.backend.searchedColumns == [0, 2])
    #expect(second.warnings == first.warnings && !first.warnings.isEmpty)
    #expect(second.dataset.columns == first.dataset.columns)
    #expect(second.dataset.scopeTitles == first.dataset.scopeTitles)
    #expect(second.dataset.rowScopes == first.dataset.rowScopes)
    #expect(second.dataset.cell(row: 7, column: 2) == first.dataset.cell(row: 7, column: 2))
    #expect(try CacheSandbox.answers(second) == CacheSandbox.answers(first))
  }

  /// Each change makes the cache file stale: the file is read and indexed again, and the new
  /// index replaces the old one (one file per data file and way of reading it).
  @Test(arguments: ["touched", "rewritten", "grown", "same bytes, new inode"])
  func aChangedFileIsBuiltAgain(_ change: String) throws {
    let sandbox = try CacheSandbox()
    _ = try sandbox.open()
    let rows = CacheSandbox.rows(3_000)
    switch change {
    case "touched":
      var times = [timespec(tv_sec: 1_000_000, tv_nsec: 5), timespec(tv_sec: 1_000_000, tv_nsec: 5)]
      #expect(utimensat(AT_FDCWD, sandbox.data, &times, 0) == 0)
    case "rewritten": try sandbox.write(rows.map { $0.uppercased() })
    case "grown": try sandbox.write(rows + ["one more"])
    default:
      let before = FileIdentity(path: sandbox.data)
      try sandbox.write(rows)
      #expect(FileIdentity(path: sandbox.data) != before)
    }
    let reopened = try sandbox.open()
    #expect(reopened.index == .built, "\(change)")
    #expect(sandbox.cacheFiles.count == 1, "the stale file is replaced")
    #expect(try sandbox.open().index == .cache, "\(change)")
    if change == "rewritten" { #expect(reopened.dataset.title(0) == rows[0].uppercased()) }
  }

  @Test func anotherWayOfReadingTheFileHasItsOwnIndex() throws {
    let sandbox = try CacheSandbox()
    _ = try sandbox.open()
    let asCSV = try sandbox.open(sandbox.data + " --format csv")
    #expect(asCSV.index == .built)
    #expect(sandbox.cacheFiles.count == 2)
    #expect(try sandbox.open().index == .cache)
    #expect(try sandbox.open(sandbox.data + " --format csv").index == .cache)
  }

  @Test func noCacheNeitherReadsNorWritesTheCache() throws {
    let sandbox = try CacheSandbox()
    let built = try sandbox.open(sandbox.data + " --no-cache")
    #expect(built.index == .built && sandbox.cacheFiles.isEmpty)
    _ = try sandbox.open()
    let file = try #require(sandbox.cacheFile)
    let written = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date
    #expect(try sandbox.open(sandbox.data + " --no-cache").index == .built)
    #expect(try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date == written)
    #expect(LoadRequest.usage.contains("--no-cache"))
  }

  @Test func aFileTooSmallOrCachingOffIsNotCached() throws {
    let sandbox = try CacheSandbox()
    var configuration = sandbox.configuration()
    configuration.indexCache = .success(
      IndexCacheSettings(folder: sandbox.folder, limit: 1 << 30, minimumBytes: 1 << 20))
    #expect(try sandbox.open(configuration: configuration).index == .built)
    #expect(try sandbox.open(configuration: ShellConfiguration()).index == .built)
    #expect(sandbox.cacheFiles.isEmpty)
  }

  @Test func theSettingsFollowXDGAndTheVariable() throws {
    let folder = IndexCacheSettings.standard(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"])
    #expect(try folder.get()?.folder == "/x/cache/searchshell")
    #expect(try folder.get()?.limit == IndexCacheSettings.defaultLimit)
    let relative = IndexCacheSettings.standard(environment: ["XDG_CACHE_HOME": "cache", "HOME": "/home/u"])
    #expect(try relative.get()?.folder == "/home/u/.cache/searchshell")
    #expect(try IndexCacheSettings.standard(environment: [:]).get() == nil)
    for off in ["off", "0", "OFF"] {
      #expect(
        try IndexCacheSettings.standard(environment: ["HOME": "/h", "SEARCHSHELL_INDEX_CACHE": off]).get()
          == nil)
    }
    let sized = IndexCacheSettings.standard(environment: ["HOME": "/h", "SEARCHSHELL_INDEX_CACHE": "500M"])
    #expect(try sized.get()?.limit == 500 << 20)
    guard
      case .failure(let error) = IndexCacheSettings.standard(environment: ["SEARCHSHELL_INDEX_CACHE": "lots"])
    else { return #expect(Bool(false), "a bad size is an error") }
    #expect(
      ShellError(error).description.contains("SEARCHSHELL_INDEX_CACHE")
        && ShellError(error).description.contains("lots"))
  }
}
