import Foundation

/// The persistent command history: one line per command, appended under a lock.
///
/// Sessions sharing the file each append their own lines with `flock` held, so none loses
/// another's; the file is never rewritten, only trimmed in place to its oldest-dropped last
/// `limit` lines at start-up, and `limit` is generous unless `SEARCHSHELL_HISTORY_SIZE` says
/// otherwise. The folder is created 0700 and the file 0600 whatever the umask.
public struct HistoryFile: Sendable {
  /// The variable that sets how many lines the file keeps.
  public static let sizeVariable = "SEARCHSHELL_HISTORY_SIZE"
  /// Lines kept when the variable is unset: far more than anyone types, yet a bound.
  public static let defaultLimit = 1_000_000
  /// The most bytes read from the end of the file to show past commands.
  static let loadBytes = 1 << 20

  /// Why a FIFO, a device or a folder is not used as the history file.
  package static let notRegular = "it is not a regular file"

  public let path: String
  /// The most lines the file keeps; `trim` drops older ones.
  public let limit: Int

  public init(path: String, limit: Int = HistoryFile.defaultLimit) {
    self.path = path
    self.limit = max(1, limit)
  }

  /// The limit `SEARCHSHELL_HISTORY_SIZE` sets (a positive whole number), or the default and a
  /// warning naming the bad value.
  public static func limit(environment: [String: String]) -> (limit: Int, warning: String?) {
    guard let text = environment[sizeVariable], !text.isEmpty else { return (defaultLimit, nil) }
    guard let value = Int(text), value > 0 else {
      let shown = Sanitizer.printable(String(text.prefix(40)))
      return (
        defaultLimit, "\(sizeVariable)='\(shown)' is not a positive number; keeping \(defaultLimit) lines"
      )
    }
    return (value, nil)
  }

  /// Whether `path` names a FIFO, a device or a folder, which is never used as history.
  ///
  /// History is then kept in memory only. A missing file is not refused: it is created.
  public var isRefused: Bool {
    var status = stat()
    guard stat(path, &status) == 0 else { return false }
    return status.st_mode & S_IFMT != S_IFREG
  }

  /// Appends `line` (a newline in it becomes a space, so it stays one entry).
  public func append(_ line: String) throws(TableError) {
    let entry =
      line.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ") + "\n"
    try withLockedFile(LOCK_EX, flags: O_WRONLY | O_CREAT | O_APPEND) {
      (descriptor: Int32) throws(TableError) in
      var output = BufferedFileWriter(descriptor: descriptor, path: path)
      try output.write(entry)
      try output.flush()
    }
  }

  /// The last `count` entries, read from at most the file's last `loadBytes` bytes.
  public func load(keeping count: Int) throws(TableError) -> [String] {
    guard FileManager.default.fileExists(atPath: path) else { return [] }
    return try withLockedFile(LOCK_SH, flags: O_RDONLY) { (descriptor: Int32) throws(TableError) in
      let size = try fileSize(descriptor)
      let start = max(0, size - Self.loadBytes)
      var bytes = try read(descriptor, from: start, count: size - start)
      // Reading from the middle of the file starts inside a line: skip to the next one.
      if start > 0, let newline = bytes.firstIndex(of: 0x0A) { bytes.removeSubrange(...newline) }
      let lines = bytes.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
      return Array(lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.suffix(max(0, count)))
    }
  }

  /// Drops the oldest lines beyond `limit`, in place under the lock, so appenders lose nothing.
  public func trim() throws(TableError) {
    guard FileManager.default.fileExists(atPath: path) else { return }
    // Not O_APPEND: Linux's pwrite would append instead of writing at the offset.
    try withLockedFile(LOCK_EX, flags: O_RDWR) { (descriptor: Int32) throws(TableError) in
      let size = try fileSize(descriptor)
      // Every line takes at least two bytes, so a short file cannot hold too many.
      guard (size + 1) / 2 > limit, let keepFrom = try startOfLastLines(descriptor, size: size) else {
        return
      }
      var offset = 0
      while keepFrom + offset < size {
        let chunk = try read(
          descriptor, from: keepFrom + offset, count: min(1 << 16, size - keepFrom - offset))
        try writeAll(chunk, to: descriptor, at: offset)
        offset += chunk.count
      }
      guard ftruncate(descriptor, off_t(offset)) == 0 else { throw failure(errno) }
    }
  }

