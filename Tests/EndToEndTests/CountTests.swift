import Foundation
import Testing

/// `count COL` through the built binary: under `-q` its values are data that agree with
/// `cut | sort | uniq -c` on the same file, and `filter` narrows what `export -` writes.
struct CountTests {
  /// A CSV of `rows` rows whose `category` repeats unevenly, some empty; in a folder of its own.
  static func categories(rows: Int) throws -> (folder: URL, path: String) {
    let folder = try HostileDataTests.folder()
    let path = folder.appendingPathComponent("items.csv").path
    let names = ["tools", "food", "", "books", "Toys", "toys", "café", "cafe\u{301}"]
    var text = "id,category,text\n"
    var state: UInt64 = 7
    for id in 0..<rows {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let pick = Int((state >> 33) % UInt64(names.count * (names.count + 1) / 2))
      // Triangular odds: earlier names are more frequent, so the order is tested.
      var index = 0
      var bound = names.count
      while pick >= bound, index < names.count - 1 {
        index += 1
        bound += names.count - index
      }
      text += "\(id),\(names[index]),item \(id)\n"
    }
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return (folder, path)
  }

  @Test func quietCountAgreesWithCutSortUniq() throws {
    let (folder, path) = try Self.categories(rows: 3_000)
    defer { try? FileManager.default.removeItem(at: folder) }
    let counted = try ShellProcess.run(["-q", "--no-rc", path, "-c", "count category"])
    #expect(counted.status == 0)
    #expect(counted.stderr == "")
    var lines = counted.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first == "category\tcount")
    #expect(lines.last == "")
    lines = Array(lines.dropFirst().dropLast())
    let ours = lines.map { line -> String in
      let cells = line.split(separator: "\t", omittingEmptySubsequences: false)
      return "\(cells.last ?? "") \(cells.first ?? "")"
    }
    let reference = try ShellProcess.runProgram(
      "/bin/sh",
      ["-c", "tail -n +2 \"$0\" | cut -d, -f2 | LC_ALL=C sort | uniq -c | LC_ALL=C sort -k1,1nr -s", path])
    let theirs = reference.stdout.split(separator: "\n").map {
      $0.drop { $0 == " " }.replacingOccurrences(of: #"^(\d+) "#, with: "$1 ", options: .regularExpression)
    }
    #expect(ours == theirs)
    #expect(ours.count == 8)
  }

  @Test func aChosenValueNarrowsTheExport() throws {
    let (folder, path) = try Self.categories(rows: 500)
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try ShellProcess.run([
      "-q", "--no-rc", path, "-c", "count category", "-c", "filter 2", "-c", "export - --format tsv",
    ])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    // The counts (a header and 8 values), then the export (a header and the rows).
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    let second = lines.dropFirst(2).first?.split(separator: "\t", omittingEmptySubsequences: false)
    let rows = lines.dropFirst(10)
    #expect(lines.dropFirst(9).first == "id\tcategory\ttext")
    #expect(rows.count == Int(second?.last ?? "") ?? -1)
    #expect(
      rows.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false)[1] == second?.first })
  }
}
