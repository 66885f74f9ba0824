import Foundation
import Testing

@testable import ShellCore

/// `--preview`'s placeholders, replaced and quoted as fzf does.
struct PreviewCommandTests {
  static let values = PreviewCommand.Values(row: "it's a b", query: "q w", index: 4)

  @Test(arguments: [
    ("cat {}", "cat 'it'\\''s a b'"),
    ("echo {q} {n}", "echo 'q w' 4"),
    ("echo {+} {+n}", "echo 'it'\\''s a b' 4"),
    ("echo \\{} {}x", "echo {} 'it'\\''s a b'x"),
    // Not placeholders: braces as they are (fields are not split).
    ("awk '{print $1}' {1} {", "awk '{print $1}' {1} {"),
    ("", ""),
  ])
  func placeholdersAreReplaced(_ example: (String, String)) {
    #expect(PreviewCommand.line(example.0, Self.values) == example.1)
  }

  @Test func theMarkedRowsStandForTheCurrentOne() {
    var values = Self.values
    values.marked = [(row: "x", index: 0), (row: "y z", index: 2)]
    #expect(PreviewCommand.line("ls {+} {+n} {}", values) == "ls 'x' 'y z' 0 2 'it'\\''s a b'")
  }

  /// Whatever the row holds, sh reads the quoted word back as the row.
  @Test(arguments: ["plain", "", "a'b''c", "$(touch pwned) `x` \"y\" \\z", "ünï ✓", "-n"])
  func quotedWordsComeBackExactly(_ text: String) throws {
    let process = try #require(
      ChildProcess.start("printf %s " + PreviewCommand.quoted(text), mergingErrors: true))
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    while case let count = buffer.withUnsafeMutableBytes({ read(process.output, $0.baseAddress, $0.count) }),
      count > 0
    {
      bytes += buffer[..<count]
    }
    close(process.output)
    #expect(ChildProcess.failure(process.wait()) == nil)
    #expect(String(decoding: bytes, as: UTF8.self) == text)
  }
}
