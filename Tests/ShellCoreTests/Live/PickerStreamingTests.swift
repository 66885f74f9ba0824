import Foundation
import ShellCoreTestSupport
import Testing

@testable import ShellCore
@testable import Tables

/// The picker while its rows arrive: each table the reader builds is the app's reload, the
/// query stays right, the highlight and the marks stay on their rows, and -1/-0 decide once
/// the input ends (rows written into a pipe the feed reads).
struct PickerStreamingTests {
  /// A picker on the rows written to the returned descriptor.
  private final class Stream {
    let picker: PickerController
    let session: Session
    private var writer: Int32
    private let reader: Int32

    init(_ options: PickOptions, headerRows: Int = 0) throws {
      // Not inherited by a process another test starts meanwhile: its copy would hold the pipe open.
      let ends = try #require(ChildProcess.makePipe())
      (reader, writer) = (ends[0], ends[1])
      var input = PickerFeed.Input(source: .descriptor(reader))
      input.reversed = options.reversesInput
      input.rule = options.rule
      input.headerRows = headerRows
      input.fields = PickFields(options)
      session = try Session.awaitingRows(
        of: input, console: BufferConsole(), match: options.rule, keepsRowOrder: !options.sorts,
        useColor: false, configuration: ShellConfiguration())
      let wake = try #require(PickerWake())
      let feed = try session.feed(input, waking: wake)
      feed.start()
      picker = PickerController(session: session, options: options, feed: feed, wake: wake, clock: { 0 })
    }

    deinit {
      if writer >= 0 { close(writer) }
      // A feed still reading keeps its descriptor: closed, its number could be another's.
      if !picker.isReading { close(reader) }
    }

    /// Writes `text` and waits until the table holds `rows` rows.
    func send(_ text: String, rows: Int) {
      _ = text.utf8CString.withUnsafeBufferPointer { write(writer, $0.baseAddress, $0.count - 1) }
      settle { $0.session.datasetRowCount == rows }
    }

    /// Ends the input and waits for the last table.
    func end() {
      close(writer)
      writer = -1
      settle { !$0.picker.isReading }
    }

    /// Takes arrivals until `done` (ten seconds at most: a safety net, not a measure).
    private func settle(_ done: (Stream) -> Bool) {
      for _ in 0..<1_000 where !done(self) {
        var watched = pollfd(fd: picker.wakeDescriptor ?? -1, events: Int16(POLLIN), revents: 0)
        _ = poll(&watched, 1, 10)
        _ = picker.takeArrivals()
      }
    }

    /// The table's rows, as the picker shows them.
    var table: [String] {
      session.tableRowIDs(in: 0..<session.tableRowCount).map { session.screen.dataset.title($0) }
    }

    /// The title of the highlighted row.
    var highlighted: String? {
      let row = picker.live.highlight ?? 0
      return session.tableRowIDs(in: row..<(row + 1)).first.map { session.screen.dataset.title($0) }
    }
  }

  private func options(_ change: (inout PickOptions) -> Void = { _ in }) -> PickOptions {
    var options = PickOptions()
    options.exact = true
    change(&options)
    return options
  }

  @Test func aQueryTypedBeforeTheRowsIsTheirAnswerAsTheyArrive() throws {
    let stream = try Stream(options())
    stream.picker.handle([.character("a"), .character("n")])
    #expect(stream.table.isEmpty)
    stream.send("banana\ncherry\n", rows: 2)
    #expect(stream.table == ["banana"])
    #expect(stream.picker.frame(width: 60, height: 8).contains("⠋ 1/2 · results table"))
    stream.send("mango\napple\nan", rows: 4)
    stream.end()
    #expect(stream.table == ["banana", "mango", "an"])
    #expect(stream.picker.frame(width: 60, height: 8).contains("  3/5 · results table"))
    // The typing was one change per key, the rows arriving none: no callback was invented.
    #expect(stream.session.liveCommandLog == ["focus", "type an"])
  }

  @Test(arguments: [false, true])
  func theHighlightAndTheMarksStayOnTheirRows(_ reversed: Bool) throws {
    let stream = try Stream(
      options {
        $0.reversesInput = reversed; $0.multi = .max
      })
    stream.send("a\nb\nc\n", rows: 3)
    // Tab marks the first row and moves to the second.
    stream.picker.handle([.tab])
    let highlighted = stream.highlighted
    #expect(highlighted == "b")
    stream.send("d\ne\n", rows: 5)
    #expect(stream.highlighted == highlighted)
    #expect(stream.table == (reversed ? ["e", "d", "c", "b", "a"] : ["a", "b", "c", "d", "e"]))
    stream.end()
    stream.picker.handle([.enter])
    #expect(stream.picker.pickedLines == [reversed ? "c" : "a"])
  }

  struct FirstMatchCase: Sendable, CustomTestStringConvertible {
    let input: String
    let query: String
    let selectsOne: Bool
    let exitsOnNone: Bool
    /// The row picked at once, `none` for exit 1, nil for drawing the picker.
    let outcome: String?
    var testDescription: String { "\(input.debugDescription) -q \(query) -1 \(selectsOne) -0 \(exitsOnNone)" }
  }

  /// fzf's rules: -1 picks the only match once the input ended; -0 ends with none; either
  /// draws as soon as it cannot apply.
  static let firstMatchCases: [FirstMatchCase] = [
    FirstMatchCase(input: "a\nb\n", query: "a", selectsOne: true, exitsOnNone: false, outcome: "a"),
    FirstMatchCase(input: "a\nb\n", query: "", selectsOne: true, exitsOnNone: false, outcome: nil),
    FirstMatchCase(input: "a\nb\n", query: "z", selectsOne: true, exitsOnNone: false, outcome: nil),
    FirstMatchCase(input: "a\nb\n", query: "z", selectsOne: false, exitsOnNone: true, outcome: "none"),
    FirstMatchCase(input: "a\nb\n", query: "a", selectsOne: false, exitsOnNone: true, outcome: nil),
    FirstMatchCase(input: "", query: "", selectsOne: true, exitsOnNone: true, outcome: "none"),
    FirstMatchCase(input: "b", query: "", selectsOne: true, exitsOnNone: true, outcome: "b"),
  ]

