import EngineTestSupport
import Foundation
import Tables
import Testing

@testable import Engine
@testable import ShellCore

/// The one-shot `--filter` (no index) prints what the indexed path (`Session.printMatches`, the
/// folded index) prints, byte for byte, for every rule, over generated rows (accents in NFC and
/// NFD, other scripts, CR, invalid UTF-8, NUL, long rows, blanks) and many queries, whatever the
/// block size, the number of workers and whether the input is a file or a pipe.
@Suite(.serialized) struct OneShotParityTests {
  /// Rows a person would not write: the bytes the indexed path repairs or shows as pictures.
  static let hostileRows: [[UInt8]] = [
    Array("cr at end\r".utf8), Array("mid\rdle cr".utf8), [0x61, 0xFF, 0x62, 0x20, 0x73, 0x74],
    [0xC3, 0x28, 0x73, 0x74, 0x61], [0x6B, 0x65, 0x65, 0x70, 0x00, 0x6D, 0x65], [0x00],
    Array("  leading and trailing  ".utf8), [], Array("STAND Up".utf8), Array("tab\tstand".utf8),
    Array(String(repeating: "abcst-", count: 40).utf8), Array(("x" + String(repeating: "é", count: 90)).utf8),
    Array((String(repeating: "q", count: 5_000) + " stand").utf8), Array("ǅungla ǈ ǋ".utf8),
    Array("İstanbul ıstanbul".utf8), Array("ﬁle ﬃ".utf8),
  ]

  /// Queries every rule is tried with, besides random ones.
  static let fixedQueries = [
    "", " ", "a", "st", "sta", "stand", "ST", "Stand", "é", "É", "e", "ss", "ß", "'st", "!a", "^a", "a$",
    "st | é",
    "!st !a", "x\\ y", "東", "zzqx", "ø", "\u{FFFD}", "\u{2400}", "keep", "cr", "q", "abcst", "'abc st$",
  ]

  /// Patterns for `regex`.
  static let regexQueries = ["", "a.b", "^st", "[0-9]+", "é", "St|st", "\\bsta", "a$", "(", "x*"]

  /// Generated rows for `seed`: words, repetitive rows and the hostile ones, shuffled.
  static func rows(seed: UInt64) -> [[UInt8]] {
    var random = SeededGenerator(seed: seed)
    var rows = RandomRows.rows(150, &random).map { Array($0.utf8) }
    rows += RandomRows.repetitiveRows(60, &random).map { Array($0.utf8) }
    rows += hostileRows
    rows.shuffle(using: &random)
    return rows
  }

  /// The queries tried for `rule` over `rows`.
  static func queries(_ rule: MatchRule, rows: [[UInt8]], seed: UInt64) -> [String] {
    if rule == .regex { return regexQueries }
    var random = SeededGenerator(seed: seed &+ 7)
    let texts = rows.map { String(decoding: $0, as: UTF8.self) }
    return fixedQueries + (0..<40).map { _ in RandomRows.query(texts, &random) }
  }

