/// The picker's count in its header, as fzf's info line: `⠹ 1,234/56,789 (3)`.
///
/// Matches over the rows read so far, both exact; the spinner turns while rows are still being
/// read and is gone at the end; `(N)` counts the rows marked, `(N/MAX)` under `--multi=MAX`.
enum PickerInfo {
  /// The spinner's frames, one every `spinnerInterval` milliseconds (fzf's).
  static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
  static let spinnerInterval: Int32 = 100

  /// The count line: `spinnerFrame` while reading (nil once the input ended), `marked` and
  /// `most` under `--multi` (`Int.max`: no limit).
  static func line(matches: Int, rows: Int, spinnerFrame: Int?, marked: Int?, most: Int?) -> String {
    let turning = spinnerFrame.map { spinner[$0 % spinner.count] } ?? " "
    var line = turning + " " + CountTable.grouped(matches) + "/" + CountTable.grouped(rows)
    if let marked {
      let limit = most.flatMap { $0 == .max ? nil : "/" + CountTable.grouped($0) } ?? ""
      line += " (" + CountTable.grouped(marked) + limit + ")"
    }
    return line
  }
}
