/// The wide rows' side forms: arenas and offsets by `TextVariant.rawValue` (the `fold` slot is
/// empty: wide rows' fold forms are in the fold arena).
struct SideForms {
  let bytes: [UnsafePinnedBuffer<UInt8>]
  let offsets: [UnsafePinnedBuffer<UInt32>]
  /// The wide rows whose `exact` form is not their bytes, ascending (every wide row while that
  /// form is not built).
  let exactWideRows: UnsafePinnedBuffer<Int32>

  /// The wide rows' `variant` form, row by row (row `i` is the `i`-th wide row).
  func view(_ variant: TextVariant) -> UnsafeArenaView {
    let bytes = bytes[variant.rawValue]
    return UnsafeArenaView(
      base: bytes.pointer, limit: bytes.count + FoldedIndex.padding,
      offsets: offsets[variant.rawValue].pointer, stride: 1, column: 0)
  }
}
