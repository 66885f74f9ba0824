import Tables

/// Each row's title length in bytes (the rank order's tie-break), read from a dataset's offsets;
/// valid inside the `Dataset.withStorage` call that gave them.
struct TitleLengths {
  private let offsets: UnsafePointer<UInt32>?
  private let stride: Int
  private let column: Int

  init(_ dataset: Dataset, offsets: UnsafeBufferPointer<UInt32>) {
    self.offsets = offsets.baseAddress
    stride = dataset.columns.count
    column = dataset.titleColumn
  }

  /// The length of row `row`'s title.
  @inline(__always)
  func callAsFunction(_ row: Int) -> Int {
    guard let offsets else { return 0 }
    let slot = row &* stride &+ column
    return Int(offsets[slot &+ 1] &- offsets[slot])
  }
}
