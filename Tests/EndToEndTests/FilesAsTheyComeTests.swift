import Foundation
import Testing

/// Real-world files through the binary: a gzipped CSV, a tzdata-style commented tab table, and
/// the options that say how to read them.
@Suite struct FilesAsTheyComeTests {
  /// `name;price\napple;1,20\npear;0,80\n`, gzipped.
  static let gzippedCSV =
    Data(base64Encoded: "H4sIAAAAAAACA8tLzE21LijKTE7lSiwoyEm1NtQxMuAqSE0ssjbQsTDgAgDjuM7VIAAAAA==") ?? Data()

  /// A table as tzdata writes `zone1970.tab`: a comment block whose last line names the columns,
  /// and `#@` comments after the rows.
  static let zones = """
    # tzdb timezone descriptions
    #
    # This file is in the public domain.
    #
    #codes\tcoordinates\tTZ\tcomments
    AD\t+4230+00131\tEurope/Andorra
    DE,DK,NO,SE,SJ\t+5230+01322\tEurope/Berlin\tmost of Germany
    FR,MC\t+4852+00220\tEurope/Paris
    #
    #@AQ\tAntarctica/

    """

  /// A scratch folder holding `files`.
  private func folder(_ files: [String: Data]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "searchshell-come-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for (name, bytes) in files { try bytes.write(to: url.appendingPathComponent(name)) }
    return url
  }

  @Test func aGzippedCSVLoadsByItsInnerExtension() throws {
    let dir = try folder(["prices.csv.gz": Self.gzippedCSV, "broken.csv.gz": Self.gzippedCSV.prefix(20)])
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("prices.csv.gz").path
    let result = try ShellProcess.run([path, "-c", "search pear", "-c", "expect row 1 pear", "-c", "status"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout.hasPrefix("Read as CSV: ';'-separated (sniffed)\n"))
    #expect(result.stdout.contains("dataset: prices\nrows: 2\n"))
    // A damaged file is one error; the previous dataset stays.
    let broken = try ShellProcess.run([
      path, "-c", "load " + dir.appendingPathComponent("broken.csv.gz").path, "-c", "status",
    ])
    #expect(broken.stderr.hasSuffix("broken.csv.gz': the gzip data ends early (a truncated file?)\n"))
    #expect(broken.stderr.components(separatedBy: "\n").count == 2)
    #expect(broken.stdout.contains("dataset: prices\n"))
  }

  @Test func aCommentedTabTableIsNamedByItsLastComment() throws {
    let dir = try folder(["zones.tab": Data(Self.zones.utf8)])
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("zones.tab").path
    let result = try ShellProcess.run([
      path, "-c", "search berlin", "-c", "expect row 1 Europe/Berlin", "-c", "status",
    ])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.stdout.hasPrefix(
        "Read as TSV: column names from the last comment line (sniffed), 7 '#' comment lines skipped\n"))
    #expect(result.stdout.contains("rows: 3\n"))
    // `load` says the same, and `--header none` numbers the columns, every row data.
    let numbered = try ShellProcess.run([
      path, "-c", "load \(path) --header none", "-c", "expect count 3", "-c", "explain",
    ])
    #expect(numbered.status == 0)
    #expect(
      numbered.stdout.contains("Read as TSV: no header row, columns 1, 2, …, 7 '#' comment lines skipped\n"))
    #expect(
      numbered.stdout.contains("Read as TSV: no header row, columns 1, 2, …, 7 '#' comment lines skipped."))
  }

  @Test func badReadingOptionsExit64() throws {
    let dir = try folder(["zones.tab": Data(Self.zones.utf8)])
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("zones.tab").path
    let cases: [([String], String)] = [
      (["--delimiter", "ab"], "error: Invalid value 'ab' for '--delimiter'."),
      (
        ["--header", "maybe"], "error: Invalid value 'maybe' for '--header'. Expected 'auto', 'yes' or 'none'"
      ),
      (
        ["--comment", "##"],
        "error: Invalid value '##' for '--comment'. Expected one character such as '#' or '%'"
      ),
    ]
    for (options, line) in cases {
      let result = try ShellProcess.run([path] + options + ["-c", "status"])
      #expect(result.status == 64, "\(options)")
      #expect(result.stderr.hasPrefix(line), "\(options)")
      #expect(result.stdout == "")
    }
  }
}
