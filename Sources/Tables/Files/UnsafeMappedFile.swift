import Foundation

/// A whole file mapped read-only into memory, unmapped when the last holder lets it go.
///
/// It hands out raw pointers into the mapping (`base`): the buffers made over it
/// (`UnsafePinnedBuffer(unsafeMapped:)`, `UnsafeGrowableBuffer(unsafeMapped:)`) keep it alive, and nothing
/// may write through them (the pages are read-only: a write is a crash, not a silent change).
/// The file is opened without following a last symbolic link and without blocking (a FIFO
/// is refused, never waited on), and must be a regular file.
///
/// A file truncated while mapped (a sync client, `: > entry`) makes its lost pages fault with
/// SIGBUS. Two nets: `isIntact` (an `fstat` of the kept descriptor) before each use, and
/// `MappedFileFaultGuard`, which turns a fault inside the mapping, should the file shrink during
/// a search, into zero pages and a flag the session reads to discard the answer and rebuild.
package final class UnsafeMappedFile: @unchecked Sendable {
  /// The first byte of the mapping.
  package let base: UnsafeRawPointer
  /// The file's length in bytes when it was mapped (the mapping's length).
  package let count: Int
  /// The file's device and inode, modification time and size, as `fstat` gave them.
  package let status: stat
  /// The open file, kept to see it shrink (`isIntact`).
  private let descriptor: Int32
  /// The fault guard's slot for this mapping (nil when every slot was taken).
  private let guardSlot: Int?

  /// Why a file could not be mapped.
  package enum Failure: Error, Equatable {
    /// Nothing at the path.
    case missing
    /// A symbolic link, FIFO, device or folder at the path: never followed or opened.
    case notRegular
    /// Unreadable, empty, or the mapping failed.
    case unreadable
  }

  /// Maps the regular file at `path`, or says why not.
  package static func map(_ path: String) -> Result<UnsafeMappedFile, Failure> {
    // O_NOFOLLOW: a link at the name fails (ELOOP); O_NONBLOCK: a FIFO opens at once, and
    // `fstat` refuses it.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard descriptor >= 0 else {
      switch errno {
      case ENOENT: return .failure(.missing)
      case ELOOP, ENXIO: return .failure(.notRegular)
      default: return .failure(.unreadable)
      }
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      _ = close(descriptor)
      return .failure(.unreadable)
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      _ = close(descriptor)
      return .failure(.notRegular)
    }
    guard let file = UnsafeMappedFile(descriptor: descriptor, status: status) else {
      _ = close(descriptor)
      return .failure(.unreadable)
    }
    return .success(file)
  }

  /// Maps the file open at `descriptor` (which `status` describes), taking the descriptor.
  private init?(descriptor: Int32, status: stat) {
    let count = Int(status.st_size)
    guard count > 0, let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0),
      address != MAP_FAILED
    else { return nil }
    base = UnsafeRawPointer(address)
    self.count = count
    self.status = status
    self.descriptor = descriptor
    guardSlot = MappedFileFaultGuard.register(address, length: count)
  }

  /// Whether the file still has its mapped length and no page of the mapping faulted: false
  /// once it was truncated (or grown), and its contents must not be used again.
  package var isIntact: Bool {
    if let guardSlot, MappedFileFaultGuard.hasFaulted(guardSlot) { return false }
    var now = stat()
    return fstat(descriptor, &now) == 0 && Int(now.st_size) == count
  }

  /// Whether a page of the mapping faulted since it was mapped (read as zeros since).
  package var hasFaulted: Bool { guardSlot.map(MappedFileFaultGuard.hasFaulted) ?? false }

  deinit {
    if let guardSlot { MappedFileFaultGuard.unregister(guardSlot) }
    _ = munmap(UnsafeMutableRawPointer(mutating: base), count)
    _ = close(descriptor)
  }

  /// Maps the pages of `length` bytes from `offset` now, in one call, from the page cache.
  ///
  /// The open's checks then read them without a fault per few pages; a part at a time, so a part
  /// checked and released (`releasePages`) is never resident with the others. On Linux
  /// `MADV_POPULATE_READ` (5.14 on; an older kernel refuses it); elsewhere nothing: the pages
  /// come in as they are read.
  package func populate(offset: Int, length: Int) {
    let (first, last) = pages(offset: offset, length: length, whole: false)
    guard last > first else { return }
    #if os(Linux)
      let populateRead: Int32 = 22
      _ = madvise(UnsafeMutableRawPointer(mutating: base + first), last - first, populateRead)
    #endif
  }

  /// The page-aligned span of `length` bytes from `offset`: only the pages wholly inside it
  /// when `whole`, else every page it touches (within the file).
  private func pages(offset: Int, length: Int, whole: Bool) -> (Int, Int) {
    let page = max(1, Int(sysconf(Int32(_SC_PAGESIZE))))
    let end = min(offset + length, count)
    if whole { return ((offset + page - 1) / page * page, end / page * page) }
    return (offset / page * page, min(count, (end + page - 1) / page * page))
  }

  /// Lets the whole pages of `length` bytes from `offset` go from memory (they stay mapped).
  ///
  /// Nothing was written to them, so a later read maps them again from the page cache: the
  /// memory counted is what searches read, not what the open's checks read once.
  package func releasePages(offset: Int, length: Int) {
    let (first, last) = pages(offset: offset, length: length, whole: true)
    guard last > first else { return }
    MemoryAdvice.releasePages(UnsafeMutableRawPointer(mutating: base + first), length: last - first)
  }

  /// Marks the file as just used: its modification time becomes now.
  ///
  /// The cache folder evicts the files used least recently first. A file that refuses keeps its
  /// time.
  ///
  /// The kernel's clock for file times ticks every few milliseconds, so a file written just
  /// before would tie with "now": the time set is also after `newest` (nanoseconds since 1970).
  package static func touch(_ path: String, after newest: Int64? = nil) {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    var nanoseconds = Int64(now.tv_sec) &* 1_000_000_000 &+ Int64(now.tv_nsec)
    if let newest, newest >= nanoseconds { nanoseconds = newest &+ 1 }
    let time = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
    var times = (time, time)
    _ = withUnsafePointer(to: &times) { pair in
      pair.withMemoryRebound(to: timespec.self, capacity: 2) {
        utimensat(AT_FDCWD, path, $0, AT_SYMLINK_NOFOLLOW)
      }
    }
  }
}
