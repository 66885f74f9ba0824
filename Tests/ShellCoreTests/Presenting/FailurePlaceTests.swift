import Foundation
import Testing

@testable import ShellCore

/// A failing line of a script file is named by file and line, as a compiler names it.
@Suite struct FailurePlaceTests {
  @Test func aFailingLineOfAScriptFileNamesTheFileAndLine() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    _ = try folder.write("inner.txt", "focus\n\nselect 99\n")
    let outer = try folder.write(
      "demo.txt", "# Demo\nsearch ger\nexpect count 3\nsource inner.txt\nnosuch\n")
    let fixture = try SessionFixture()
    _ = fixture.session.run(try Script.load(path: outer, parameters: [:]))
    #expect(
      fixture.console.errors == [
        "\(outer):3: error: Expected count '3', found '4'",
        // Lines count from 1 in the file, blank lines and notes included.
        "inner.txt:3: error: Row '99' is out of range: the results table has rows 1-4",
        // Back in the outer script after `source`, its own lines again.
        "\(outer):5: error: Unknown command 'nosuch'. Type 'help' for the list",
      ])
  }

  @Test func linesNotFromAFileHaveNoPlace() throws {
    let fixture = try SessionFixture()
    _ = fixture.session.run(try Script(text: "select 999", name: "-c", parameters: [:]))
    fixture.run("select 998")
    #expect(
      fixture.console.errors == [
        "error: Row '999' is out of range: the main table has rows 1-249",
        "error: Row '998' is out of range: the main table has rows 1-249",
      ])
  }

  @Test func aScriptNestedTooDeepIsNamedAtTheLineThatSourcedIt() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let loop = try folder.write("loop.txt", "echo again\nsource loop.txt\n")
    let fixture = try SessionFixture()
    fixture.run("quiet source \(loop)")
    #expect(
      fixture.console.errors == [
        "loop.txt:2: error: Cannot source 'loop.txt': scripts nest more than 16 deep (does a script source itself?)"
      ])
    // The place belongs to the script: a line typed afterwards has none.
    fixture.run("select 0")
    #expect(fixture.console.errors.last == "error: Row '0' is out of range: the main table has rows 1-249")
  }
}
