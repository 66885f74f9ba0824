/// How scripts run: set once from the command line (`--echo`, `--bail`, `--param`, pacing).
public struct ScriptOptions {
  /// Print each command of a script, after `>` marks showing how deep it is nested, before its
  /// output; narration (`echo`), notes (`#`) and `pause` show once, as what they print.
  public var echo = false
  /// With `echo`, print every line as it was read, narration and notes too: a transcript.
  public var echoAll = false
  /// Stop at the first failing command (the executable then exits 3).
  public var bail = false
  /// The values for `{name}` in scripts.
  public var parameters: [String: String] = [:]
  /// The terminal the script is presented on; nil off a terminal.
  public var pacer: (any ScriptPacer)?
  /// `--pace`: seconds between two actions of a script.
  public var pace: Double?
  /// `--step`: show each action and wait for Enter before it runs.
  public var step = false
  /// `--cols` and `--rows`: the size a cast's header records, over the terminal's (asciinema's).
  public var castColumns: Int?
  public var castRows: Int?
  /// `--type-delay`: seconds between two characters `type` shows while presenting.
  public var typeDelay = ScriptOptions.defaultTypeDelay

  /// A presenter's typing: about ten characters a second.
  public static let defaultTypeDelay = 0.1
  /// The pace of a rendered cast when `--pace` does not give one.
  public static let defaultCastPace = 1.0
  /// How long `pause` holds a rendered cast when it names no duration.
  public static let defaultPauseHold = 2.0

  public init() {}

  /// Whether a terminal audience is watching a paced script: `type` then shows each key.
  var isPresenting: Bool { pacer != nil && (pace != nil || step) }
}
