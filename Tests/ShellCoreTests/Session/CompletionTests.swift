import Foundation
import Testing

@testable import ShellCore

/// Tab completion as a pure function of the line before the cursor.
struct CompletionTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let dataset: String
    let line: String
    let word: String
    let expected: [String]
    var testDescription: String { "'\(line)'" }

    init(_ line: String, _ expected: [String], dataset: String = "candies") {
      self.dataset = dataset
      self.line = line
      self.word = String(line.reversed().prefix(while: { $0 != " " }).reversed())
      self.expected = expected
    }
  }

  static let cases: [Case] = [
    Case("se", ["search", "select", "set"]),
    Case("q", ["quiet", "quit"]),
    Case("ex", ["exit", "expect", "explain", "export"]),
    Case("load c", ["countries", "countries-custom", "candies"]),
    Case("load fr", ["fruits"]),
    Case("scope ", ["All", "Chocolate", "Hard", "Other"]),
    Case("scope H", ["Hard"]),
    Case("scope H", [], dataset: "countries"),
    Case(
      "set ",
      [
        "flavor", "results", "app", "rule", "live", "obscures", "sdk", "names", "app-log", "source", "quiz",
        "match", "syntax", "title", "placeholder", "prompt",
        "bar-text-color", "bar-tint", "bar-background", "shows-cancel", "hides-nav-bar", "custom-nav-bar",
        "bar-hidden", "scopes", "fields", "columns", "sort", "format", "page", "pager",
        "timeout-open", "timeout-page", "timeout-count", "timeout-export", "timeout-prepare",
      ]),
    Case("set f", ["flavor", "fields", "format"]),
    Case("compare e", ["end"]),
    Case("compare fruits d", ["display"]),
    Case("compare recipes r", ["recipes", "recipes-before-fix"]),
    Case("sort ", ["none", "off", "name", "category"]),
    Case("sort n", ["none", "name"]),
    Case("sort name ", ["asc", "desc"]),
    Case("sort name d", ["desc"]),
    Case("sort name desc ", []),
    Case("set columns ", ["auto", "*", "default", "name", "category"]),
    Case("set flavor ", ["controller", "display", "custom", "default"]),
    Case("sort name, ", ["name", "category"]),
    Case("sort name desc, c", ["category"]),
    Case("sort name,c", ["name,category"]),
    Case("sort category,name, ", ["name", "category"]),
    Case("sort category, name ", ["asc", "desc"]),
    Case("set live o", ["on", "off"]),
    Case("set match f", ["fold", "fuzzy"]),
    Case("trace ", ["on", "all", "off", "json", "state"]),
    Case("expect c", ["count", "callbacks"]),
    Case("diagram la", ["last"]),
    Case("diagram al", ["all"]),
    Case("diagram all la", ["last"]),
    Case("trace js", ["json"]),
    Case("trace on ", []),
    Case("record st", ["stop"]),
    Case("load candies --f", ["--format"]),
    Case(
      "load candies --",
      ["--comment", "--delimiter", "--format", "--header", "--no-cache", "--path", "--scope", "--title"]),
    Case("load x.csv --delimiter ", [",", ";", "|", "tab", "comma", "semicolon", "pipe", "space"]),
    Case("load x.csv --header ", ["auto", "yes", "none"]),
    Case("load x.csv --header n", ["none"]),
    Case("load candies --n", ["--no-cache"]),
    Case("load --no-cache c", ["countries", "countries-custom", "candies"]),
    Case("load --no-cache candies --title n", ["name"]),
    Case("next ", []),
    Case("fil", ["files", "filter"]),
    Case("file", ["files"]),
    Case("count ", ["name", "category"]),
    Case("freq name ", ["all"]),
    Case("filter ", ["off", "name", "category"]),
    Case("help prev", ["previous"]),
    Case("load candies --format ", ["text", "csv", "tsv", "json", "jsonl"]),
    Case("load candies --format=", []),
    Case("load --format csv c", ["countries", "countries-custom", "candies"]),
    Case("load candies --scope ", ["none", "name", "category"]),
    Case("load candies --title n", ["name"]),
    Case("load candies --format csv --title ", ["name", "category"]),
    Case("export out.csv --format ", ["plain", "csv", "tsv", "json", "jsonl", "markdown"]),
    Case("export -", ["-"]),
    Case("demo c", ["candies", "countries", "countries-custom", "countries-guide"]),
    Case("select ", ["1", "2", "3", "4", "5", "6", "7", "8", "9"]),
    Case("detail 1", ["1"]),
    Case("help sea", ["search"]),
    Case("code ", ["active", "text"]),
    Case("code active ", ["true", "false"]),
    Case("focus ", []),
    Case("nonsense ", []),
  ]

  @Test(arguments: cases)
  func completes(_ example: Case) throws {
    let fixture = try SessionFixture(dataset: example.dataset)
    #expect(fixture.session.completions(line: example.line, word: example.word) == example.expected)
  }

  /// Readline ends a word at `=`, so after `--format=` the word is the value alone.
  @Test(arguments: [
    ("load candies --format=", "", ["text", "csv", "tsv", "json", "jsonl"]),
    ("load candies --format=j", "j", ["json", "jsonl"]),
    ("load --format=csv c", "c", ["countries", "countries-custom", "candies"]),
    ("export out.csv --format=m", "m", ["markdown"]),
    ("load candies --title=", "", ["name", "category"]),
  ])
  func completesTheValueAfterAnEqualsSign(_ line: String, _ word: String, _ expected: [String]) throws {
    let fixture = try SessionFixture(dataset: "candies")
    #expect(fixture.session.completions(line: line, word: word) == expected)
  }

  /// File paths complete after `diagram [last]`, `trace json`, `record` and `export`, each at
  /// its own place in the arguments only.
  @Test func completesPathsAfterTheCommandsThatWriteFiles() throws {
    let fixture = try SessionFixture()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "completion-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data().write(to: folder.appendingPathComponent("calls.mmd"))
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("cases"), withIntermediateDirectories: true)
    let prefix = folder.path + "/ca"
    let expected = [folder.path + "/calls.mmd", folder.path + "/cases/"]
    for line in ["diagram ", "diagram last ", "trace json ", "record ", "export ", "export --format csv "] {
      #expect(fixture.session.completions(line: line + prefix, word: prefix) == expected, "\(line)")
    }
    for line in ["trace on ", "diagram \(prefix) ", "record stop ", "focus "] {
      #expect(fixture.session.completions(line: line + prefix, word: prefix) == [], "\(line)")
    }
    let home = fixture.session.completions(line: "export ~/", word: "~/")
    #expect(home.allSatisfy { $0.hasPrefix("~/") })
  }

  @Test func completesPathsForLoad() throws {
    let fixture = try SessionFixture()
    let folder = SessionFixture.catalog.directory.path
    let completions = fixture.session.completions(line: "load \(folder)/cand", word: "\(folder)/cand")
    #expect(completions == ["\(folder)/candies.tsv"])
    let folders = Session.pathCompletions(String(folder.dropLast("datasets".count)) + "datas")
    #expect(folders == [folder + "/"])
  }
}
