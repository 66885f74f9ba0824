import ShellCore

/// One `-c COMMAND` or `-f FILE` of the command line; they run in the order given, as in psql.
enum CommandLineRun: Equatable {
  /// `-c COMMAND`: one command line.
  case command(String)
  /// `-f FILE` / `--script FILE`: a script file.
  case script(String)

  /// The scripts `runs` stand for, each read whole before any runs, so a missing file or an
  /// unset parameter anywhere stops them all before anything has run.
  ///
  /// Neighbouring `-c` commands make one script named `-c` (their parameter errors count lines
  /// in it), and each `-f FILE` is its own script, named as typed (`~` expanded when read).
  static func scripts(_ runs: [CommandLineRun], parameters: [String: String]) throws(ShellError) -> [Script] {
    var scripts: [Script] = []
    var commands: [String] = []
    func endCommands() throws(ShellError) {
      guard !commands.isEmpty else { return }
      scripts.append(try Script(text: commands.joined(separator: "\n"), name: "-c", parameters: parameters))
      commands = []
    }
    for run in runs {
      switch run {
      case .command(let line):
        commands.append(line)
      case .script(let path):
        try endCommands()
        scripts.append(try Script.load(path: path, parameters: parameters))
      }
    }
    try endCommands()
    return scripts
  }
}
