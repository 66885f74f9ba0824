import Foundation
import ShellCore

/// Reads lines from standard input with no prompt, no echo and no history, for scripts and pipes.
///
/// Lines end at LF, CRLF or a lone CR, as in a script file, so a script runs the same piped.
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
  /// Where the next LF and CR in `buffer` are (`Int.max`: none; below `start`: not looked for).
  private var lineFeedAt = -1
  private var returnAt = -1
  /// The last line ended with a CR at the end of a chunk: an LF starting the next one is its CRLF.
  private var skipsLineFeed = false

  mutating func readLine(prompt: String) -> String? {
    var line: [UInt8] = []
    var overlong = false
    while true {
      if skipsLineFeed, start < buffer.count {
        if buffer[start] == UInt8(ascii: "\n") { start += 1 }
        skipsLineFeed = false
      }
      if let end = nextLineEnd() {
        keep(buffer[start..<end], in: &line, overlong: &overlong)
        start = end + 1
        if buffer[end] == UInt8(ascii: "\r") {
          if start < buffer.count {
            if buffer[start] == UInt8(ascii: "\n") { start += 1 }
          } else {
            skipsLineFeed = true
          }
        }
        return text(line)
      }
      keep(buffer[start...], in: &line, overlong: &overlong)
      buffer.removeAll(keepingCapacity: true)
      start = 0
      if atEnd || !fill() { return line.isEmpty && !overlong ? nil : text(line) }
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

  /// The line as text; an overlong one stays over the limit (decoding never shortens it).
  private func text(_ line: [UInt8]) -> String {
    String(decoding: line, as: UTF8.self)
  }

  /// The index of the next LF or CR in `buffer` from `start`.
  ///
  /// `memchr` finds each (a byte loop in a debug build takes seconds on a long line); each
  /// position found is kept until `start` passes it, so no byte is scanned twice.
  private mutating func nextLineEnd() -> Int? {
    if lineFeedAt < start { lineFeedAt = find(UInt8(ascii: "\n")) }
    if returnAt < start { returnAt = find(UInt8(ascii: "\r")) }
    let end = min(lineFeedAt, returnAt)
    return end == Int.max ? nil : end
  }

  /// The index of `byte` in `buffer` from `start`, or `Int.max`.
  private func find(_ byte: UInt8) -> Int {
    buffer.withUnsafeBufferPointer { bytes -> Int in
      guard let base = bytes.baseAddress, start < bytes.count,
        let found = memchr(base + start, Int32(byte), bytes.count - start)
      else { return Int.max }
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
      lineFeedAt = -1
      returnAt = -1
      return true
    }
  }
}
