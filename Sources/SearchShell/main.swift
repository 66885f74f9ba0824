import Foundation
import ShellCore
import Tables

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
  for note in Session.finishBackgroundWrites() { printError("warning: \(note)") }
  console.flush()
  exit(console.outputFailed && status == 0 ? 1 : status)
}

let arguments: Arguments
do {
  arguments = try Arguments.parse(
    Array(CommandLine.arguments.dropFirst()),
    defaultOptions: ProcessInfo.processInfo.environment[PickerArguments.defaultOptionsVariable])
} catch {
  // fzf prints the error alone; the shell's usage follows its own errors.
  let usage =
    error.status == 64
    ? "\n\(HelpText.usage)\n  See 'searchshell --help'." : "\n  See 'searchshell --pick --help'."
  printError("error: \(error.message)\(usage)")
  finish(error.status)
}
if arguments.showHelp {
  console.print(arguments.exploring.isPicking ? HelpText.pickerHelp : HelpText.help)
  finish(0)
}
if arguments.showVersion {
  console.print("searchshell \(version)")
  finish(0)
}
if let generated = arguments.generated {
  console.print(
    GeneratedText.text(generated, version: version, environment: ProcessInfo.processInfo.environment))
  finish(0)
}

if let conflict = arguments.exploring.conflict(with: arguments) {
  printError("error: \(conflict)\n  See 'searchshell --pick --help'.")
  finish(PickerArguments.failureStatus)
}
// Before any command can start an atomic write: a kill must not leave its temporary file.
TemporaryFileCleanup.install()
let environment = ProcessInfo.processInfo.environment
// Read once: what the environment configures holds for the whole run.
let configuration = ShellConfiguration(environment: environment)
// The picker and the filter need no catalog, demos or start-up file: they start before those are
// looked up (a one-shot filter's run is mostly its start-up on small inputs).
if arguments.exploring.pick || arguments.exploring.filter != nil {
  PickCommandLine.run(
    arguments.exploring, file: arguments.fileArguments.first, console: console, configuration: configuration)
}
let stdinIsTerminal = isatty(STDIN_FILENO) != 0
let catalog = try? DatasetCatalog.locate(environment: environment, executablePath: CommandLine.arguments[0])
let demos = DemoCatalog.locate(environment: environment, executablePath: CommandLine.arguments[0])

/// Fails before anything runs: bad arguments, a missing script, an unset parameter.
@MainActor func usageFailure(_ message: String) -> Never {
  printError("error: \(message)")
  finish(64)
}

/// The command line's files, each with its load options: `next` and `previous` move along them.
let fileList = FileList(arguments.files.map { arguments.load.request(for: $0) })

/// A session as the command line asks for it, on its first file, writing to `console`.
func makeSession(console: Console, interactive: Bool, useColor: Bool) throws(ShellError) -> Session {
  let session = try Session(
    console: console, catalog: catalog, files: fileList, isInteractive: interactive, useColor: useColor,
    configuration: configuration)
  session.applyStartupOptions(flavor: arguments.flavor, trace: arguments.trace)
  if arguments.dataOnly { session.writeDataOnly() }
  if !interactive { session.printHowTheFileWasRead() }
  session.hooks.demos = demos
  session.hooks.scriptOptions.echo = arguments.echo
  session.hooks.scriptOptions.bail = arguments.bail
  session.hooks.scriptOptions.parameters = arguments.parameters
  return session
}

// Golden transcripts: each runs on a fresh session; a difference prints a unified diff.
if !arguments.checks.isEmpty {
  let passed = TranscriptCheck.run(arguments.checks, parameters: arguments.parameters, console: console) {
    console throws(ShellError) in try makeSession(console: console, interactive: false, useColor: false)
  }
  finish(passed ? 0 : 1)
}

// `--dataset -` (or the file `-`) takes standard input for the rows, so the commands come from
// -c or -f, and live mode draws on the controlling terminal.
let rowsFromStandardInput = arguments.files.first == "-"
let standardInputName = arguments.dataset == nil ? "'-'" : "'--dataset -'"
if rowsFromStandardInput && stdinIsTerminal {
  usageFailure("\(standardInputName) reads the rows from standard input: pipe them in")
}
if rowsFromStandardInput && arguments.runs.isEmpty && !arguments.live {
  usageFailure(
    "\(standardInputName) reads the rows from standard input: give the commands with -c or -f, or use --live")
}
let interactive = stdinIsTerminal && arguments.runs.isEmpty
// Ctrl-C still ends a script's run, but no longer leaves its statement running on a server.
if !interactive { ScriptInterrupt.install() }

