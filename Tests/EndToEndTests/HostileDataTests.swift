import Foundation
import Testing

/// Files that once brought the shell down or hung it, through the built binary: a sparse file
/// larger than memory, an endless FIFO, a FIFO without a writer, exports with NUL and a quote
/// carrying a combining mark.
@Suite struct HostileDataTests {
  /// A fresh folder holding `small.txt` (two rows), removed by the caller.
  static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "searchshell-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("a\nb\n".utf8).write(to: folder.appendingPathComponent("small.txt"))
    return folder
  }

  @Test func aSparseFileLargerThanMemoryIsOneErrorKeepingTheDataset() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let big = folder.appendingPathComponent("big.txt").path
    #expect(FileManager.default.createFile(atPath: big, contents: nil))
    #expect(truncate(big, 50 << 30) == 0)
    let small = folder.appendingPathComponent("small.txt").path
    let result = try ShellProcess.run(["-c", "load \(small)", "-c", "load \(big)", "-c", "status"])
    #expect(result.stderr.hasPrefix("error: Cannot load '\(big)': it takes more than the load limit of "))
    #expect(
      result.stderr.hasSuffix(" (set SEARCHSHELL_LOAD_LIMIT to change it); the previous dataset stays\n"))
    #expect(result.stdout.contains("dataset: small\nrows: 2\n"))
    #expect(result.status == 1)
  }

  /// A `/bin/sh -c command` running in the background (a FIFO's endless writer); the caller
  /// terminates it.
  static func startWriter(_ command: String) throws -> Process {
    let writer = Process()
    writer.executableURL = URL(fileURLWithPath: "/bin/sh")
    writer.arguments = ["-c", command]
    writer.standardError = FileHandle.nullDevice
    try writer.run()
    return writer
  }

  @Test func anEndlessFIFOStopsAtTheLimit() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("f").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let writer = try Self.startWriter("exec yes > '\(fifo)'")
    defer {
      if writer.isRunning { writer.terminate() }
      writer.waitUntilExit()
    }
    let small = folder.appendingPathComponent("small.txt").path
    let result = try ShellProcess.run(
      ["-c", "load \(small)", "-c", "load \(fifo)", "-c", "status"],
      environment: ["SEARCHSHELL_LOAD_LIMIT": "1M"])
    #expect(
      result.stderr.hasSuffix(
        "error: Cannot load '\(fifo)': it takes more than the load limit of 1.0 MiB (set SEARCHSHELL_LOAD_LIMIT to change it); the previous dataset stays\n"
      ))
    #expect(result.stdout.contains("dataset: small\nrows: 2\n"))
  }

  @Test func aBadLimitIsOneError() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let small = folder.appendingPathComponent("small.txt").path
    let result = try ShellProcess.run(
      ["-c", "load \(small)"], environment: ["SEARCHSHELL_LOAD_LIMIT": "lots"])
    #expect(
      result.stderr
        == "error: Invalid value 'lots' for 'SEARCHSHELL_LOAD_LIMIT'. Expected a size in bytes such as 65536, 500M or 2G\n"
    )
  }

  @Test func aFIFOWithoutAWriterSaysWhatItWaitsFor() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("f").path
    #expect(mkfifo(fifo, 0o600) == 0)
    // The writer comes a second after the shell starts waiting.
    let writer = Thread {
      Thread.sleep(forTimeInterval: 1.5)
      let descriptor = open(fifo, O_WRONLY | O_CLOEXEC)
      _ = "x\ny\nz\n".withCString { write(descriptor, $0, 6) }
      close(descriptor)
    }
    writer.start()
    let result = try ShellProcess.run(["-c", "load \(fifo)"])
    #expect(result.stderr == "Waiting for a writer on '\(fifo)' (Ctrl-C to stop)\n")
    #expect(result.stdout.hasPrefix("Read as text: one row per line\nLoaded 'f': 3 rows"))
  }

  @Test func ctrlCEndsTheWaitForAWriterKeepingTheDataset() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("f").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let small = folder.appendingPathComponent("small.txt").path
    let terminal = try TerminalSession(arguments: "--dataset '\(small)'")
    #expect(try await terminal.waitFor("small>").contains("small>"))
    try terminal.type("load \(fifo)")
    try terminal.send("Enter")
    // The folder's long name wraps lines on the 120-column screen: match their ends.
    let waiting = "/f' (Ctrl-C to stop)"
    #expect(try await terminal.waitFor(waiting).contains(waiting))
    try terminal.send("C-c")
    let cancelled = "/f' was cancelled; the previous dataset s"
    let screen = try await terminal.waitFor(cancelled)
    #expect(screen.contains(cancelled), "\(screen)")
    try terminal.type("status")
    try terminal.send("Enter")
    let status = try await terminal.waitFor("rows: 2")
    #expect(status.contains("dataset: small\nrows: 2"))
  }

  @Test(arguments: ["csv", "tsv", "json", "jsonl"])
  func exportsOfNULAndCombiningQuotesLoadBack(_ fileExtension: String) throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("in.jsonl").path
    try Data(
      "{\"a\": \"x\\u0000y\", \"b\": \"\\\"\u{305}q\\\"\"}\n{\"a\": \"\u{FEFF}\", \"b\": \"\\r\"}\n".utf8
    )
    .write(to: URL(fileURLWithPath: source))
    let out = folder.appendingPathComponent("out.\(fileExtension)").path
    let result = try ShellProcess.run([
      "-c", "load \(source)", "-c", "export \(out)", "-c", "load \(out)", "-c", "set format jsonl", "-c",
      "list all",
    ])
    #expect(result.stderr == "")
    let nul = fileExtension == "csv" ? "\u{FFFD}" : "\\u0000"
    // `list` escapes control characters for the terminal; the cells themselves came back.
    #expect(
      result.stdout.hasSuffix(
        "{\"a\": \"x\(nul)y\", \"b\": \"\\\"\u{305}q\\\"\"}\n{\"a\": \"\u{FEFF}\", \"b\": \"\\r\"}\n"))
  }
}
