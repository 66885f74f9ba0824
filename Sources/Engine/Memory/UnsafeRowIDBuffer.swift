import Foundation

/// A growable list of row ids in manually managed memory, for the scan's per-hit appends.
///
/// `Array.append` costs a uniqueness check and a capacity check through generic code on every
/// hit; this is a store and a compare. Each chunk of a search owns one; `SearchEngine` joins
/// them with one copy each.
final class UnsafeRowIDBuffer {
  /// The ids' memory, written only by the buffer's own appends (and the body `appendBranchFree`
  /// lends it to).
  private var storage: UnsafeMutablePointer<Int32>
  /// Number of ids appended.
  private(set) var count = 0
  private var capacity: Int

  /// Whether `storage` is this buffer's own memory (else it writes into its creator's).
  private var owned: Bool

  /// In bits mode (`init(bitsFor:)`), one bit per row of the chunk's words, set from the ids
  /// held each time their room runs out: the ids' pages are then the same few, reused; nil in
  /// bits mode when the system refused them (the ids are then dropped as they are flushed).
  private var bits: UnsafeMutablePointer<UInt64>?
  /// Whether the ids end as bits (`init(bitsFor:)`).
  let holdsBits: Bool
  /// The word of all rows that `bits[0]` is, and how many words `bits` has.
  private var bitWords: (first: Int, count: Int) = (0, 0)
  /// Ids already set as bits (bits mode only).
  private var flushed = 0
  /// The bytes of a growth the system refused (0: none); the ids are then dropped and the
  /// search that owns the buffer fails with `throwIfRefused` once its chunks are done.
  private(set) var refusedBytes = 0

  init(capacity: Int = 1024) {
    self.capacity = max(capacity, 16)
    // A fixed first room (`free`d as grown rooms are); only growth is refused as an error.
    guard let first = try? SearchMemory.allocate(Int32.self, count: self.capacity) else {
      preconditionFailure("out of memory for \(self.capacity) row ids")
    }
    storage = first
    owned = true
    holdsBits = false
  }

  /// A buffer in bits mode for the ids of `rows`: `capacity` ids are held at a time, then set as
  /// bits; `orBits` gives them all.
  init(bitsFor rows: Range<Int>, capacity: Int = 8_192) {
    self.capacity = max(capacity, 16)
    holdsBits = true
    owned = true
    // A fixed first room, as `init(capacity:)`'s; only the words are sized by the rows.
    guard let first = try? SearchMemory.allocate(Int32.self, count: self.capacity) else {
      preconditionFailure("out of memory for \(self.capacity) row ids")
    }
    storage = first
    let firstWord = rows.lowerBound >> 6
    let count = rows.isEmpty ? 0 : (rows.upperBound &- 1) >> 6 &- firstWord &+ 1
    do throws(SearchError) {
      let words = try SearchMemory.allocate(UInt64.self, count: max(count, 1))
      words.initialize(repeating: 0, count: max(count, 1))
      bits = words
      bitWords = (firstWord, count)
    } catch {
      // Refused: no words, so nothing is set; the search fails with `throwIfRefused`.
      refusedBytes = max(count, 1) &* MemoryLayout<UInt64>.stride
    }
  }

  /// A buffer that writes into `capacity` ids of memory that its creator owns and reads after it
  /// (moving to memory of its own if it ever needs more).
  init(borrowing memory: UnsafeMutablePointer<Int32>, capacity: Int) {
    storage = memory
    self.capacity = capacity
    owned = false
    holdsBits = false
  }

  deinit {
    if owned { free(storage) }
    free(bits)
  }

  /// Ids appended in all: those set as bits and those held.
  var total: Int { flushed &+ count }

  /// Appends one row id.
  @inline(__always)
  func append(_ row: Int) {
    if count == capacity { makeRoom(1) }
    storage[count] = Int32(truncatingIfNeeded: row)
    count &+= 1
  }

