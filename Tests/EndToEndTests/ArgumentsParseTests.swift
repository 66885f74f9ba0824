import Testing

@testable import SearchShell

/// `Arguments.parse` on its own: FILE arguments, the load options, and what they refuse.
struct ArgumentsParseTests {
  /// A command line and the files and load options it gives.
  struct Case: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let files: [String]
    var title: String?
    var scope: String?
    var format: String?
    var path: String?
    var noCache = false
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let cases: [Case] = [
    Case(arguments: [], files: []),
    Case(arguments: ["pkgs.tsv"], files: ["pkgs.tsv"]),
    Case(arguments: ["a.csv", "b.tsv", "candies"], files: ["a.csv", "b.tsv", "candies"]),
    Case(arguments: ["--dataset", "candies"], files: ["candies"]),
    Case(arguments: ["--dataset=-"], files: ["-"]),
    Case(arguments: ["-", "-c", "status"], files: ["-"]),
    Case(arguments: ["-c", "status", "x.csv"], files: ["x.csv"]),
    Case(arguments: ["x.csv", "--title", "name"], files: ["x.csv"], title: "name"),
    Case(arguments: ["--title", "name", "x.csv"], files: ["x.csv"], title: "name"),
    Case(
      arguments: ["x.json", "--scope=none", "--format", "JSON", "--path", "data.items", "--no-cache"],
      files: ["x.json"], scope: "none", format: "json", path: "data.items", noCache: true),
    Case(arguments: ["--dataset", "x.csv", "--scope", "kind"], files: ["x.csv"], scope: "kind"),
    Case(arguments: ["postgres://db/shop?table=t"], files: ["postgres://db/shop?table=t"]),
    Case(arguments: ["a.csv", "--", "-odd.csv", "--title"], files: ["a.csv", "-odd.csv", "--title"]),
    Case(arguments: ["a b.csv", "c=d.csv"], files: ["a b.csv", "c=d.csv"]),
  ]

  @Test(arguments: cases)
  func parsesFilesAndLoadOptions(_ example: Case) throws {
    let parsed = try Arguments.parse(example.arguments)
    #expect(parsed.files == example.files)
    #expect(parsed.load.title == example.title)
    #expect(parsed.load.scope == example.scope)
    #expect(parsed.load.format?.rawValue == example.format)
    #expect(parsed.load.jsonPath?.text == example.path)
    #expect(parsed.load.noCache == example.noCache)
  }

  /// A command line refused, and the one line that says why.
  struct BadCase: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let badCases: [BadCase] = [
    BadCase(
      arguments: ["--dataset", "candies", "a.csv"],
      message: "Both '--dataset' 'candies' and the argument 'a.csv' name the file to open: give one"),
    BadCase(
      arguments: ["a.csv", "--dataset=b.csv"],
      message: "Both '--dataset' 'b.csv' and the argument 'a.csv' name the file to open: give one"),
    BadCase(
      arguments: ["a.csv", "--format", "xml"],
      message: "Invalid value 'xml' for '--format'. Expected 'text', 'csv', 'tsv', 'json' or 'jsonl'"),
    BadCase(
      arguments: ["a.json", "--path", "a..b"],
      message:
        "Invalid value 'a..b' for '--path'. Expected keys separated by dots, such as 'data.items' ('\\.' for a dot)"
    ),
    BadCase(
      arguments: ["a.csv", "--title="], message: "Invalid value '' for '--title'. Expected a column name"),
    BadCase(
      arguments: ["a.csv", "--scope", ""], message: "Invalid value '' for '--scope'. Expected a column name"),
    BadCase(arguments: ["a.csv", "--title"], message: "Missing value for '--title'"),
    BadCase(
      arguments: ["--title", "name"], message: "'--title' says how FILE opens: give a FILE (or --dataset)"),
    BadCase(
      arguments: ["--no-cache"], message: "'--no-cache' says how FILE opens: give a FILE (or --dataset)"),
    BadCase(
      arguments: ["a.csv", "--tilte", "x"], message: "Unknown option '--tilte'. Did you mean '--title'?"),
    // A control character in a token is shown escaped.
    BadCase(
      arguments: ["a.csv", "--format", "x\u{1B}[2J"],
      message: "Invalid value 'x\\e[2J' for '--format'. Expected 'text', 'csv', 'tsv', 'json' or 'jsonl'"),
  ]

  @Test(arguments: badCases)
  func refusesWithOneLine(_ example: BadCase) {
    let failure = #expect(throws: Arguments.Failure.self) { try Arguments.parse(example.arguments) }
    #expect(failure?.message == example.message)
  }
}
