import Foundation
import Synchronization
import TablesTestSupport
import Testing

@testable import ShellCore
@testable import Tables

/// A load samples its columns (`ColumnProfile`) at most once: the title's choice and the
/// searched columns read the same profile (they sampled the rows twice).
struct ColumnProfileOnceTests {
  @Test(arguments: [
    // No column named like a title: the profile chooses the title, then the searched columns.
    ("stock.csv", "id,label,note\n1,Apple pie,sweet\n2,Tea cake,dry\n", 1),
    // A `name` column is the title: only the searched columns need the profile.
    ("named.csv", "id,name,note\n1,Apple pie,sweet\n2,Tea cake,dry\n", 1),
    // One column: nothing to choose.
    ("lines.txt", "Apple pie\nTea cake\n", 0),
  ])
  func aLoadProfilesItsColumnsOnce(_ example: (String, String, Int)) throws {
    let folder = try DataFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent(example.0)
    try Data(example.1.utf8).write(to: path)
    let fixture = try SessionFixture()
    let count = ProfileCount()
    let printed = ColumnProfile.$builds.withValue(count) { fixture.run("load \(path.path)") }
    #expect(printed.errors == [])
    #expect(fixture.session.screen.dataset.name != "countries", "the file did not load")
    #expect(count.count.load(ordering: .relaxed) == example.2, "\(example.0)")
  }
}
