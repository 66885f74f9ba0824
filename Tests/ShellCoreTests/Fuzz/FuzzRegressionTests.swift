import Foundation
import Testing

/// Replays every fuzz target's seed corpus and every input that once failed it.
struct FuzzRegressionTests {
  /// The repository's `Fuzz` folder, found from this file's path.
  static let fuzzFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fuzz")

  /// The inputs kept for `target`: its corpus and its regressions.
  static func inputs(_ target: String) -> [URL] {
    ["Corpus", "Regressions"].flatMap { kind -> [URL] in
      let folder = fuzzFolder.appendingPathComponent(kind).appendingPathComponent(target)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      return names.sorted().filter { !$0.hasPrefix(".") }.map { folder.appendingPathComponent($0) }
    }
  }

  @Test(arguments: FuzzTargets.all.keys.sorted())
  func keptInputsPass(target: String) throws {
    let inputs = Self.inputs(target)
    #expect(!inputs.isEmpty, "no seed corpus for \(target)")
    let run = try #require(FuzzTargets.all[target])
    for input in inputs { run(Array(try Data(contentsOf: input))) }
  }

  @Test func everyCorpusFolderHasATarget() throws {
    let folder = Self.fuzzFolder.appendingPathComponent("Corpus")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
    for name in names { #expect(FuzzTargets.all[name] != nil, "Fuzz/Corpus/\(name) has no target") }
  }
}
