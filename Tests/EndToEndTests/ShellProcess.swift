import Foundation

/// Runs the built `searchshell` binary with piped input, as a user's script would.
struct ShellProcess {
  /// What one run printed and how it ended.
  struct Result {
    var stdout: String
    var stderr: String
    var status: Int32
  }

  /// The built binary: beside the test bundle in the build products folder.
  static var executableURL: URL {
    let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for candidate in [products, products.deletingLastPathComponent()] {
      let url = candidate.appendingPathComponent("searchshell")
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    return root.appendingPathComponent(".build/debug/searchshell")
  }

  /// Runs the shell with `arguments`, writing `input` to its standard input.
  static func run(
    _ arguments: [String] = [], input: String = "", environment extra: [String: String] = [:]
  ) throws -> Result {
    try runProgram(executableURL.path, arguments, input: input, environment: extra)
  }

  /// Runs any program the same way (bash, to redirect or close the shell's descriptors).
  static func runProgram(
    _ program: String, _ arguments: [String], input: String = "", environment extra: [String: String] = [:]
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = nil
    // A developer's exported terminal size must not change the width the tests expect.
    environment["COLUMNS"] = nil
    environment["LINES"] = nil
    environment["SEARCHSHELL_DATASETS"] = nil
    // The developer's own start-up file must not change what the tests see.
    environment["SEARCHSHELL_RC"] = ""
    // Nor may the tests fill the developer's index cache: the cache's own tests turn it on.
    environment["SEARCHSHELL_INDEX_CACHE"] = "off"
    for (key, value) in extra { environment[key] = value }
    process.environment = environment
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    // Read both pipes while the process runs so a large output cannot fill a pipe and block it.
    let group = DispatchGroup()
    nonisolated(unsafe) var outData = Data()
    nonisolated(unsafe) var errData = Data()
    DispatchQueue.global().async(group: group) { outData = stdout.fileHandleForReading.readDataToEndOfFile() }
    DispatchQueue.global().async(group: group) { errData = stderr.fileHandleForReading.readDataToEndOfFile() }
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    process.waitUntilExit()
    group.wait()
    return Result(
      stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
      status: process.terminationStatus)
  }
}
