import Foundation
import TablesTestSupport
import Testing

@testable import ShellCore

/// Every writer against every hostile target: one clear error, the target untouched, the session
/// as it was.
@Suite(.serialized) struct HostileTargetTests {
  /// A writer as the user runs it, with `%@` for the target.
  static let writers = ["export %@", "record %@", "trace json %@", "diagram %@"]

  /// A hostile target: how to name it in the sandbox, and the error every writer gives.
  struct Target: CustomStringConvertible, Sendable {
    let description: String
    let name: @Sendable (Sandbox) -> String
    let error: @Sendable (String) -> String
  }

  static let refused: @Sendable (String) -> String = { name in
    "error: " + ShellError.wouldOverwriteDataset(name).description
  }
  static func cannotWrite(_ reason: String) -> @Sendable (String) -> String {
    { name in "error: " + ShellError.unwritableFile(name, reason: reason).description }
  }

  static let targets: [Target] = [
    Target(description: "the dataset", name: { $0.dataset }, error: refused),
    Target(description: "dir/../dir/./file", name: { $0.roundabout }, error: refused),
    Target(description: "a relative spelling", name: { $0.relative }, error: refused),
    Target(description: "a symlink to it", name: { $0.path("link.csv") }, error: refused),
    Target(description: "a hard link to it", name: { $0.path("hard.csv") }, error: refused),
    Target(
      description: "the manifest",
      name: { _ in SessionFixture.catalog.directory.appendingPathComponent("manifest.json").path },
      error: refused),
    Target(
      description: "a bundled dataset",
      name: { _ in SessionFixture.catalog.directory.appendingPathComponent("countries.txt").path },
      error: refused),
    Target(
      description: "a directory", name: { $0.path("folder.csv") },
      error: { "error: '\($0)' is a directory, not a file" }),
    Target(
      description: "a missing folder", name: { $0.path("missing/out.csv") },
      error: cannotWrite("no such file or directory")),
    Target(
      description: "a FIFO nobody reads", name: { $0.path("fifo.csv") },
      error: cannotWrite("no process is reading the FIFO")),
    Target(
      description: "a full disk (/dev/full)", name: { $0.path("full.csv") },
      error: cannotWrite("no space left on device")),
  ]

  @Test(arguments: writers, targets.indices)
  func writerRefusesTarget(_ writer: String, _ index: Int) throws {
    let target = Self.targets[index]
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let fixture = try SessionFixture()
    let name = target.name(sandbox)
    let command = writer.replacingOccurrences(of: "%@", with: name)
    fixture.run("load \(sandbox.dataset)", "focus", "type ger")
    let before = Snapshot(fixture: fixture, paths: sandbox.watched + [name])
    // `trace json` starts with an empty file, so a full disk shows at the first callback.
    let fullDiskLater = writer.hasPrefix("trace") && name.hasSuffix("full.csv")
    let result = fixture.run(command)
    if fullDiskLater {
      #expect(result.errors.isEmpty)
      let next = fixture.run("type m")
      #expect(next.errors == [target.error(name) + "; tracing to it stopped"], "\(command)")
      #expect(fixture.session.tracing.file == nil)
      fixture.run("backspace")
    } else {
      #expect(result.errors == [target.error(name)], "\(command) → \(target)")
    }
    #expect(Snapshot(fixture: fixture, paths: sandbox.watched + [name]) == before, "\(command) → \(target)")
    #expect(fixture.run("record stop").errors == ["error: Not recording. Use 'record FILE' to start"])
    #expect(fixture.session.tracing.file == nil)
  }
}

/// A folder holding a dataset and hostile names for it.
struct Sandbox: Sendable {
  let folder: URL

  init() throws {
    folder = try DataFixture.temporaryDirectory()
    try Data("name,kind\nGermany,country\nGerbil,animal\n".utf8).write(to: URL(fileURLWithPath: dataset))
    let files = FileManager.default
    try files.createSymbolicLink(atPath: path("link.csv"), withDestinationPath: dataset)
    try files.linkItem(atPath: dataset, toPath: path("hard.csv"))
    try files.createDirectory(atPath: path("folder.csv"), withIntermediateDirectories: false)
    try files.createSymbolicLink(atPath: path("full.csv"), withDestinationPath: "/dev/full")
    guard mkfifo(path("fifo.csv"), 0o600) == 0 else { throw POSIXError(.EEXIST) }
  }

  var dataset: String { path("data.csv") }
  /// `dir/../dir/./data.csv`.
  var roundabout: String {
    folder.path + "/../" + folder.lastPathComponent + "/./data.csv"
  }
  /// The dataset's path relative to the working directory, through `..` up to the root.
  var relative: String {
    let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
    return String(repeating: "../", count: depth) + String(dataset.dropFirst())
  }

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// The files a refused write must leave as they were.
  var watched: [String] {
    ["data.csv", "link.csv", "hard.csv", "folder.csv", "full.csv", "fifo.csv"].map(path) + [
      "/dev/full", SessionFixture.catalog.directory.appendingPathComponent("manifest.json").path,
      SessionFixture.catalog.directory.appendingPathComponent("countries.txt").path,
    ]
  }

  func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// What a refused write must not change: the files (type, inode, bytes), the folder's listing,
/// and the session's status.
struct Snapshot: Equatable {
  let files: [String]
  let listing: [String]
  let status: [String]

  init(fixture: SessionFixture, paths: [String]) {
    files = paths.map(Self.describe)
    let folders = Set(paths.map { ($0 as NSString).deletingLastPathComponent })
    listing = folders.sorted().flatMap {
      (try? FileManager.default.contentsOfDirectory(atPath: $0).sorted()) ?? []
    }
    status = fixture.run("status").output
  }

  /// The file's type, inode and (for a regular file) bytes, without following a last link.
  static func describe(_ path: String) -> String {
    var status = stat()
    guard lstat(path, &status) == 0 else { return "\(path): missing" }
    var text = "\(path): mode \(String(status.st_mode, radix: 8)) inode \(status.st_ino)"
    if status.st_mode & S_IFMT == S_IFREG, let data = FileManager.default.contents(atPath: path) {
      text += " bytes " + data.base64EncodedString()
    }
    if status.st_mode & S_IFMT == S_IFLNK,
      let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path)
    {
      text += " -> \(destination)"
    }
    return text
  }
}
