import Engine
import Foundation
import Tables

/// The first line of an asciicast v2 file: the terminal's size, when it was recorded, and the
/// environment variables asciinema records.
struct CastHeader {
  var width: Int
  var height: Int
  /// Seconds since 1970 when the recording began.
  var timestamp: Int
  /// `SHELL` and `TERM`, when set.
  var environment: [(name: String, value: String)]

  /// A header for a terminal of `width` × `height` now; `SOURCE_DATE_EPOCH` fixes the time,
  /// as for reproducible builds, so a rendered script's cast is the same file every run.
  static func current(width: Int, height: Int, environment: [String: String]) -> CastHeader {
    let fixed = environment["SOURCE_DATE_EPOCH"].flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil }
    let timestamp = fixed ?? Int(Date().timeIntervalSince1970)
    let recorded = ["SHELL", "TERM"].compactMap { name in environment[name].map { (name: name, value: $0) } }
    return CastHeader(
      width: max(1, width), height: max(1, height), timestamp: timestamp, environment: recorded)
  }

  /// The header as one JSON line, without its newline.
  var line: String {
    let env = environment.map { JSONText.string($0.name) + ": " + JSONText.string($0.value) }
    return "{\"version\": 2, \"width\": \(width), \"height\": \(height), \"timestamp\": \(timestamp), "
      + "\"env\": {" + env.joined(separator: ", ") + "}}"
  }
}
