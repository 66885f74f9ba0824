import Foundation
import TablesTestSupport
import Testing

@testable import Engine
@testable import ShellCore
@testable import Tables

/// Ctrl-C during a load's index build cancels the load like Ctrl-C while reading.
struct LoadCancellationTests {
  /// A monitor whose Ctrl-C comes once the file has been read to its end: during the index build.
  final class CtrlCAfterReading: LoadMonitor {
    private var reportsOfTheEnd = 0
    private(set) var queriesAfterReading = 0
    private(set) var ended = 0

    func loadWillStart(_ label: String) {}

    func loadProgressed(bytesRead: Int, totalBytes: Int?) {
      // The read that finds the end reports the total a second time.
      if bytesRead == totalBytes { reportsOfTheEnd += 1 }
    }

    var isCancelled: Bool {
      guard reportsOfTheEnd >= 2 else { return false }
      queriesAfterReading += 1
      return true
    }

    func loadDidEnd() { ended += 1 }
  }

  @Test func theEngineBuildStopsWhenAsked() throws {
    let dataset = try DataFixture.load("b\na\nab\n", format: .text).dataset
    let cancelled = SearchEngine(dataset: dataset, tuning: .small(1), isCancelled: { true })
    #expect(cancelled.wasCancelled)
    let built = SearchEngine(dataset: dataset, tuning: .small(1), isCancelled: { false })
    #expect(!built.wasCancelled)
    #expect(try built.search("a", rule: .fold) == [1, 2])
  }

  @Test func ctrlCDuringTheIndexBuildKeepsDatasetTextAndSelection() throws {
    let folder = try DataFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("new.txt").path
    try Data("one\ntwo\n".utf8).write(to: URL(fileURLWithPath: path))
    let fixture = try SessionFixture()
    fixture.run("search ger", "select 1")
    let before = fixture.run("status").output
    let monitor = CtrlCAfterReading()
    fixture.session.hooks.loadMonitor = monitor
    let printed = fixture.run("load \(path)")
    #expect(printed.errors == ["error: Loading '\(path)' was cancelled; the previous dataset stays"])
    #expect(monitor.queriesAfterReading > 0)
    #expect(monitor.ended == 1)
    fixture.session.hooks.loadMonitor = nil
    #expect(fixture.session.screen.dataset.name == "countries")
    #expect(fixture.run("status").output == before)
  }
}
