import Foundation

/// A growable list of plain values in `malloc` memory: appends are `memcpy`, growth is `realloc`.
///
/// It holds a dataset's text and offsets. `Array.append(contentsOf:)` copies a cell element by
/// element through generic code, and growing an array copies it into a new buffer while the old
/// one is still held (a large table's offsets briefly twice); `realloc` of a large block moves
/// its pages instead. Filled once by `DatasetBuilder`, then only read.
final class GrowableBuffer<Element: BitwiseCopyable>: @unchecked Sendable {
  /// The first element.
  private(set) var base: UnsafeMutablePointer<Element>
  /// Number of elements appended.
  private(set) var count = 0
  private var capacity: Int
  /// The mapped file the elements lie in (a persisted index), kept alive by the buffer; nil for
  /// memory the buffer allocated, grows and frees.
  private let mapping: UnsafeMappedFile?

  init(capacity: Int = 0) {
    self.capacity = max(capacity, 16)
    mapping = nil
    base = Self.allocate(nil, self.capacity)
  }

  /// The `count` elements at byte `offset` of a mapped file, which the caller has checked holds
  /// them at the element's alignment; read-only, and never grown.
  init(unsafeMapped file: UnsafeMappedFile, offset: Int, count: Int) {
    precondition(offset % MemoryLayout<Element>.alignment == 0, "a mapped buffer is aligned")
    precondition(
      offset >= 0 && offset + count * MemoryLayout<Element>.stride <= file.count, "inside the file")
    mapping = file
    capacity = count
    self.count = count
    base = UnsafeMutableRawPointer(mutating: file.base + offset).bindMemory(to: Element.self, capacity: count)
  }

  deinit { if mapping == nil { free(base) } }

  /// Makes room for at least `minimum` elements in all.
  func reserve(_ minimum: Int) {
    guard minimum > capacity else { return }
    precondition(mapping == nil, "a mapped buffer does not grow")
    capacity = minimum
    base = Self.allocate(base, capacity)
  }

  /// Appends one element.
  @inline(__always)
  func append(_ element: Element) {
    if count == capacity { reserve(capacity * 2) }
    base[count] = element
    count &+= 1
  }

  /// Appends a run of elements with one copy.
  @inline(__always)
  func append(contentsOf elements: UnsafeBufferPointer<Element>) {
    guard let source = elements.baseAddress, !elements.isEmpty else { return }
    if count + elements.count > capacity { reserve(max(capacity * 2, count + elements.count)) }
    (base + count).update(from: source, count: elements.count)
    count &+= elements.count
  }

  /// The element at `index` (below `count`).
  @inline(__always)
  subscript(index: Int) -> Element {
    get {
      assert(index >= 0 && index < count, "index \(index) outside 0..<\(count)")
      return base[index]
    }
    set {
      assert(index >= 0 && index < count, "index \(index) outside 0..<\(count)")
      base[index] = newValue
    }
  }

  /// Sets the count to `newCount` (at most the capacity): a larger count exposes elements the
  /// caller must then write, a smaller one drops the last ones.
  func resize(to newCount: Int) {
    precondition(newCount >= 0, "a count is not negative")
    reserve(newCount)
    count = newCount
  }

  /// The elements (valid while `self` lives and nothing is appended).
  var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

  private static func allocate(_ old: UnsafeMutablePointer<Element>?, _ capacity: Int)
    -> UnsafeMutablePointer<Element>
  {
    let bytes = capacity * MemoryLayout<Element>.stride
    guard let memory = realloc(old, bytes) else { fatalError("out of memory allocating \(bytes) bytes") }
    // A large buffer's whole 2 MiB pages take transparent huge pages as they are first written
    // (`PinnedBuffer` explains why): a case-sensitive search scans a dataset's own text.
    let hugePage = 2 << 20
    let first = (Int(bitPattern: memory) + hugePage - 1) / hugePage * hugePage
    let last = (Int(bitPattern: memory) + bytes) / hugePage * hugePage
    if last - first >= hugePage, let address = UnsafeMutableRawPointer(bitPattern: first) {
      MemoryAdvice.preferHugePages(address, length: last - first)
    }
    return memory.bindMemory(to: Element.self, capacity: capacity)
  }
}
