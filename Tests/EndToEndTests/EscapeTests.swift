import Foundation
import Testing

/// No control byte from a token, a file name or a file's content reaches the terminal, piped
/// or on a real one: `printf 'foo\033]0;PWNED\007\n' | searchshell` sets no title.
@Suite(.serialized) struct EscapeTests {
  /// Payloads that would set the title, clear the screen, blink, or hide as C1 controls.
  static let payloads = [
    "x\u{1B}]0;PWNED\u{07}", "x\u{1B}[5m\u{1B}[2J", "x\u{9B}31m\u{9D}2;PWNED\u{9C}", "x\u{7F}\u{8}\r",
  ]
  static let commands = [
    "P", "set P on", "set page P", "select P", "help P", "demo P", "expect callbacks P", "search \"P",
    "load /nonexistent/P.csv", "export /nonexistent/P.csv", "scope P", "set title P", "set title",
    "set prompt P", "set prompt", "echo P", "search P", "status", "history",
  ]

  /// The bytes of `text` that are control characters: C0 but newline, DEL, and C1 (UTF-8 C2 80-9F).
  static func controlBytes(_ text: String) -> [UInt8] {
    let bytes = Array(text.utf8)
    var found: [UInt8] = []
    for (index, byte) in bytes.enumerated() {
      if (byte < 0x20 && byte != 0x0A) || byte == 0x7F { found.append(byte) }
      if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
        found.append(bytes[index + 1])
      }
    }
    return found
  }

  private func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("escape-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func theIssuesTitleReproducerSetsNoTitle() throws {
    let result = try ShellProcess.run(input: "foo\u{1B}]0;PWNED\u{07}\n")
    #expect(Self.controlBytes(result.stdout + result.stderr) == [])
    #expect(result.stderr.contains("'foo\\e]0;PWNED\\u{7}'"))
  }

  @Test(arguments: payloads)
  func badArgumentsAreEchoedEscapedAndBounded(payload: String) throws {
    for arguments in [
      ["--bad" + payload], ["--flavor", payload],
      ["--flavor", payload + String(repeating: "q", count: 5000)],
    ] {
      let result = try ShellProcess.run(arguments)
      #expect(result.status == 64)
      #expect(Self.controlBytes(result.stderr) == [])
      let first = result.stderr.split(separator: "\n").first ?? ""
      #expect(first.count < 200)
    }
  }

  @Test(arguments: payloads)
  func pipedAndDashCCommandsPrintNoControlByte(payload: String) throws {
    let lines = Self.commands.map { $0.replacingOccurrences(of: "P", with: payload) }
    let piped = try ShellProcess.run(["--dataset", "candies"], input: lines.joined(separator: "\n") + "\n")
    #expect(Self.controlBytes(piped.stdout + piped.stderr) == [])
    #expect(piped.stderr.split(separator: "\n").count > 10)
    let dashC = try ShellProcess.run(["--dataset", "candies"] + lines.flatMap { ["-c", $0] })
    #expect(Self.controlBytes(dashC.stdout + dashC.stderr) == [])
  }

  @Test(arguments: payloads)
  func aHostileFileNameAndContentPrintNoControlByte(payload: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("\(payload).csv")
    let cell = payload.replacingOccurrences(of: "\r", with: "")
    try Data("\"\(cell)\",kind\n\"a\(cell)\",\"k\(cell)\"\nb,c\n".utf8).write(to: file)
    let broken = folder.appendingPathComponent("\(payload).json")
    try Data("[{\"\(cell)\": ".utf8).write(to: broken)
    let result = try ShellProcess.run(
      [
        "--dataset", file.path, "-c", "status", "-c", "list", "-c", "set", "-c", "explain", "-c",
        "set fields nope",
        "-c", "load \(broken.path)", "-c", "load \(folder.path)/missing\(payload).csv",
      ])
    #expect(Self.controlBytes(result.stdout + result.stderr) == [])
    #expect(result.stdout.contains("dataset: x"))
    #expect(result.stderr.split(separator: "\n").count >= 3)
    // The same file given where a file is expected but missing, at start-up: one escaped error.
    let missing = try ShellProcess.run(["--dataset", folder.path + "/none\(payload).csv", "-c", "status"])
    #expect(Self.controlBytes(missing.stderr) == [])
    #expect(missing.stderr.hasPrefix("error: No such file"))
  }

  @Test func onATerminalNoPayloadReachesItAndTheTitleStays() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let dataset = folder.appendingPathComponent("\(Self.payloads[0]).csv")
    try Data("name\nfirst\nsecond\n".utf8).write(to: dataset)
    // A payload ending in CR would end its script line with CRLF; pipes and -c cover it.
    var script = Self.payloads.filter { !$0.hasSuffix("\r") }.flatMap { payload in
      Self.commands.filter { $0 != "history" }.map { $0.replacingOccurrences(of: "P", with: payload) }
    }
    script.append("load \(CommandTokenizer.quoted(dataset.path))")
    let scriptFile = folder.appendingPathComponent("hostile.ss")
    try Data((script.joined(separator: "\n") + "\n").utf8).write(to: scriptFile)
    let recording = folder.appendingPathComponent("bytes").path
    let terminal = try TerminalSession(arguments: "--dataset candies")
    try await terminal.waitFor("candies>")
    let titleBefore = try terminal.title()
    try terminal.recordOutput(to: recording)
    try terminal.type("source \(scriptFile.path)")
    try terminal.send("Enter")
    var screen = try await terminal.waitFor("Loaded 'x\\e]0;PWNED\\u{7}'")
    try terminal.type("status")
    try terminal.send("Enter")
    try terminal.type("echo STATUS-SHOWN")
    try terminal.send("Enter")
    screen = try await terminal.waitFor("\nSTATUS-SHOWN")
    #expect(screen.contains("dataset: x\\e]0;PWNED\\u{7}"))
    #expect(screen.contains("x\\e]0;PWNED\\u{7}> "))
    try terminal.type("history")
    try terminal.send("Enter")
    try terminal.type("echo HISTORY-SHOWN")
    try terminal.send("Enter")
    try await terminal.waitFor("\nHISTORY-SHOWN")
    // Live mode draws the hostile dataset's name and rows in its own frames.
    try terminal.type("live")
    try terminal.send("Enter")
    screen = try await terminal.waitFor("Esc cancel")
    #expect(screen.contains("  1  first"))
    try terminal.send("Escape")
    try await terminal.waitFor("PWNED\\u{7}> ")
    #expect(try terminal.title() == titleBefore)
    #expect(try !terminal.title().contains("PWNED"))
    try await Task.sleep(nanoseconds: 300_000_000)
    let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: recording)))
    #expect(bytes.count > 1000)
    // Readline moves the cursor with its own sequences; none of the payloads' may appear.
    let text = String(decoding: bytes, as: UTF8.self)
    for forbidden in ["\u{1B}]", "\u{07}", "\u{1B}[5m", "\u{1B}[2J", "\u{9B}", "\u{9D}", "\u{9C}", "\u{7F}"] {
      #expect(!text.contains(forbidden), "\(forbidden.unicodeScalars.map { $0.value })")
    }
  }
}

/// `CommandTokenizer.quotedWord`'s rule, for a path typed into a script: double quotes, with
/// backslashes and quotes escaped.
enum CommandTokenizer {
  static func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      + "\""
  }
}
