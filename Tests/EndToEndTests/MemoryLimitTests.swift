import Foundation
import Testing

/// Loads that would take more memory than allowed, through the built binary: one error line,
/// the previous dataset kept, the session going on.
@Suite struct MemoryLimitTests {
  /// A JSON file of one string of `bytes` bytes.
  static func jsonString(_ bytes: Int, in folder: URL) throws -> String {
    let path = folder.appendingPathComponent("string.json").path
    try Data(("[\"" + String(repeating: "ab ", count: bytes / 3) + "\"]\n").utf8).write(
      to: URL(fileURLWithPath: path))
    return path
  }

  /// A 4 MiB string is read, then stored: 8 MiB held, over a 6 MiB limit though the file is under it.
  @Test func aLongStringOverTheLimitIsOneErrorKeepingTheDataset() throws {
    let folder = try HostileDataTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = try Self.jsonString(4 << 20, in: folder)
    let small = folder.appendingPathComponent("small.txt").path
    let refused = try ShellProcess.run(
      ["-c", "load \(small)", "-c", "load \(json)", "-c", "status"],
      environment: ["SEARCHSHELL_LOAD_LIMIT": "6M"])
    #expect(
      refused.stderr
        == "error: Cannot load '\(json)': it takes more than the load limit of 6.0 MiB (set SEARCHSHELL_LOAD_LIMIT to change it); the previous dataset stays\n"
    )
    #expect(refused.stdout.contains("dataset: small\nrows: 2\n"))
    #expect(refused.status == 1)
    let loaded = try ShellProcess.run(
      ["-c", "load \(json)", "-c", "status"], environment: ["SEARCHSHELL_LOAD_LIMIT": "16M"])
    #expect(loaded.stderr == "")
    #expect(loaded.stdout.contains("dataset: string\nrows: 1\n"))
  }

  /// Under `ulimit -v`, an endless string from a FIFO runs the address space out before the
  /// (raised) load limit: the refused allocation is one error line, not a crash.
  @Test func runningOutOfAddressSpaceIsOneErrorKeepingTheDataset() throws {
    let folder = try HostileDataTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("f").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let writer = try HostileDataTests.startWriter(
      "exec > '\(fifo)'; printf '[\"'; yes abcdefgh | tr -d '\\n'")
    defer {
      if writer.isRunning { writer.terminate() }
      writer.waitUntilExit()
    }
    let small = folder.appendingPathComponent("small.txt").path
    let shell = ShellProcess.executableURL.path
    let script =
      "ulimit -v \(Self.addressSpaceKiB); exec '\(shell)' -c 'load \(small)' -c 'load \(fifo)' -c status"
    let result = try ShellProcess.runProgram(
      "/bin/sh", ["-c", script], environment: ["SEARCHSHELL_LOAD_LIMIT": "4G"])
    #expect(result.stderr.hasPrefix("error: Cannot load '\(fifo)': out of memory after "))
    #expect(result.stderr.hasSuffix("; the previous dataset stays. Set SEARCHSHELL_LOAD_LIMIT lower\n"))
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stdout.contains("dataset: small\nrows: 2\n"))
    #expect(result.status == 1)
  }

  /// The rule, the search that runs out, whether it may instead succeed, and the rows `es`
  /// finds first.
  ///
  /// A scan asks room for every row's id: always refused, as is a fuzzy ranking of every row
  /// (its ids and scores, and room for the sort that orders them when read past its top). A
  /// regex's chunks grow their ids past what is left when they run on every core; with no room
  /// for the worker threads' stacks (`ThreadRoom`) they run on the calling thread, whose memory
  /// malloc may already hold: the search may then be answered, and only a trap or a wrong answer
  /// fails. `es` finds half the rows (`chess board`, `best guess`), and with `fuzzy` three
  /// quarters (an `s` after an `e` in `zebra crossing` too).
  static let refusedSearches: [(rule: String, search: String, mayAnswer: Bool, first: Int)] = [
    ("fold", "search lemon", false, 3_000_000), ("regex", "search .e", true, 3_000_000),
    ("fuzzy", "search e", false, 4_500_000),
  ]

  /// 6M rows of `words`, one a line, in `name` in `folder`, under `header` if there is one.
  static func write(_ words: [String], header: String? = nil, to name: String, in folder: URL) throws {
    let rows = (0..<6_000_000).map { words[$0 % 4] }
    let text = ([header].compactMap { $0 } + rows).joined(separator: "\n") + "\n"
    try Data(text.utf8).write(to: folder.appendingPathComponent(name))
  }

  /// A search the system refuses memory to, once the dataset is loaded (the address-space limit
  /// lowered under the running session with `prlimit`, a little above what it holds): one error
  /// line, the previous search's results kept, the next command answered, exit status 1 as after
  /// any error line.
  @Test(arguments: refusedSearches.indices)
  func aSearchOutOfAddressSpaceIsOneErrorKeepingThePreviousResults(index: Int) throws {
    let (rule, search, mayAnswer, first) = Self.refusedSearches[index]
    let folder = try HostileDataTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // 6M rows: a full scan asks for 22.9 MiB of room for their ids, more than the limit leaves (the
    // previous result, packed as the next search starts, takes about 1 MiB of it).
    try Self.write(["chess board", "zebra crossing", "lemon tree", "best guess"], to: "rows.txt", in: folder)
    let result = try LoweredLimitSession(
      in: folder, setup: ["load rows.txt", "set match \(rule)", "search es", "status"],
      after: [search, "status"])
    let (stdout, stderr) = (result.stdout, result.stderr)
    if mayAnswer, result.status == 0 {
      #expect(stderr == "")
      // Every row holds a letter before an `e`: the answered search's status counts them all.
      let last = stdout.components(separatedBy: "dataset: rows\n").last ?? ""
      #expect(last.contains("text: \".e\"\n"))
      #expect(last.contains("matches: 6000000\n"))
      return
    }
    #expect(result.status == 1)
    #expect(stderr.hasPrefix("error: Not enough memory for this search ("))
    #expect(stderr.hasSuffix(" more was refused); the previous results stay\n"))
    #expect(stderr.split(separator: "\n").count == 1)
    let statuses = stdout.components(separatedBy: "dataset: rows\n").dropFirst()
    #expect(statuses.count == 2)
    for status in statuses {
      #expect(status.contains("text: \"es\"\n"))
      #expect(status.contains("matches: \(first)\n"))
    }
  }

  /// Room for the runtime and its threads, and a few hundred MiB more for the load to run out of.
  static let addressSpaceKiB = 1_536 * 1024
}
