import Foundation
import ShellCore

let version = "0.1.0"

let arguments: Arguments
do {
  arguments = try Arguments.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  FileHandle.standardError.write(Data("error: \(error.message)\n\(Arguments.usage)\n  See 'searchshell --help'.\n".utf8))
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

let environment = ProcessInfo.processInfo.environment
let stdinIsTerminal = isatty(STDIN_FILENO) != 0
let interactive = stdinIsTerminal && arguments.commands.isEmpty
let console = StandardConsole()

let session: Session
do {
  let catalog = try? DatasetCatalog.locate(environment: environment, executablePath: CommandLine.arguments[0])
  session = try Session(
    console: console, catalog: catalog, dataset: arguments.dataset, isInteractive: interactive,
    useColor: TextStyle.colorEnabled(environment: environment, isTerminal: interactive && isatty(STDOUT_FILENO) != 0))
} catch {
  FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
  exit(arguments.dataset == nil ? 1 : 64)
}
session.applyStartupOptions(flavor: arguments.flavor, trace: arguments.trace)
if let keys = arguments.liveBenchmark {
  LiveBenchmark.run(session: session, keys: keys)
  exit(0)
}
let hasTerminal = interactive && isatty(STDOUT_FILENO) != 0
if arguments.live && !hasTerminal {
  FileHandle.standardError.write(Data("error: \(ShellError.liveNeedsTerminal.description)\n".utf8))
  exit(64)
}
// Live mode draws on the terminal, so only a session typed at one can enter it.
if hasTerminal { session.liveRunner = { session throws(ShellError) in try LiveTerminal.run(session) } }
// With -c the commands do not come from standard input, so 'load -' may read a dataset from it.
session.datasetInputIsFree = !arguments.commands.isEmpty
if interactive && isatty(STDERR_FILENO) != 0 { session.loadMonitor = TerminalLoadMonitor() }

var reader: any LineReader
if !arguments.commands.isEmpty {
  reader = CommandQueueReader(lines: arguments.commands)
} else if interactive {
  let readlineReader = ReadlineLineReader(
    session: session, historyPath: ReadlineLineReader.historyPath(environment: environment))
  session.history = readlineReader.loadedHistory
  reader = readlineReader
  session.printWelcome(version: version)
  if arguments.live { session.execute("live") }
} else {
  reader = PlainLineReader()
}

while let line = reader.readLine(prompt: interactive ? session.prompt : "") {
  reader.remember(line)
  if !session.execute(line) { break }
}
if interactive { print("") }
exit(!interactive && session.hasFailures ? 1 : 0)
