import Foundation
import TablesTestSupport
import Testing

@testable import Engine
@testable import ShellCore
@testable import Tables

/// The load limit, files that shrink while loading, and FIFOs without a writer.
struct LoadLimitTests {
  @Test(
    arguments: [
      ("4096", 4096), ("64K", 65_536), ("500m", 500 << 20), ("2G", 2 << 30), (" 1M ", 1 << 20),
      ("0", nil), ("-1", nil), ("1.5G", nil), ("G", nil), ("x", nil), ("9999999999G", nil), ("", nil),
    ] as [(String, Int?)])
  func parsesSizes(_ text: String, _ bytes: Int?) {
    #expect(LoadLimit.parse(text) == bytes)
  }

  @Test func defaultIsAQuarterOfMemoryUnderTheCeiling() throws {
    let limit = try LoadLimit.standard(environment: [:])
    let memory = min(ProcessInfo.processInfo.physicalMemory, LoadLimit.addressSpace() ?? .max)
    let quarter = Int(clamping: memory / 4)
    #expect(limit.bytes == min(quarter, LoadLimit.ceiling))
    #expect(try LoadLimit.standard(environment: [LoadLimit.variable: "3K"]).bytes == 3072)
    #expect(try LoadLimit.standard(environment: [LoadLimit.variable: "99G"]).bytes == LoadLimit.ceiling)
    let error = DataFixture.error { try LoadLimit.standard(environment: [LoadLimit.variable: "lots"]) }
    #expect(
      error
        == .invalidValue(
          option: LoadLimit.variable, value: "lots", allowed: "a size in bytes such as 65536, 500M or 2G"))
  }

  @Test func messageNamesTheFileAndTheLimit() {
    #expect(
      ShellError.loadTooLarge("big.txt", limit: 1 << 20).description
        == "Cannot load 'big.txt': it takes more than the load limit of 1.0 MiB (set SEARCHSHELL_LOAD_LIMIT to change it); the previous dataset stays"
    )
    #expect(LoadLimit.describe(512) == "512 bytes")
    #expect(LoadLimit.describe(3 << 29) == "1.5 GiB")
  }

  /// Inputs over a 4 KiB limit: by their size, or by the table they make (padding short rows,
  /// widening every row for a new JSON key, U+FFFD tripling invalid bytes).
  @Test(
    arguments: [
      (DataFormat.text, String(repeating: "line\n", count: 1000)),
      (.csv, String(repeating: "c,", count: 600) + "c\n" + String(repeating: "x\n", count: 100)),
      (.jsonl, (0..<200).map { "{\"k\($0)\": 1}\n" }.joined()),
      (.json, "[" + String(repeating: "{},", count: 1200) + "{}]"),
      (.json, "[" + (0..<200).map { "{\"k\($0)\": 1}" }.joined(separator: ",") + "]"),
    ] as [(DataFormat, String)])
  func tooLargeIsOneError(_ format: DataFormat, _ text: String) {
    var options = LoadOptions(
      name: "t", source: .standardInput, presets: DatasetPresets(title: "t"), format: format)
    options.limit = LoadLimit(bytes: 4096)
    let error = DataFixture.error {
      try DatasetLoader.load(.data(Data(text.utf8), label: "f"), options: options)
    }
    #expect(error == .loadTooLarge("f", limit: 4096))
  }

  @Test func invalidBytesCountAsTheirRepairs() {
    var options = LoadOptions(
      name: "t", source: .standardInput, presets: DatasetPresets(title: "t"), format: .text)
    options.limit = LoadLimit(bytes: 4096)
    // 2,000 input bytes, 6,000 after U+FFFD replaces each invalid one.
    let bytes = [UInt8](repeating: 0xFF, count: 2000)
    let error = DataFixture.error { try DatasetLoader.load(.data(Data(bytes), label: "f"), options: options) }
    #expect(error == .loadTooLarge("f", limit: 4096))
  }

  @Test func aSparseFileLargerThanTheLimitIsRefusedBeforeReading() throws {
    let folder = try DataFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("big.txt").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data("a\n".utf8)))
    #expect(truncate(path, 50 << 30) == 0)
    var reads = 0
    var options = LoadOptions(name: "big", source: .file(path), presets: DatasetPresets(title: "big"))
    options.limit = try LoadLimit.standard(environment: [:])
    let error = DataFixture.error {
      try DatasetLoader.load(
        .file(path), options: options, control: LoadControl(progress: { _, _ in reads += 1 }))
    }
    #expect(error == .loadTooLarge(path, limit: options.limit.bytes))
    #expect(reads == 0)
  }

  @Test func aFileThatShrinksWhileLoadingIsAnError() throws {
    let folder = try DataFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("shrinking.txt").path
    let size = 4 * ByteStream.chunkSize
    try Data(String(repeating: "row\n", count: size / 4).utf8).write(to: URL(fileURLWithPath: path))
    // After the first chunk, another program cuts the file to two chunks.
    let control = LoadControl(progress: { read, _ in
      if read == ByteStream.chunkSize { _ = truncate(path, off_t(2 * ByteStream.chunkSize)) }
    })
    let options = LoadOptions(name: "s", source: .file(path), presets: DatasetPresets(title: "s"))
    let error = DataFixture.error { try DatasetLoader.load(.file(path), options: options, control: control) }
    #expect(error == .fileShrank(path, expected: size, read: 2 * ByteStream.chunkSize))
    #expect(
      error?.description.hasPrefix("Cannot load '\(path)': it shrank while loading (524288 of 1048576")
        == true)
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
  func aPseudoFileShorterThanItsNominalSizeIsNoShrink() throws {
    // /sys files claim 4096 bytes whatever they hold; /proc files claim none.
    for path in ["/sys/kernel/mm/transparent_hugepage/enabled", "/proc/self/status"]
    where FileManager.default.isReadableFile(atPath: path) {
      let options = LoadOptions(
        name: "p", source: .file(path), presets: DatasetPresets(title: "p"), format: .text)
      #expect(try DatasetLoader.load(.file(path), options: options).dataset.rowCount > 0)
    }
  }

  @Test func aFIFOWithoutAWriterSaysWhatItWaitsForAndCanBeCancelled() throws {
    let folder = try DataFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("f").path
    #expect(mkfifo(path, 0o600) == 0)
    nonisolated(unsafe) var waitedFor: [String] = []
    let control = LoadControl(isCancelled: { !waitedFor.isEmpty }, waiting: { waitedFor.append($0) })
    let options = LoadOptions(
      name: "f", source: .file(path), presets: DatasetPresets(title: "f"), format: .text)
    let error = DataFixture.error { try DatasetLoader.load(.file(path), options: options, control: control) }
    #expect(error == .loadCancelled(path))
    #expect(waitedFor == [path])
  }

  @Test func aFIFOLoadsWhatItsWriterSends() throws {
    let folder = try DataFixture.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("f").path
    #expect(mkfifo(path, 0o600) == 0)
    let writer = Thread {
      Thread.sleep(forTimeInterval: 0.6)
      let descriptor = open(path, O_WRONLY | O_CLOEXEC)
      _ = "b\na\n".withCString { write(descriptor, $0, 4) }
      close(descriptor)
    }
    writer.start()
    nonisolated(unsafe) var waitedFor: [String] = []
    let control = LoadControl(waiting: { waitedFor.append($0) })
    let options = LoadOptions(
      name: "f", source: .file(path), presets: DatasetPresets(title: "f"), format: .text)
    let result = try DatasetLoader.load(.file(path), options: options, control: control)
    #expect(DataFixture.rows(result.dataset) == [["b"], ["a"]])
    #expect(waitedFor == [path])
  }
}
