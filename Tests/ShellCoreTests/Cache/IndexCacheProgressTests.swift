import Foundation
import ShellCoreTestSupport
import Testing

@testable import Engine
@testable import ShellCore
@testable import Tables

/// What a first open reports to the monitor, in order: the reading's progress, then the index
/// build with the row count; a second open from the index cache reads and indexes nothing.
extension IndexCacheTests {
  /// A monitor that keeps what it was told, once per kind in a row.
  final class ProgressRecorder: LoadMonitor {
    private(set) var events: [String] = []
    func loadWillStart(_ label: String) { if events.isEmpty { events.append("start") } }
    func loadProgressed(bytesRead: Int, totalBytes: Int?) {
      if events.last != "read" { events.append("read") }
    }
    func loadIndexing(rows: Int) { events.append("indexing \(rows)") }
    var isCancelled: Bool { false }
    func loadDidEnd() { events.append("end") }
  }

  @Test func aFirstOpenReportsReadingThenIndexingAndACachedOneNeither() throws {
    let sandbox = try CacheSandbox(rows: 2_000)
    for expected in [["start", "read", "indexing 2000", "end"], ["start", "end"]] {
      let recorder = ProgressRecorder()
      let opener = DatasetOpener(
        catalog: nil, configuration: sandbox.configuration(), monitor: recorder, console: BufferConsole(),
        standardInputIsFree: false)
      _ = try opener.open(LoadRequest(target: sandbox.data))
      IndexCacheWrites.shared.waitForAll()
      #expect(recorder.events == expected)
    }
  }
}
