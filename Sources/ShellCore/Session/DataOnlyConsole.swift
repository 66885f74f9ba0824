/// What `--quiet` writes: the data commands were asked for (`export -`, `list` in a data
/// format, `status`, `trace json`) and the errors, without the screens, banners and notes.
///
/// It sits above the session's sanitizing console, so every line still passes the sanitizer;
/// the pager is skipped (it pages the session's own console only).
final class DataOnlyConsole: RawDataConsole {
  /// The console the data and errors go to.
  private let base: Console

  /// Keeps `base`'s data and errors, and drops the rest.
  init(_ base: Console) {
    self.base = base
  }

  func print(_ line: String) {}

  func printError(_ line: String) { base.printError(line) }

  func printData(_ line: String) { base.printData(line) }

  var passesRawData: Bool { (base as? RawDataConsole)?.passesRawData ?? false }

  func printRaw(_ record: String) {
    if let raw = base as? RawDataConsole { raw.printRaw(record) } else { base.printData(record) }
  }

  func printRawBytes(_ record: [UInt8], terminator: UInt8) {
    if let raw = base as? RawDataConsole {
      raw.printRawBytes(record, terminator: terminator)
    } else {
      base.printData(String(decoding: record, as: UTF8.self))
    }
  }
}