let session: Session
do {
  session = try makeSession(
    console: console, interactive: interactive,
    useColor: arguments.color.usesColor(
      environment: environment, isTerminal: interactive && isatty(STDOUT_FILENO) != 0))
} catch {
  printError("error: \(error.description)")
  finish(arguments.files.isEmpty ? 1 : 64)
}
if let keys = arguments.liveBenchmark {
  LiveBenchmark.run(session: session, keys: keys)
  finish(0)
}
let hasTerminal = interactive && isatty(STDOUT_FILENO) != 0
let declaredSize = DeclaredSize.resolve(
  columns: arguments.presentation.columns, rows: arguments.presentation.rows, environment: environment)
// Live mode draws on the terminal the commands are typed at; when they come from -c or -f (or
// standard input holds the rows), on the controlling terminal, as the picker does.
// /dev/tty is opened only when live mode starts.
let mayGoLive = hasTerminal || !arguments.runs.isEmpty || rowsFromStandardInput
let liveDevice = { hasTerminal ? TerminalDevice.standard : TerminalDevice.controlling }
if arguments.live && (!mayGoLive || liveDevice() == nil) {
  usageFailure(ShellError.liveNeedsTerminal.description)
}
if mayGoLive {
  session.hooks.liveRunner = { session throws(ShellError) in
    guard let device = liveDevice() else { throw .liveNeedsTerminal }
    try LiveTerminal.run(session, on: device)
  }
}
// On a terminal, output fits its width (asked each time: the window may be resized), a page
// follows its height and long output is paged; anywhere else output is 80 columns wide, the same
// on every machine.
if hasTerminal {
  session.hooks.terminalSize = { TerminalRestorer.size() }
  session.hooks.pager = TerminalPager(environment: environment)
  session.hooks.clearScreen = {
    console.flush()
    _ = StandardStreams.write(Array(Session.clearScreenSequence.utf8), to: STDOUT_FILENO)
  }
} else if let size = declaredSize.size {
  // Piped, COLUMNS and LINES (or --cols and --rows) size the output as they would a terminal.
  session.hooks.terminalSize = { size }
  session.hooks.pageFollowsHeight = declaredSize.rows != nil
  session.fitPageToTerminal()
}
// With -c or --script the commands do not come from standard input, so 'load -' may read it.
session.hooks.datasetInputIsFree = !arguments.runs.isEmpty
if interactive && isatty(STDERR_FILENO) != 0 {
  session.hooks.loadMonitor = TerminalLoadMonitor()
  // The text is already sanitized and cut to the width; the escapes clear what a longer line left.
  session.hooks.statusLine = {
    StandardStreams.writeError($0.isEmpty ? "\r\u{1B}[K" : "\r" + $0 + "\u{1B}[K")
  }
}
// Waits are for an audience at a terminal; anywhere else they would only slow the same output down.
if let failure = arguments.presentation.configure(
  session, pace: arguments.pace, step: arguments.step,
  onTerminal: stdinIsTerminal && isatty(STDOUT_FILENO) != 0, console: console)
{
  usageFailure(failure.description)
}

/// The start-up file (unless --no-rc), before the first command: psql and sqlite3 read theirs
/// whatever the input, so a script shared with others passes --no-rc (psql's -X).
@MainActor func runStartupFile() {
  guard !arguments.exploring.skipsStartupFile, let file = StartupFile.locate(environment: environment) else {
    return
  }
  session.runStartupFile(file.path)
}

if !interactive { runStartupFile() }
if !interactive && arguments.live { session.execute("live") }
if !arguments.runs.isEmpty {
  // Every script is read whole first, so an unset parameter stops them before anything runs.
  let scripts: [Script]
  do throws(ShellError) {
    scripts = try CommandLineRun.scripts(arguments.runs, parameters: arguments.parameters)
  } catch {
    usageFailure(error.description)
  }
  for script in scripts {
    if !session.run(script) { break }
  }
} else if interactive {
  var reader = ReadlineLineReader(
    session: session, historyPath: ReadlineLineReader.historyPath(environment: environment),
    environment: environment)
  session.history = reader.loadedHistory
  // Readline leaves the terminal in its own mode if a signal ends the process mid-read.
  TerminalRestorer.guardPrompt()
  // Ctrl-C (the flag the SIGINT handler raises) stops long commands as well as the line.
  session.hooks.interruption = SearchCancellation(
    following: { SignalHandling.interrupted != 0 }, lower: { SignalHandling.interrupted = 0 })
  session.fitPageToTerminal()
  session.printWelcome(version: version)
  runStartupFile()
  if arguments.live { session.execute("live") }
  while true {
    // Readline writes its prompt through stdio, after everything printed so far.
    console.flush()
    guard let line = reader.readLine(prompt: session.prompt) else { break }
    reader.remember(line)
    session.fitPageToTerminal()
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
