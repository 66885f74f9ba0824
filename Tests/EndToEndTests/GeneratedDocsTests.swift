import Foundation
import Testing

@testable import SearchShell

/// The man page, the reference page, `--help` and the completion scripts, all generated from
/// the option and command registries: the checked-in files are current and each text works.
@Suite struct GeneratedDocsTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// A checked-in page equals what the binary generates now.
  @Test(arguments: [("--generate-man", "docs/searchshell.1"), ("--generate-reference", "docs/reference.md")])
  func checkedInPageIsCurrent(_ flag: String, _ path: String) throws {
    let result = try ShellProcess.run([flag])
    #expect(result.status == 0)
    let checkedIn = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    #expect(result.stdout == checkedIn, "\(path) is stale: run scripts/generate-docs.sh")
  }

  /// Every option is documented: a line for --help, and a name for its value.
  @Test func everyOptionIsDocumented() {
    for option in HelpText.visibleOptions + HelpText.visiblePickerOptions {
      #expect(!option.abstract.isEmpty, "\(option.label) has no abstract: add .help(...)")
      #expect(option.abstract.count <= 52, "\(option.label)'s abstract is too long for one help line")
      #expect((option.value == .none) == option.valueName.isEmpty, "\(option.label)'s value has no name")
    }
  }

  /// `--pick --help` is one screen too, lists fzf's options and says what -d, -q and -f mean there.
  @Test func pickerHelpIsOneScreen() throws {
    let result = try ShellProcess.run(["--pick", "--help"])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count <= 56)
    #expect(lines.allSatisfy { $0.count <= 80 })
    for option in HelpText.visiblePickerOptions {
      #expect(result.stdout.contains("  \(HelpText.label(option))  "))
    }
    #expect(result.stdout.contains("SEARCHSHELL_DEFAULT_OPTS"))
  }

  /// `--help` is one screen at 80 columns, lists every option and points to the man page.
  @Test func helpIsOneScreen() throws {
    let result = try ShellProcess.run(["--help"])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count <= 56)
    #expect(lines.allSatisfy { $0.count <= 80 })
    for option in HelpText.visibleOptions { #expect(result.stdout.contains("  \(HelpText.label(option))  ")) }
    #expect(result.stdout.contains("man searchshell"))
    #expect(!result.stdout.contains("--generate-man"))
  }

  /// The roff is well formed without groff: each control line is a macro the page uses on
  /// purpose; every option, command and exit status has its entry.
  @Test func manPageStructure() {
    let page = ManPage.text(version: "0")
    let macros: Set<String> = [".TH", ".SH", ".TP", ".PP", ".br", ".\\\""]
    for line in page.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
      #expect(macros.contains(String(line.split(separator: " ")[0])), "stray control line: \(line)")
    }
    for status in ExitStatus.all { #expect(page.contains(".TP\n\(status.code)\n")) }
    #expect(page.contains(".SH EXIT STATUS"))
    #expect(page.contains("\\fB\\-V\\fR, \\fB\\-\\-version\\fR"))
    #expect(page.contains("\\fBquit\\fR\n"))
    #expect(!page.contains("generate\\-man"))
  }

  /// `man -l` renders the page, where man is installed.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/man")))
  func manRendersThePage() throws {
    let page = Self.root.appendingPathComponent("docs/searchshell.1").path
    let result = try ShellProcess.runProgram(
      "/usr/bin/man", ["-l", page], environment: ["MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("EXIT STATUS"))
    #expect(result.stdout.contains("--completion SHELL"))
  }
}
