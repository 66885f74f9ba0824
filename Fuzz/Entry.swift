import Foundation

/// libFuzzer's entry point: runs the target that `SEARCHSHELL_FUZZ_TARGET` names on each input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  FuzzEntry.target(bytes)
  return 0
}

/// The target chosen once per process from the environment.
enum FuzzEntry {
  static let target: @Sendable ([UInt8]) -> Void = {
    let name = ProcessInfo.processInfo.environment["SEARCHSHELL_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTargets.all[name] else {
      let names = FuzzTargets.all.keys.sorted().joined(separator: ", ")
      FileHandle.standardError.write(Data("unknown fuzz target '\(name)'; targets: \(names)\n".utf8))
      exit(2)
    }
    return target
  }()
}