  /// Lets `body` write up to `extra` ids after the current ones and keeps the number it returns:
  /// a loop that stores every candidate and advances a local count, with no per-id branch.
  @inline(__always)
  func appendBranchFree(upTo extra: Int, _ body: (UnsafeMutablePointer<Int32>) -> Int) {
    if capacity - count < extra { makeRoom(extra) }
    count &+= body(storage + count)
  }

  /// Room for `extra` more ids: in bits mode the ids held are set as bits first.
  ///
  /// A growth the system refuses drops the ids held, so the scan goes on writing into the room
  /// the buffer has (its result discarded) instead of trapping in the middle of a kernel.
  private func makeRoom(_ extra: Int) {
    if holdsBits { flushBits() }
    while capacity - count < extra {
      if !grow() {
        count = 0
        precondition(capacity >= extra, "a block of ids larger than the buffer's first room")
      }
    }
  }

  /// Throws `searchOutOfMemory` when a growth of the buffer was refused (its ids are then lost).
  func throwIfRefused() throws(SearchError) {
    if refusedBytes > 0 { throw .searchOutOfMemory(requested: refusedBytes) }
  }

  /// Records `bytes` the system refused to a helper of the search that fills the buffer (a
  /// scorer's scratch rows), so that the search fails with `throwIfRefused`; 0 records nothing.
  func noteRefused(_ bytes: Int) {
    if bytes > 0, refusedBytes == 0 { refusedBytes = bytes }
  }

  /// Sets the ids held as bits and forgets them (bits mode).
  private func flushBits() {
    guard holdsBits else { return }
    guard let bits else {
      // The words were refused: the ids are dropped (the search fails).
      count = 0
      return
    }
    let (first, wordCount) = bitWords
    for index in 0..<count {
      let id = Int(storage[index])
      let word = id >> 6 &- first
      // Each id is one of the chunk's rows, so its word is one of `bits`' words.
      precondition(word >= 0 && word < wordCount, "row \(id) outside the buffer's rows")
      bits[word] |= 1 &<< UInt64(id & 63)
    }
    flushed &+= count
    count = 0
  }

  /// Sets every id appended (bits mode) in `words`, the bits of all rows (word `r / 64` for row
  /// `r`, at least as many words as the buffer's rows reach), with an OR: two chunks may share a
  /// word.
  func orBits(into words: UnsafeMutablePointer<UInt64>) {
    precondition(holdsBits, "ids as bits from a buffer not in bits mode")
    flushBits()
    guard let bits else { return }
    for index in 0..<bitWords.count { words[bitWords.first &+ index] |= bits[index] }
  }

  /// Keeps, in order, the ids from position `start` on for which `keep` returns 1 (it returns 0
  /// or 1: a number, so that the loop has no branch on it).
  @inline(__always)
  func keep(from start: Int, _ keep: (Int) -> Int) {
    assert(!holdsBits, "ids kept in place from a buffer in bits mode")
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

  /// Doubles the room, or records the refused bytes and returns false.
  private func grow() -> Bool {
    let larger = max(capacity * 2, 16)
    guard let moved = try? SearchMemory.allocate(Int32.self, count: larger) else {
      refusedBytes = larger &* MemoryLayout<Int32>.stride
      return false
    }
    moved.moveInitialize(from: storage, count: count)
    if owned { free(storage) }
    storage = moved
    capacity = larger
    owned = true
    return true
  }

  /// The ids of `parts`, in order, as one array (one allocation, one copy per part).
  static func join(_ parts: [UnsafeRowIDBuffer]) -> [Int32] {
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

  /// Checks the buffer's reach: the held ids fit `storage[0..<capacity]`, and `bits` (when
  /// present) has `bitWords.count` words.
  func checkInvariants() {
    precondition(capacity > 0 && (0...capacity).contains(count), "count \(count), capacity \(capacity)")
    precondition(flushed >= 0 && bitWords.count >= 0, "flushed \(flushed), words \(bitWords.count)")
    precondition(bits != nil || (bitWords.count == 0 && flushed == 0), "ids set as bits without bits")
    precondition(holdsBits || bits == nil, "bits outside bits mode")
  }
}
