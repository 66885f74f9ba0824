import Testing

@testable import ShellCore

/// `demo NAME` typed at a terminal steps (Enter for each action, q stops); `--all` and scripts
/// print it whole; a passing `expect` in a demo, or under `set quiz on`, says so.
struct DemoSteppingTests {
  @Test func aDemoAtTheTerminalWaitsBeforeEachActionAndQStopsIt() throws {
    let log = PresentationLog()
    let session = try log.session(interactive: true)
    log.steps = [true, true, false]
    session.execute("demo fruits")
    let entries = log.entries
    #expect(entries.first == "out: Enter runs each next step, q stops ('demo fruits --all' prints it whole).")
    #expect(entries.filter { $0 == "key step" }.count == 3)
    // The third step's action did not run: the demo stopped before it, with a note, no error.
    #expect(entries.last?.hasPrefix("out: Stopped the demo 'fruits' before line ") == true)
    // Set-up lines (load, set, trace) run without a step: the first step is the first action.
    let firstStep = try #require(entries.firstIndex(of: "key step"))
    #expect(entries[firstStep - 1] == "out: > pull")
    #expect(!entries.contains { $0.hasPrefix("err: ") })
    #expect(!entries.contains { $0.hasPrefix("out: End of demo") })
    #expect(session.failureCount == 0)
  }

  @Test(arguments: [("demo fruits --all", true), ("demo fruits", false)])
  func allOrNoTerminalPrintsItWhole(_ example: (String, Bool)) throws {
    let log = PresentationLog()
    // `--all` at a terminal, or the same demo with no terminal to wait on.
    let session = try log.session(terminal: example.1, interactive: example.1)
    session.execute(example.0)
    #expect(!log.entries.contains("key step"))
    #expect(log.entries.contains { $0.hasPrefix("out: End of demo 'fruits'") })
    #expect(log.entries.contains("out: ✓ right"))
  }

  @Test func quizSaysAPassingExpectIsRight() throws {
    let fixture = try SessionFixture(dataset: "candies")
    #expect(fixture.run("expect active false").output == [])
    fixture.run("set quiz on")
    #expect(fixture.run("expect active false").output == ["✓ right"])
    // A failing one is still the one error line, and no praise.
    let failed = fixture.run("expect active true")
    #expect(failed.output == [])
    #expect(failed.errors.count == 1)
    // In a script without echo, the check is named.
    let script = try Script(text: "expect count 9", name: "-c", parameters: [:])
    _ = fixture.session.run(script)
    #expect(fixture.console.output.last == "✓ right: expect count 9")
  }

  @Test func demoTakesOneNameAndAll() throws {
    let fixture = try SessionFixture(dataset: "candies")
    fixture.session.hooks.demos = DemoCatalog(
      directory: SessionFixture.catalog.directory.deletingLastPathComponent().appendingPathComponent("demos"))
    #expect(
      fixture.run("demo fruits candies").errors == [
        "error: Unexpected argument 'candies' for 'demo'. Usage: demo [NAME] [--all]"
      ])
  }
}
