import Backends
import Foundation
import ShellCoreTestSupport
import Testing

@testable import Engine
@testable import ShellCore
@testable import Tables

/// Issue 37's reproducers on the folder and its files: links and FIFOs at an entry's name,
/// shared or foreign folders, the umask, stale temporaries, concurrent writers.
extension IndexCacheTests {
  /// A symbolic link at the entry's name is never followed (its target keeps its bytes), a
  /// FIFO never blocks the load: one line each, the index built in memory.
  @Test(arguments: ["link", "fifo"])
  func somethingOtherThanAFileAtTheEntrysNameIsLeftAlone(_ kind: String) throws {
    let sandbox = try CacheSandbox(rows: 300)
    let (path, _, rows) = try Self.cached(sandbox)
    let victim = sandbox.root.appendingPathComponent("victim.txt").path
    try Data("precious\n".utf8).write(to: URL(fileURLWithPath: victim))
    #expect(unlink(path) == 0)
    #expect(kind == "link" ? symlink(victim, path) == 0 : mkfifo(path, 0o600) == 0)
    let opened = try sandbox.open()
    #expect(opened.index == .built && opened.dataset.rowCount == rows.count)
    let notes = opened.warnings  // this load's own, not another test's
    #expect(notes.count == 1 && notes[0].contains("is not a regular file"), "\(notes)")
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
    var status = stat()
    #expect(lstat(path, &status) == 0 && status.st_mode & S_IFMT == (kind == "link" ? S_IFLNK : S_IFIFO))
  }

  /// A folder others may write in, or another user's, gives one warning; nothing is read from
  /// it or written to it.
  @Test(arguments: [("shared", 0o777), ("sticky", 0o1777), ("group", 0o770), ("foreign", 0o700)])
  func aFolderOthersControlIsNotUsed(_ name: String, _ mode: Int) throws {
    let sandbox = try CacheSandbox(rows: 300)
    _ = try Self.cached(sandbox)
    #expect(chmod(sandbox.folder, mode_t(mode)) == 0)
    if name == "foreign" {
      // Only root can give a folder away; another user's folder cannot be made otherwise.
      guard geteuid() == 0 else { return }
      #expect(chown(sandbox.folder, 65_534, 65_534) == 0)
    }
    let before = sandbox.cacheFiles
    let opened = try sandbox.open()
    #expect(opened.index == .built, "\(name)")
    let notes = opened.warnings  // this load's own, not another test's
    #expect(notes.count == 1 && notes[0].contains("the index is built in memory"), "\(name): \(notes)")
    #expect(sandbox.cacheFiles == before)
  }

  /// A new folder is 0700 and entries, the key and the lock are 0600 under any umask.
  @Test func filesArePrivateWhateverTheUmask() throws {
    let sandbox = try CacheSandbox(rows: 300)
    let old = umask(0)
    defer { umask(old) }
    let opened = try sandbox.open()
    umask(old)
    #expect(opened.index == .built)
    func mode(_ path: String) -> mode_t {
      var status = stat()
      return stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0o7777
    }
    #expect(mode(sandbox.folder) == 0o700)
    for name in sandbox.cacheFiles + [IndexCacheSecret.fileName, IndexCacheFolderLock.fileName] {
      #expect(mode(sandbox.folder + "/" + name) == 0o600, "\(name)")
    }
  }

  /// A temporary file left by a killed write (its process gone, or too old) is removed by the
  /// next write and counted by the limit until then; a live one is kept.
  @Test func staleTemporariesAreRemovedAndLiveOnesCounted() throws {
    let sandbox = try CacheSandbox(rows: 300)
    let (path, bytes, _) = try Self.cached(sandbox)
    let name = (path as NSString).lastPathComponent
    func temporary(_ pid: pid_t) -> String {
      sandbox.folder + "/.\(name).\(pid).\(UUID().uuidString.lowercased()).tmp"
    }
    // A process number no process has (above the kernel's maximum).
    let dead = temporary(4_194_305)
    let old = temporary(getpid())
    let live = temporary(getpid())
    for file in [dead, old, live] { try Data(count: bytes.count).write(to: URL(fileURLWithPath: file)) }
    var times = [timespec(tv_sec: 1_000, tv_nsec: 0), timespec(tv_sec: 1_000, tv_nsec: 0)]
    #expect(utimensat(AT_FDCWD, old, &times, 0) == 0)
    let settings = IndexCacheSettings(folder: sandbox.folder, limit: bytes.count * 5 / 2, minimumBytes: 0)
    let folder = IndexCacheFolder(settings: settings)
    #expect(folder.entries().temporaries.count == 3)
    #expect(folder.makeRoom(for: bytes.count, at: path) == nil)
    #expect(!FileManager.default.fileExists(atPath: dead) && !FileManager.default.fileExists(atPath: old))
    #expect(FileManager.default.fileExists(atPath: live))
    // The live temporary and the entry fill two of the limit's two and a half: no room for more.
    let other = sandbox.folder + "/0123456789abcdef.ssidx"
    #expect(folder.makeRoom(for: bytes.count, at: other) == nil)
    #expect(!FileManager.default.fileExists(atPath: path), "the entry was evicted for the live write")
  }

  /// Four writers at once never leave the folder over its limit: each makes room and reserves
  /// its file under the folder's lock.
  @Test func concurrentWritersKeepTheLimit() throws {
    let sandbox = try CacheSandbox(rows: 300)
    let (_, bytes, _) = try Self.cached(sandbox)
    let limit = bytes.count * 5 / 2
    let settings = IndexCacheSettings(folder: sandbox.folder, limit: limit, minimumBytes: 0)
    let folder = IndexCacheFolder(settings: settings)
    let secret = try #require(try IndexCacheSecret.read(folder: sandbox.folder).get())
    let opened = try sandbox.open(sandbox.data + " --no-cache")
    let index = try #require((opened.backend as? InMemoryBackend)?.engine.index)
    let key = try #require(IndexCacheKey(path: sandbox.data, options: try Self.options(sandbox.data)))
    let shared = UncheckedSendable((opened.dataset, index, key, folder, sandbox.folder))
    DispatchQueue.concurrentPerform(iterations: 4) { writer in
      let (dataset, index, key, folder, base) = shared.value
      let path = base + "/" + String(repeating: "\(writer)", count: 16) + ".ssidx"
      try? IndexCacheWriter.write(
        dataset, index: index, key: key, format: .text, warnings: [], to: path, folder: folder, secret: secret
      )
    }
    let (indexes, temporaries) = folder.entries()
    #expect(temporaries.isEmpty)
    #expect(indexes.reduce(0) { $0 + $1.bytes } <= limit)
    #expect(indexes.count == 2)
  }
}
