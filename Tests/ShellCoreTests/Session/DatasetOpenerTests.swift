import Foundation
import ShellCoreTestSupport
import Testing

@testable import ShellCore

/// `--dataset` at start and `load` open a dataset the same way: the same rows, or the same error.
@Suite struct DatasetOpenerTests {
  /// A folder with one small file, removed at the end.
  final class Folder {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("opener-\(UUID().uuidString)")
      .path
    var file: String { path + "/words.txt" }

    init() throws {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      try Data("alpha\nbeta\ngamma\n".utf8).write(to: URL(fileURLWithPath: file))
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
  }

  /// The targets: a bundled name, a file, a folder, a missing path, an unknown and a misspelt name.
  static func targets(_ folder: Folder) -> [String] {
    ["candies", folder.file, folder.path, folder.path + "/none.txt", "nowhere", "candys"]
  }

  @Test func startAndLoadOpenTheSameWay() throws {
    let folder = try Folder()
    for target in Self.targets(folder) {
      let loaded = try SessionFixture(dataset: "countries")
      let printed = loaded.run("load \(target)")
      let console = BufferConsole()
      do throws(ShellError) {
        let started = try Session(
          console: console, catalog: SessionFixture.catalog, dataset: target, isInteractive: false,
          useColor: false)
        #expect(printed.errors == [], "\(target)")
        #expect(started.screen.dataset.name == loaded.session.screen.dataset.name, "\(target)")
        #expect(started.screen.dataset.rowCount == loaded.session.screen.dataset.rowCount, "\(target)")
        #expect(
          started.screen.backend.searchedColumns == loaded.session.screen.backend.searchedColumns, "\(target)"
        )
        #expect(started.screen.settings == loaded.session.screen.settings, "\(target)")
      } catch {
        #expect(printed.errors == ["error: " + error.description], "\(target)")
        #expect(loaded.session.screen.dataset.name == "countries", "a failed load keeps the dataset")
      }
    }
  }

  @Test func theErrorsNameTheTarget() throws {
    let folder = try Folder()
    let errors =
      Self.targets(folder).map { target in
        do throws(ShellError) {
          _ = try Session(
            console: BufferConsole(), catalog: SessionFixture.catalog, dataset: target, isInteractive: false,
            useColor: false)
          return nil
        } catch {
          return error
        }
      } as [ShellError?]
    #expect(
      errors == [
        nil, nil, .isDirectory(folder.path), .fileNotFound(folder.path + "/none.txt"),
        .unknownDataset("nowhere", suggestion: nil), .unknownDataset("candys", suggestion: "candies"),
      ])
  }
}
