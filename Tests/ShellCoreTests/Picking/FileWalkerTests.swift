import Foundation
import Testing

@testable import ShellCore

/// The picker's rows from a terminal with no command set: the files under a folder.
struct FileWalkerTests {
  @Test func listsFilesSkippingHiddenFoldersAndFollowingNoLinkIntoAFolder() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let files = ["a/b/f1", "a/f2", ".hidden/x", ".dotfile", "top", "sp ace/é\u{301}"]
    for file in files {
      let url = root.appendingPathComponent(file)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data().write(to: url)
    }
    let manager = FileManager.default
    try manager.createSymbolicLink(
      atPath: root.appendingPathComponent("linkdir").path, withDestinationPath: "a")
    try manager.createSymbolicLink(
      atPath: root.appendingPathComponent("linkfile").path, withDestinationPath: "top")
    try manager.createSymbolicLink(atPath: root.appendingPathComponent("loop").path, withDestinationPath: ".")
    var walker = FileWalker(root: root.path)
    var output: [UInt8] = []
    while !walker.isDone { walker.listNextFolder(into: &output, separator: 0x0A) }
    let listed = output.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
    #expect(
      Set(listed) == ["a/b/f1", "a/f2", ".dotfile", "top", "linkfile", "sp ace/é\u{301}"])
    #expect(listed.count == 6)
  }
}
