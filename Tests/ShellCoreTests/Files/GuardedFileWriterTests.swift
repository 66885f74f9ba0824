import Foundation
import TablesTestSupport
import Testing

@testable import Engine
@testable import ShellCore
@testable import Tables

/// The guarded write path's promises for the targets it does write: links, devices, FIFOs,
/// permissions, streams that fail midway, and the temporary file a signal must remove.
@Suite(.serialized) struct GuardedFileWriterTests {
  // `record` refuses an existing file (RecordingFileTests has its symlink case).
  @Test(arguments: ["export %@", "diagram %@", "trace json %@"])
  func writesThroughASymlinkKeepingTheLinkAndTheMode(_ writer: String) throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let real = sandbox.path("real.csv")
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: real))
    #expect(chmod(real, 0o640) == 0)
    let link = sandbox.path("out.csv")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
    let fixture = try SessionFixture()
    fixture.run("load \(sandbox.dataset)", "focus")
    let result = fixture.run(writer.replacingOccurrences(of: "%@", with: link), "type ger", "record stop")
    #expect(result.errors.filter { !$0.contains("Not recording") }.isEmpty)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == real)
    let text = try String(contentsOfFile: real, encoding: .utf8)
    #expect(text != "old\n" || writer.hasPrefix("trace"))
    #expect(!text.hasPrefix("old"))
    var status = stat()
    #expect(stat(real, &status) == 0 && status.st_mode & 0o777 == 0o640)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.path).filter {
      $0.hasPrefix(".")
    }
    #expect(leftovers.isEmpty)
  }

  @Test func writesThroughDevNullLeavingTheDevice() throws {
    var before = stat()
    #expect(stat("/dev/null", &before) == 0)
    try GuardedFileWriter.replace("/dev/null", protectedPaths: []) {
      (output: inout BufferedFileWriter) throws(TableError) in try output.write("gone\n")
    }
    let file = try GuardedFileWriter.openAppending("/dev/null", header: "# header\n", protectedPaths: [])
    try file.append("line\n")
    file.close()
    var after = stat()
    #expect(stat("/dev/null", &after) == 0)
    #expect(
      after.st_mode & S_IFMT == S_IFCHR && after.st_ino == before.st_ino && after.st_rdev == before.st_rdev)
  }

  @Test func writesThroughAFIFOThatHasAReader() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let fifo = sandbox.path("fifo.csv")
    let reader = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    #expect(reader >= 0)
    defer { _ = close(reader) }
    let dataset = try DataFixture.loadFile(sandbox.dataset).dataset
    try DatasetExporter.export(dataset, rows: [0, 1], to: fifo)
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = read(reader, &buffer, buffer.count)
    #expect(
      String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
        == "name,kind\nGermany,country\nGerbil,animal\n")
    var status = stat()
    #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
  }

  @Test func refusesADanglingSymlinkAndABareFolderName() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let dangling = sandbox.path("dangling.csv")
    try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: sandbox.path("nowhere"))
    let write = { (name: String) in
      DataFixture.error {
        try GuardedFileWriter.replace(name, protectedPaths: []) {
          (_: inout BufferedFileWriter) throws(TableError) in
        }
      }
    }
    #expect(write(dangling) == .unwritableFile(dangling, reason: "it is a symbolic link to a missing file"))
    let folderName = sandbox.folder.path + "/new/"
    #expect(write(folderName) == .isDirectory(folderName))
    #expect(!FileManager.default.fileExists(atPath: sandbox.path("new")))
    #expect(write("") == .unwritableFile("", reason: "no such file or directory"))
    #expect(!FileManager.default.fileExists(atPath: sandbox.path("nowhere")))
  }

  @Test func aDescriptiveReasonForEveryErrno() {
    let reasons = [EISDIR, ENOENT, EACCES, ENOSPC].map(ByteStream.reason)
    #expect(
      reasons == [
        "is a directory", "no such file or directory", "permission denied", "no space left on device",
      ])
    #expect(
      ShellError.stoppedWriting(what: "the recording", because: .unwritableFile("r", reason: "broken pipe"))
        .description
        == "Cannot write 'r': broken pipe; the recording stopped")
  }

  @Test func theTemporaryFileIsRegisteredWhileWritingAndASignalRemovesIt() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let target = sandbox.path("out.csv")
    PendingTemporaryFile.prepare()
    var seen: String?
    let error = DataFixture.error {
      try GuardedFileWriter.replace(target, protectedPaths: []) {
        (output: inout BufferedFileWriter) throws(TableError) in
        try output.write("rows\n")
        seen = PendingTemporaryFile.registeredPath
        #expect(seen.map { FileManager.default.fileExists(atPath: $0) } == true)
        // What the executable's SIGTERM handler does.
        PendingTemporaryFile.removeFromSignalHandler()
      }
    }
    #expect(error == .unwritableFile(target, reason: "no such file or directory"))
    #expect(seen?.hasPrefix(sandbox.path(".out.csv.")) == true)
    #expect(PendingTemporaryFile.registeredPath == nil)
    #expect(!FileManager.default.fileExists(atPath: target))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.path).filter { $0.hasPrefix(".") }
        .isEmpty)
  }

  @Test func aRecordingWhoseReaderGoesAwayStopsWithOneError() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let fifo = sandbox.path("fifo.csv")
    // Close-on-exec: a child another test spawns meanwhile must not keep the FIFO's reader open.
    let reader = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    #expect(reader >= 0)
    let fixture = try SessionFixture()
    fixture.run("load \(sandbox.dataset)")
    #expect(fixture.run("record \(fifo)").errors.isEmpty)
    _ = close(reader)
    let result = fixture.run("search ger")
    #expect(result.errors == ["error: Cannot write '\(fifo)': broken pipe; the recording stopped"])
    #expect(fixture.titlesOnScreen == ["Germany", "Gerbil"])
    #expect(fixture.run("record stop").errors == ["error: Not recording. Use 'record FILE' to start"])
    #expect(fixture.session.hasFailures)
  }

  @Test func aRecordingLoadedAsTheDatasetIsNeverWrittenTo() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let recording = sandbox.path("session.txt")
    let fixture = try SessionFixture()
    #expect(fixture.run("record \(recording)").errors.isEmpty)
    let header = try String(contentsOfFile: recording, encoding: .utf8)
    let result = fixture.run("load \(recording)")
    #expect(
      result.errors == [
        "error: Refusing to overwrite '\(recording)': it is a dataset's own file; the recording stopped"
      ])
    #expect(try String(contentsOfFile: recording, encoding: .utf8) == header)
    #expect(fixture.run("record stop").errors.count == 1)
  }

  @Test func aTraceFileLoadedAsTheDatasetStopsTracing() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let trace = sandbox.path("trace.txt")
    let fixture = try SessionFixture()
    #expect(fixture.run("trace json \(trace)", "focus").errors.isEmpty)
    let before = try String(contentsOfFile: trace, encoding: .utf8)
    #expect(before.hasPrefix("{"))
    #expect(fixture.run("load \(trace)").errors.isEmpty)
    let result = fixture.run("focus")
    #expect(
      result.errors == [
        "error: Refusing to overwrite '\(trace)': it is a dataset's own file; tracing to it stopped"
      ])
    #expect(try String(contentsOfFile: trace, encoding: .utf8) == before)
    #expect(fixture.session.tracing.mode == .off && fixture.session.tracing.file == nil)
  }
}

/// A block device holds a file system: no writer writes over one, by name or through a link.
struct BlockDeviceTests {
  static let device = ["/dev/loop0", "/dev/sda", "/dev/vda", "/dev/nvme0n1"].first { path in
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFBLK
  }

  @Test(.enabled(if: device != nil)) func aBlockDeviceIsRefused() throws {
    let device = try #require(Self.device)
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let link = sandbox.path("disk.csv")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: device)
    for name in [device, link] {
      let error = DataFixture.error { _ = try WriteTarget.resolve(name, protectedPaths: []) }
      #expect(error == .unwritableFile(name, reason: "it is a block device, not a file"))
    }
  }
}

/// Writing a file whose name is as long as the system allows.
struct LongNameTests {
  @Test func aMaximalFileNameStillGetsATemporaryFileBesideIt() throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let name = sandbox.path(String(repeating: "é", count: 125) + "x.csv")
    try GuardedFileWriter.replace(name, protectedPaths: []) {
      (output: inout BufferedFileWriter) throws(TableError) in
      try output.write("a\n")
    }
    #expect(FileManager.default.contents(atPath: name) == Data("a\n".utf8))
    #expect(GuardedFileWriter.temporaryName(for: name).utf8.count <= 255)
  }
}
