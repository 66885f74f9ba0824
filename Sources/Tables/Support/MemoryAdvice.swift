import Foundation

/// Advice to the kernel about how memory will be used: Linux-only calls behind one guard, each
/// with a fallback that changes no answer (the memory is only used less well).
package enum MemoryAdvice {
  /// Asks for transparent huge pages over `length` bytes from `address` (whole 2 MiB pages).
  ///
  /// Fewer TLB misses when a search reads rows all over an arena. Elsewhere, nothing: the pages
  /// stay small.
  package static func preferHugePages(_ address: UnsafeMutableRawPointer, length: Int) {
    #if os(Linux)
      _ = madvise(address, length, MADV_HUGEPAGE)
    #endif
  }

  /// Gives the pages of `length` bytes from `address` (page-aligned) back to the system.
  ///
  /// Their contents are not needed again. Elsewhere, nothing: the pages stay resident until
  /// freed.
  package static func releasePages(_ address: UnsafeMutableRawPointer, length: Int) {
    #if os(Linux)
      _ = madvise(address, length, MADV_DONTNEED)
    #endif
  }
}
