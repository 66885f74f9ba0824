import Backends
import Tables

/// A `count` table as the terminal shows it: the summary, then per value its number, rows and
/// percent of the rows counted, and the value (last, so a long one costs no alignment).
struct CountTable {
  /// The page of values and the totals.
  let counts: ValueCounts
  /// The column's name.
  let column: String
  /// The output width.
  let width: Int

  /// The lines; `next` is the page a "more" line offers (nil for a listing of every value).
  func lines(next: Int?) -> [String] {
    var lines = [summary]
    let numbers = counts.entries.indices.map { String(counts.first + $0 + 1) }
    let rows = counts.entries.map { Self.grouped($0.count) }
    let numberWidth = numbers.map(\.count).max() ?? 1
    let rowsWidth = max(4, rows.map(\.count).max() ?? 0)
    if !counts.entries.isEmpty {
      lines.append(
        "  " + String(repeating: " ", count: numberWidth) + "  " + Self.padded("rows", rowsWidth) + "  "
          + Self.padded("%", 6) + "  " + Sanitizer.printable(column))
    }
    for (index, entry) in counts.entries.enumerated() {
      let prefix =
        "  " + Self.padded(numbers[index], numberWidth) + "  " + Self.padded(rows[index], rowsWidth) + "  "
        + Self.padded(percent(entry.count), 6) + "  "
      let value = entry.value.isEmpty ? "(empty)" : Sanitizer.printable(entry.value)
      lines.append(prefix + TextWrapper.fitting(value, columns: max(8, width - prefix.count)))
    }
    let end = counts.first + counts.entries.count
    if let next, end < counts.distinct {
      let more = Self.grouped(counts.distinct - end) + (counts.isComplete ? "" : "+")
      let name = CommandTokenizer.quotedWord(column)
      lines.append(
        "  … \(more) more values (count \(Sanitizer.printable(name)) \(next), or count \(Sanitizer.printable(name)) all)"
      )
    }
    if !counts.entries.isEmpty {
      lines.append("'filter N' narrows the table to value N's rows; 'filter off' clears it")
    }
    return lines
  }

  /// `12 values over 4,321 rows`; a lower bound marked when the counter kept no more values.
  var summary: String {
    let values = Self.grouped(counts.distinct) + (counts.isComplete ? "" : "+")
    var line =
      "\(values) \(counts.distinct == 1 && counts.isComplete ? "value" : "values") over "
      + "\(Self.grouped(counts.rows)) \(counts.rows == 1 ? "row" : "rows")"
    if !counts.isComplete {
      line += " (values first seen after the first \(Self.grouped(ValueCounts.distinctLimit)) are not listed)"
    }
    return line
  }

  /// `count` as a percent of the rows counted, one decimal; `<0.1%` and `>99.9%` rather than a
  /// false 0.0% or 100.0%.
  func percent(_ count: Int) -> String {
    guard counts.rows > 0 else { return "" }
    let tenths = (Double(count) * 1000 / Double(counts.rows)).rounded()
    if tenths == 0, count > 0 { return "<0.1%" }
    if tenths == 1000, count < counts.rows { return ">99.9%" }
    return "\(Int(tenths) / 10).\(Int(tenths) % 10)%"
  }

  /// `text` right-aligned in `width` columns.
  static func padded(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  /// `number` with a comma between thousands (`4,321`).
  static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return (number < 0 ? "-" : "") + result
  }
}
