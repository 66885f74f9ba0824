import Foundation
import ShellCoreTestSupport

@testable import Engine
@testable import ShellCore
@testable import Tables

/// A session on the bundled datasets, writing into memory.
struct SessionFixture {
  let console = BufferConsole()
  let session: Session

  /// The repository's `datasets` folder, found from this file.
  static let catalog: DatasetCatalog = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    do {
      return try DatasetCatalog(directory: root.appendingPathComponent("datasets"))
    } catch {
      fatalError("the bundled datasets are missing: \(error)")
    }
  }()

  init(dataset: String = "countries") throws {
    session = try Session(
      console: console, catalog: Self.catalog, dataset: dataset, isInteractive: false, useColor: false)
    let root = Self.catalog.directory.deletingLastPathComponent()
    session.hooks.demos = DemoCatalog(directory: root.appendingPathComponent("demos"))
  }

  /// Runs commands in order and returns what they printed.
  @discardableResult
  func run(_ lines: String...) -> (output: [String], errors: [String]) { run(lines) }

  /// Runs `lines` in order and returns what they printed.
  @discardableResult
  func run(_ lines: [String]) -> (output: [String], errors: [String]) {
    let outputBefore = console.output.count
    let errorsBefore = console.errors.count
    for line in lines { session.execute(line) }
    return (Array(console.output[outputBefore...]), Array(console.errors[errorsBefore...]))
  }

  /// The titles of the rows in the table on screen.
  var titlesOnScreen: [String] {
    let rows = session.screen.tableRows
    return (try? rows.rows(in: 0..<rows.exactCount()).map(\.title)) ?? []
  }
}
