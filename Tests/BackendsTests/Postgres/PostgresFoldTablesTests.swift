import Foundation
import Testing

@testable import Backends

/// The fold's stored tables are what `TextFolding` computes, and their text reads back.
struct PostgresFoldTablesTests {
  /// The stored file, found from this file.
  static let storedFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/Backends/Postgres/PostgresFoldTables+Stored.swift")

  /// With `SEARCHSHELL_WRITE_FOLD_TABLES=1` (scripts/generate-fold-tables.sh) the file is
  /// written first; otherwise a toolchain whose Unicode tables changed fails here.
  @Test func theStoredTablesAreTheComputedOnes() throws {
    let computed = PostgresFoldTables.computed().text()
    if ProcessInfo.processInfo.environment["SEARCHSHELL_WRITE_FOLD_TABLES"] == "1" {
      let before = try String(contentsOf: Self.storedFile, encoding: .utf8)
      let head = try #require(before.range(of: "static let storedText = \"\"\"\n"))
      let indented = computed.split(separator: "\n").map { "    " + $0 + "\n" }.joined()
      try (before[..<head.upperBound] + indented + "    \"\"\"\n}\n").write(
        to: Self.storedFile, atomically: true, encoding: .utf8)
      return
    }
    #expect(
      PostgresFoldTables.storedText == computed,
      "the stored fold tables differ from TextFolding's: run scripts/generate-fold-tables.sh")
  }

  /// The forms' stored file (`PostgresForms+Stored.swift`).
  static let storedFormsFile = storedFile.deletingLastPathComponent()
    .appendingPathComponent("PostgresForms+Stored.swift")

  /// The `ci` and `strip` forms' stored maps are `TextFolding`'s too (written first, likewise).
  @Test func theStoredFormTablesAreTheComputedOnes() throws {
    let computed = PostgresForms.Form.allCases.map {
      PostgresFoldTables(mapping: PostgresForms.computedMapping($0), translatedBy: []).text()
    }
    if ProcessInfo.processInfo.environment["SEARCHSHELL_WRITE_FOLD_TABLES"] == "1" {
      let before = try String(contentsOf: Self.storedFormsFile, encoding: .utf8)
      var after = String(
        before[..<(try #require(before.range(of: "extension PostgresForms {\n"))).upperBound])
      for (form, text) in zip(["lower", "strip"], computed) {
        let indented = text.split(separator: "\n").map { "    " + $0 + "\n" }.joined()
        after +=
          "  /// The `\(form)` form's stored map, in `PostgresFoldTables`' text form.\n"
          + "  static let stored\(form.prefix(1).uppercased() + form.dropFirst())Text = \"\"\"\n\(indented)    \"\"\"\n"
          + (form == "lower" ? "\n" : "")
      }
      try (after + "}\n").write(to: Self.storedFormsFile, atomically: true, encoding: .utf8)
      return
    }
    #expect(
      [PostgresForms.storedLowerText, PostgresForms.storedStripText] == computed,
      "the stored form tables differ from TextFolding's: run scripts/generate-fold-tables.sh")
    let parsed = try #require(PostgresFoldTables(parsing: PostgresForms.storedLowerText))
    #expect(parsed.text() == PostgresForms.storedLowerText && !parsed.mapping.groups[0].isEmpty)
  }

  @Test func theStoredTextParsesAndReadsBack() throws {
    let parsed = try #require(PostgresFoldTables(parsing: PostgresFoldTables.storedText))
    #expect(parsed.text() == PostgresFoldTables.storedText)
    #expect(!parsed.mapping.deletions.isEmpty && !parsed.translatedBy.isEmpty)
    #expect(parsed.mapping.groups.count == PostgresFold.groupStarts.count)
  }

  @Test(arguments: [
    ("D:300-36F G1:391:3B1 E:C6:61,65 T:C0", true),
    ("", true),
    ("X:41", false), ("D:36F-300", false), ("D:30G", false), ("G9:41:61", false),
    ("G:41:61", false), ("E:C6:", false), ("E:C6:61,,65", false), ("D:1-2-3", false), ("DD:41", false),
  ])
  func tokens(text: String, parses: Bool) {
    let parsed = PostgresFoldTables(parsing: text)
    #expect((parsed != nil) == parses, "\(text)")
    if let parsed { #expect(parsed.text() == text) }
  }
}
