/// A growable list of row ids in manually managed memory, for the scan's per-hit appends.
///
/// `Array.append` costs a uniqueness check and a capacity check through generic code on every
/// hit; this is a store and a compare. Each chunk of a search owns one; `SearchEngine` joins
/// them with one copy each.
final class RowIDBuffer {
  /// The ids' memory, written only by the buffer's own appends (and the body `appendBranchFree`
  /// lends it to).
  private var storage: UnsafeMutablePointer<Int32>
  /// Number of ids appended.
  private(set) var count = 0
  private var capacity: Int

  /// Whether `storage` is this buffer's own memory (else it writes into its creator's).
  private var owned: Bool

  init(capacity: Int = 1024) {
    self.capacity = max(capacity, 16)
    storage = .allocate(capacity: self.capacity)
    owned = true
  }

  /// A buffer that writes into `capacity` ids of memory that its creator owns and reads after it
  /// (moving to memory of its own if it ever needs more).
  init(borrowing memory: UnsafeMutablePointer<Int32>, capacity: Int) {
    storage = memory
    self.capacity = capacity
    owned = false
  }

  deinit { if owned { storage.deallocate() } }

  /// Appends one row id.
  @inline(__always)
  func append(_ row: Int) {
    if count == capacity { grow() }
    storage[count] = Int32(truncatingIfNeeded: row)
    count &+= 1
  }

  /// Lets `body` write up to `extra` ids after the current ones and keeps the number it returns:
  /// a loop that stores every candidate and advances a local count, with no per-id branch.
  @inline(__always)
  func appendBranchFree(upTo extra: Int, _ body: (UnsafeMutablePointer<Int32>) -> Int) {
    while capacity - count < extra { grow() }
    count &+= body(storage + count)
  }

  /// Keeps, in order, the ids from position `start` on for which `keep` returns 1 (it returns 0
  /// or 1: a number, so that the loop has no branch on it).
  @inline(__always)
  func keep(from start: Int, _ keep: (Int) -> Int) {
    var kept = start
    for index in start..<count {
      let id = storage[index]
      storage[kept] = id
      kept &+= keep(Int(id))
    }
    count = kept
  }

  /// The first id, to read.
  @inline(__always) var base: UnsafePointer<Int32> { UnsafePointer(storage) }

  /// The ids as a buffer (valid while `self` lives and nothing is appended).
  var buffer: UnsafeBufferPointer<Int32> { UnsafeBufferPointer(start: storage, count: count) }

  /// Forgets every id, keeping the memory.
  func removeAll() { count = 0 }

  private func grow() {
    let larger = max(capacity * 2, 16)
    let moved = UnsafeMutablePointer<Int32>.allocate(capacity: larger)
    moved.moveInitialize(from: storage, count: count)
    if owned { storage.deallocate() }
    storage = moved
    capacity = larger
    owned = true
  }

  /// The ids of `parts`, in order, as one array (one allocation, one copy per part).
  static func join(_ parts: [RowIDBuffer]) -> [Int32] {
    let total = parts.reduce(0) { $0 + $1.count }
    return [Int32](unsafeUninitializedCapacity: total) { target, initialized in
      var offset = 0
      for part in parts where part.count > 0 {
        guard let start = target.baseAddress else { break }
        (start + offset).initialize(from: part.storage, count: part.count)
        offset += part.count
      }
      initialized = total
    }
  }
}