  /// The offset where the last `limit` lines begin, or nil when the file has no more than that.
  private func startOfLastLines(_ descriptor: Int32, size: Int) throws(TableError) -> Int? {
    var newlines = 0
    var end = size
    // The final newline ends the last line; it does not start one.
    if end > 0, try read(descriptor, from: end - 1, count: 1) == [0x0A] { end -= 1 }
    while end > 0 {
      let start = max(0, end - (1 << 16))
      let chunk = try read(descriptor, from: start, count: end - start)
      for index in chunk.indices.reversed() where chunk[index] == 0x0A {
        newlines += 1
        if newlines == limit { return start + index + 1 }
      }
      end = start
    }
    return nil
  }

  /// Opens (creating folder and file as needed), locks, runs `body`, and unlocks.
  private func withLockedFile<Result>(
    _ operation: Int32, flags: Int32, _ body: (Int32) throws(TableError) -> Result
  ) throws(TableError) -> Result {
    try Self.createFolders(for: path)
    // O_NONBLOCK: opening a FIFO would wait for its other end (every command, until Ctrl-C);
    // this way it opens at once, or fails with ENXIO, and is refused below.
    let descriptor = open(path, flags | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0o600)
    guard descriptor >= 0 else {
      throw errno == ENXIO ? .unwritableFile(path, reason: Self.notRegular) : failure(errno)
    }
    defer { _ = close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw failure(errno) }
    guard status.st_mode & S_IFMT == S_IFREG else { throw .unwritableFile(path, reason: Self.notRegular) }
    // History holds what was typed: nobody else may read it (whatever the umask made it).
    if status.st_mode & 0o777 != 0o600, flags != O_RDONLY { _ = fchmod(descriptor, 0o600) }
    while flock(descriptor, operation) != 0 {
      guard errno == EINTR else { throw failure(errno) }
    }
    defer { _ = flock(descriptor, LOCK_UN) }
    return try body(descriptor)
  }

  /// Creates each missing folder above `path` with mode 0700 (the umask only takes bits away).
  static func createFolders(for path: String) throws(TableError) {
    let folder = (path as NSString).deletingLastPathComponent
    guard !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) else { return }
    try createFolders(for: folder)
    if mkdir(folder, 0o700) != 0 && errno != EEXIST {
      throw .unwritableFile(folder, reason: ByteStream.reason(errno))
    }
  }

  private func fileSize(_ descriptor: Int32) throws(TableError) -> Int {
    let end = lseek(descriptor, 0, SEEK_END)
    guard end >= 0 else { throw failure(errno) }
    return Int(end)
  }

  private func read(_ descriptor: Int32, from offset: Int, count: Int) throws(TableError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let got = bytes.withUnsafeMutableBytes { buffer in
        pread(descriptor, buffer.baseAddress.map { $0 + done }, count - done, off_t(offset + done))
      }
      if got < 0 && errno == EINTR { continue }
      guard got >= 0 else { throw .unreadableFile(path, reason: ByteStream.reason(errno)) }
      if got == 0 { break }
      done += got
    }
    return Array(bytes.prefix(done))
  }

  private func writeAll(_ bytes: [UInt8], to descriptor: Int32, at offset: Int) throws(TableError) {
    var done = 0
    while done < bytes.count {
      let wrote = bytes.withUnsafeBytes { buffer in
        pwrite(descriptor, buffer.baseAddress.map { $0 + done }, bytes.count - done, off_t(offset + done))
      }
      if wrote < 0 && errno == EINTR { continue }
      guard wrote > 0 else { throw failure(errno) }
      done += wrote
    }
  }

  private func failure(_ code: Int32) -> TableError {
    .unwritableFile(path, reason: ByteStream.reason(code))
  }
}
