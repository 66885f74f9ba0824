/// How scripts run: set once from the command line (`--echo`, `--bail`, `--param`, pacing).
public struct ScriptOptions {
  /// Print each command of a script, after `>` marks showing how deep it is nested, before its output.
  public var echo = false
  /// Stop at the first failing command (the executable then exits 3).
  public var bail = false
  /// The values for `{name}` in scripts.
  public var parameters: [String: String] = [:]
  /// Pauses between commands and keystrokes; nil off a terminal.
  public var pacer: (any ScriptPacer)?

  public init() {}
}
