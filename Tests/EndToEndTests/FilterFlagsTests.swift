import Foundation
import Testing

/// fzf's row options on `--filter` (the one-shot filter), run on the built binary.
///
/// Each expected output is what `fzf --filter` (0.38) printed for the same input and flags,
/// unless the case says why SearchShell differs.
@Suite(.serialized) struct FilterFlagsTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let input: String
    let arguments: [String]
    let stdout: String
    var status: Int32 = 0
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let fields = "foo  bar baz\n  lead x\nfoo,bar,,baz\nqux\n"
  static let order = "ab1\nba1\nab2\nxa2\n"
  static let header = "h1\nh2\nalpha\nbeta\nh3\n"
  static let colours = "a \u{1B}[31mred\u{1B}[0m x\nplain red\n\u{1B}[1mbo\u{1B}[0mld\n"
  static let cafes = "café\nCAFE\ncafe\nCafé\n"

  static let cases: [Case] = [
    // --nth: fields of blanks (AWK), or ending after -d's string; a range joins its fields.
    Case(input: fields, arguments: ["--nth", "1", "--filter", "bar"], stdout: "foo,bar,,baz\n"),
    Case(input: fields, arguments: ["--nth", "2", "--filter", "bar"], stdout: "foo  bar baz\n"),
    Case(input: fields, arguments: ["--nth", "1", "--filter", "foo$"], stdout: "foo  bar baz\n"),
    Case(input: fields, arguments: ["-d", ",", "--nth", "2", "--filter", "bar$"], stdout: "", status: 1),
    Case(input: fields, arguments: ["-d", ",", "--nth", "2", "--filter", "'bar,"], stdout: "foo,bar,,baz\n"),
    Case(
      input: fields, arguments: ["--nth", "1..2", "--filter", "o  bar"],
      stdout: "foo  bar baz\nfoo,bar,,baz\n"),
    Case(input: fields, arguments: ["--nth", "1,3", "-e", "--filter", "'o  bar"], stdout: "foo,bar,,baz\n"),
    // --with-nth: what is searched (and shown); what prints is the whole row.
    Case(input: fields, arguments: ["--with-nth", "2", "--filter", "bar"], stdout: "foo  bar baz\n"),
    Case(input: fields, arguments: ["--with-nth", "2", "--filter", "foo"], stdout: "", status: 1),
    Case(
      input: fields, arguments: ["--with-nth", "2..", "--nth", "2", "--filter", "baz"],
      stdout: "foo  bar baz\n"),
    // --tac, --no-sort: the input's order reversed, ties of a ranking too; or kept.
    Case(
      input: fields, arguments: ["--tac", "--filter", ""],
      stdout: "qux\nfoo,bar,,baz\n  lead x\nfoo  bar baz\n"),
    Case(input: order, arguments: ["--filter", "a"], stdout: "ab1\nab2\nba1\nxa2\n"),
    Case(input: order, arguments: ["--tac", "--filter", "a"], stdout: "ab2\nab1\nxa2\nba1\n"),
    Case(input: order, arguments: ["--no-sort", "--filter", "a"], stdout: "ab1\nba1\nab2\nxa2\n"),
    // fzf 0.38 still ranks with --tac --no-sort; SearchShell keeps the order asked for.
    Case(input: order, arguments: ["--tac", "--no-sort", "--filter", "a"], stdout: "xa2\nab2\nba1\nab1\n"),
    // Substring rules keep the input's order (fzf --exact ranks): ab2 before xa2 either way.
    Case(input: order, arguments: ["-e", "--tac", "--filter", "2"], stdout: "xa2\nab2\n"),
    // --header-lines: the first rows are neither searched nor printed (before --tac reverses).
    Case(input: header, arguments: ["--header-lines", "2", "--filter", "h"], stdout: "h3\nalpha\n"),
    Case(input: header, arguments: ["--header-lines", "2", "--filter", ""], stdout: "alpha\nbeta\nh3\n"),
    Case(
      input: header, arguments: ["--tac", "--header-lines", "1", "--filter", ""],
      stdout: "h3\nbeta\nalpha\nh2\n"),
    Case(input: header, arguments: ["--header-lines", "9", "--filter", ""], stdout: "", status: 1),
    // --ansi: escapes are stripped for the search and from what prints.
    Case(input: colours, arguments: ["--ansi", "--filter", "red"], stdout: "a red x\nplain red\n"),
    Case(input: colours, arguments: ["--ansi", "--filter", "bold"], stdout: "bold\n"),
    Case(
      input: colours, arguments: ["--ansi", "--with-nth", "2", "--filter", "red"],
      stdout: "a red x\nplain red\n"),
    Case(
      input: colours, arguments: ["--ansi", "--nth", "2", "--filter", "^red"], stdout: "a red x\nplain red\n"),
    Case(input: colours, arguments: ["--filter", "red"], stdout: "plain red\na \u{1B}[31mred\u{1B}[0m x\n"),
    // -e under smart case; -i and +i.
    Case(input: cafes, arguments: ["-e", "--filter", "Cafe"], stdout: "Café\n"),
    Case(input: cafes, arguments: ["-e", "--filter", "cafe"], stdout: cafes),
    Case(input: cafes, arguments: ["-e", "--filter", "café"], stdout: "café\nCafé\n"),
    Case(input: cafes, arguments: ["-e", "-i", "--filter", "CAFÉ"], stdout: "café\nCafé\n"),
    Case(input: cafes, arguments: ["-e", "+i", "--filter", "café"], stdout: "café\n"),
    // -i and +i keep accents significant (the rules ci and exact); fzf 0.38 also ignores them
    // unless the term has one (it prints café too).
    Case(input: cafes, arguments: ["-e", "-i", "--filter", "cafe"], stdout: "CAFE\ncafe\n"),
    Case(input: cafes, arguments: ["-e", "+i", "--filter", "cafe"], stdout: "cafe\n"),
    // Empty input, empty rows, a last row without its LF.
    Case(input: "", arguments: ["--filter", ""], stdout: "", status: 1),
    Case(input: "\n", arguments: ["--filter", ""], stdout: "\n"),
    Case(input: "x\n\ny\n", arguments: ["--tac", "--filter", ""], stdout: "y\n\nx\n"),
    Case(input: "a\nab", arguments: ["--tac", "--filter", ""], stdout: "ab\na\n"),
    Case(input: "a\nab", arguments: ["--filter", "b"], stdout: "ab\n"),
  ]

  @Test(arguments: cases)
  func flagsMeanWhatTheyMeanToFzf(_ example: Case) throws {
    let result = try ShellProcess.run(example.arguments, input: example.input)
    #expect(result.stdout == example.stdout)
    #expect(result.stderr == "")
    #expect(result.status == example.status)
  }

  /// Rows from a FILE argument, as from standard input (a regular file is mapped, not read).
  @Test func aFileIsFilteredAsAPipeIs() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("filter-\(UUID().uuidString)")
    try Data(Self.order.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    for flags in [[], ["--tac"], ["-e"]] {
      let fromFile = try ShellProcess.run(flags + ["--filter", "a", file.path])
      let fromPipe = try ShellProcess.run(flags + ["--filter", "a"], input: Self.order)
      #expect(fromFile.stdout == fromPipe.stdout && !fromFile.stdout.isEmpty)
      #expect(fromFile.status == 0)
    }
    let missing = try ShellProcess.run(["--filter", "a", file.path + "-missing"])
    #expect(missing.stderr.hasPrefix("error: Cannot read '\(file.path)-missing'"))
    #expect(missing.status == 2)
  }
}
