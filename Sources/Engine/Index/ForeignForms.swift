import Tables

/// The fold forms one build chunk took from Foundation in pass 1 (rows outside
/// `ScalarFoldTable`), kept for pass 2 in memory whose refusal is an error.
///
/// A worker growing a Swift array traps when the system refuses the growth (`ulimit -v`); these
/// buffers grow through `realloc` and throw instead, once per growth, never per row.
struct ForeignForms {
  /// The forms back to back, and where each ends; nil until the first form.
  private var storage: (bytes: UnsafeGrowableBuffer<UInt8>, ends: UnsafeGrowableBuffer<Int>)?

  /// How many forms are held.
  var count: Int { storage?.ends.count ?? 0 }

  /// Appends one row's form, or throws `searchOutOfMemory` when the system refuses the room.
  mutating func append(_ form: UnsafeBufferPointer<UInt8>) throws(SearchError) {
    do throws(TableError) {
      if storage == nil { storage = try Self.makeStorage() }
      guard let held = storage else { return }
      try held.bytes.append(contentsOf: form)
      try held.ends.append(held.bytes.count)
    } catch {
      if case .outOfMemory(_, _, let requested) = error { throw .searchOutOfMemory(requested: requested) }
      throw .table(error)
    }
  }

  /// The `index`-th form (`0..<count`).
  func form(_ index: Int) -> UnsafeBufferPointer<UInt8> {
    guard let storage else { preconditionFailure("form \(index) of none") }
    let start = index == 0 ? 0 : storage.ends[index - 1]
    return UnsafeBufferPointer(rebasing: storage.bytes.buffer[start..<storage.ends[index]])
  }

  /// Empty buffers, unbudgeted: the index build's memory is bounded by its plan, not the load's budget.
  private static func makeStorage() throws(TableError) -> (
    bytes: UnsafeGrowableBuffer<UInt8>, ends: UnsafeGrowableBuffer<Int>
  ) {
    (
      try UnsafeGrowableBuffer(capacity: 1024, budget: nil),
      try UnsafeGrowableBuffer(capacity: 64, budget: nil)
    )
  }
}
