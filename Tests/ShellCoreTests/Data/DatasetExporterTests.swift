import Foundation
import TablesTestSupport
import Testing

@testable import Engine
@testable import ShellCore
@testable import Tables

/// `export`: format by extension, atomic replacement, and never writing over a dataset's file.
struct DatasetExporterTests {
  @Test func refusesTheLoadedDatasetsOwnFileByAnySpelling() throws {
    let directory = try DataFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("data.csv").path
    try Data("name\nx\n".utf8).write(to: URL(fileURLWithPath: path))
    let link = directory.appendingPathComponent("link.csv").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
    let hardLink = directory.appendingPathComponent("hard.csv").path
    try FileManager.default.linkItem(atPath: path, toPath: hardLink)
    let dataset = try DataFixture.loadFile(path).dataset

    let spellings = [path, link, hardLink, directory.appendingPathComponent("sub/../data.csv").path]
    for spelling in spellings {
      if spelling.contains("sub/") {
        try FileManager.default.createDirectory(
          at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
      }
      let error = DataFixture.error { try DatasetExporter.export(dataset, rows: [0], to: spelling) }
      #expect(error == .wouldOverwriteDataset(spelling))
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "name\nx\n")
    let message = ShellError.wouldOverwriteDataset("data.csv").description
    #expect(message == "Refusing to overwrite 'data.csv': it is a dataset's own file")
  }

  @Test func refusesProtectedBundledFiles() throws {
    let directory = try DataFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let bundled = directory.appendingPathComponent("fruits.txt").path
    try Data("Apples\n".utf8).write(to: URL(fileURLWithPath: bundled))
    let dataset = try DataFixture.load("a\n", format: .text).dataset
    let error = DataFixture.error {
      try DatasetExporter.export(dataset, rows: [0], to: bundled, protectedPaths: [bundled])
    }
    #expect(error == .wouldOverwriteDataset(bundled))
  }

  @Test func replacesAnExistingFileAtomicallyLeavingNoTemporaryFile() throws {
    let directory = try DataFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("out.csv").path
    try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    let dataset = try DataFixture.load("name,kind\nx,y\n", format: .csv).dataset
    try DatasetExporter.export(dataset, rows: [0], to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "name,kind\nx,y\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.csv"])
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test func failedExportLeavesNothingBehind() throws {
    let directory = try DataFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let dataset = try DataFixture.load("a\n", format: .text).dataset
    let missing = directory.appendingPathComponent("no/such/dir/out.csv").path
    let error = DataFixture.error { try DatasetExporter.export(dataset, rows: [0], to: missing) }
    #expect(error == .unwritableFile(missing, reason: "no such file or directory"))
    let target = directory.appendingPathComponent("folder.csv")
    try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
    #expect(
      DataFixture.error { try DatasetExporter.export(dataset, rows: [0], to: target.path) }
        == .isDirectory(target.path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["folder.csv"])
  }

  @Test(arguments: [
    ("a.csv", OutputFormat.csv), ("a.TSV", .tsv), ("a.json", .json), ("a.ndjson", .jsonl),
    ("a.md", .markdown),
    ("a.txt", .plain),
  ])
  func choosesTheFormatByExtension(_ path: String, _ format: OutputFormat) throws {
    #expect(try DatasetExporter.format(forPath: path) == format)
  }

  @Test func unknownExtensionNamesTheChoices() {
    let error = DataFixture.error { try DatasetExporter.format(forPath: "rows.xlsx") }
    #expect(
      error?.description
        == "Cannot tell the format of 'rows.xlsx' from its extension. Use one of .csv, .tsv, .json, .jsonl, .md, .txt"
    )
  }
}
