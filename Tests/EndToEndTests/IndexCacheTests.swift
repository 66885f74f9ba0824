import Foundation
import Testing

/// The index cache through the built binary: the first run builds and writes it in
/// `$XDG_CACHE_HOME/searchshell`, the second maps it, and both answer the same.
@Suite struct IndexCacheProcessTests {
  /// A temporary folder with a 1.2 MB data file and an empty cache home.
  final class Folder {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("cache-e2e-\(UUID().uuidString)")
    var data: String { root.appendingPathComponent("rows.txt").path }
    var cacheHome: String { root.appendingPathComponent("xdg").path }
    var cacheFolder: String { cacheHome + "/searchshell" }

    init() throws {
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      let words = ["stand", "café", "Øresund", "zzqx", "star", "banana"]
      let rows = (0..<60_000).map { "\(words[$0 % 6]) \(words[($0 / 6) % 6]) \($0)" }
      try Data((rows.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: data))
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// The index files in the cache folder.
    var cacheFiles: [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: cacheFolder)) ?? []).filter {
        $0.hasSuffix(".ssidx")
      }
    }
  }

  /// The last `status`'s `index:` line (after the searches: a damaged index is found by the
  /// first) and everything else the run printed.
  static func run(_ folder: Folder, _ load: String, environment: [String: String] = [:]) throws -> (
    index: String?, output: String, stderr: String
  ) {
    var variables = ["XDG_CACHE_HOME": folder.cacheHome, "SEARCHSHELL_INDEX_CACHE": "2G"]
    for (key, value) in environment { variables[key] = value }
    let result = try ShellProcess.run(
      [
        "-c", load, "-c", "status", "-c", "search caf", "-c", "set match exact", "-c", "search st", "-c",
        "list 2", "-c", "status",
      ],
      environment: variables)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let index = lines.last { $0.hasPrefix("index: ") }
    let rest = lines.filter { !$0.hasPrefix("index: ") }.joined(separator: "\n")
    return (index, rest, result.stderr)
  }

  @Test func theSecondRunMapsTheIndexTheFirstWrote() throws {
    let folder = try Folder()
    let first = try Self.run(folder, "load \(folder.data)")
    #expect(first.index == "index: built")
    #expect(first.stderr == "")
    #expect(folder.cacheFiles.count == 1, "written before the first run ended")
    let second = try Self.run(folder, "load \(folder.data)")
    #expect(second.index == "index: cache")
    #expect(second.output == first.output)
    #expect(second.stderr == "")
    let started = try ShellProcess.run(
      ["--dataset", folder.data, "-c", "status"],
      environment: ["XDG_CACHE_HOME": folder.cacheHome, "SEARCHSHELL_INDEX_CACHE": "2G"])
    #expect(started.stdout.contains("index: cache"), "--dataset opens the same way")
  }

  /// A damaged entry (one flipped byte in its second half: an index section) is built again.
  ///
  /// One line names it, the rows answer as the file does, and the next run maps the new one.
  /// The index's sections are checked in the background from the open: the first search waits
  /// for the check and builds the index again.
  @Test func aDamagedEntryIsRebuiltWithOneLine() throws {
    let folder = try Folder()
    let first = try Self.run(folder, "load \(folder.data)")
    let entry = folder.cacheFolder + "/" + (try #require(folder.cacheFiles.first))
    var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: entry)))
    bytes[bytes.count / 2] ^= 1
    try Data(bytes).write(to: URL(fileURLWithPath: entry))
    let damaged = try Self.run(folder, "load \(folder.data)")
    #expect(damaged.index == "index: built")
    #expect(damaged.output == first.output)
    let lines = damaged.stderr.split(separator: "\n").filter { $0.contains("is damaged") }
    #expect(lines.count == 1 && lines[0].contains(entry), "\(damaged.stderr)")
    #expect(try Self.run(folder, "load \(folder.data)").index == "index: cache")
  }

  @Test func noCacheAndCachingOffBuildAndWriteNothing() throws {
    let folder = try Folder()
    #expect(try Self.run(folder, "load \(folder.data) --no-cache").index == "index: built")
    #expect(folder.cacheFiles.isEmpty)
    let off = try Self.run(folder, "load \(folder.data)", environment: ["SEARCHSHELL_INDEX_CACHE": "off"])
    #expect(off.index == "index: built" && folder.cacheFiles.isEmpty)
  }

  @Test func anUnwritableCacheSaysSoAndTheSessionGoesOn() throws {
    let folder = try Folder()
    // A file where the cache home's folder would be: nothing can be created under it.
    try Data("x".utf8).write(to: URL(fileURLWithPath: folder.cacheHome))
    let result = try Self.run(folder, "load \(folder.data)")
    #expect(result.index == "index: built")
    #expect(result.output.contains("results table"))
    let warnings = result.stderr.split(separator: "\n")
    #expect(
      warnings.count == 1 && warnings[0].hasPrefix("warning: index not cached: cannot create '"),
      "\(warnings)")
  }

  /// A cache folder others may write in (issue 37): one warning, the index built in memory,
  /// nothing read from it; entries the binary writes are 0600 in a 0700 folder.
  @Test func aSharedCacheFolderGivesOneWarningAndIsNotUsed() throws {
    let folder = try Folder()
    _ = try Self.run(folder, "load \(folder.data)")
    var status = stat()
    #expect(stat(folder.cacheFolder, &status) == 0 && status.st_mode & 0o777 == 0o700)
    let entry = folder.cacheFolder + "/" + (folder.cacheFiles.first ?? "")
    #expect(stat(entry, &status) == 0 && status.st_mode & 0o777 == 0o600)
    #expect(chmod(folder.cacheFolder, 0o1777) == 0)
    let shared = try Self.run(folder, "load \(folder.data)")
    #expect(shared.index == "index: built")
    let warnings = shared.stderr.split(separator: "\n")
    #expect(warnings.count == 1 && warnings[0].contains("is writable by others"), "\(warnings)")
  }
}
