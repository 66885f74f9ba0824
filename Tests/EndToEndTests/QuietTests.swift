import Foundation
import Testing

/// `-q`/`--quiet`/`--batch` through the built binary: only the data a command was asked for
/// reaches standard output, so it parses; errors still reach standard error and the status.
struct QuietTests {
  /// A TSV of packages in a folder of its own.
  static func packages() throws -> (folder: URL, path: String) {
    let folder = try HostileDataTests.folder()
    let path = folder.appendingPathComponent("pkgs.tsv").path
    try Data("name\tversion\nzlib1g\t1.3\nlibz-dev\t1.3\nbash\t5.2\n".utf8).write(
      to: URL(fileURLWithPath: path))
    return (folder, path)
  }

  @Test(arguments: ["-q", "--quiet", "--batch"])
  func anExportParsesLineByLine(_ flag: String) throws {
    let (folder, path) = try Self.packages()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try ShellProcess.run(
      [flag, "--no-rc", "-c", "load \(path)", "-c", "search z", "-c", "export - --format jsonl"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    let names = try lines.map { line -> String? in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String]
      return object?["name"]
    }
    #expect(names == ["zlib1g", "libz-dev"])
  }

  @Test func traceJSONStatusAndListAreTheOnlyLines() throws {
    let (folder, path) = try Self.packages()
    defer { try? FileManager.default.removeItem(at: folder) }
    let traced = try ShellProcess.run([
      "-q", "--no-rc", path, "-c", "trace json", "-c", "focus", "-c", "type b",
    ])
    let callbacks = traced.stdout.split(separator: "\n")
    #expect(callbacks.count >= 4)
    #expect(
      try callbacks.allSatisfy { try JSONSerialization.jsonObject(with: Data($0.utf8)) is [String: Any] })
    let listed = try ShellProcess.run([
      "-q", "--no-rc", path, "-c", "search ba", "-c", "explain", "-c", "set format csv", "-c", "list all",
      "-c", "status",
    ])
    let lines = listed.stdout.split(separator: "\n").map(String.init)
    #expect(Array(lines.prefix(2)) == ["name,version", "bash,5.2"])
    #expect(lines.dropFirst(2).first == "dataset: pkgs")
    #expect(lines.dropFirst(2).allSatisfy { $0.contains(": ") })
  }

  @Test func errorsStillReachStandardErrorAndTheStatus() throws {
    let result = try ShellProcess.run(["-q", "--no-rc", "-c", "load nope.csv", "-c", "status"])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("error: "))
    #expect(result.stdout.hasPrefix("dataset: countries\n"))
  }
}
