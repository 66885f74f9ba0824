import Foundation

/// The buffers pass 2 of a fold writes, each with the one pointer that may write it, allocated
/// so that a refusal by the system is an error rather than a trap.
struct FoldArenas {
  /// The fold offsets (`rows + 1`).
  let offsets: (buffer: UnsafePinnedBuffer<UInt32>, elements: UnsafeMutablePointer<UInt32>)
  /// The fold arena, with the index's padding after it.
  let bytes: (buffer: UnsafePinnedBuffer<UInt8>, elements: UnsafeMutablePointer<UInt8>)
  /// One signature per row.
  let signatures: (buffer: UnsafePinnedBuffer<UInt32>, elements: UnsafeMutablePointer<UInt32>)
  /// The wide rows.
  let wideRows: (buffer: UnsafePinnedBuffer<Int32>, elements: UnsafeMutablePointer<Int32>)

  /// The arenas for `rows` rows of `total`'s sizes.
  ///
  /// `offsets` when the offsets are held already (the dataset's, or pass 1's), else new ones
  /// (zeroed when `zeroed`). Every byte and slot but the offsets is written by pass 2, so none
  /// is zeroed first (only the padding).
  init(
    offsets held: UnsafePinnedBuffer<UInt32>?, rows: Int, total: ChunkFold, zeroed: Bool
  ) throws(SearchError) {
    if let held {
      offsets = (held, UnsafeMutablePointer(mutating: held.base))
    } else {
      offsets = try UnsafePinnedBuffer<UInt32>.unsafeWritableChecked(count: rows + 1, zeroed: zeroed)
    }
    bytes = try UnsafePinnedBuffer<UInt8>.unsafeWritableChecked(
      count: total.foldBytes, padding: FoldedIndex.padding, zeroed: false)
    signatures = try UnsafePinnedBuffer<UInt32>.unsafeWritableChecked(count: rows, zeroed: false)
    wideRows = try UnsafePinnedBuffer<Int32>.unsafeWritableChecked(count: total.wideCount)
  }

  /// Arenas of no rows, for an index whose memory was refused (a few bytes each).
  private init(emptyOf _: Void) {
    offsets = UnsafePinnedBuffer<UInt32>.unsafeWritable(count: 1)
    bytes = UnsafePinnedBuffer<UInt8>.unsafeWritable(count: 0, padding: FoldedIndex.padding)
    signatures = UnsafePinnedBuffer<UInt32>.unsafeWritable(count: 0)
    wideRows = UnsafePinnedBuffer<Int32>.unsafeWritable(count: 0)
  }

  /// Arenas of no rows (see `init(emptyOf:)`).
  static var empty: FoldArenas { FoldArenas(emptyOf: ()) }

  /// The arenas `init(offsets:rows:total:zeroed:)` makes, or empty ones once the system refused
  /// memory to the build (its bytes in `refused`, now or before).
  static func unlessRefused(
    _ refused: inout Int?, offsets: UnsafePinnedBuffer<UInt32>?, rows: Int, total: ChunkFold, zeroed: Bool
  ) -> FoldArenas {
    guard refused == nil else { return .empty }
    return FoldedIndex.refusing(&refused) { () throws(SearchError) in
      try FoldArenas(offsets: offsets, rows: rows, total: total, zeroed: zeroed)
    } ?? .empty
  }
}

extension FoldedIndex {
  /// What `body` makes, or nil with the bytes the system refused it in `refused`.
  static func refusing<Value>(_ refused: inout Int?, _ body: () throws(SearchError) -> Value) -> Value? {
    do {
      return try body()
    } catch {
      refused = refusedBytes(error)
      return nil
    }
  }

  /// The bytes `error` says the system refused (all of them when it is another error).
  static func refusedBytes(_ error: SearchError) -> Int {
    if case .searchOutOfMemory(let bytes) = error { return bytes }
    return .max
  }

  /// `wideLookup`'s tables, or tables of no rows once the system refused memory to the build.
  static func wideLookup(
    _ wideRows: UnsafePinnedBuffer<Int32>, signatures: UnsafePinnedBuffer<UInt32>, rowCount: Int,
    unlessRefused refused: inout Int?
  ) -> (
    bits: UnsafePinnedBuffer<UInt64>, ranks: UnsafePinnedBuffer<UInt32>, foldWide: UnsafePinnedBuffer<Int32>
  ) {
    let lookup =
      refused != nil
      ? nil
      : refusing(&refused) { () throws(SearchError) in
        try wideLookup(wideRows, signatures: signatures, rowCount: rowCount)
      }
    return lookup ?? (
      UnsafePinnedBuffer(count: 1), UnsafePinnedBuffer(count: 1), UnsafePinnedBuffer(count: 0)
    )
  }
}
