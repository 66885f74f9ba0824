import Foundation
import ShellCoreTestSupport
import Testing

@testable import ShellCore

/// A session started where the bundled datasets cannot be found.
struct MissingDatasetsTests {
  @Test func noDatasetAndNoBundledFolderNamesTheMissingFolder() {
    #expect(throws: ShellError.datasetsMissing("datasets/manifest.json")) {
      try Session(console: BufferConsole(), catalog: nil, isInteractive: false, useColor: false)
    }
    let message = ShellError.datasetsMissing("datasets/manifest.json").description
    #expect(message.hasPrefix("Cannot find the bundled datasets (looked for 'datasets/manifest.json')"))
  }

  @Test func aNamedFileStillOpensWithoutTheBundledFolder() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("missing-datasets-\(UUID()).txt")
    try Data("apple\nbanana\n".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let session = try Session(
      console: BufferConsole(), catalog: nil, dataset: file.path, isInteractive: false, useColor: false)
    #expect(session.screen.dataset.rowCount == 2)
  }
}
