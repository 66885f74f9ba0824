import Foundation

/// An asciicast v2 file read back strictly: every line valid JSON, the first a header with the
/// fields asciinema needs, the others `[time, "o", text]` events (a test-support type).
public struct CastFile {
  /// One output event.
  public struct Event: Equatable {
    public var time: Double
    public var text: String
  }

  /// A line that asciicast v2 does not allow, and which.
  public struct Invalid: Error, CustomStringConvertible {
    public let line: Int
    public let reason: String
    public var description: String { "line \(line): \(reason)" }
  }

  public let width: Int
  public let height: Int
  public let timestamp: Int
  public let environment: [String: String]
  public let events: [Event]
  /// The event lines as written, to compare two renderings byte for byte.
  public let eventLines: [String]

  /// Parses `text`, or throws the first line that is not asciicast v2.
  public init(_ text: String) throws(Invalid) {
    guard text.hasSuffix("\n") else {
      throw Invalid(line: 0, reason: "the file does not end with a new line")
    }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    guard let first = lines.first, let header = Self.json(first) as? [String: Any] else {
      throw Invalid(line: 1, reason: "the header is not a JSON object")
    }
    guard header["version"] as? Int == 2 else { throw Invalid(line: 1, reason: "version is not 2") }
    guard let width = header["width"] as? Int, let height = header["height"] as? Int, width > 0, height > 0
    else { throw Invalid(line: 1, reason: "width and height are not positive numbers") }
    guard let timestamp = header["timestamp"] as? Int else { throw Invalid(line: 1, reason: "no timestamp") }
    guard let environment = header["env"] as? [String: String] else {
      throw Invalid(line: 1, reason: "no env")
    }
    var events: [Event] = []
    for (index, line) in lines.enumerated().dropFirst() {
      guard let array = Self.json(line) as? [Any], array.count == 3, array[1] as? String == "o",
        let time = (array[0] as? NSNumber)?.doubleValue, let output = array[2] as? String
      else { throw Invalid(line: index + 1, reason: "not a [time, \"o\", text] event: \(line.prefix(80))") }
      events.append(Event(time: time, text: output))
    }
    (self.width, self.height, self.timestamp, self.environment) = (width, height, timestamp, environment)
    self.events = events
    self.eventLines = Array(lines.dropFirst())
  }

  private static func json(_ line: String) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(line.utf8))
  }

  /// Whether every event comes later than the one before it.
  public var timesIncrease: Bool {
    zip(events, events.dropFirst()).allSatisfy { $0.time < $1.time }
  }

  /// Everything shown, in order.
  public var text: String { events.map(\.text).joined() }

  /// What stays on screen: each line as its last redraw in place left it, split at CR LF.
  public var finalLines: [String] {
    text.components(separatedBy: "\r\n").map { line in
      line.components(separatedBy: "\r\u{1B}[K").last ?? line
    }
  }
}
