import Foundation
import ShellCore

/// The command line: `searchshell [OPTIONS] [-c COMMAND]... [--script FILE] [--check FILE]...`.
struct Arguments {
  var dataset: String?
  var flavor: Flavor?
  var trace = false
  var live = false
  var liveBenchmark: String?
  /// `-c COMMAND` and `-f FILE`, in the order given.
  var runs: [CommandLineRun] = []
  var showHelp = false
  var showVersion = false
  /// `--check FILE`, in order.
  var checks: [String] = []
  var echo = false
  var bail = false
  /// `--param name=value`, the last value of a name winning.
  var parameters: [String: String] = [:]
  /// `--pace DURATION`, in seconds.
  var pace: Double?
  var step = false
  /// `--pick`, `--filter`, `--query`, `--match`, `--no-rc`.
  var exploring = ExploringArguments()

  /// A bad command line: the message, printed before the usage, and exit status 64.
  struct Failure: Error {
    let message: String
  }

  static let usage = """
    USAGE: searchshell [--dataset NAME|PATH] [--flavor F] [--trace] [-c COMMAND]... [--help] [--version]
                       [-f FILE]... [--echo] [--bail] [--param NAME=VALUE]... [--pace DURATION] [--step]
                       [--check FILE...] [--live] [--no-rc] [--path KEY.KEY]
           ls | searchshell --pick [--query TEXT] [--match RULE]
           ls | searchshell --filter TEXT [--match RULE]
    """

  static let help = """
    OVERVIEW: SearchShell: the iOS search controller (UISearchController, UISearchBar and
    UISearchDisplayController) as a terminal program. Load a dataset, then act on an imaginary
    search screen one command per user action, and watch the delegate callbacks UIKit would send.

    \(usage)

    OPTIONS:
      --dataset NAME|PATH|-   Open a bundled dataset, a file, or the rows piped in (default:
                              countries)
      --flavor F              controller, display or custom (default: the dataset's preset)
      --trace                 Print each delegate callback as it fires
      --live                  Start in live mode (needs a terminal)
      --live-benchmark KEYS   Replay KEYS through live mode, one key at a time, and report each
                              key's time to a drawn frame on standard error (\\b is Backspace,
                              \\u Ctrl-U); frames go to standard output
      -c COMMAND              Run COMMAND, then exit
      -f, --script FILE       Run the commands in FILE, then exit (-c and -f repeat and mix,
                              and run in the order given)
      --echo                  Print each command ('> COMMAND') before its output
      --bail                  Stop at the first failing command and exit 3
      --param NAME=VALUE      Replace {NAME} in scripts with VALUE (repeatable)
      --pace DURATION         On a terminal, pause between commands (500ms, 2s, 1.5)
      --step                  On a terminal, wait for Enter before each command
      --check FILE...         Run golden transcripts, each on a fresh session: a unified diff
                              where the output differs, 'ok FILE' where it does not; exit 0
                              when all are identical, 1 otherwise
    \(ExploringArguments.help)
      -h, --help              Show this help
      --version               Show the version

    Commands are read from standard input when it is not a terminal. Inside the shell, type
    'help' for the commands, and 'demo' for the tutorial walkthroughs.

    EXIT STATUS: 0 success; 1 a command failed (not on a terminal) or a transcript differs;
    3 stopped by --bail; 64 bad arguments.
    """

  /// Parses `arguments` (without the program name).
  static func parse(_ arguments: [String]) throws(Failure) -> Arguments {
    var result = Arguments()
    var remaining = arguments[...]
    func value(for option: String) throws(Failure) -> String {
      guard let next = remaining.popFirst() else {
        throw Failure(message: "Missing value for \(Sanitizer.quoted(option))")
      }
      return next
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "--dataset", "-d":
        result.dataset = try value(for: argument)
      case "--flavor":
        let text = try value(for: argument)
        guard let flavor = Flavor(rawValue: text) else {
          throw Failure(
            message:
              "Invalid value \(Sanitizer.quoted(text)) for '--flavor'. Expected 'controller', 'display' or 'custom'"
          )
        }
        result.flavor = flavor
      case "--trace":
        result.trace = true
      case "--live":
        result.live = true
      case "--live-benchmark":
        result.liveBenchmark = try value(for: argument)
      case "-c", "--command":
        result.runs.append(.command(try value(for: argument)))
      case "-f", "--script":
        result.runs.append(.script(try value(for: argument)))
      case "--check":
        result.checks.append(try value(for: argument))
        result.checks += Self.wordsBeforeTheNextOption(&remaining)
      case "--echo":
        result.echo = true
      case "--bail":
        result.bail = true
      case "--param":
        let text = try value(for: argument)
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
          throw Failure(message: "Invalid value \(Sanitizer.quoted(text)) for '--param'. Expected NAME=VALUE")
        }
        let name = String(text[..<equals])
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }),
          name.first.map({ $0.isLetter || $0 == "_" }) == true
        else {
          throw Failure(
            message:
              "Invalid parameter name \(Sanitizer.quoted(name)) for '--param'. Use letters, digits, '_' and '-'"
          )
        }
        result.parameters[name] = String(text[text.index(after: equals)...])
      case "--pace":
        let text = try value(for: argument)
        guard let seconds = duration(text), seconds <= paceLimit else {
          throw Failure(
            message:
              "Invalid value \(Sanitizer.quoted(text)) for '--pace'. Expected a duration from 0 to \(Int(paceLimit)) seconds such as 500ms, 2s or 1.5"
          )
        }
        result.pace = seconds
      case "--step":
        result.step = true
      case "-h", "--help":
        result.showHelp = true
      case "--version":
        result.showVersion = true
      default:
        if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
          remaining.insert(
            contentsOf: [String(argument[..<equals]), String(argument[argument.index(after: equals)...])],
            at: remaining.startIndex)
          continue
        }
        if try result.exploring.parse(argument, &remaining) { continue }
        let known =
          [
            "--dataset", "--flavor", "--trace", "--live", "--command", "--help", "--version", "--script",
            "--check", "--echo", "--bail", "--param", "--pace", "--step",
          ] + ExploringArguments.flags
        let suggestion = argument.hasPrefix("-") ? argument.nearest(in: known) : nil
        let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
        throw Failure(
          message: argument.hasPrefix("-")
            ? "Unknown option \(Sanitizer.quoted(argument)).\(hint)"
            : "Unexpected argument \(Sanitizer.quoted(argument))")
      }
    }
    if !result.checks.isEmpty && !result.runs.isEmpty {
      throw Failure(message: "'--check' runs its transcripts alone; leave out '-c' and '--script'")
    }
    return result
  }

  /// Takes the words up to the next option: `--check a.transcript b.transcript` checks both.
  static func wordsBeforeTheNextOption(_ remaining: inout ArraySlice<String>) -> [String] {
    var words: [String] = []
    while let next = remaining.first, !next.hasPrefix("-") { words.append(next); remaining.removeFirst() }
    return words
  }

  /// The longest `--pace`: a pause between commands longer than a minute is a typo.
  static let paceLimit = 60.0

  /// Seconds from `500ms`, `2s` or a plain number of seconds.
  static func duration(_ text: String) -> Double? {
    var number = text[...]
    var scale = 1.0
    if text.hasSuffix("ms") {
      number = text.dropLast(2)
      scale = 0.001
    } else if text.hasSuffix("s") {
      number = text.dropLast()
    }
    guard let value = Double(number), value >= 0, value.isFinite else { return nil }
    return value * scale
  }
}