  @Test(arguments: firstMatchCases)
  func selectOneAndExitZeroDecideAtTheEnd(_ example: FirstMatchCase) throws {
    let stream = try Stream(
      options {
        $0.query = example.query
        $0.selectsOne = example.selectsOne
        $0.exitsOnNone = example.exitsOnNone
      })
    stream.send(example.input, rows: example.input.filter { $0 == "\n" }.count)
    stream.end()
    let outcome = stream.picker.awaitFirstMatches()
    switch outcome {
    case .picked(let rows): #expect(rows.map { stream.session.screen.dataset.title($0) } == [example.outcome])
    case .nothingToPick: #expect(example.outcome == "none")
    default: #expect(outcome == nil && example.outcome == nil)
    }
  }

  /// Without --multi Tab does nothing, as fzf's; --multi=MAX marks at most MAX rows.
  @Test(arguments: [(nil, [Int]()), (1, [0]), (Int.max, [0, 1])] as [(Int?, [Int])])
  func tabMarksOnlyUnderMulti(_ example: (Int?, [Int])) throws {
    let stream = try Stream(options { $0.multi = example.0 })
    stream.send("a\nb\nc\n", rows: 3)
    stream.picker.handle([.tab, .tab])
    #expect((stream.picker.live.marks ?? []).sorted() == example.1)
    let expected =
      example.0 == nil
      ? "  3/3 · main table" : "  3/3 (\(example.1.count)\(example.0 == 1 ? "/1" : "")) · main table"
    stream.end()
    #expect(stream.picker.frame(width: 60, height: 8).contains(expected))
  }

  @Test func theHeaderIsShownNeverSearchedNorPicked() throws {
    let stream = try Stream(
      options {
        $0.header = "keys\nhelp"; $0.headerLines = 1; $0.query = "id"
      }, headerRows: 1)
    stream.send("id name\n1 idle\n2 busy\n", rows: 2)
    stream.end()
    let frame = stream.picker.frame(width: 60, height: 9)
    #expect(Array(frame[1...4]) == ["  1/2 · results table", "keys", "help", "id name"])
    #expect(stream.table == ["1 idle"])
  }

  /// --cycle: Up from the first row goes to the last, Down from the last to the first.
  @Test func cycleWrapsAround() throws {
    let stream = try Stream(options { $0.cycles = true })
    stream.send("a\nb\nc\n", rows: 3)
    stream.picker.handle([.up])
    #expect(stream.highlighted == "c")
    stream.picker.handle([.down])
    #expect(stream.highlighted == "a")
    stream.end()
  }

  /// fzf's field and colour options: `--nth` decides what matches, `--with-nth` what shows,
  /// `--ansi` strips escapes; the whole row (escapes stripped with `--ansi`) is what prints.
  @Test(arguments: fieldCases)
  func fieldsDecideWhatMatchesShowsAndPrints(_ example: FieldCase) throws {
    let stream = try Stream(
      options {
        $0.exact = false
        $0.delimiter = ":"
        $0.searchedFields = FieldRange.list(example.nth) ?? []
        $0.shownFields = FieldRange.list(example.withNth) ?? []
        $0.ansi = example.ansi
      })
    stream.send("x:apple pie\n\u{1B}[31my\u{1B}[0m:banana\nb:cherry\n", rows: 3)
    stream.end()
    stream.picker.handle(example.query.map { .character(String($0)) })
    #expect(stream.table == example.shown)
    let printed = stream.table.indices.map { row in
      let id = stream.session.tableRowIDs(in: row..<(row + 1))[0]
      return stream.session.live.pipedRows?.originalBytes(ofRow: id).map {
        String(decoding: $0, as: UTF8.self)
      }
        ?? stream.session.screen.dataset.title(id)
    }
    #expect(printed == example.printed)
    // Only the title shows (the searched fields are a column the table never draws), and an
    // escape without `--ansi` is drawn escaped.
    let frame = stream.picker.frame(width: 60, height: 8)
    #expect(!frame.contains { $0.contains("fields") || $0.contains("\u{1B}[3") })
    if example.nth == "2" { #expect(frame.contains { $0.contains("\\e[31my\\e[0m:banana") }) }
  }

  struct FieldCase: Sendable, CustomTestStringConvertible {
    var nth = ""
    var withNth = ""
    var ansi = false
    var query: String
    var shown: [String]
    var printed: [String]
    var testDescription: String { "--nth '\(nth)' --with-nth '\(withNth)' ansi \(ansi) query \(query)" }
  }

  static let fieldCases: [FieldCase] = [
    // `b` is in `b:` and `banana` but only the second field is searched.
    FieldCase(
      nth: "2", query: "b", shown: ["\u{1B}[31my\u{1B}[0m:banana"], printed: ["\u{1B}[31my\u{1B}[0m:banana"]),
    FieldCase(nth: "1", query: "b", shown: ["b:cherry"], printed: ["b:cherry"]),
    FieldCase(withNth: "2", query: "ch", shown: ["cherry"], printed: ["b:cherry"]),
    FieldCase(withNth: "2", query: "x", shown: [], printed: []),
    FieldCase(ansi: true, query: "y:", shown: ["y:banana"], printed: ["y:banana"]),
    FieldCase(nth: "1", ansi: true, query: "31", shown: [], printed: []),
  ]
}
