import Foundation
import Testing

/// The built binary's writers against a device and a kill mid-export.
@Suite(.serialized) struct FileWriterTests {
  @Test func everyWriterReportsAFullDiskAndLeavesDevFullADevice() throws {
    var before = stat()
    #expect(stat("/dev/full", &before) == 0)
    let result = try ShellProcess.run([
      "-c", "focus", "-c", "record /dev/full", "-c", "trace json /dev/full", "-c", "type a", "-c",
      "diagram /dev/full", "-c", "export /dev/full/x.csv", "-c", "status",
    ])
    #expect(
      result.stderr.split(separator: "\n") == [
        "error: Cannot write '/dev/full': no space left on device",
        "error: Cannot write '/dev/full': no space left on device; tracing to it stopped",
        "error: Cannot write '/dev/full': no space left on device",
        "error: Cannot write '/dev/full/x.csv': not a directory",
      ])
    #expect(result.stdout.contains("text: \"a\""))
    #expect(result.status == 1)
    var after = stat()
    #expect(stat("/dev/full", &after) == 0)
    #expect(
      after.st_mode & S_IFMT == S_IFCHR && after.st_ino == before.st_ino && after.st_rdev == before.st_rdev)
  }

  @Test func sigtermDuringAnExportLeavesNoTemporaryFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "searchshell-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let data = folder.appendingPathComponent("rows.txt")
    try Data((0..<1_000_000).map { "row number \($0)\n" }.joined().utf8).write(to: data)
    let process = Process()
    process.executableURL = ShellProcess.executableURL
    process.arguments = ["-c", "load \(data.path)", "-c", "export \(folder.path)/out.csv"]
    var environment = ProcessInfo.processInfo.environment
    environment["SEARCHSHELL_INDEX_CACHE"] = "off"
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let listing = { (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] }
    // Wait (at most a minute) for the export's temporary file, then kill the shell mid-write.
    let deadline = Date().addingTimeInterval(60)
    while process.isRunning, Date() < deadline, !listing().contains(where: { $0.hasPrefix(".out.csv.") }) {
      usleep(500)
    }
    let sawTemporary = listing().contains { $0.hasPrefix(".out.csv.") }
    if process.isRunning { kill(process.processIdentifier, SIGTERM) }
    process.waitUntilExit()
    #expect(sawTemporary, "the export finished before it could be interrupted")
    #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
    #expect(listing() == ["rows.txt"])
  }
}
