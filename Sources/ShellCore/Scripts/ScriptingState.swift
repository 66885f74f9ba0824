import Foundation

/// What a session tracks while commands run: script nesting, stops, the recording, and the
/// callbacks `diagram` draws.
struct ScriptingState {
  /// How many scripts deep the running command is: 0 typed at the prompt, 1 a script's own line.
  var depth = 0
  /// The command line running now, for the diagram's User arrows.
  var currentLine = ""
  /// The folders of the scripts being run, innermost last, for relative `source` paths.
  var folders: [URL] = []
  /// The depth from which `demo` echoes every line (nil: only `--echo` echoes).
  var echoFromDepth: Int?
  /// How many demos are running inside one another: a passing `expect` in one says so.
  var demos = 0
  /// `demo NAME` at a terminal steps: each action waits for Enter, `q` stops the demo.
  var stepsDemo = false
  /// The learner pressed `q` at a step: the demo stops there, with a note, not an error.
  var demoStopped = false
  /// `quit` ran (possibly inside a sourced script): every script stops.
  var quitRequested = false
  /// A command failed under `--bail`: every script stops.
  var bailed = false
  /// How many `source` or `demo` scripts are running inside one another now.
  var nestedScripts = 0
  /// A script nested too deep: every nested script stops, up to the command that began the chain.
  var unwindingNest = false
  /// The file `record` is writing, if any.
  var recorder: SessionRecorder?
  /// The script file and line running now, for the place of an error (nil outside a file).
  var location: ScriptLocation?
  /// How many actions a script has presented, so the pace waits only between two of them.
  var actionsPresented = 0
  /// Ctrl-C came during the wait before the last line, which therefore did not run.
  var skippedLine = false
  /// Whether this line's Ctrl-C has been reported, so the scripts it stops say nothing more.
  var interruptReported = false
  /// Each command that fired callbacks, in order, for `diagram`.
  var diagram = DiagramLog()
}
