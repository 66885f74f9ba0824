import Foundation

@testable import Engine
@testable import Tables

#if !FUZZING
  @testable import ShellCore
#endif

/// The write guard on any spelling built from a sandbox's names (the dataset, a link and a hard
/// link to it, a folder, a link back up, `.`, `..`, a device, a new name): a path that reaches
/// the dataset is refused, and whatever is written, the dataset, its links and the folders
/// (no temporary file left) are as they were.
enum WriteGuardFuzz {
  /// The path components an input's bytes choose from.
  static let components = [
    "data.csv", "link.csv", "hard.csv", "sub", "up", "..", ".", "", "new.csv", "null", "full", "fifo",
  ]

  /// A folder of its own under the temporary directory, made once per process.
  static let sandbox: String = {
    let folder = NSTemporaryDirectory() + "searchshell-fuzz-guard-\(getpid())"
    mkdir(folder, 0o700)
    let data = folder + "/data.csv"
    _ = FileManager.default.createFile(atPath: data, contents: Data("name\nGermany\n".utf8))
    symlink(data, folder + "/link.csv")
    link(data, folder + "/hard.csv")
    mkdir(folder + "/sub", 0o700)
    symlink("..", folder + "/sub/up")
    symlink("/dev/null", folder + "/null")
    symlink("/dev/full", folder + "/full")
    mkfifo(folder + "/fifo", 0o600)
    return folder
  }()

  static func run(_ bytes: [UInt8]) {
    let root = sandbox
    let data = root + "/data.csv"
    guard let dataIdentity = FileIdentity(path: data) else { preconditionFailure("the sandbox is gone") }
    let path =
      root + "/" + bytes.prefix(12).map { components[Int($0) % components.count] }.joined(separator: "/")
    let reachesDataset = FileIdentity(path: path) == dataIdentity
    do throws(TableError) {
      let target = try WriteTarget.resolve(path, protectedPaths: [data])
      precondition(!reachesDataset, "'\(path)' reaches the dataset but was not refused")
      // Write only inside the sandbox (a link up and `..` can climb out of it).
      if case .regular = target.kind, !target.path.hasPrefix(root + "/") { return }
      try? GuardedFileWriter.replace(path, protectedPaths: [data]) {
        (output: inout BufferedFileWriter) throws(TableError) in
        try output.write("written\n")
      }
    } catch {
      if reachesDataset { precondition(error == .wouldOverwriteDataset(path), "\(path): \(error)") }
    }
    check(root)
    removeNewFiles(root)
  }

  /// Removes what a run created, so every run starts from the same sandbox.
  static func removeNewFiles(_ root: String) {
    let fixed = [
      root: ["data.csv", "link.csv", "hard.csv", "sub", "null", "full", "fifo"], root + "/sub": ["up"],
    ]
    for (folder, names) in fixed {
      let present = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      for name in present where !names.contains(name) { unlink(folder + "/" + name) }
    }
  }

  /// The sandbox's fixed files are untouched and no temporary file is left.
  static func check(_ root: String) {
    let data = root + "/data.csv"
    precondition(
      FileManager.default.contents(atPath: data) == Data("name\nGermany\n".utf8), "the dataset changed")
    precondition(
      FileIdentity(path: root + "/hard.csv") == FileIdentity(path: data), "the hard link was replaced")
    let link = try? FileManager.default.destinationOfSymbolicLink(atPath: root + "/link.csv")
    precondition(link == data, "the link was replaced")
    for device in ["null", "full"] {
      precondition((try? FileManager.default.destinationOfSymbolicLink(atPath: root + "/" + device)) != nil)
    }
    for folder in [root, root + "/sub"] {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      precondition(!names.contains { $0.hasSuffix(".tmp") }, "a temporary file was left in \(folder)")
    }
  }
}
