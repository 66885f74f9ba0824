import ShellCore

/// The command line: `searchshell [--dataset NAME|PATH] [--flavor F] [--trace] [-c COMMAND]... [--help] [--version]`.
struct Arguments {
  var dataset: String?
  var flavor: Flavor?
  var trace = false
  var live = false
  var liveBenchmark: String?
  var commands: [String] = []
  var showHelp = false
  var showVersion = false

  /// A bad command line: the message, printed before the usage, and exit status 64.
  struct Failure: Error {
    let message: String
  }

  static let usage = """
    USAGE: searchshell [--dataset NAME|PATH] [--flavor F] [--trace] [--live] [-c COMMAND]... [--help] [--version]
    """

  static let help = """
    OVERVIEW: SearchShell: the iOS search controller (UISearchController, UISearchBar and
    UISearchDisplayController) as a terminal program. Load a dataset, then act on an imaginary
    search screen one command per user action, and watch the delegate callbacks UIKit would send.

    \(usage)

    OPTIONS:
      --dataset NAME|PATH     Open a bundled dataset or a file (default: countries)
      --flavor F              controller, display or custom (default: the dataset's preset)
      --trace                 Print each delegate callback as it fires
      --live                  Start in live mode (needs a terminal)
      --live-benchmark KEYS   Replay KEYS through live mode, one key at a time, and report each
                              key's time to a drawn frame on standard error (\\b is Backspace,
                              \\u Ctrl-U); frames go to standard output
      -c COMMAND              Run COMMAND (repeatable, in order), then exit
      -h, --help              Show this help
      --version               Show the version

    Commands are read from standard input when it is not a terminal. Inside the shell, type
    'help' for the commands.
    """

  /// Parses `arguments` (without the program name).
  static func parse(_ arguments: [String]) throws(Failure) -> Arguments {
    var result = Arguments()
    var remaining = arguments[...]
    func value(for option: String) throws(Failure) -> String {
      guard let next = remaining.popFirst() else { throw Failure(message: "Missing value for '\(option)'") }
      return next
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "--dataset", "-d":
        result.dataset = try value(for: argument)
      case "--flavor":
        let text = try value(for: argument)
        guard let flavor = Flavor(rawValue: text) else {
          throw Failure(message: "Invalid value '\(text)' for '--flavor'. Expected 'controller', 'display' or 'custom'")
        }
        result.flavor = flavor
      case "--trace":
        result.trace = true
      case "--live":
        result.live = true
      case "--live-benchmark":
        result.liveBenchmark = try value(for: argument)
      case "-c", "--command":
        result.commands.append(try value(for: argument))
      case "-h", "--help":
        result.showHelp = true
      case "--version":
        result.showVersion = true
      default:
        if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
          remaining.insert(contentsOf: [String(argument[..<equals]), String(argument[argument.index(after: equals)...])], at: remaining.startIndex)
          continue
        }
        let known = ["--dataset", "--flavor", "--trace", "--live", "--command", "--help", "--version"]
        let suggestion = argument.hasPrefix("-") ? nearest(argument, in: known) : nil
        let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
        throw Failure(message: argument.hasPrefix("-") ? "Unknown option '\(argument)'.\(hint)" : "Unexpected argument '\(argument)'")
      }
    }
    return result
  }

  private static func nearest(_ word: String, in candidates: [String]) -> String? {
    candidates.min { distance(word, $0) < distance(word, $1) }.flatMap { distance(word, $0) <= 2 ? $0 : nil }
  }

  private static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    var row = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var previous = row[0]
      row[0] = i
      for j in 1...max(b.count, 1) where !b.isEmpty {
        let old = row[j]
        row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
        previous = old
      }
    }
    return row[b.count]
  }
}
