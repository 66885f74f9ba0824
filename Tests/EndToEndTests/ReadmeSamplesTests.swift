import Foundation
import Testing

/// The README's and the docs' samples are the program's real output: each block marked
/// `<!-- sample -->` holds a `$ COMMAND` line and what that command prints, no block showing a
/// command is left unmarked, and the README stays a short guide.
@Suite struct ReadmeSamplesTests {
  /// One marked sample: the command after `$ ` and the lines the README shows under it.
  struct Sample: CustomTestStringConvertible, Sendable {
    let command: String
    let expected: String
    /// The page it is on (README.md, docs/NAME.md).
    var page = "README.md"
    var testDescription: String { page + ": " + command }
  }

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The README's text, or "" when it cannot be read (then `samplesAreMarked` fails).
  static var readme: String {
    (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
  }

  /// The docs pages whose samples are checked: all but the generated reference and the
  /// measurements' log.
  static var docPages: [String] {
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
    return names.filter { $0.hasSuffix(".md") && !["reference.md", "performance-history.md"].contains($0) }
      .sorted().map { "docs/" + $0 }
  }

  /// The text of a page, or "" when it cannot be read.
  static func text(of page: String) -> String {
    (try? String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)) ?? ""
  }

  /// Every marked sample: the README's, then each docs page's, in order.
  static var samples: [Sample] {
    (["README.md"] + docPages).flatMap { page in
      parse(text(of: page)).map { Sample(command: $0.command, expected: $0.expected, page: page) }
    }
  }

  /// Blocks that show a command (`$ ` or a `NAME> ` prompt on their first line) without the
  /// marker: a sample nobody runs would go stale.
  static func unmarkedSamples(_ text: String) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var found: [String] = []
    var index = 0
    while index < lines.count {
      defer { index += 1 }
      guard lines[index].hasPrefix("```"), index + 1 < lines.count else { continue }
      let first = lines[index + 1]
      let shows =
        first.hasPrefix("$ ") || first.range(of: #"^[\w.-]*> \S"#, options: .regularExpression) != nil
      if shows, index == 0 || lines[index - 1] != "<!-- sample -->" { found.append(first) }
      // Skip to the closing fence, so a block's last line is not read as an opening.
      index += 1
      while index < lines.count, !lines[index].hasPrefix("```") { index += 1 }
    }
    return found
  }

  /// Reads the blocks that follow a `<!-- sample -->` line: a fence, `$ COMMAND`, output, a fence.
  static func parse(_ text: String) -> [Sample] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var samples: [Sample] = []
    var index = 0
    while index < lines.count {
      defer { index += 1 }
      guard lines[index] == "<!-- sample -->", index + 2 < lines.count, lines[index + 1].hasPrefix("```"),
        lines[index + 2].hasPrefix("$ ")
      else { continue }
      var output: [String] = []
      var cursor = index + 3
      while cursor < lines.count, !lines[cursor].hasPrefix("```") {
        output.append(lines[cursor])
        cursor += 1
      }
      samples.append(Sample(command: String(lines[index + 2].dropFirst(2)), expected: trimmed(output)))
      index = cursor
    }
    return samples
  }

  /// Lines without trailing spaces (an editor may strip them), joined.
  static func trimmed<S: Sequence>(_ lines: S) -> String where S.Element: StringProtocol {
    lines.map { line in
      var line = Substring(line)
      while line.last == " " { line = line.dropLast() }
      return String(line)
    }.joined(separator: "\n")
  }

  /// The system files and programs a sample needs, when this machine lacks one of them.
  static func missingPrerequisite(_ command: String) -> String? {
    for word in command.split(whereSeparator: { $0 == " " || $0 == "'" }) where word.hasPrefix("/usr/share/")
    {
      if !FileManager.default.fileExists(atPath: String(word)) { return String(word) }
    }
    if command.contains("| jq"), !FileManager.default.isExecutableFile(atPath: "/usr/bin/jq") { return "jq" }
    return nil
  }

  /// The README shows the three tours' samples, each marked.
  @Test func samplesAreMarked() {
    let samples = Self.samples.filter { $0.page == "README.md" }
    #expect(samples.count >= 8)
    #expect(samples.allSatisfy { $0.command.hasPrefix("searchshell ") || $0.command.hasPrefix("cat ") })
    #expect(samples.allSatisfy { !$0.expected.isEmpty })
  }

  /// Each sample's command, run with the built binary first on PATH, prints what the README shows.
  @Test(arguments: samples)
  func sampleOutputMatches(_ sample: Sample) throws {
    if let missing = Self.missingPrerequisite(sample.command) {
      print("skipped '\(sample.command)': \(missing) is not on this machine")
      return
    }
    let binaries = ShellProcess.executableURL.deletingLastPathComponent().path
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let root = Self.root.path.replacingOccurrences(of: "'", with: "'\\''")
    let result = try ShellProcess.runProgram(
      "/bin/sh", ["-c", "cd '\(root)' && { \(sample.command); } 2>&1"],
      environment: ["PATH": "\(binaries):\(path)"])
    let actual = Self.trimmed(result.stdout.split(separator: "\n", omittingEmptySubsequences: false))
    let expected = sample.expected
    #expect(
      actual.trimmingCharacters(in: .newlines) == expected,
      "\(sample.page) sample '\(sample.command)' is stale: paste its real output")
  }

  /// Every page's blocks that show a command are marked, so each is run above.
  @Test func everyDocSampleIsMarked() {
    #expect(Self.docPages.count >= 8)
    for page in ["README.md"] + Self.docPages {
      #expect(Self.unmarkedSamples(Self.text(of: page)) == [], "\(page) has an unmarked sample")
    }
    #expect(Self.unmarkedSamples("```\n$ searchshell x\nout\n```\n") == ["$ searchshell x"])
    #expect(Self.unmarkedSamples("```\ncandies> focus\n```\n") == ["candies> focus"])
    #expect(Self.unmarkedSamples("<!-- sample -->\n```\n$ searchshell x\n```\n```sql\nSELECT 1\n```\n") == [])
  }

  /// The README stays a guide: under 260 lines, with reference text in docs/.
  @Test func readmeStaysShort() {
    let lines = Self.readme.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count > 100)
    #expect(lines.count < 260, "README.md has \(lines.count) lines: move reference text to a docs/ page")
  }

  /// The parser finds a sample, its command and its output, and ignores unmarked blocks.
  @Test func parserReadsMarkedBlocksOnly() {
    let text =
      "```text\n$ searchshell -c a\nx\n```\n<!-- sample -->\n```text\n$ searchshell -c b\ny  \nz\n```\n"
    let samples = Self.parse(text)
    #expect(samples.count == 1)
    #expect(samples.first?.command == "searchshell -c b")
    #expect(samples.first?.expected == "y\nz")
  }
}
