import Engine
import Tables

/// Rows written as data for another program: `export -`, `--filter` and the picker's choice.
extension Session {
  /// Writes one record as data: unescaped to a pipe or a file, escaped on a terminal.
  func printData(_ record: String) {
    if let raw = console as? RawDataConsole, raw.passesRawData {
      raw.printRaw(record)
    } else {
      console.printData(record)
    }
  }

  /// Writes `rows` of `source` in `format` as data, stopping between records at Ctrl-C.
  func printData(rows: [Int], of source: Dataset, format: OutputFormat, command: String) throws(ShellError) {
    let writer = RowWriter(dataset: source, format: format, terminalSafe: false)
    var printed = 0
    try writer.write(rows: rows) { (record: String) throws(ShellError) in
      try checkInterruption(command: command, outcome: "stopped after \(printed) records")
      printData(record)
      printed += 1
    }
  }
}
