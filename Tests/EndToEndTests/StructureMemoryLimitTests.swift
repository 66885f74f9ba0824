import Foundation
import Testing

/// Structures built when first needed (side forms, initials, the index of other columns) that
/// the system refuses memory to, through the built binary: one error line, the previous search
/// and settings kept, never a trap.
@Suite struct StructureMemoryLimitTests {
  /// A case: the file's rows, the first search and its matches, the command that builds the
  /// structure once the limit is lowered, the limit's headroom, the error's first words, and the
  /// matches of the first search under the command when it may be answered instead.
  struct Case: Sendable {
    let name: String
    let words: [String]
    let header: String?
    let first: (search: String, matches: Int)
    let command: String
    let headroomKiB: Int
    let error: String
    var answer: Int?
    /// Commands run after the load, before the first search.
    var before: [String] = []
  }

  static let search = "error: Not enough memory for this search ("
  /// The cases: structures larger than the headroom.
  ///
  /// Every row wide (an accent each): the `ci` side form of 6M rows (70 MiB) or their initials
  /// (3 bytes a row, 17.2 MiB) pass the headroom; `set fields` indexes two columns anew. Refused
  /// its initials, a `prefix` search may be planned without them and answered (`board`, `bèst`).
  static let cases: [Case] = [
    Case(
      name: "ci side forms", words: ["chèss board", "zébra crossing", "lémon tree", "bèst guess"],
      header: nil,
      first: ("es", 3_000_000), command: "set match ci", headroomKiB: 16_384, error: search),
    Case(
      name: "prefix initials", words: ["chèss board", "zébra crossing", "lémon tree", "bèst guess"],
      header: nil, first: ("b", 4_500_000), command: "set match prefix", headroomKiB: 4_096, error: search,
      answer: 3_000_000),
    Case(
      name: "set fields",
      words: ["chess board\tlemon", "zebra crossing\tbest", "lemon tree\tchess", "best guess\tzebra"],
      header: "name\tnote", first: ("es", 3_000_000), command: "set fields name,note", headroomKiB: 16_384,
      error: "error: Not enough memory to search these fields (",
      // A file's load searches both columns: the case starts from the title alone.
      before: ["set fields name"]),
  ]

  @Test(arguments: cases.indices)
  func aStructureOutOfAddressSpaceIsOneErrorKeepingThePreviousResults(index: Int) throws {
    let test = Self.cases[index]
    let folder = try HostileDataTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = test.header == nil ? "rows.txt" : "rows.tsv"
    try MemoryLimitTests.write(test.words, header: test.header, to: file, in: folder)
    let result = try LoweredLimitSession(
      in: folder, setup: ["load \(file)"] + test.before + ["search \(test.first.search)", "status"],
      after: [test.command, "status"], headroomKiB: test.headroomKiB)
    let statuses = result.stdout.components(separatedBy: "dataset: rows\n").dropFirst()
    #expect(statuses.count == 2, "\(test.name)")
    if let answer = test.answer, result.status == 0 {
      #expect(result.stderr == "")
      #expect(statuses.last?.contains("matches: \(answer)\n") == true, "\(test.name)")
      return
    }
    #expect(result.status == 1, "\(test.name)")
    #expect(result.stderr.hasPrefix(test.error), "\(test.name): \(result.stderr)")
    #expect(
      result.stderr.hasSuffix(
        " more was refused); the previous \(test.command.hasPrefix("set fields") ? "fields" : "results") stay\n"
      ))
    #expect(result.stderr.split(separator: "\n").count == 1, "\(test.name)")
    for status in statuses {
      #expect(status.contains("text: \"\(test.first.search)\"\n"), "\(test.name)")
      #expect(status.contains("matches: \(test.first.matches)\n"), "\(test.name)")
    }
  }
}
