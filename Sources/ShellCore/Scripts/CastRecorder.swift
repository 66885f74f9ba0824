import Engine
import Foundation
import Tables

/// Writes what the audience sees as an asciicast v2 file, the format `asciinema play` replays:
/// a JSON header line, then one `[seconds, "o", text]` line per burst of output.
///
/// Output at one moment is gathered into one event and written when the session asks (after
/// each command) or when a burst grows large, so memory stays bounded; each event is stamped
/// later than the one before, so the timestamps always increase.
final class CastRecorder {
  /// The file, as the user named it.
  var path: String { file.name }
  /// The terminal's width the header names.
  let width: Int
  private let file: AppendingFile
  private let clock: PresentationClock
  /// The clock's time when the recording began: the events count from it.
  private let origin: Int
  /// Text not yet written, and when it was shown.
  private var pending = ""
  private var pendingTime = 0
  /// The time of the last event written, so the next one comes after it.
  private var lastTime = -1
  /// The first failed write; nothing is written after it.
  private(set) var failure: ShellError?

  /// The most text gathered into one event before it is written.
  static let burstLimit = 1 << 16

  /// Opens `path` through `GuardedFileWriter` (an existing file as `policy` says) and writes
  /// the header, or throws the writer's error.
  init(
    path: String, header: CastHeader, clock: PresentationClock, policy: ExistingFilePolicy,
    protectedPaths: [String]
  ) throws(ShellError) {
    self.file = try tables { () throws(TableError) in
      try GuardedFileWriter.openAppending(
        path, header: header.line + "\n", protectedPaths: protectedPaths, existing: policy)
    }
    self.clock = clock
    self.origin = clock.now
    self.width = header.width
  }

  /// Adds `text` (terminal output: lines end in CR LF) as shown now.
  func output(_ text: String) {
    guard failure == nil, !text.isEmpty else { return }
    let now = clock.now &- origin
    if !pending.isEmpty, now != pendingTime || pending.utf8.count >= Self.burstLimit { writePending() }
    if pending.isEmpty { pendingTime = now }
    pending += text
  }

  /// Writes what is pending; refuses once the file has become one of `protectedPaths`.
  ///
  /// Returns the failure, once, so the session can say the recording stopped.
  func flush(protectedPaths: [String]) -> ShellError? {
    guard failure == nil else { return nil }
    if file.isOne(of: protectedPaths) { failure = .wouldOverwriteDataset(file.name) }
    if failure == nil { writePending() }
    return failure
  }

  private func writePending() {
    guard !pending.isEmpty, failure == nil else { return }
    let time = max(pendingTime, lastTime &+ 1)
    let line = "[" + Self.seconds(time) + ", \"o\", " + JSONText.string(pending) + "]\n"
    pending = ""
    lastTime = time
    do throws(TableError) {
      try file.append(line)
    } catch {
      failure = ShellError(error)
    }
  }

  /// Microseconds as seconds with six decimals: `1.500000`.
  static func seconds(_ microseconds: Int) -> String {
    let value = max(0, microseconds)
    let fraction = String(value % 1_000_000)
    return "\(value / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
  }

  /// Closes the file after writing what is pending.
  func close(protectedPaths: [String]) {
    _ = flush(protectedPaths: protectedPaths)
    file.close()
  }
}
