import Foundation
import Testing

/// Every teaching output, piped (80 columns), through the built binary: no line of standard
/// output may be wider than 80 columns, in every flavor and with long texts and arguments.
@Suite struct WidthTests {
  /// The columns a line takes, counted independently of the shell's own code: one per scalar,
  /// none for combining marks and format characters, two for CJK and emoji.
  static func columns(_ line: String) -> Int {
    line.unicodeScalars.reduce(0) { total, scalar in
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .enclosingMark, .format: return total
      default:
        let wide =
          (0x1100...0x115F).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value)
          || (0xAC00...0xD7A3).contains(scalar.value) || (0xFF00...0xFF60).contains(scalar.value)
          || scalar.properties.isEmojiPresentation
        return total + (wide ? 2 : 1)
      }
    }
  }

  static let long = "a long search text with very many words that will never fit one narrow line"

  /// The teaching commands on one screen: trace, trace state, diagram, explain, after actions
  /// that pass long arguments to the callbacks.
  static func session(_ dataset: String, _ setup: [String] = []) -> [String] {
    ["load \(dataset)"] + setup + [
      "trace on", "focus", "type ab", "search \(long)", "submit", "focus", "backspace", "clear", "cancel",
      "code active true", "code text \(long)", "code active false", "trace state", "focus", "type xy",
      "search \(long)", "cancel", "trace off", "explain", "diagram", "diagram last", "focus", "search a",
      "explain", "cancel",
    ]
  }

  static let scripts: [(String, [String])] = [
    ("countries", session("countries")),
    ("countries separate", session("countries", ["set results separate", "set obscures on"])),
    ("countries live off", session("countries", ["set live off", "set hides-nav-bar off"])),
    ("countries guide", session("countries", ["set custom-nav-bar on"])),
    ("countries-custom", session("countries-custom")),
    ("candies", session("candies", ["scope Hard", "scope All", "cancel"])),
    ("recipes", session("recipes")),
    ("fruits", session("fruits", ["pull"])),
    ("languages", session("languages", ["set fields name,type", "set match fuzzy"])),
    ("set and help", ["set", "set placeholder \(long)", "set", "set placeholder", "set bar-tint", "help"]),
    (
      "help for each command",
      [
        "load", "datasets", "focus", "search", "type", "backspace", "clear", "submit", "scope", "select",
        "detail", "back", "pull", "live", "cancel", "code", "list", "export", "status", "trace", "timing",
        "explain", "diagram", "demo", "source", "echo", "quiet", "expect", "record", "set", "help", "history",
        "quit",
      ].map { "help \($0)" }
    ),
    ("lists and narration", ["datasets", "demo", "echo \(long) \(long)", "select 3", "set obscures on"]),
  ]

  @Test(arguments: scripts.map(\.0))
  func teachingOutputFitsEightyColumns(_ name: String) throws {
    let commands = try #require(Self.scripts.first { $0.0 == name }?.1)
    let result = try ShellProcess.run(input: commands.joined(separator: "\n") + "\n")
    #expect(result.stderr == "")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.count > commands.count)
    for line in lines where Self.columns(line) > 80 {
      Issue.record("\(Self.columns(line)) columns: \(line)")
    }
  }

  @Test(arguments: ["candies", "countries", "countries-custom", "countries-guide", "fruits", "recipes"])
  func walkthroughFitsEightyColumns(_ demo: String) throws {
    let result = try ShellProcess.run(["-c", "demo \(demo)"])
    #expect(result.stderr == "")
    for line in result.stdout.split(separator: "\n").map(String.init) where Self.columns(line) > 80 {
      Issue.record("\(Self.columns(line)) columns: \(line)")
    }
  }

  @Test func commandLineHelpFitsEightyColumns() throws {
    let result = try ShellProcess.run(["--help"])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count > 20)
    for line in lines where Self.columns(line) > 80 {
      Issue.record("\(Self.columns(line)) columns: \(line)")
    }
  }
}
