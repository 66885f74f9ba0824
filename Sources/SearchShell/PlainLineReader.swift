import Foundation
import ShellCore

/// Reads lines from standard input with no prompt, no echo and no history, for scripts and pipes.
///
/// A line is kept only up to just past `Session.lineLimit` bytes, and the rest of it is read and
/// dropped: a line the session refuses anyway must not fill memory first, however long it is.
struct PlainLineReader: LineReader {
  /// The bytes read from standard input and not yet returned.
  private var buffer: [UInt8] = []
  /// Where in `buffer` the next line starts.
  private var start = 0
  /// Whether standard input has ended (or failed).
  private var atEnd = false

  mutating func readLine(prompt: String) -> String? {
    var line: [UInt8] = []
    var overlong = false
    while true {
      if let newline = nextNewline() {
        keep(buffer[start..<newline], in: &line, overlong: &overlong)
        start = newline + 1
        return text(line, overlong: overlong)
      }
      keep(buffer[start...], in: &line, overlong: &overlong)
      buffer.removeAll(keepingCapacity: true)
      start = 0
      if atEnd || !fill() { return line.isEmpty && !overlong ? nil : text(line, overlong: overlong) }
    }
  }

  mutating func remember(_ line: String) {}

  var loadedHistory: [String] { [] }

  /// Appends `bytes` to `line`, stopping one byte past the limit so the session sees it is too long.
  private func keep(_ bytes: ArraySlice<UInt8>, in line: inout [UInt8], overlong: inout Bool) {
    let room = Session.lineLimit + 1 - line.count
    guard room > 0 else {
      overlong = overlong || !bytes.isEmpty
      return
    }
    line += bytes.prefix(room)
    if bytes.count > room { overlong = true }
  }

  /// The line as text, without a CR before its LF (Swift.readLine drops it too); an overlong
  /// line keeps all it kept, so it stays over the limit.
  private func text(_ line: [UInt8], overlong: Bool) -> String {
    let bytes = !overlong && line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...]
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The index of the next LF in `buffer` from `start`, found with `memchr` (a debug build
  /// would otherwise spend seconds on a long line).
  private func nextNewline() -> Int? {
    buffer.withUnsafeBufferPointer { bytes -> Int? in
      guard let base = bytes.baseAddress, start < bytes.count,
        let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
      else { return nil }
      return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }
  }

  /// Reads the next chunk of standard input; false at its end.
  private mutating func fill() -> Bool {
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { Foundation.read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        atEnd = true
        return false
      }
      buffer = Array(chunk[..<count])
      return true
    }
  }
}
