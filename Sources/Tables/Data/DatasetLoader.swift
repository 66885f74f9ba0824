import Foundation

/// Reads a file, standard input or bytes into a `Dataset`: text, CSV, TSV, JSON or JSON Lines.
///
/// Loading streams: the input is read in chunks and cells go straight into the dataset's arena,
/// so memory stays close to the size of the text. A load either returns a whole dataset or
/// throws one `TableError`; it never returns half a table.
package enum DatasetLoader {
  /// Loads `input` as `options` say, reporting progress and honouring cancellation via `control`.
  package static func load(
    _ input: DataInput, options: LoadOptions, control: LoadControl = LoadControl()
  ) throws(TableError) -> LoadResult {
    let limit = options.limit.bytes
    var stream = try ByteStream(input, control: control, limit: limit)
    // Refuse binary files up front (as grep and git do), before a parser trips over the
    // bytes and reports them as malformed; the stream still refuses a NUL met later.
    let (isBinary, plan) = try stream.withPrefix(atLeast: sniffedBytes) { prefix, isWhole in
      (prefix.contains(0), Self.plan(prefix, isWhole: isWhole, path: input.path, options: options))
    }
    if isBinary { throw .binaryFile(input.label) }
    let format = plan.report.format
    if options.jsonPath != nil, format != .json {
      throw .jsonPathNeedsJSON(input.label, format: format.rawValue)
    }
    if let option = options.reading.unusable(by: format) {
      throw .readingOptionNeedsDelimited(input.label, option: option, format: format.rawValue)
    }
    // Cells never take more bytes than the text they came from (escapes only shrink), except
    // for U+FFFD repairs, so the file size is a good reservation and saves the arena's regrowth.
    // Never more than the limit, so a huge file cannot reserve memory it will not get to use.
    var table = TableAssembler(label: input.label, limit: limit, reservingBytes: stream.totalBytes ?? 0)
    table.budget.failsAllocationsAbove = control.failsAllocationsAbove
    var report = plan.report
    switch format {
    case .text:
      report.commentLines = try TextParser.parse(&stream, into: &table, comment: options.reading.comment)
    case .csv, .tsv:
      let parser = plan.parser ?? (format == .csv ? DelimitedParser.csv : DelimitedParser.tsv)
      report.commentLines = try parser.parse(&stream, into: &table, names: plan.names)
    case .json:
      var parser = try JSONRowParser(lines: false, path: options.jsonPath, table: table)
      try parser.parse(&stream, into: &table)
    case .jsonl:
      var parser = try JSONRowParser(lines: true, table: table)
      try parser.parse(&stream, into: &table)
    }
    guard let builder = table.builder else {
      throw .malformedFile(input.label, line: nil, column: nil, reason: "no columns")
    }
    let title = try ColumnRoles.title(options.title, columns: builder.columns)
    let scope = try ColumnRoles.scope(options.scope, columns: builder.columns, title: title)
    if scope != nil {
      // The rows' scopes are a Swift array, whose refusal would trap: its room is tried first.
      let bytes = builder.rowCount &* MemoryLayout<UInt16>.stride
      guard let room = malloc(max(bytes, 1)) else { throw table.budget.outOfMemory(bytes) }
      free(room)
    }
    var dataset = builder.build(
      name: options.name, source: options.source, titleColumn: title, scopeColumn: scope,
      scopeTitles: options.scopeTitles, presets: options.presets, columnTypes: table.columnTypes,
      missing: table.missing)
    // A column named like a category makes the scope bar only when a bar can hold its values
    // (`type` in iso_3166-2.json has 109); `--scope COL` names it whatever its size.
    if case .automatic = options.scope, options.scopeTitles == nil,
      dataset.scopeTitles.count - 1 > ColumnRoles.scopeBarLimit
    {
      dataset = dataset.unscoped()
    }
    let (named, profile) = ColumnRoles.title(options.title, in: dataset, chosen: title)
    if named != title { dataset = dataset.retitled(named) }
    var result = LoadResult(
      dataset: dataset, warnings: table.warnings, format: format, peakBytes: table.budget.peak)
    result.reading = report
    result.profile = profile
    return result
  }

  /// Loads the file at `path`, choosing the format from `format` or else its extension.
  ///
  /// The bundled datasets load through here. A nil `titleColumn` or `scopeColumn` detects the
  /// column by its name; warnings are dropped (use `load(_:options:control:)` to see them).
  package static func load(
    path: String, name: String, source: DatasetSource, presets: DatasetPresets,
    titleColumn: String? = nil, scopeColumn: String? = nil, scopeTitles: [String]? = nil,
    format: DataFormat? = nil, limit: LoadLimit = .unlimited
  ) throws(TableError) -> Dataset {
    var options = LoadOptions(
      name: name, source: source, presets: presets, format: format,
      title: titleColumn.map(ColumnChoice.named) ?? .automatic,
      scope: scopeColumn.map(ColumnChoice.named) ?? .automatic, scopeTitles: scopeTitles)
    options.limit = limit
    return try load(.file(path), options: options).dataset
  }
}
