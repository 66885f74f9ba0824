import Foundation
import Testing

/// Loads of a 2M-row file under `ulimit -v` limits around what it takes: each loads or is one error.
///
/// After an error line the session answers the next command. Before the index
/// build's buffers were checked, some limits trapped in `UnsafePinnedBuffer` ("out of memory allocating
/// 52202473 bytes") and others hung in Dispatch waiting for a worker thread it could not start;
/// later, rarely, in pass 1's per-chunk Swift arrays of wide rows, reserved on the workers
/// ("failed to allocate 1000032 bytes": 250,000 `Int32`), now one list taken before they start.
@Suite struct LoadAddressSpaceTests {
  /// The limits, in KiB, of a debug build on x86-64, from refusing the dataset's text to loading it.
  ///
  /// They pass through the fold passes' lists of wide rows (155–160 MiB trapped in a Swift array's
  /// growth), the index build's arenas and the worker threads Dispatch could not start (a hang
  /// at 155, 210 and 240 MiB). What a load takes varies by some 50 MiB from run to run (the
  /// threads' malloc arenas), so only the ends' outcomes are certain.
  static let limitsKiB = [150_000, 155_000, 160_000, 200_000, 210_000, 240_000, 260_000, 512_000]

  /// 2M rows of two to four words, about 54 MB, as `scripts/gen-words.py 2000000` writes.
  static func rows(in folder: URL) throws -> String {
    let words = [
      "lemon", "tree", "chess", "board", "zebra", "crossing", "best", "guess", "café", "naïve", "Zürich",
    ]
    var text = ""
    text.reserveCapacity(56_000_000)
    for row in 0..<2_000_000 {
      let count = 2 + row % 3
      for word in 0..<count {
        if word > 0 { text += " " }
        text += words[(row &* 7 &+ word &* 13) % words.count]
      }
      text += " \(row)\n"
    }
    let path = folder.appendingPathComponent("rows.txt").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func everyLimitLoadsOrIsOneErrorLineAndTheSessionGoesOn() throws {
    let folder = try HostileDataTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let rows = try Self.rows(in: folder)
    let small = folder.appendingPathComponent("small.txt").path
    let shell = ShellProcess.executableURL.path
    var outcomes: [String] = []
    for limit in Self.limitsKiB {
      // `timeout` turns a hang into status 124; a trap would be 132 or 134 (a signal's 128 + n).
      let script =
        "ulimit -v \(limit); exec timeout 120 '\(shell)' -c 'load \(small)' -c 'load \(rows)' -c status"
      let result = try ShellProcess.runProgram(
        "/bin/sh", ["-c", script], environment: ["SEARCHSHELL_LOAD_LIMIT": "4G"])
      #expect(result.status == 0 || result.status == 1, "ulimit -v \(limit): status \(result.status)")
      if result.status == 0 {
        #expect(result.stderr == "", "ulimit -v \(limit)")
        #expect(result.stdout.contains("dataset: rows\nrows: 2000000\n"), "ulimit -v \(limit)")
        outcomes.append("loaded")
      } else {
        #expect(result.stderr.hasPrefix("error: Cannot load '\(rows)': out of memory after "), "\(limit)")
        #expect(result.stderr.hasSuffix("; the previous dataset stays. Set SEARCHSHELL_LOAD_LIMIT lower\n"))
        #expect(result.stderr.split(separator: "\n").count == 1, "ulimit -v \(limit)")
        #expect(result.stdout.contains("dataset: small\nrows: 2\n"), "ulimit -v \(limit)")
        outcomes.append("refused")
      }
    }
    // The range spans both outcomes: the lowest limit refuses the load, the highest allows it.
    #expect(outcomes.first == "refused")
    #expect(outcomes.last == "loaded")
  }
}
