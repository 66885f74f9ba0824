import Foundation
import ShellCoreTestSupport
import Testing

@testable import ShellCore
@testable import Tables

/// `--delimiter`, `--header` and `--comment` are ways of reading a file: each has its own entry,
/// and a mapped entry says how its file was read as the first load did.
extension IndexCacheTests {
  @Test(arguments: [
    ("", ["name", "price"]), (" --delimiter ,", ["name;price"]), (" --header none", ["1", "2"]),
    (" --comment n", ["1", "2"]),
  ])
  func eachWayOfReadingHasItsOwnEntry(options: String, columns: [String]) throws {
    let sandbox = try CacheSandbox()
    let csv = sandbox.root.appendingPathComponent("data/prices.csv").path
    var text = "name;price\n"
    for row in 0..<2_000 { text += "Item \(row);\(row),50\n" }
    try Data(text.utf8).write(to: URL(fileURLWithPath: csv))
    // Another way of reading the file first: its entry must not serve this one.
    let other = options.isEmpty ? " --header yes" : ""
    _ = try sandbox.open(csv + other)
    let first = try sandbox.open(csv + options)
    #expect(first.index == .built)
    #expect(first.dataset.columns == columns)
    #expect(sandbox.cacheFiles.count == 2)
    let second = try sandbox.open(csv + options)
    #expect(second.index == .cache)
    #expect(second.dataset.columns == columns)
    #expect(second.reading == first.reading && first.reading != nil)
  }
}
