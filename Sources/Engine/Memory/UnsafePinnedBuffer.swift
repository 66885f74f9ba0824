import Foundation
import Tables

/// A fixed-size, manually allocated buffer whose address never moves, for the engine's hot loops.
///
/// Arrays would do, but their storage can only be borrowed inside `withUnsafeBufferPointer`;
/// the index keeps raw pointers across calls, so it owns its memory outright.
final class UnsafePinnedBuffer<Element: BitwiseCopyable>: @unchecked Sendable {
  /// The memory, written only through the pointer `unsafeWritable` or the `writing:` initializer
  /// hands the code that builds the buffer; everyone else reads it through `base`.
  private let storage: UnsafeMutablePointer<Element>
  /// Number of usable elements (excluding `padding`).
  let count: Int
  /// What owns the memory when the buffer did not allocate it (a mapped file, or another buffer
  /// whose elements it shares), kept alive by the buffer; nil for memory the buffer frees.
  private let owner: AnyObject?

  /// Takes `storage`, room for `count` elements plus `padding` elements after them, all zeroed;
  /// with `zeroed: false` only the padding is zeroed (for buffers the builder fills completely,
  /// which saves touching every page twice).
  private init(storage: UnsafeMutablePointer<Element>, count: Int, padding: Int, zeroed: Bool) {
    self.count = count
    owner = nil
    self.storage = storage
    let total = max(count + padding, 1)
    let stride = MemoryLayout<Element>.stride
    if zeroed {
      UnsafeMutableRawPointer(storage).initializeMemory(as: UInt8.self, repeating: 0, count: total * stride)
    } else {
      let tail = (total - count) * stride
      UnsafeMutableRawPointer(storage + count).initializeMemory(as: UInt8.self, repeating: 0, count: tail)
    }
  }

  /// Allocates `count` elements plus `padding` (see `init(storage:)`); traps when the system
  /// refuses them, for the fixed tables and buffers no caller can report an error from.
  private convenience init(allocating count: Int, padding: Int, zeroed: Bool) {
    let bytes = max(count + padding, 1) * MemoryLayout<Element>.stride
    guard let storage = Self.allocate(bytes: bytes) else {
      fatalError("out of memory allocating \(bytes) bytes")
    }
    self.init(storage: storage, count: count, padding: padding, zeroed: zeroed)
  }

  /// `count` elements plus `padding` (see `init(storage:)`), or `searchOutOfMemory` when their
  /// size overflows or the system refuses it: for buffers sized by the data or the query.
  static func checked(count: Int, padding: Int = 0, zeroed: Bool = true) throws(SearchError)
    -> UnsafePinnedBuffer
  {
    let (elements, overflow) = max(count, 0).addingReportingOverflow(max(padding, 0))
    guard !overflow else { throw .searchOutOfMemory(requested: .max) }
    let bytes = try SearchMemory.bytes(of: Element.self, count: max(elements, 1))
    guard let storage = allocate(bytes: bytes) else { throw .searchOutOfMemory(requested: bytes) }
    return UnsafePinnedBuffer(storage: storage, count: count, padding: padding, zeroed: zeroed)
  }

  /// As `checked(count:)`, with the elements then written by `body`.
  static func checked(
    count: Int, padding: Int = 0, zeroed: Bool = true, writing body: (UnsafeMutablePointer<Element>) -> Void
  ) throws(SearchError) -> UnsafePinnedBuffer {
    let buffer = try checked(count: count, padding: padding, zeroed: zeroed)
    body(buffer.storage)
    return buffer
  }

  /// A copy of `elements` (see `checked(count:)`).
  static func checked(copying elements: [Element], padding: Int = 0) throws(SearchError) -> UnsafePinnedBuffer
  {
    try checked(count: elements.count, padding: padding) { base in
      elements.withUnsafeBufferPointer { source in
        if let address = source.baseAddress { base.update(from: address, count: elements.count) }
      }
    }
  }

  /// As `unsafeWritable`, or `searchOutOfMemory` when the system refuses the memory.
  static func unsafeWritableChecked(
    count: Int, padding: Int = 0, zeroed: Bool = true
  ) throws(SearchError) -> (buffer: UnsafePinnedBuffer, elements: UnsafeMutablePointer<Element>) {
    let buffer = try checked(count: count, padding: padding, zeroed: zeroed)
    return (buffer, buffer.storage)
  }

