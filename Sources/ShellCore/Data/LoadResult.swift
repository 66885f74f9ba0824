/// A loaded dataset together with what was worth telling the user about its file.
struct LoadResult {
  /// The rows.
  let dataset: Dataset
  /// One-line notes (sentence case, no trailing period) such as invalid UTF-8 or ragged rows.
  let warnings: [String]
  /// The format the file was read as (after detection).
  let format: DataFormat
  /// The most bytes the load's charged buffers held at once (`LoadBudget.peak`); 0 when unknown.
  var peakBytes = 0
}
