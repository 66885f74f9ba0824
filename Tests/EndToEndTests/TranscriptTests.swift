import Foundation
import Testing

/// The golden transcripts in `Tests/Transcripts`, the walkthroughs' among them, through `--check`.
@Suite struct TranscriptTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Transcripts")

  static let transcripts: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".transcript") }.sorted()
  }()

  @Test(arguments: transcripts)
  func transcriptMatches(_ file: String) throws {
    let path = Self.folder.appendingPathComponent(file).path
    let result = try ShellProcess.run(["--check", path])
    #expect(result.stdout.hasPrefix("ok \(path) ("), "the unified diff:\n\(result.stdout)")
    #expect(result.stdout.split(separator: "\n").count == 1)
    #expect(result.stderr == "")
    #expect(result.status == 0)
  }

  @Test func everyWalkthroughHasATranscript() throws {
    let listing = try ShellProcess.run(["-c", "demo"])
    // A description too long for 80 columns continues on deeper-indented lines.
    let names = listing.stdout.split(separator: "\n").filter { !$0.hasPrefix("   ") }.map {
      String($0.dropFirst(2).prefix(while: { $0 != " " }))
    }
    #expect(names == ["candies", "countries", "countries-custom", "countries-guide", "fruits", "recipes"])
    for name in names {
      #expect(Self.transcripts.contains("demo-\(name).transcript"), "no transcript for demo \(name)")
    }
  }
}
