import Foundation
import ShellCore

/// The command line: `searchshell [OPTIONS] [-c COMMAND]... [--script FILE] [--check FILE]...`.
struct Arguments {
  var dataset: String?
  var flavor: Flavor?
  var trace = false
  var live = false
  var liveBenchmark: String?
  var commands: [String] = []
  var showHelp = false
  var showVersion = false
  /// `--script FILE` / `-f FILE`.
  var script: String?
  /// `--check FILE`, in order.
  var checks: [String] = []
  var echo = false
  var bail = false
  /// `--param name=value`, the last value of a name winning.
  var parameters: [String: String] = [:]
  /// `--pace DURATION`, in seconds.
  var pace: Double?
  var step = false

  /// A bad command line: the message, printed before the usage, and exit status 64.
  struct Failure: Error {
    let message: String
  }

  static let usage = """
    USAGE: searchshell [--dataset NAME|PATH] [--flavor F] [--trace] [-c COMMAND]... [--help] [--version]
                       [--script FILE] [--echo] [--bail] [--param NAME=VALUE]... [--pace DURATION] [--step]
                       [--check FILE]... [--live]
    """

  static let help = """
    OVERVIEW: SearchShell: the iOS search controller (UISearchController, UISearchBar and
    UISearchDisplayController) as a terminal program. Load a dataset, then act on an imaginary
    search screen one command per user action, and watch the delegate callbacks UIKit would send.

    \(usage)

    OPTIONS:
    \(ArgumentOption.all.flatMap(\.helpLines).joined(separator: "\n"))

    Commands are read from standard input when it is not a terminal. Inside the shell, type
    'help' for the commands, and 'demo' for the tutorial walkthroughs.

    EXIT STATUS: 0 success; 1 a command failed (not on a terminal) or a transcript differs;
    3 stopped by --bail; 64 bad arguments.
    """

  /// Parses `arguments` (without the program name).
  static func parse(_ arguments: [String]) throws(Failure) -> Arguments {
    var result = Arguments()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      guard let option = ArgumentOption.named(argument) else {
        if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
          remaining.insert(
            contentsOf: [String(argument[..<equals]), String(argument[argument.index(after: equals)...])],
            at: remaining.startIndex)
          continue
        }
        throw unknown(argument)
      }
      switch option.action {
      case .flag(let set):
        set(&result)
      case .value(let set):
        guard let value = remaining.popFirst() else {
          throw Failure(message: "Missing value for \(Sanitizer.quoted(argument))")
        }
        try set(&result, value)
      }
    }
    if result.script != nil && !result.commands.isEmpty {
      throw Failure(message: "Use either '-c' or '--script', not both")
    }
    if !result.checks.isEmpty && (result.script != nil || !result.commands.isEmpty) {
      throw Failure(message: "'--check' runs its transcripts alone; leave out '-c' and '--script'")
    }
    return result
  }

  /// The error for an argument no option is spelled as, suggesting the nearest option.
  private static func unknown(_ argument: String) -> Failure {
    let suggestion = argument.hasPrefix("-") ? argument.nearest(in: ArgumentOption.longNames) : nil
    let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
    return Failure(
      message: argument.hasPrefix("-")
        ? "Unknown option \(Sanitizer.quoted(argument)).\(hint)"
        : "Unexpected argument \(Sanitizer.quoted(argument))")
  }

  /// The flavor `--flavor` names.
  static func flavor(_ text: String) throws(Failure) -> Flavor {
    guard let flavor = Flavor(rawValue: text) else {
      throw Failure(
        message:
          "Invalid value \(Sanitizer.quoted(text)) for '--flavor'. Expected 'controller', 'display' or 'custom'"
      )
    }
    return flavor
  }

  /// The name and value of `--param NAME=VALUE`.
  static func parameter(_ text: String) throws(Failure) -> (name: String, value: String) {
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
    return (name, String(text[text.index(after: equals)...]))
  }

  /// The seconds of `--pace DURATION`.
  static func pace(_ text: String) throws(Failure) -> Double {
    guard let seconds = duration(text), seconds <= paceLimit else {
      throw Failure(
        message:
          "Invalid value \(Sanitizer.quoted(text)) for '--pace'. Expected a duration from 0 to \(Int(paceLimit)) seconds such as 500ms, 2s or 1.5"
      )
    }
    return seconds
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
