import Foundation

/// A growable list of plain values in `malloc` memory: appends are `memcpy`, growth is `realloc`.
///
/// It holds a dataset's text and offsets, and a load's scratch bytes. `Array.append(contentsOf:)`
/// copies a cell element by element through generic code, growing an array copies it into a new
/// buffer while the old one is still held (a large table's offsets briefly twice), and an array
/// that cannot grow traps; `realloc` of a large block moves its pages instead, and its failure
/// is an error. A buffer with a `LoadBudget` charges its capacity to it before allocating.
package final class UnsafeGrowableBuffer<Element: BitwiseCopyable>: @unchecked Sendable {
  /// The first element.
  private(set) var base: UnsafeMutablePointer<Element>
  /// Number of elements appended.
  package private(set) var count = 0
  /// Number of elements the memory holds.
  private(set) var capacity: Int
  /// The mapped file the elements lie in (a persisted index), kept alive by the buffer; nil for
  /// memory the buffer allocated, grows and frees.
  private let mapping: UnsafeMappedFile?
  /// What the capacity is charged to, if anything.
  private let budget: LoadBudget?

  private static var stride: Int { MemoryLayout<Element>.stride }

  /// An empty buffer with room for `capacity` elements, charged to `budget`.
  package init(capacity: Int = 0, budget: LoadBudget?) throws(TableError) {
    let wanted = max(capacity, 16)
    mapping = nil
    self.budget = budget
    let bytes = try Self.bytes(for: wanted, budget: budget)
    try budget?.charge(bytes)
    guard let memory = Self.allocate(nil, bytes, budget: budget) else {
      budget?.refund(bytes)
      throw Self.failure(bytes, held: 0, budget: budget)
    }
    base = memory
    self.capacity = wanted
  }

  /// An empty buffer charged to nothing, that traps when the system refuses its first memory
  /// (small fixed tables: tests, the rows of a PostgreSQL page).
  package init(capacity: Int = 0) {
    self.capacity = max(capacity, 16)
    mapping = nil
    budget = nil
    let bytes = self.capacity * Self.stride
    guard let memory = Self.allocate(nil, bytes, budget: nil) else {
      fatalError("out of memory allocating \(bytes) bytes")
    }
    base = memory
  }

  /// The `count` elements at byte `offset` of a mapped file, which the caller has checked holds
  /// them at the element's alignment; read-only, and never grown.
  package init(unsafeMapped file: UnsafeMappedFile, offset: Int, count: Int) {
    precondition(offset % MemoryLayout<Element>.alignment == 0, "a mapped buffer is aligned")
    precondition(
      offset >= 0 && offset + count * MemoryLayout<Element>.stride <= file.count, "inside the file")
    mapping = file
    budget = nil
    capacity = count
    self.count = count
    base = UnsafeMutableRawPointer(mutating: file.base + offset).bindMemory(to: Element.self, capacity: count)
  }

  deinit {
    guard mapping == nil else { return }
    free(base)
    budget?.refund(capacity &* Self.stride)
  }

  /// Makes room for at least `minimum` elements in all.
  package func reserve(_ minimum: Int) throws(TableError) {
    guard minimum > capacity else { return }
    try grow(to: minimum)
  }

  /// Appends one element.
  @inline(__always)
  package func append(_ element: Element) throws(TableError) {
    if count == capacity { try grow(toHold: count &+ 1) }
    base[count] = element
    count &+= 1
  }

  /// Appends a run of elements with one copy.
  @inline(__always)
  package func append(contentsOf elements: UnsafeBufferPointer<Element>) throws(TableError) {
    guard let source = elements.baseAddress, !elements.isEmpty else { return }
    if elements.count > capacity &- count { try grow(toHold: count &+ elements.count) }
    (base + count).update(from: source, count: elements.count)
    count &+= elements.count
  }

  /// Removes the last element (there must be one).
  package func removeLast() {
    precondition(count > 0, "a buffer to remove from is not empty")
    count &-= 1
  }

  /// Removes every element, keeping the memory for the next ones.
  package func removeAll() { count = 0 }

  /// The last element, if any.
  package var last: Element? { count > 0 ? base[count &- 1] : nil }

  /// The element at `index` (below `count`).
  @inline(__always)
  package subscript(index: Int) -> Element {
    get {
      assert(index >= 0 && index < count, "index \(index) outside 0..<\(count)")
      return base[index]
    }
    set {
      assert(index >= 0 && index < count, "index \(index) outside 0..<\(count)")
      base[index] = newValue
    }
  }

  /// Sets the count to `newCount`: a larger count exposes elements the caller must then write,
  /// a smaller one drops the last ones.
  func resize(to newCount: Int) throws(TableError) {
    precondition(newCount >= 0, "a count is not negative")
    try reserve(newCount)
    count = newCount
  }

  /// Marks the buffer's whole 2 MiB pages for transparent huge pages, once it is filled.
  ///
  /// A case-sensitive search scans a dataset's own text (`UnsafePinnedBuffer` explains why huge pages
  /// help). Not while growing: the advice splits the mapping, and `realloc` can then no longer
  /// move a large block's pages with `mremap`, but copies it, holding it twice.
  package func preferHugePages() {
    guard mapping == nil else { return }
    let hugePage = 2 << 20
    let bytes = capacity &* Self.stride
    let first = (Int(bitPattern: base) + hugePage - 1) / hugePage * hugePage
    let last = (Int(bitPattern: base) + bytes) / hugePage * hugePage
    if last - first >= hugePage, let address = UnsafeMutableRawPointer(bitPattern: first) {
      MemoryAdvice.preferHugePages(address, length: last - first)
    }
  }

  /// The elements (valid while `self` lives and nothing is appended).
  package var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

  /// Grows to hold `minimum` elements: twice the capacity while small, half as much again from
  /// 64 KiB (`realloc` moves a large block's pages, so growing often costs little, and capacity
  /// a load does not use is charged all the same), or less when the budget has less left, so a
  /// load that fits its limit is not refused for growth it will not use.
  private func grow(toHold minimum: Int) throws(TableError) {
    let step = capacity &* Self.stride < 1 << 16 ? capacity : capacity / 2
    var wanted = capacity > Int.max / 2 ? minimum : max(minimum, capacity &+ step)
    if let budget { wanted = max(minimum, min(wanted, capacity &+ budget.available / Self.stride)) }
    try grow(to: wanted)
  }

  /// Reallocates to exactly `newCapacity` elements, charging the growth first.
  private func grow(to newCapacity: Int) throws(TableError) {
    precondition(mapping == nil, "a mapped buffer does not grow")
    let bytes = try Self.bytes(for: newCapacity, budget: budget)
    let held = capacity &* Self.stride
    try budget?.charge(bytes &- held)
    guard let memory = Self.allocate(base, bytes, budget: budget) else {
      budget?.refund(bytes &- held)
      throw Self.failure(bytes &- held, held: held, budget: budget)
    }
    base = memory
    capacity = newCapacity
  }

  /// The bytes `count` elements take, or the out-of-memory error when they overflow an `Int`.
  private static func bytes(for count: Int, budget: LoadBudget?) throws(TableError) -> Int {
    let (bytes, overflow) = count.multipliedReportingOverflow(by: stride)
    if overflow { throw failure(.max, held: 0, budget: budget) }
    return bytes
  }

  /// The error for `bytes` more the system refused.
  private static func failure(_ bytes: Int, held: Int, budget: LoadBudget?) -> TableError {
    budget?.outOfMemory(bytes) ?? .outOfMemory("", held: held, requested: bytes)
  }

  /// `old` grown or shrunk to `bytes` (a new block when `old` is nil), or nil when the system
  /// (or the budget's injected failure) refuses it; `old` is then untouched.
  private static func allocate(_ old: UnsafeMutablePointer<Element>?, _ bytes: Int, budget: LoadBudget?)
    -> UnsafeMutablePointer<Element>?
  {
    if let budget, bytes > budget.failsAllocationsAbove { return nil }
    guard let memory = realloc(old, max(bytes, 1)) else { return nil }
    return memory.bindMemory(to: Element.self, capacity: bytes / stride)
  }

  /// Checks the buffer's reach: the elements `base[0..<count]` lie within `capacity`.
  package func checkInvariants() {
    precondition((0...capacity).contains(count), "count \(count), capacity \(capacity)")
  }
}
