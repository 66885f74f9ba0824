import Engine
import Tables

/// What the executable plugs into a session: the terminal's services (set only when it has a
/// terminal), Ctrl-C, the demos and how scripts run.
public struct SessionHooks {
  /// Watches long loads for a progress bar and Ctrl-C; set on a terminal.
  public var loadMonitor: (any LoadMonitor)?
  /// Whether `load -` may read standard input: true when the commands come from `-c`, not stdin.
  public var datasetInputIsFree = false
  /// Runs live mode on the terminal; set only when there is one.
  public var liveRunner: ((Session) throws(ShellError) -> Void)?
  /// How scripts run (`--echo`, `--bail`, `--param`, pacing), from the command line.
  public var scriptOptions = ScriptOptions()
  /// The walkthroughs `demo` runs.
  public var demos: DemoCatalog?
  /// Ctrl-C: long commands poll it and stop; the executable makes it follow SIGINT.
  public var interruption = SearchCancellation()
  /// The terminal's size, asked before each output; set only on a terminal (elsewhere output is
  /// 80 columns wide, the page keeps its size and nothing is paged).
  public var terminalSize: (() -> (width: Int, height: Int))?
  /// Whether a page follows `terminalSize`'s height: off a terminal, only when `LINES` or
  /// `--rows` gives one.
  public var pageFollowsHeight = true
  /// Clears the terminal's screen (`clear` with the search inactive); set on a terminal.
  public var clearScreen: (() -> Void)?
  /// The pager long output goes through; set on a terminal.
  public var pager: (any Pager)?
  /// Redraws one status line on standard error in place (an empty text clears it).
  ///
  /// Long database work's progress. Set on a terminal; elsewhere progress is printed as lines.
  public var statusLine: ((String) -> Void)?

  /// No terminal services: output 80 columns wide, nothing paged, no live mode.
  public init() {}
}
