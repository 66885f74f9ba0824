/// A fixed-size, manually allocated buffer whose address never moves, for the engine's hot loops.
///
/// Arrays would do, but their storage can only be borrowed inside `withUnsafeBufferPointer`;
/// the index keeps raw pointers across calls, so it owns its memory outright.
final class PinnedBuffer<Element: BitwiseCopyable>: @unchecked Sendable {
  /// The first element.
  let base: UnsafeMutablePointer<Element>
  /// Number of usable elements (excluding `padding`).
  let count: Int

  /// Allocates `count` elements plus `padding` elements after them, all zero; with
  /// `zeroed: false` only the padding is zeroed (for buffers the caller fills completely, which
  /// saves touching every page twice).
  init(count: Int, padding: Int = 0, zeroed: Bool = true) {
    self.count = count
    let total = max(count + padding, 1)
    base = UnsafeMutablePointer<Element>.allocate(capacity: total)
    let stride = MemoryLayout<Element>.stride
    if zeroed {
      UnsafeMutableRawPointer(base).initializeMemory(as: UInt8.self, repeating: 0, count: total * stride)
    } else {
      UnsafeMutableRawPointer(base + count).initializeMemory(as: UInt8.self, repeating: 0, count: (total - count) * stride)
    }
  }

  /// Copies an array into a new buffer.
  convenience init(_ elements: [Element], padding: Int = 0) {
    self.init(count: elements.count, padding: padding)
    elements.withUnsafeBufferPointer { source in
      if let address = source.baseAddress { base.update(from: address, count: elements.count) }
    }
  }

  deinit { base.deallocate() }

  /// The buffer as an immutable pointer.
  var pointer: UnsafePointer<Element> { UnsafePointer(base) }
}
