#if !FUZZING
  @testable import ShellCore
#endif

/// Every fuzz target by name: one function from the fuzzer's bytes that traps on a finding.
///
/// The same functions run under libFuzzer (`scripts/fuzz.sh`, compiled into ShellCore with
/// `-D FUZZING`) and in `swift test`, which replays the seed corpus and every input that ever
/// failed (`Fuzz/Corpus/TARGET`, `Fuzz/Regressions/TARGET`).
enum FuzzTargets {
  static let all: [String: @Sendable ([UInt8]) -> Void] = [
    "tokenizer": TokenizerFuzz.run,
    "engine": EngineFuzz.run,
    "regex": RegexFuzz.run,
  ]
}