  @Test(arguments: MatchRule.allCases)
  func oneShotPrintsWhatTheIndexPrints(_ rule: MatchRule) throws {
    for seed: UInt64 in [1, 2] {
      let rows = Self.rows(seed: seed)
      // Every other input lacks its last LF: the last row is a row all the same.
      var input = rows.map { $0 + [0x0A] }.joined().map { $0 }
      if seed == 2 { input.removeLast() }
      let file = try TemporaryInput(input)
      defer { file.remove() }
      let session = try indexedSession(file.path, rule: rule)
      for query in Self.queries(rule, rows: rows, seed: seed) {
        let expected = indexed(session, query)
        // The last run reads every row through fzf's field options (`--ansi`, which leaves rows
        // with no escapes as they are): the same matches, through the parts' path.
        let runs = [
          (1 << 20, 2, false, false), (97, 2, true, false), (300, 3, false, false), (64, 1, true, true),
        ]
        for (blockSize, workers, piped, transforms) in runs {
          let got = try oneShot(
            input, path: file.path, query: query, rule: rule, blockSize: blockSize, workers: workers,
            piped: piped,
            transforms: transforms)
          #expect(
            got == expected,
            "\(got.difference(from: expected)): rule \(rule.rawValue), seed \(seed), query \(Sanitizer.quoted(query)), blocks of \(blockSize), \(workers) workers, piped \(piped), --ansi \(transforms)"
          )
        }
      }
    }
  }

  /// The indexed path's session on the rows of `path`, under `rule`.
  private func indexedSession(_ path: String, rule: MatchRule) throws -> (Session, RecordingConsole) {
    let console = RecordingConsole()
    let session = try Session.onPipedRows(
      from: path, console: console, match: rule.rawValue, useColor: false, rows: PipedRows(),
      configuration: ShellConfiguration())
    return (session, console)
  }

  /// What `printMatches(query)` prints, or the error line.
  private func indexed(_ session: (Session, RecordingConsole), _ query: String) -> Outcome {
    session.1.bytes = []
    do {
      _ = try session.0.printMatches(query)
      return .printed(session.1.bytes)
    } catch {
      return .failed(error.description)
    }
  }

  /// What the one-shot filter prints for `query` over `input` (the file at `path`, or piped).
  private func oneShot(
    _ input: [UInt8], path: String, query: String, rule: MatchRule, blockSize: Int, workers: Int, piped: Bool,
    transforms: Bool
  ) throws -> Outcome {
    var pick = PickOptions()
    pick.match = rule
    pick.ansi = transforms
    var options = try PickFilter.filterOptions(
      pick, file: nil, configuration: ShellConfiguration(), escaping: false)
    options.blockSize = blockSize
    options.workers = workers
    let filter: OneShotFilter
    do throws(SearchError) {
      filter = try OneShotFilter(query: query, options: options)
    } catch {
      return .failed(ShellError(error).description)
    }
    let output = try TemporaryInput([])
    defer { output.remove() }
    let written = open(output.path, O_WRONLY | O_CLOEXEC)
    defer { close(written) }
    do throws(OneShotFilter.Failure) {
      if piped {
        try PipedInput.feeding(input) { descriptor throws(OneShotFilter.Failure) in
          _ = try filter.run(input: descriptor, output: written)
        }
      } else {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        _ = try filter.run(input: descriptor, output: written)
      }
    } catch {
      return .failed("\(error)")
    }
    return .printed(try [UInt8](Data(contentsOf: URL(fileURLWithPath: output.path))))
  }

  /// What a path printed.
  enum Outcome: Equatable {
    case printed([UInt8])
    case failed(String)

    /// The first line where `self` and `expected` part (one line, not both outputs).
    func difference(from expected: Outcome) -> String {
      guard case .printed(let got) = self, case .printed(let wanted) = expected else {
        return "got \(self.brief), expected \(expected.brief)"
      }
      let gotLines = got.split(separator: 0x0A, omittingEmptySubsequences: false)
      let wantedLines = wanted.split(separator: 0x0A, omittingEmptySubsequences: false)
      let index =
        (0..<min(gotLines.count, wantedLines.count)).first { gotLines[$0] != wantedLines[$0] }
        ?? min(gotLines.count, wantedLines.count)
      func line(_ lines: [ArraySlice<UInt8>]) -> String {
        index < lines.count
          ? String(decoding: lines[index].prefix(80), as: UTF8.self).debugDescription : "(end)"
      }
      return
        "line \(index + 1): got \(line(gotLines)), expected \(line(wantedLines)) (\(gotLines.count) and \(wantedLines.count) lines)"
    }

    /// A short account of the outcome.
    var brief: String {
      switch self {
      case .printed(let bytes): return "\(bytes.count) bytes"
      case .failed(let message): return "error: \(message)"
      }
    }
  }
}

/// A console recording the raw rows printed (as a pipe would receive them).
final class RecordingConsole: RawDataConsole {
  var bytes: [UInt8] = []
  var lines: [String] = []
  let passesRawData = true

  func print(_ line: String) { lines.append(line) }
  func printError(_ line: String) { lines.append("error: " + line) }
  func printRaw(_ record: String) { bytes += Array(record.utf8) + [0x0A] }
  func printRawBytes(_ record: [UInt8], terminator: UInt8) { bytes += record + [terminator] }
}

/// A temporary file holding given bytes.
struct TemporaryInput {
  let path: String

  init(_ bytes: [UInt8]) throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("oneshot-\(UUID().uuidString)").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// Bytes fed by another thread into a stream (not a file: the filter reads it, as a pipe) while
/// `body` reads its other end.
enum PipedInput {
  static func feeding<Failure: Error>(
    _ bytes: [UInt8], _ body: (Int32) throws(Failure) -> Void
  ) throws(Failure) {
    // A socket pair, written with MSG_NOSIGNAL: a filter that stops early makes the feeder's
    // write fail, where a pipe would raise SIGPIPE (and ignoring it would leak into the
    // processes other tests start).
    var ends: [Int32] = [0, 0]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0 else {
      preconditionFailure("no socket pair")
    }
    let (reading, writing) = (ends[0], ends[1])
    let done = DispatchSemaphore(value: 0)
    let feeder = Thread {
      bytes.withUnsafeBytes { buffer in
        guard let base = buffer.baseAddress else { return }
        var written = 0
        while written < buffer.count {
          let count = send(writing, base + written, min(buffer.count - written, 977), Int32(MSG_NOSIGNAL))
          if count <= 0 { break }
          written += count
        }
      }
      close(writing)
      done.signal()
    }
    feeder.start()
    defer {
      close(reading)
      done.wait()
    }
    try body(reading)
  }
}
