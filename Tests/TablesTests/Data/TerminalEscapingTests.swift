import TablesTestSupport
import Testing

@testable import Tables

/// Cells cannot drive the terminal: every control character and escape sequence prints escaped.
struct TerminalEscapingTests {
  @Test(arguments: [
    ("plain text", "plain text"),
    ("\u{1B}[2J\u{1B}]0;title\u{07}", "\\e[2J\\e]0;title\\u{7}"),
    ("tab\tnew\nline\r", "tab\\tnew\\nline\\r"),
    ("nul\u{0}del\u{7F}", "nul\\u{0}del\\u{7f}"),
    ("csi\u{9B}31m osc\u{9D}", "csi\\u{9b}31m osc\\u{9d}"),
    ("accents é, ü and 日本 stay", "accents é, ü and 日本 stay"),
    (
      "rtl \u{202E}txt.exe \u{2066}x\u{2069} \u{200F}\u{61C}",
      "rtl \\u{202e}txt.exe \\u{2066}x\\u{2069} \\u{200f}\\u{61c}"
    ),
    ("quotes “ok” — and العربية stay", "quotes “ok” — and العربية stay"),
  ])
  func escapesControlCharacters(_ input: String, _ expected: String) {
    #expect(Sanitizer.printable(input) == expected)
  }

  @Test func loadedCellsWithEscapesPrintEscapedInTheDetailView() throws {
    let dataset = try DataFixture.load("name,note\nx,\"\u{1B}[31mred\u{9B}0m\"\n", format: .csv).dataset
    let table = RowWriter(dataset: dataset, format: .table, terminalSafe: true).records(rows: [0])
    #expect(table.last == "x     \\e[31mred\\u{9b}0m")
  }
}
