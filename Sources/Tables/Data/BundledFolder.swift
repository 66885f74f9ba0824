import Foundation

/// Finds a folder shipped in the repository (`datasets`, `demos`) the same way for every kind.
package enum BundledFolder {
  /// `environment[variable]` when set, else the first `name` folder holding `marker` beside or
  /// above the executable (a `swift build` tree), else above `sourceFile` (the checkout it was
  /// built from), else in the working directory.
  package static func locate(
    _ name: String, marker: String, variable: String, environment: [String: String], executablePath: String,
    sourceFile: String
  ) -> URL? {
    if let explicit = environment[variable], !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
    var candidates: [URL] = []
    for start in [executablePath, sourceFile] {
      var folder = URL(fileURLWithPath: start).resolvingSymlinksInPath().deletingLastPathComponent()
      for _ in 0..<8 {
        candidates.append(folder.appendingPathComponent(name))
        folder = folder.deletingLastPathComponent()
      }
    }
    candidates.append(
      URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(name))
    return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent(marker).path) }
  }
}
