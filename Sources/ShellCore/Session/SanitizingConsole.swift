import Engine
import Tables

/// The boundary every line of a session passes on its way out: whatever a command forgot to
/// escape, no control character reaches the console but newlines, tabs and the shell's colours.
///
/// Data records (`printRaw`) pass unescaped only when the console below says its output is no
/// terminal; on a terminal they are escaped like every other line.
final class SanitizingConsole: RawDataConsole {
  private let base: Console
  private let keepsStyle: Bool

  /// Sanitizes for `base`; `keepingStyle` lets `TextStyle`'s own colour sequences through.
  init(_ base: Console, keepingStyle: Bool) {
    self.base = base
    self.keepsStyle = keepingStyle
  }

  func print(_ line: String) { base.print(Sanitizer.terminalSafe(line, keepingStyle: keepsStyle)) }

  func printError(_ line: String) { base.printError(Sanitizer.terminalSafe(line, keepingStyle: keepsStyle)) }

  func printData(_ line: String) { base.printData(Sanitizer.terminalSafe(line, keepingStyle: keepsStyle)) }

  var passesRawData: Bool { (base as? RawDataConsole)?.passesRawData ?? false }

  func printRaw(_ record: String) {
    if let raw = base as? RawDataConsole, raw.passesRawData {
      raw.printRaw(record)
    } else {
      printData(record)
    }
  }

  /// Passes a record's bytes on unescaped where no terminal sees them; on a terminal they are
  /// one escaped line (invalid UTF-8 shown as U+FFFD), whatever the terminator.
  func printRawBytes(_ record: [UInt8], terminator: UInt8) {
    if let raw = base as? RawDataConsole, raw.passesRawData {
      raw.printRawBytes(record, terminator: terminator)
    } else {
      printData(String(decoding: record, as: UTF8.self))
    }
  }
}
