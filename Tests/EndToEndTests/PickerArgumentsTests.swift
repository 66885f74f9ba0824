import ShellCore
import Testing

@testable import SearchShell

/// A picking command line read as fzf reads it: its options, `+x` names, optional values and
/// `SEARCHSHELL_DEFAULT_OPTS` first.
struct PickerArgumentsTests {
  @Test func fzfsOptionsFillThePickOptions() throws {
    let parsed = try Arguments.parse([
      "--pick", "-q", "ab", "-e", "+i", "-d", ":", "--nth", "2..", "--with-nth=1", "--multi=3", "-1", "-0",
      "--tac", "+s", "--prompt", "p> ", "--header", "H", "--header-lines", "1", "--ansi", "--read0",
      "--print0", "--preview", "cat {}", "--preview-window", "down:30%", "--height=40%", "--cycle",
      "files.txt",
    ])
    let picker = parsed.exploring.picker
    #expect(parsed.exploring.pick)
    #expect(parsed.fileArguments == ["files.txt"])
    #expect(picker.query == "ab")
    #expect(picker.rule == .exact)
    #expect(picker.delimiter == ":")
    #expect(picker.searchedFields == [FieldRange(lower: 2, upper: nil)])
    #expect(picker.shownFields == [FieldRange(lower: 1, upper: 1)])
    #expect(picker.multi == 3)
    #expect(picker.selectsOne && picker.exitsOnNone && picker.reversesInput && !picker.sorts)
    #expect(picker.prompt == "p> " && picker.header == "H" && picker.headerLines == 1)
    #expect(picker.ansi && picker.readsNUL && picker.printsNUL && picker.cycles)
    #expect(picker.preview == "cat {}")
    #expect(picker.previewWindow.position == .down && picker.previewWindow.size == .percent(30))
    #expect(picker.height == PickHeight(size: .percent(40)))
  }

  /// `-m` alone takes no value: the word after it is the FILE, as in fzf.
  @Test func multiAloneTakesNoValue() throws {
    let parsed = try Arguments.parse(["--pick", "-m", "list.txt"])
    #expect(parsed.exploring.picker.multi == Int.max)
    #expect(parsed.fileArguments == ["list.txt"])
  }

  /// `-f TEXT` is fzf's filter on a picking line, and `-d` its delimiter; elsewhere they stay the shell's.
  @Test func fzfsShortNamesOnlyWhenPicking() throws {
    let picking = try Arguments.parse(["--filter", "x", "-d", ","])
    #expect(picking.exploring.picker.delimiter == ",")
    #expect(picking.dataset == nil)
    let shell = try Arguments.parse(["-d", "candies", "-f", "script.txt"])
    #expect(shell.dataset == "candies")
    #expect(shell.runs == [.script("script.txt")])
  }

  /// fzf's short options take their value attached too (`-d:`, `-n2`, `-qfoo`); a short
  /// option without a value (`-e`) does not, and an unknown one is still an error.
  @Test func shortOptionsTakeAnAttachedValue() throws {
    let parsed = try Arguments.parse(["--pick", "-d:", "-n2..", "-qfoo", "-e"])
    #expect(parsed.exploring.picker.delimiter == ":")
    #expect(parsed.exploring.picker.searchedFields == [FieldRange(lower: 2, upper: nil)])
    #expect(parsed.exploring.picker.query == "foo")
    #expect(parsed.exploring.picker.rule == .smart)
    #expect(throws: (any Error).self) { try Arguments.parse(["--pick", "-ex"]) }
    #expect(throws: (any Error).self) { try Arguments.parse(["--pick", "-zfoo"]) }
    // Not picking: the shell's own `-d NAME` is unchanged.
    #expect(throws: (any Error).self) { try Arguments.parse(["-dcandies"]) }
  }

  /// The default options come first: the command line overrides them.
  @Test func defaultOptionsComeFirst() throws {
    let parsed = try Arguments.parse(
      ["--filter", "x", "--prompt", "mine> "],
      defaultOptions: #"--prompt 'theirs> ' --height "40%" -i --header a\ b"#)
    #expect(parsed.exploring.picker.prompt == "mine> ")
    #expect(parsed.exploring.picker.height == PickHeight(size: .percent(40)))
    #expect(parsed.exploring.picker.caseRule == .ignore)
    #expect(parsed.exploring.picker.header == "a b")
    // Not picking: the variable is not read at all.
    #expect(try Arguments.parse(["-c", "status"], defaultOptions: "--bogus").runs == [.command("status")])
  }

  @Test(arguments: [
    (#"a 'b c' "d \"e\"" f\ g"#, ["a", "b c", #"d "e""#, "f g"]),
    ("  ", []),
    (#"'' x"#, ["", "x"]),
    (#""a\nb""#, [#"a\nb"#]),
    ("a\tb\nc", ["a", "b", "c"]),
  ])
  func shellWordsSplitAsAShell(_ example: (String, [String])) throws {
    #expect(try ShellWords.split(example.0) == example.1)
  }

  @Test func anUnclosedQuoteIsOneError() {
    #expect(throws: ShellWords.UnclosedQuote(quote: "\"")) { try ShellWords.split(#"--prompt "x"#) }
    do {
      _ = try Arguments.parse(["--pick"], defaultOptions: "--prompt 'x")
      Issue.record("an unclosed quote was accepted")
    } catch {
      #expect(error.status == 2)
      #expect(error.message == "SEARCHSHELL_DEFAULT_OPTS has an unclosed ' quote")
    }
  }
}