  /// `count` zero elements, and `padding` more after them.
  convenience init(count: Int, padding: Int = 0) {
    self.init(allocating: count, padding: padding, zeroed: true)
  }

  /// A buffer whose elements `body` writes (zeroed first unless `zeroed` is false; the padding
  /// always is).
  convenience init(
    count: Int, padding: Int = 0, zeroed: Bool = true, writing body: (UnsafeMutablePointer<Element>) -> Void
  ) {
    self.init(allocating: count, padding: padding, zeroed: zeroed)
    body(storage)
  }

  /// Copies an array into a new buffer.
  convenience init(_ elements: [Element], padding: Int = 0) {
    self.init(count: elements.count, padding: padding) { base in
      elements.withUnsafeBufferPointer { source in
        if let address = source.baseAddress { base.update(from: address, count: elements.count) }
      }
    }
  }

  /// A new buffer (as `init(count:writing:)` makes) and the one pointer that may write it, for a
  /// builder whose writes span several steps; it keeps the pointer no longer than the build.
  static func unsafeWritable(
    count: Int, padding: Int = 0, zeroed: Bool = true
  ) -> (buffer: UnsafePinnedBuffer, elements: UnsafeMutablePointer<Element>) {
    let buffer = UnsafePinnedBuffer(allocating: count, padding: padding, zeroed: zeroed)
    return (buffer, buffer.storage)
  }

  /// A buffer over `count` elements (and the padding after them) at byte `offset` of a mapped
  /// file, which the caller has checked holds them at the element's alignment; read-only.
  init(unsafeMapped file: UnsafeMappedFile, offset: Int, count: Int) {
    precondition(offset % MemoryLayout<Element>.alignment == 0, "a mapped buffer is aligned")
    precondition(
      offset >= 0 && offset + count * MemoryLayout<Element>.stride <= file.count, "inside the file")
    self.count = count
    owner = file
    storage = UnsafeMutableRawPointer(mutating: file.base + offset).bindMemory(
      to: Element.self, capacity: count)
  }

  /// A read-only buffer over `count` elements at `pointer`, which `owner` holds and keeps alive
  /// for as long as the buffer lives (another structure's identical elements, shared).
  init(unsafeBorrowing pointer: UnsafePointer<Element>, count: Int, owner: AnyObject) {
    self.count = count
    self.owner = owner
    storage = UnsafeMutablePointer(mutating: pointer)
  }

  deinit { if owner == nil { free(storage) } }

  /// Memory for `bytes` bytes, from `malloc` (released with `free`), or nil when refused.
  ///
  /// Arenas of several MiB are aligned to 2 MiB and marked for transparent huge pages: a search
  /// touches rows all over them (narrowing re-checks scattered rows), and with 4 KiB pages nearly
  /// every such row is a TLB miss, which under virtualisation costs a nested page walk.
  private static func allocate(bytes: Int) -> UnsafeMutablePointer<Element>? {
    let hugePage = 2 << 20
    var address: UnsafeMutableRawPointer?
    if bytes >= 2 * hugePage {
      // Only whole huge pages are advised: a last, partly used one would be resident in full,
      // up to 2 MiB per buffer of memory that holds nothing.
      if posix_memalign(&address, hugePage, bytes) == 0, let address {
        MemoryAdvice.preferHugePages(address, length: bytes / hugePage * hugePage)
      }
    }
    if address == nil {
      address = malloc(max(bytes, 1))
    }
    guard let address else { return nil }
    return address.bindMemory(to: Element.self, capacity: bytes / MemoryLayout<Element>.stride)
  }

  /// The first element, to read.
  @inline(__always) var base: UnsafePointer<Element> { UnsafePointer(storage) }

  /// The first element, to read (the same as `base`).
  @inline(__always) var pointer: UnsafePointer<Element> { UnsafePointer(storage) }

  /// The elements (without the padding) as an immutable buffer.
  var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: storage, count: count) }

  /// Checks the buffer's reach: `base[0..<count]` are its elements (padding is not recorded).
  func checkInvariants() {
    precondition(count >= 0, "count \(count)")
  }
}
