import Foundation
import ShellCore

let version = "0.1.0"

let arguments: Arguments
do {
  arguments = try Arguments.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(
    Data("error: \(error.message)\n\(Arguments.usage)\n  See 'searchshell --help'.\n".utf8))
  exit(64)
}
if arguments.showHelp {
  print(Arguments.help)
  exit(0)
}
if arguments.showVersion {
  print("searchshell \(version)")
  exit(0)
}

// Before any command can start an atomic write: a kill must not leave its temporary file.
TemporaryFileCleanup.install()
let environment = ProcessInfo.processInfo.environment
let stdinIsTerminal = isatty(STDIN_FILENO) != 0
let catalog = try? DatasetCatalog.locate(environment: environment, executablePath: CommandLine.arguments[0])
let demos = DemoCatalog.locate(environment: environment, executablePath: CommandLine.arguments[0])

/// Fails before anything runs: bad arguments, a missing script, an unset parameter.
func usageFailure(_ message: String) -> Never {
  FileHandle.standardError.write(Data("error: \(message)\n".utf8))
  exit(64)
}

/// A session as the command line asks for it, writing to `console`.
func makeSession(console: Console, interactive: Bool, useColor: Bool) throws(ShellError) -> Session {
  let session = try Session(
    console: console, catalog: catalog, dataset: arguments.dataset, isInteractive: interactive,
    useColor: useColor)
  session.applyStartupOptions(flavor: arguments.flavor, trace: arguments.trace)
  session.demos = demos
  session.scriptOptions.echo = arguments.echo
  session.scriptOptions.bail = arguments.bail
  session.scriptOptions.parameters = arguments.parameters
  return session
}

// Golden transcripts: each runs on a fresh session; a difference prints a unified diff.
if !arguments.checks.isEmpty {
  var differs = false
  for path in arguments.checks {
    guard let data = FileManager.default.contents(atPath: path) else {
      usageFailure("No such file '\(path)'")
    }
    let transcript = Transcript(text: String(decoding: data, as: UTF8.self), name: path)
    do throws(ShellError) {
      let actual = try transcript.actual(parameters: arguments.parameters) { console throws(ShellError) in
        try makeSession(console: console, interactive: false, useColor: false)
      }
      let diff = transcript.diff(actual)
      for line in diff { print(line) }
      if !diff.isEmpty { differs = true }
    } catch {
      usageFailure(error.description)
    }
  }
  exit(differs ? 1 : 0)
}

let interactive = stdinIsTerminal && arguments.commands.isEmpty && arguments.script == nil
let console = StandardConsole()

let session: Session
do {
  session = try makeSession(
    console: console, interactive: interactive,
    useColor: TextStyle.colorEnabled(
      environment: environment, isTerminal: interactive && isatty(STDOUT_FILENO) != 0))
} catch {
  FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
  exit(arguments.dataset == nil ? 1 : 64)
}
if let keys = arguments.liveBenchmark {
  LiveBenchmark.run(session: session, keys: keys)
  exit(0)
}
let hasTerminal = interactive && isatty(STDOUT_FILENO) != 0
if arguments.live && !hasTerminal { usageFailure(ShellError.liveNeedsTerminal.description) }
// Live mode draws on the terminal, so only a session typed at one can enter it.
if hasTerminal { session.liveRunner = { session throws(ShellError) in try LiveTerminal.run(session) } }
// With -c or --script the commands do not come from standard input, so 'load -' may read it.
session.datasetInputIsFree = !arguments.commands.isEmpty || arguments.script != nil
if interactive && isatty(STDERR_FILENO) != 0 { session.loadMonitor = TerminalLoadMonitor() }
// Pacing is for an audience at a terminal; anywhere else it would only slow the same output down.
if arguments.pace != nil || arguments.step, stdinIsTerminal, isatty(STDOUT_FILENO) != 0 {
  session.scriptOptions.pacer = TerminalPacer(pause: arguments.pace, step: arguments.step)
}

/// Every script is read whole first, so an unset parameter stops it before anything runs.
func script(text: String, name: String) -> Script {
  do throws(ShellError) {
    return try Script(text: text, name: name, parameters: arguments.parameters)
  } catch {
    usageFailure(error.description)
  }
}

if let path = arguments.script {
  do throws(ShellError) {
    _ = session.run(try Script.load(path: path, parameters: arguments.parameters))
  } catch {
    usageFailure(error.description)
  }
} else if !arguments.commands.isEmpty {
  _ = session.run(script(text: arguments.commands.joined(separator: "\n"), name: "-c"))
} else if interactive {
  var reader = ReadlineLineReader(
    session: session, historyPath: ReadlineLineReader.historyPath(environment: environment),
    environment: environment)
  session.history = reader.loadedHistory
  session.printWelcome(version: version)
  if arguments.live { session.execute("live") }
  while let line = reader.readLine(prompt: session.prompt) {
    reader.remember(line)
    if !session.execute(line) { break }
  }
  print("")
} else if !arguments.parameters.isEmpty {
  // With parameters a piped script is read whole, so an unset one stops it before anything runs.
  let text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
  _ = session.run(script(text: text, name: "standard input"))
} else {
  var reader = PlainLineReader()
  while let line = reader.readLine(prompt: "") {
    if !session.runPipedLine(line) { break }
  }
}
if session.didBail { exit(3) }
exit(!interactive && session.hasFailures ? 1 : 0)
