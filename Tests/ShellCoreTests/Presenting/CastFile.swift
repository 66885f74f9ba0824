import Foundation
import Testing

/// An asciicast v2 file read back: every line must be valid JSON, the first the header.
struct CastFile {
  /// One `[time, "o", text]` line.
  struct Event: Equatable {
    var time: Double
    var text: String
  }

  let header: [String: Any]
  let events: [Event]
  /// The event lines as written, for comparing two renderings byte for byte.
  let eventLines: [String]

  /// Parses `text`, recording an issue for every line that is not what asciicast v2 allows.
  init(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(text.hasSuffix("\n"), sourceLocation: sourceLocation)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    let first = try #require(lines.first, sourceLocation: sourceLocation)
    let header = try #require(
      try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any],
      sourceLocation: sourceLocation)
    #expect(header["version"] as? Int == 2, sourceLocation: sourceLocation)
    #expect((header["width"] as? Int ?? 0) > 0, sourceLocation: sourceLocation)
    #expect((header["height"] as? Int ?? 0) > 0, sourceLocation: sourceLocation)
    #expect(header["timestamp"] is Int, sourceLocation: sourceLocation)
    #expect(header["env"] is [String: String], sourceLocation: sourceLocation)
    var events: [Event] = []
    for line in lines.dropFirst() {
      let array = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], sourceLocation: sourceLocation)
      #expect(array.count == 3, sourceLocation: sourceLocation)
      #expect(array[1] as? String == "o", sourceLocation: sourceLocation)
      let time = try #require(array[0] as? Double, sourceLocation: sourceLocation)
      let output = try #require(array[2] as? String, sourceLocation: sourceLocation)
      events.append(Event(time: time, text: output))
    }
    self.header = header
    self.events = events
    self.eventLines = Array(lines.dropFirst())
  }

  /// Whether every event comes later than the one before it.
  var timesIncrease: Bool {
    zip(events, events.dropFirst()).allSatisfy { $0.time < $1.time }
  }

  /// Everything shown, in order.
  var text: String { events.map(\.text).joined() }

  /// What stays on screen: each line as the last redraw left it (what `\r` + erase replaced
  /// is gone), lines split at CR LF.
  var finalLines: [String] {
    text.components(separatedBy: "\r\n").map { line in
      line.components(separatedBy: "\r\u{1B}[K").last ?? line
    }
  }
}
