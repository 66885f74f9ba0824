import Foundation

/// A whole file mapped read-only into memory, unmapped when the last holder lets it go.
///
/// It hands out raw pointers into the mapping (`base`): the buffers made over it
/// (`PinnedBuffer(unsafeMapped:)`, `GrowableBuffer(unsafeMapped:)`) keep it alive, and nothing
/// may write through them (the pages are read-only: a write is a crash, not a silent change).
/// The file is opened without following a last symbolic link and must be a regular file.
final class UnsafeMappedFile: @unchecked Sendable {
  /// The first byte of the mapping.
  let base: UnsafeRawPointer
  /// The file's length in bytes when it was mapped (the mapping's length).
  let count: Int
  /// The file's device and inode, modification time and size, as `fstat` gave them.
  let status: stat

  /// Maps the regular file at `path`, or returns nil (missing, unreadable, empty, not regular).
  init?(path: String) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { return nil }
    defer { _ = close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 else {
      return nil
    }
    let count = Int(status.st_size)
    guard let address = mmap(nil, count, PROT_READ, MAP_PRIVATE | Self.mappingFlags, descriptor, 0),
      address != MAP_FAILED
    else { return nil }
    base = UnsafeRawPointer(address)
    self.count = count
    self.status = status
  }

  deinit { _ = munmap(UnsafeMutableRawPointer(mutating: base), count) }

  /// Extra `mmap` flags: on Linux `MAP_POPULATE`, elsewhere none.
  ///
  /// Populated, the pages are mapped from the page cache in one call rather than faulted in one
  /// by one by the first search to read them; elsewhere they come in as they are read.
  private static var mappingFlags: Int32 {
    #if os(Linux)
      return MAP_POPULATE
    #else
      return 0
    #endif
  }

  /// Marks the file as just used: its modification time becomes now.
  ///
  /// The cache folder evicts the files used least recently first. A file that refuses keeps its
  /// time.
  static func touch(_ path: String) {
    // No times: both become now.
    _ = utimensat(AT_FDCWD, path, nil, AT_SYMLINK_NOFOLLOW)
  }
}
