/// A loaded dataset together with what was worth telling the user about its file.
package struct LoadResult {
  /// The rows.
  package let dataset: Dataset
  /// One-line notes (sentence case, no trailing period) such as invalid UTF-8 or ragged rows.
  package let warnings: [String]
  /// The format the file was read as (after detection).
  package let format: DataFormat
  /// How the file was read (the separator, header and comments chosen or sniffed).
  package var reading: ReadingReport
  /// The most bytes the load's charged buffers held at once (`LoadBudget.peak`); 0 when unknown.
  package var peakBytes = 0
  /// The profile of the columns the load made to choose the title, if it made one: the searched
  /// columns are read from it rather than from a second sample of the rows.
  package var profile: ColumnProfile?

  /// A load of `dataset` read as `format`, with its `warnings`.
  package init(dataset: Dataset, warnings: [String], format: DataFormat, peakBytes: Int = 0) {
    self.dataset = dataset
    self.warnings = warnings
    self.format = format
    self.peakBytes = peakBytes
    reading = ReadingReport(format: format)
  }
}
