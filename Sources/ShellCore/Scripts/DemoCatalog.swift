import Engine
import Foundation
import Tables

/// The built-in walkthroughs: ordinary scripts in the repository's `demos` folder, one per tutorial.
///
/// A walkthrough's name is its file name without `.txt`; its first comment line is its summary.
public struct DemoCatalog: Sendable {
  /// The folder holding the scripts.
  let directory: URL

  /// One walkthrough: its name and the summary `demo` lists.
  struct Entry: Equatable, Sendable {
    let name: String
    let summary: String
  }

  public init(directory: URL) {
    self.directory = directory
  }

  /// Finds the `demos` folder as `DatasetCatalog.locate` finds `datasets` (`$SEARCHSHELL_DEMOS` first).
  public static func locate(
    environment: [String: String], executablePath: String, sourceFile: String = #filePath
  ) -> DemoCatalog? {
    BundledFolder.locate(
      "demos", marker: "README.md", variable: "SEARCHSHELL_DEMOS", environment: environment,
      executablePath: executablePath, sourceFile: sourceFile
    ).map(DemoCatalog.init(directory:))
  }

  /// The walkthroughs, by name.
  func entries() throws(ShellError) -> [Entry] {
    guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
      throw .demosMissing(directory.path)
    }
    return files.filter { $0.hasSuffix(".txt") }.sorted { $0.dropLast(4) < $1.dropLast(4) }.map { file in
      let text = (try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)) ?? ""
      let summary = Script.splitLines(text).first { $0.hasPrefix("#") }.map {
        $0.drop(while: { $0 == "#" || $0 == " " })
      }
      return Entry(name: String(file.dropLast(4)), summary: summary.map(String.init) ?? "")
    }
  }

  /// The script of the walkthrough `name`.
  func script(named name: String) throws(ShellError) -> Script {
    let names = try entries().map(\.name)
    guard names.contains(name) else { throw .unknownDemo(name, demos: names) }
    return try Script.load(path: directory.appendingPathComponent(name + ".txt").path, parameters: [:])
  }
}
