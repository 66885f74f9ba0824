import Foundation

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
    let stride = MemoryLayout<Element>.stride
    base = Self.allocate(bytes: total * stride)
    if zeroed {
      UnsafeMutableRawPointer(base).initializeMemory(as: UInt8.self, repeating: 0, count: total * stride)
    } else {
      let tail = (total - count) * stride
      UnsafeMutableRawPointer(base + count).initializeMemory(as: UInt8.self, repeating: 0, count: tail)
    }
  }

  /// Copies an array into a new buffer.
  convenience init(_ elements: [Element], padding: Int = 0) {
    self.init(count: elements.count, padding: padding)
    elements.withUnsafeBufferPointer { source in
      if let address = source.baseAddress { base.update(from: address, count: elements.count) }
    }
  }

  deinit { free(base) }

  /// Memory for `bytes` bytes, from `malloc` (released with `free`).
  ///
  /// Arenas of several MiB are aligned to 2 MiB and marked for transparent huge pages: a search
  /// touches rows all over them (narrowing re-checks scattered rows), and with 4 KiB pages nearly
  /// every such row is a TLB miss, which under virtualisation costs a nested page walk.
  private static func allocate(bytes: Int) -> UnsafeMutablePointer<Element> {
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
    guard let address else { fatalError("out of memory allocating \(bytes) bytes") }
    return address.bindMemory(to: Element.self, capacity: bytes / MemoryLayout<Element>.stride)
  }

  /// The buffer as an immutable pointer.
  var pointer: UnsafePointer<Element> { UnsafePointer(base) }

  /// The elements (without the padding) as an immutable buffer.
  var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }
}
