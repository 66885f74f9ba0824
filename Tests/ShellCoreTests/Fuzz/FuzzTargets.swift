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
    "cache": CacheFuzz.run,
    "engine": EngineFuzz.run,
    "loaders": LoadersFuzz.run,
    "query": QueryFuzz.run,
    "regex": RegexFuzz.run,
    "sanitizer": SanitizerFuzz.run,
    "script": ScriptFuzz.run,
    "session": SessionFuzz.run,
    "tokenizer": TokenizerFuzz.run,
    "write-guard": WriteGuardFuzz.run,
  ]
}
