import Foundation
import ShellCore

/// Replays keys through live mode without a terminal and times each one from its bytes to a
/// drawn frame, for `scripts/live-bench.sh`.
///
/// Each key is decoded, applied to the session, drawn (including the search for the new
/// text) and written to standard output on its own, as if typed slower than the screen
/// redraws: the worst case, since a real terminal coalesces keys that queue up.
enum LiveBenchmark {
  /// The terminal size the frames are drawn for.
  static let width = 120
  static let height = 50

  static func run(session: Session, keys: String) {
    let controller = LiveController(session: session)
    var decoder = LiveKeyDecoder()
    _ = controller.frame(width: width, height: height)
    var samples: [(query: String, milliseconds: Double)] = []
    for key in keyBytes(keys) {
      let started = DispatchTime.now().uptimeNanoseconds
      controller.handle(decoder.decode(key))
      let frame = controller.frame(width: width, height: height)
      _ = StandardStreams.write(Array(("\u{1B}[H" + frame.joined(separator: "\r\n")).utf8), to: STDOUT_FILENO)
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
      let query = session.searchState.text
      samples.append((query, elapsed))
      StandardStreams.writeError(
        String(
          format: "key %3d  %-24@ %8.3f ms  %d rows\n", samples.count, "'\(query)'" as NSString, elapsed,
          session.tableRowCount))
    }
    report("all keys", samples.map(\.milliseconds))
    report("3+ char queries", samples.filter { $0.query.count >= 3 }.map(\.milliseconds))
  }

  /// The keys of `text`, one byte group each: `\b` is Backspace, `\u` Ctrl-U, `\\` a backslash.
  static func keyBytes(_ text: String) -> [[UInt8]] {
    var keys: [[UInt8]] = []
    var escaping = false
    for character in text {
      if escaping {
        escaping = false
        switch character {
        case "b": keys.append([0x7F])
        case "u": keys.append([0x15])
        case "t": keys.append([0x09])
        default: keys.append(Array(String(character).utf8))
        }
      } else if character == "\\" {
        escaping = true
      } else {
        keys.append(Array(String(character).utf8))
      }
    }
    return keys
  }

  private static func report(_ label: String, _ values: [Double]) {
    guard !values.isEmpty else { return }
    let sorted = values.sorted()
    let median = sorted[sorted.count / 2]
    let p95 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.up)) - 1)]
    let line = String(
      format: "%@: %d keys, median %.3f ms, p95 %.3f ms, max %.3f ms\n", label as NSString, values.count,
      median, p95,
      sorted.last ?? 0)
    StandardStreams.writeError(line)
  }
}
