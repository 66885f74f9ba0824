import Foundation
import Testing

/// The built binary driven through a pipe: exact stdout, stderr and exit status.
@Suite struct PipedSessionTests {
  @Test func countriesSearchShowsMatchesWithNoPromptOrColour() throws {
    let result = try ShellProcess.run(input: "search ger\n")
    #expect(
      result.stdout == """
        [ ger| ] Cancel
        results table · 4 of 249
          1  Algeria
          2  Germany
          3  Niger
          4  Nigeria

        """)
    #expect(result.stderr == "")
    #expect(result.status == 0)
  }

  @Test func failedCommandPrintsOneLineKeepsGoingAndExitsOne() throws {
    let result = try ShellProcess.run(input: "serch x\nsearch Niger\nselect 5\nstatus\n")
    #expect(
      result.stderr == """
        error: Unknown command 'serch'. Did you mean 'search'?
        error: Row '5' is out of range: the results table has rows 1-2

        """)
    #expect(
      result.stdout.hasSuffix(
        """
        text: "Niger"
        firstResponder: true
        scope: All
        shown: results
        matches: 2
        selected: none

        """))
    #expect(result.status == 1)
  }

  @Test func commandArgumentsRunInOrderWithStartupOptions() throws {
    let result = try ShellProcess.run([
      "--dataset", "candies", "--flavor", "custom", "--trace", "-c", "search c", "-c", "cancel",
    ])
    // A trace line too long for 80 columns continues on deeper-indented lines.
    let callbacks = result.stdout.split(separator: "\n")
      .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && $0.contains("(") }
      .map { String($0.dropFirst(2).prefix(while: { $0 != " " })) }
    #expect(
      callbacks == [
        "searchBarShouldBeginEditing(_:)", "searchBarTextDidBeginEditing(_:)", "didStartSearching()",
        "searchBar(_:shouldChangeTextIn:replacementText:)", "searchBar(_:textDidChange:)",
        "didChangeSearchText(_:)", "searchBarCancelButtonClicked(_:)", "searchBarShouldEndEditing(_:)",
        "searchBarTextDidEndEditing(_:)", "didTapOnCancelButton()",
      ])
    #expect(result.stderr == "")
    #expect(result.status == 0)
  }

  @Test func jsonTraceIsOneObjectPerLineWithTheStateKeys() throws {
    let result = try ShellProcess.run(["-c", "trace json", "-c", "focus"])
    let lines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("{") }
    #expect(lines.count == 5)
    var names: [String] = []
    for line in lines {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      for key in ["callback", "args", "isActive", "text", "firstResponder", "shown"] {
        #expect(object[key] != nil, "missing \(key) in \(line)")
      }
      names.append(object["callback"] as? String ?? "")
    }
    #expect(
      names == [
        "searchBarShouldBeginEditing(_:)", "searchBarTextDidBeginEditing(_:)",
        "willPresentSearchController(_:)",
        "updateSearchResults(for:)", "didPresentSearchController(_:)",
      ])
    #expect(lines[2].contains("\"isActive\":false") && lines[3].contains("\"isActive\":true"))
  }

  @Test func pipedOutputHasNoEscapeSequences() throws {
    let result = try ShellProcess.run(
      input: "trace on\nsearch ger\nhelp\n", environment: ["TERM": "xterm-256color"])
    #expect(!result.stdout.contains("\u{1B}"))
    #expect(result.status == 0)
  }

  @Test func textFileLoadsOneRowPerLine() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "searchshell-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("words.txt")
    try Data("alpha\r\nbeta\r\ngamma\r\n".utf8).write(to: file)
    let result = try ShellProcess.run(input: "load \(file.path)\nsearch A\nstatus\n")
    #expect(result.stdout.contains("Loaded 'words': 3 rows"))
    #expect(result.stdout.contains("rows: 3\n"))
    #expect(result.stdout.contains("matches: 3\n"))
    #expect(result.status == 0)
  }
}
