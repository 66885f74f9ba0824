import Foundation

@testable import Engine
@testable import Tables

#if !FUZZING
  @testable import ShellCore
#endif

/// Every loader on any bytes, then every export format loaded back.
///
/// The first byte picks the format (text, CSV, TSV, JSON, JSON Lines); the rest is the file. A
/// load returns a dataset whose invariants hold, or throws a `ShellError` (the type says so);
/// it never traps. A loaded dataset is written in each export format exactly as `export` writes
/// it (`RowWriter`, a newline after each record) and loaded again: CSV, TSV, JSON and JSON
/// Lines give the same columns and cells byte for byte (CSV with NUL as U+FFFD), plain text the
/// titles on one line each, Markdown one line per row. In memory, so each input takes
/// milliseconds and nothing is written.
enum LoadersFuzz {
  /// The loader formats, by the first byte modulo their count.
  static let formats: [DataFormat] = [.text, .csv, .tsv, .json, .jsonl]

  static func run(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    let format = formats[Int(first) % formats.count]
    // A small limit keeps wide tables (a JSON key per row) and padding fast to refuse.
    guard let loaded = load(Array(bytes.dropFirst()), format: format) else { return }
    let dataset = loaded.dataset
    dataset.checkInvariants()
    for warning in loaded.warnings {
      precondition(!warning.utf8.contains { $0 < 0x20 }, "a warning is one printable line: \(warning)")
    }
    let original = cells(dataset)
    for output in [OutputFormat.csv, .tsv, .json, .jsonl, .plain, .markdown] {
      let text = exported(dataset, output)
      let back = reload(text, output, renaming: output == .csv && !namesStayApart(dataset))
      expectSame(dataset, original, back, output)
    }
  }

  /// Loads `bytes` as `format` (read as `reading` says) under a 1 MiB limit; nil when the loader throws.
  static func load(_ bytes: [UInt8], format: DataFormat, reading: ReadingOptions = ReadingOptions())
    -> LoadResult?
  {
    var options = LoadOptions(
      name: "fuzz", source: .standardInput, presets: DatasetPresets(title: "fuzz"), format: format)
    options.limit = LoadLimit(bytes: 1 << 20)
    options.reading = reading
    do {
      return try DatasetLoader.load(.data(Data(bytes), label: "fuzz"), options: options)
    } catch {
      // The loader's typed throws guarantee a TableError; its message must be one line.
      precondition(!ShellError(error).description.contains("\n"), "an error is one line: \(error)")
      return nil
    }
  }

  /// The bytes `export` writes for every row of `dataset` in `format`.
  static func exported(_ dataset: Dataset, _ format: OutputFormat) -> [UInt8] {
    var text: [UInt8] = []
    let writer = RowWriter(dataset: dataset, format: format, terminalSafe: false)
    for record in writer.records(rows: 0..<dataset.rowCount) {
      text.append(contentsOf: record.utf8)
      text.append(ByteCodes.lineFeed)
    }
    return text
  }

  /// The export loaded back as the loader reads that extension (Markdown, which no loader
  /// reads, as text); it must load.
  ///
  /// `renaming`: the export's column names collide (NUL written as U+FFFD in CSV), so the loader
  /// renames them with a warning, as it renames any duplicate.
  static func reload(_ text: [UInt8], _ format: OutputFormat, renaming: Bool) -> Dataset {
    let formats: [OutputFormat: DataFormat] = [.csv: .csv, .tsv: .tsv, .json: .json, .jsonl: .jsonl]
    // An export has a header row and CSV's commas, whatever a sniffer would guess of its rows.
    var reading = ReadingOptions()
    if format == .csv || format == .tsv { reading.header = .yes }
    if format == .csv { reading.delimiter = ByteCodes.comma }
    let loaded = load(text, format: formats[format] ?? .text, reading: reading)
    guard let loaded else {
      preconditionFailure("the \(format) export does not load back: \(String(decoding: text, as: UTF8.self))")
    }
    let warnings = loaded.warnings.filter {
      !(renaming && $0.hasPrefix("Renamed empty or duplicate column names"))
    }
    precondition(warnings.isEmpty, "the \(format) export loads with warnings: \(warnings)")
    loaded.dataset.checkInvariants()
    return loaded.dataset
  }

  /// Traps unless `back` holds what `format` carries of `original`.
  static func expectSame(_ dataset: Dataset, _ original: [[[UInt8]]], _ back: Dataset, _ format: OutputFormat)
  {
    switch format {
    case .csv, .tsv, .json, .jsonl:
      // JSON cannot name the columns of no rows; a loader then makes one `title` column.
      if dataset.rowCount == 0, format == .json || format == .jsonl {
        precondition(back.rowCount == 0, "an empty \(format) export loads empty")
        return
      }
      let carried = format == .csv ? original.map { $0.map(withoutNUL) } : original
      var names = dataset.columns.map { Array($0.utf8) }
      if format == .csv { names = names.map(withoutNUL) }
      // Names that U+FFFD made equal are renamed on loading, as any duplicate is.
      if format != .csv || namesStayApart(dataset) {
        precondition(back.columns.map { Array($0.utf8) } == names, "\(format) keeps the column names")
      }
      precondition(cells(back) == carried, "\(format) keeps every cell")
    case .plain:
      let titles = (0..<dataset.rowCount).map { Array(RowWriter.oneLine(dataset.title($0)).utf8) }
      precondition(cells(back).map { $0[0] } == titles, "plain text keeps the titles, one per line")
    case .markdown:
      precondition(back.rowCount == dataset.rowCount + 2, "Markdown writes a line per row")
    case .table:
      break
    }
  }

  /// Every cell's bytes, row by row.
  static func cells(_ dataset: Dataset) -> [[[UInt8]]] {
    (0..<dataset.rowCount).map { row in
      dataset.columns.indices.map { Array(dataset.cell(row: row, column: $0).utf8) }
    }
  }

  /// Whether the column names stay distinct with NUL written as U+FFFD, compared as the loader
  /// compares them (String equality).
  static func namesStayApart(_ dataset: Dataset) -> Bool {
    let names = dataset.columns.map { String(decoding: withoutNUL(Array($0.utf8)), as: UTF8.self) }
    return Set(names).count == names.count
  }

  /// `bytes` with each NUL as U+FFFD, as formats without a NUL escape write it.
  static func withoutNUL(_ bytes: [UInt8]) -> [UInt8] {
    bytes.flatMap { $0 == 0 ? [0xEF, 0xBF, 0xBD] : [$0] }
  }
}
