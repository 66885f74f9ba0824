import Engine
import Tables

/// What the audience sees, on the way to the terminal: every line passes here after the
/// sanitizer, is copied into a cast being recorded, and first clears a bar that `type` drew in
/// place.
final class AudienceScreen: RawDataConsole {
  private let base: Console
  /// The clock the cast stamps its events with.
  let clock: PresentationClock
  /// The cast being recorded, if any.
  var cast: CastRecorder?
  /// The terminal a bar was drawn in place on, cleared before the next line.
  private var inPlaceOnTerminal: (any ScriptPacer)?
  /// Whether the cast shows a bar drawn in place.
  private var inPlaceInCast = false

  /// Erases the line the cursor is on: back to its start, then to its end.
  static let eraseLine = "\r\u{1B}[K"

  init(_ base: Console, clock: PresentationClock) {
    self.base = base
    self.clock = clock
  }

  func print(_ line: String) {
    endInPlace()
    base.print(line)
    cast?.output(line + "\r\n")
  }

  func printError(_ line: String) {
    endInPlace()
    base.printError(line)
    cast?.output(line + "\r\n")
  }

  func printData(_ line: String) {
    endInPlace()
    base.printData(line)
    cast?.output(line + "\r\n")
  }

  /// Whether data reaches a program unescaped: as the console below says.
  var passesRawData: Bool { (base as? RawDataConsole)?.passesRawData ?? false }

  /// Writes data for another program unescaped; the cast, replayed on a terminal, shows it escaped.
  func printRaw(_ record: String) {
    endInPlace()
    if let raw = base as? RawDataConsole, raw.passesRawData {
      raw.printRaw(record)
    } else {
      base.printData(record)
    }
    cast?.output(Sanitizer.terminalSafe(record) + "\r\n")
  }

  /// Writes a record's bytes for another program as they are; on a terminal and in the cast,
  /// one escaped line.
  func printRawBytes(_ record: [UInt8], terminator: UInt8) {
    endInPlace()
    let line = String(decoding: record, as: UTF8.self)
    if let raw = base as? RawDataConsole, raw.passesRawData {
      raw.printRawBytes(record, terminator: terminator)
    } else {
      base.printData(Sanitizer.terminalSafe(line))
    }
    cast?.output(Sanitizer.terminalSafe(line) + "\r\n")
  }

  /// Draws `text` (one safe line) over the line the cursor is on, on `terminal` and in the cast
  /// when `inCast`, leaving the cursor at its end; the next line printed replaces it.
  func drawInPlace(_ text: String, on terminal: (any ScriptPacer)?, inCast: Bool) {
    let frame = Self.eraseLine + text
    if let terminal {
      terminal.writeInPlace(frame)
      inPlaceOnTerminal = terminal
    }
    if inCast, let cast {
      cast.output(frame)
      inPlaceInCast = true
    }
  }

  /// Copies bytes the executable wrote to the terminal itself (live mode's frames) into the cast.
  func shownElsewhere(_ text: String) {
    endInPlace()
    cast?.output(text)
  }

  private func endInPlace() {
    if let terminal = inPlaceOnTerminal {
      terminal.writeInPlace(Self.eraseLine)
      inPlaceOnTerminal = nil
    }
    if inPlaceInCast {
      cast?.output(Self.eraseLine)
      inPlaceInCast = false
    }
  }
}
