/// Where a session writes: standard output for what the screen shows, standard error for errors.
public protocol Console: AnyObject {
  /// Writes one line (without its newline) to standard output.
  func print(_ line: String)
  /// Writes one line (without its newline) to standard error.
  func printError(_ line: String)
  /// Writes one line of data a command was asked for (`status`, `trace json`, a record of
  /// `export -` or `list` on a terminal): what `--quiet` keeps.
  func printData(_ line: String)
}

extension Console {
  /// Data is a line like any other, unless a console says otherwise.
  public func printData(_ line: String) { print(line) }
}

/// A console whose standard output may carry data as it is: a pipe or a file, not a terminal.
///
/// `export -`, `--filter` and the picker write rows for another program to read; escaping
/// them would change the data, so they pass unescaped where no terminal can be driven by them.
public protocol RawDataConsole: Console {
  /// Whether `printRaw` reaches a program rather than a terminal.
  var passesRawData: Bool { get }
  /// Writes one record (without its newline) to standard output, unescaped.
  func printRaw(_ record: String)
  /// Writes one record's bytes as they are, then `terminator` (LF, or NUL for `--print0`).
  func printRawBytes(_ record: [UInt8], terminator: UInt8)
}
