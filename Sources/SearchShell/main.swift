import Foundation
import ShellCore

let version = "0.1.0"

// A reader that left must not kill the shell mid-write (an export to a FIFO, say): writes then
// fail with EPIPE, and standard output ends the shell quietly on it (StandardConsole).
signal(SIGPIPE, SIG_IGN)
let console = StandardConsole(stdoutWasClosed: StandardStreams.reopenClosedDescriptors())

/// Writes a message to standard error, escaped: it may echo an argument.
@MainActor func printError(_ message: String) {
  console.printError(Sanitizer.terminalSafe(message))
}

/// Ends the process: pending output first; a failed write to standard output fails the run.
@MainActor func finish(_ status: Int32) -> Never {
  // A persisted index being written is finished first: the next run of the same file uses it.
  for note in IndexCacheWrites.shared.finish() { printError("warning: \(note)") }
  console.flush()
  exit(console.outputFailed && status == 0 ? 1 : status)
}

let arguments: Arguments
do {
  arguments = try Arguments.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  printError("error: \(error.message)\n\(Arguments.usage)\n  See 'searchshell --help'.")
  finish(64)
}
if arguments.showHelp {
  console.print(Arguments.help)
  finish(0)
}
if arguments.showVersion {
  console.print("searchshell \(version)")
  finish(0)
}

// Before any command can start an atomic write: a kill must not leave its temporary file.
TemporaryFileCleanup.install()
let environment = ProcessInfo.processInfo.environment
// Read once: what the environment configures holds for the whole run.
let configuration = ShellConfiguration(environment: environment)
let stdinIsTerminal = isatty(STDIN_FILENO) != 0
let catalog = try? DatasetCatalog.locate(environment: environment, executablePath: CommandLine.arguments[0])
let demos = DemoCatalog.locate(environment: environment, executablePath: CommandLine.arguments[0])

/// Fails before anything runs: bad arguments, a missing script, an unset parameter.
@MainActor func usageFailure(_ message: String) -> Never {
  printError("error: \(message)")
  finish(64)
}

/// A session as the command line asks for it, writing to `console`.
func makeSession(console: Console, interactive: Bool, useColor: Bool) throws(ShellError) -> Session {
  let session = try Session(
    console: console, catalog: catalog, dataset: arguments.dataset, isInteractive: interactive,
    useColor: useColor, configuration: configuration)
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
      // A transcript's lines are the file's and the session's: escaped like every other output.
      for line in diff { console.print(Sanitizer.terminalSafe(line)) }
      if !diff.isEmpty { differs = true }
    } catch {
      usageFailure(error.description)
    }
  }
  finish(differs ? 1 : 0)
}

let interactive = stdinIsTerminal && arguments.commands.isEmpty && arguments.script == nil

let session: Session
do {
  session = try makeSession(
    console: console, interactive: interactive,
    useColor: TextStyle.colorEnabled(
      environment: environment, isTerminal: interactive && isatty(STDOUT_FILENO) != 0))
} catch {
  printError("error: \(error.description)")
  finish(arguments.dataset == nil ? 1 : 64)
}
if let keys = arguments.liveBenchmark {
  LiveBenchmark.run(session: session, keys: keys)
  finish(0)
}
let hasTerminal = interactive && isatty(STDOUT_FILENO) != 0
if arguments.live && !hasTerminal { usageFailure(ShellError.liveNeedsTerminal.description) }
// Live mode draws on the terminal, so only a session typed at one can enter it.
if hasTerminal { session.liveRunner = { session throws(ShellError) in try LiveTerminal.run(session) } }
// Teaching output fits the terminal it is typed at (asked each time: the window may be resized);
// anywhere else it is 80 columns wide, the same on every machine.
if hasTerminal { session.terminalColumns = { TerminalRestorer.size().width } }
// With -c or --script the commands do not come from standard input, so 'load -' may read it.
session.datasetInputIsFree = !arguments.commands.isEmpty || arguments.script != nil
if interactive && isatty(STDERR_FILENO) != 0 { session.loadMonitor = TerminalLoadMonitor() }
// Waits are for an audience at a terminal; anywhere else they would only slow the same output down.
if let failure = arguments.presentation.configure(
  session, pace: arguments.pace, step: arguments.step,
  onTerminal: stdinIsTerminal && isatty(STDOUT_FILENO) != 0, console: console)
{
  usageFailure(failure.description)
}

/// Every script is read whole first, so an unset parameter stops it before anything runs.
@MainActor func script(text: String, name: String) -> Script {
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
  // Readline leaves the terminal in its own mode if a signal ends the process mid-read.
  TerminalRestorer.guardPrompt()
  // Ctrl-C (the flag the SIGINT handler raises) stops long commands as well as the line.
  session.interruption = SearchCancellation(
    following: { SignalHandling.interrupted != 0 }, lower: { SignalHandling.interrupted = 0 })
  session.printWelcome(version: version)
  if arguments.live { session.execute("live") }
  while true {
    // Readline writes its prompt through stdio, after everything printed so far.
    console.flush()
    guard let line = reader.readLine(prompt: session.prompt) else { break }
    reader.remember(line)
    if !session.execute(line) { break }
  }
  console.print("")
} else if !arguments.parameters.isEmpty {
  // With parameters a piped script is read whole, so an unset one stops it before anything runs.
  do throws(ShellError) {
    _ = session.run(try Script.loadStandardInput(parameters: arguments.parameters))
  } catch {
    usageFailure(error.description)
  }
} else {
  var reader = PlainLineReader()
  while let line = reader.readLine(prompt: "") {
    if !session.runPipedLine(line) { break }
  }
}
if session.didBail { finish(3) }
finish(!interactive && session.hasFailures ? 1 : 0)
