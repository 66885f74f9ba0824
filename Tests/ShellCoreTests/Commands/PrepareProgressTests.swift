import Testing

@testable import ShellCore

/// `prepare`'s progress: redrawn in place at a terminal (cut to its width, cleared at the end),
/// else one plain line per phase of the server.
struct PrepareProgressTests {
  static let lines = [
    "prepare: building the trigram index: building index, 10 of 100 blocks (10%)",
    "prepare: building the trigram index: building index, 50 of 100 blocks (50%)",
    "prepare: building the trigram index: index validation: scanning table, 1 of 100 blocks (1%)",
    "prepare: analyzing: computing statistics, 100 of 100 blocks (100%)",
  ]

  @Test func offATerminalEachPhaseIsOneLine() {
    var printed: [String] = []
    let progress = PrepareProgress(statusLine: nil, width: 80) { printed.append($0) }
    for line in Self.lines { progress.show(line) }
    progress.note("waiting for another prepare in this database to finish: server process 42")
    progress.finish()
    #expect(
      printed == [
        Self.lines[0], Self.lines[2], Self.lines[3],
        "waiting for another prepare in this database to finish: server process 42",
      ])
  }

  @Test func atATerminalOneLineIsRedrawnCutAndCleared() {
    var drawn: [String] = []
    var printed: [String] = []
    let progress = PrepareProgress(statusLine: { drawn.append($0) }, width: 40) { printed.append($0) }
    progress.show(Self.lines[0])
    progress.show("prepare: \u{1B}[2Jbad")
    progress.note("waiting")
    progress.show(Self.lines[1])
    progress.finish()
    progress.finish()
    #expect(drawn.count == 5)
    #expect(drawn[0] == String(Self.lines[0].prefix(38)) + "…")
    #expect(!drawn[1].contains("\u{1B}"))
    #expect(drawn[2] == "")
    #expect(drawn[4] == "")
    #expect(drawn.allSatisfy { $0.count <= 39 })
    #expect(printed == ["waiting"])
  }
}
