import Foundation
import Tables

/// The user's secret that keys every index cache checksum: 64 random bytes in the file `key` of
/// the cache folder, mode 0600, made once by the first write.
///
/// Someone who can write an entry but not read this file cannot make a checksum that passes.
package struct IndexCacheSecret: Equatable, Sendable {
  /// The file's name in the cache folder (never an index name, so never evicted).
  static let fileName = "key"
  /// Eight words.
  let words: [UInt64]

  /// A fixed secret, for hashing where no one is an adversary (the data file's fingerprint).
  static let fixed = IndexCacheSecret(words: [
    0x9E37_79B9_7F4A_7C15, 0xBF58_476D_1CE4_E5B9, 0x94D0_49BB_1331_11EB, 0x2545_F491_4F6C_DD1D,
    0xD6E8_FEB8_6659_FD93, 0xA076_1D64_78BD_642F, 0xE703_7ED1_A0B4_28DB, 0x8EBC_6AF0_9C88_C6E3,
  ])

  /// The secret stored in `folder`: nil when there is none yet, an error line when the file is
  /// not the user's private regular file of 64 bytes.
  package static func read(folder: String) -> Result<IndexCacheSecret?, IndexCacheFolderProblem> {
    let path = (folder as NSString).appendingPathComponent(fileName)
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      return errno == ENOENT ? .success(nil) : .failure(.unusable("its key '\(path)' cannot be read"))
    }
    defer { _ = close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid(),
      status.st_mode & 0o077 == 0, status.st_size == 64
    else { return .failure(.unusable("its key '\(path)' is not a private file of the user's")) }
    var words = [UInt64](repeating: 0, count: 8)
    let read = words.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 64, 0) }
    guard read == 64 else { return .failure(.unusable("its key '\(path)' cannot be read")) }
    return .success(IndexCacheSecret(words: words))
  }

  /// The secret in `folder`, made now (random, 0600, synced, linked into place so two
  /// sessions agree on one) when there is none.
  package static func readOrCreate(folder: String) -> Result<IndexCacheSecret, IndexCacheFolderProblem> {
    switch read(folder: folder) {
    case .failure(let problem): return .failure(problem)
    case .success(let found?): return .success(found)
    case .success(nil): break
    }
    var generator = SystemRandomNumberGenerator()
    let words = (0..<8).map { _ in generator.next() as UInt64 }
    let path = (folder as NSString).appendingPathComponent(fileName)
    let temporary = (folder as NSString).appendingPathComponent(".key.\(getpid()).\(UUID().uuidString).tmp")
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      return .failure(.unusable("its key cannot be made: \(ByteStream.reason(errno))"))
    }
    defer { _ = unlink(temporary) }
    let written = words.withUnsafeBytes { write(descriptor, $0.baseAddress, 64) }
    let synced = fchmod(descriptor, 0o600) == 0 && fsync(descriptor) == 0
    _ = close(descriptor)
    guard written == 64, synced else { return .failure(.unusable("its key cannot be made")) }
    // A link never replaces a key another session made meanwhile: that one is read instead.
    if link(temporary, path) != 0, errno != EEXIST {
      return .failure(.unusable("its key cannot be made: \(ByteStream.reason(errno))"))
    }
    switch read(folder: folder) {
    case .failure(let problem): return .failure(problem)
    case .success(let found?): return .success(found)
    case .success(nil): return .failure(.unusable("its key cannot be made"))
    }
  }
}
