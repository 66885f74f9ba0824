import Foundation
import Testing

/// Data through the built binary: `load -` from a pipe, machine-readable `list`, and `export`.
@Suite struct DataPipelineTests {
  @Test func loadMinusReadsThePipedDatasetWhenCommandsComeFromArguments() throws {
    let result = try ShellProcess.run(
      ["-c", "load - --format csv", "-c", "search an", "-c", "set format csv", "-c", "list"],
      input: "name,group\nBanana,Fruit\nAnnex,Place\nKiwi,Fruit\r\n")
    #expect(result.stderr == "")
    #expect(result.status == 0)
    #expect(result.stdout.hasSuffix("name,group\nBanana,Fruit\nAnnex,Place\n"))
    #expect(
      result.stdout.hasPrefix(
        "Read as CSV: header row (sniffed)\nLoaded 'stdin': 3 rows, flavor controller, match fold\n"))
  }

  @Test func plainTextFromAPipeHasNoPhantomRow() throws {
    let result = try ShellProcess.run(
      ["-c", "load -", "-c", "set format json", "-c", "list all"], input: "b\r\na\r\n")
    #expect(result.stdout.hasSuffix("[\n  {\"title\": \"b\"},\n  {\"title\": \"a\"}\n]\n"))
    #expect(result.status == 0)
  }

  @Test func loadMinusFailsWhenTheCommandsArePiped() throws {
    let result = try ShellProcess.run(input: "load -\n")
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "error: Cannot load '-': the commands come from standard input. Pass them with -c instead\n")
    #expect(result.status == 1)
  }

  @Test func exportThenLoadGivesTheSameRows() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "searchshell-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("constructed.tsv").path
    let export = try ShellProcess.run(input: "load languages\nscope Constructed\nexport \(out)\n")
    #expect(export.stderr == "")
    #expect(export.stdout.hasSuffix("Exported 23 rows to '\(out)' (tsv)\n"))
    let lines = try String(contentsOfFile: out, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "name\ttype\tcode\tscope")
    #expect(lines.count == 25)  // header, 23 rows, and the empty string after the final newline
    #expect(lines.dropFirst().dropLast().allSatisfy { $0.split(separator: "\t")[1] == "Constructed" })
    let reload = try ShellProcess.run(input: "load \(out)\nset format plain\nlist all\n")
    #expect(reload.stderr == "")
    #expect(reload.stdout.contains("Loaded 'constructed': 23 rows"))
    #expect(reload.stdout.hasSuffix("\nVolapük\n"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["constructed.tsv"])
  }

  @Test func controlCharactersNeverReachTheTerminal() throws {
    let result = try ShellProcess.run(
      ["-c", "load - --format jsonl", "-c", "list", "-c", "detail 1"],
      input: "{\"name\": \"\\u001b]0;pwned\\u0007\", \"note\": \"\\u009b2J\"}\n")
    #expect(result.status == 0)
    #expect(
      !result.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
    // The table shows both searched columns, each escaped.
    let row = result.stdout.split(separator: "\n").first { $0.hasPrefix("  1  ") }
    #expect(row?.hasPrefix("  1  \\e]0;pwned\\u{7}  ") == true)
    #expect(row?.hasSuffix("\\u{9b}2J") == true)
    #expect(result.stdout.contains("  note: \\u{9b}2J\n"))
  }
}
