import Foundation
import ShellCore
import Tables
import UIKitModel

/// The command line: `searchshell [FILE...] [OPTIONS] [-c COMMAND | -f FILE]... [--check FILE...]`.
struct Arguments {
  /// `--dataset NAME|PATH|-`, the one file it names.
  var dataset: String?
  /// The FILE arguments, in order.
  var fileArguments: [String] = []
  /// `load`'s options (`--format`, `--delimiter`, `--header`, `--comment`, `--title`, …): how every file opens.
  var load = LoadArguments()
  var flavor: Flavor?
  var trace = false
  var live = false
  var liveBenchmark: String?
  /// `-c COMMAND` and `-f FILE`, in the order given.
  var runs: [CommandLineRun] = []
  var showHelp = false
  var showVersion = false
  /// `--color auto|always|never`.
  var color = ColorChoice.auto
  /// `--completion SHELL` or a hidden generator's mode: print a generated text and exit.
  var generated: GeneratedText?
  /// `--check FILE`, in order.
  var checks: [String] = []
  var echo = false
  var bail = false
  /// `--param name=value`, the last value of a name winning.
  var parameters: [String: String] = [:]
  /// `--pace DURATION`, in seconds.
  var pace: Double?
  var step = false
  /// `-q`, `--quiet` or `--batch`: only the data commands write, and errors.
  var dataOnly = false
  /// `--cast`, `--type-delay` and `--echo-all`.
  var presentation = PresentationArguments()
  /// `--pick`, `--filter`, `--query`, `--match`, `--path`, `--no-rc`.
  var exploring = ExploringArguments()

  /// The files the session opens, the first at start and the rest by `next`: `--dataset`'s or
  /// the FILE arguments (never both).
  var files: [String] { dataset.map { [$0] } ?? fileArguments }

  /// A bad command line: the message, printed before the usage, and exit status 64.
  struct Failure: Error {
    let message: String
    /// The exit status: 64 (sysexits' usage error), 2 on a picking command line (fzf's).
    var status: Int32 = 64
  }

  /// The option named `name`, if any.
  static func option(named name: String) -> CommandLineOption? {
    options.first { $0.names.contains(name) }
  }

  /// Parses `arguments` (without the program name); a picking command line (`--pick`,
  /// `--filter`) reads fzf's options, after the words of `defaultOptions`
  /// (`SEARCHSHELL_DEFAULT_OPTS`).
  static func parse(_ arguments: [String], defaultOptions: String? = nil) throws(Failure) -> Arguments {
    guard PickerArguments.isPicking(arguments) else {
      return try parse(arguments[...], options: options, picking: false)
    }
    var words = arguments
    if let defaultOptions {
      do {
        words = try ShellWords.split(defaultOptions) + arguments
      } catch {
        throw Failure(
          message: "\(PickerArguments.defaultOptionsVariable) has an unclosed \(error.quote) quote",
          status: PickerArguments.failureStatus)
      }
    }
    do {
      let result = try parse(words[...], options: PickerArguments.options, picking: true)
      try PickerArguments.validate(result.exploring.picker)
      return result
    } catch {
      throw Failure(message: error.message, status: PickerArguments.failureStatus)
    }
  }

  /// Parses `remaining` with the options `known`; `picking` reads `+x` as an option, as fzf.
  private static func parse(
    _ arguments: ArraySlice<String>, options known: [CommandLineOption], picking: Bool
  ) throws(Failure) -> Arguments {
    var result = Arguments()
    var remaining = arguments
    while let argument = remaining.popFirst() {
      // After `--` every word is a file, as in less and rg: `searchshell -- -odd-name.csv`.
      if argument == "--" {
        result.fileArguments += remaining
        break
      }
      // A word that is not an option is a file; `-` alone is standard input.
      let isOption = argument.hasPrefix("-") || (picking && argument.hasPrefix("+") && argument.count > 1)
      if argument == "-" || !isOption {
        result.fileArguments.append(argument)
        continue
      }
      // `--name=value` is `--name value`.
      var name = argument
      var attached: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        attached = String(argument[argument.index(after: equals)...])
      } else if picking, let split = attachedShortValue(argument, among: known) {
        (name, attached) = split
      }
      guard let option = known.first(where: { $0.names.contains(name) }) else {
        throw unknown(name, among: known, picking: picking)
      }
      var values: [String] = []
      switch option.value {
      case .none:
        if attached != nil { throw Failure(message: "'\(name)' takes no value") }
      case .optional:
        if let attached { values.append(attached) }
      case .one, .words:
        guard let next = attached ?? remaining.popFirst() else {
          throw Failure(message: "Missing value for \(Sanitizer.quoted(argument))")
        }
        values.append(next)
      }
      if option.value == .words { values += wordsBeforeTheNextOption(&remaining) }
      try option.apply(&result, values)
    }
    if let conflict = result.presentation.conflict(checks: result.checks) { throw Failure(message: conflict) }
    if let dataset = result.dataset, let file = result.fileArguments.first {
      throw Failure(
        message:
          "Both '--dataset' \(Sanitizer.quoted(dataset)) and the argument \(Sanitizer.quoted(file)) name the file to open: give one"
      )
    }
    if let option = result.load.firstGiven, result.files.isEmpty {
      throw Failure(message: "'\(option)' says how FILE opens: give a FILE (or --dataset)")
    }
    if !result.checks.isEmpty && !result.runs.isEmpty {
      throw Failure(message: "'--check' runs its transcripts alone; leave out '-c' and '--script'")
    }
    return result
  }

  /// fzf's `-d:`, `-n2`, `-qfoo`: a short option that takes a value, with the value attached.
  private static func attachedShortValue(
    _ argument: String, among known: [CommandLineOption]
  ) -> (String, String)? {
    guard !argument.hasPrefix("--"), argument.count > 2,
      !known.contains(where: { $0.names.contains(argument) })
    else { return nil }
    let name = String(argument.prefix(2))
    guard let option = known.first(where: { $0.names.contains(name) }), option.value == .one else {
      return nil
    }
    return (name, String(argument.dropFirst(2)))
  }

  /// Takes the words up to the next option: `--check a.transcript b.transcript` checks both.
  static func wordsBeforeTheNextOption(_ remaining: inout ArraySlice<String>) -> [String] {
    var words: [String] = []
    while let next = remaining.first, !next.hasPrefix("-") { words.append(next); remaining.removeFirst() }
    return words
  }

  /// `--flavor F` read.
  static func flavor(_ text: String) throws(Failure) -> Flavor {
    guard let flavor = Flavor(rawValue: text) else {
      throw Failure(
        message:
          "Invalid value \(Sanitizer.quoted(text)) for '--flavor'. Expected 'controller', 'display' or 'custom'"
      )
    }
    return flavor
  }

  /// `--pace DURATION` read, in seconds.
  static func pace(_ text: String) throws(Failure) -> Double {
    guard let seconds = ScriptOptions.seconds(text), seconds <= paceLimit else {
      throw Failure(
        message:
          "Invalid value \(Sanitizer.quoted(text)) for '--pace'. Expected a duration from 0 to \(Int(paceLimit)) seconds such as 500ms, 2s or 1.5"
      )
    }
    return seconds
  }

  /// `--param NAME=VALUE` split, the name checked.
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

  /// The failure for an option no entry of `known` matches, suggesting the nearest option.
  private static func unknown(_ argument: String, among known: [CommandLineOption], picking: Bool) -> Failure
  {
    if !picking, PickerArguments.options.contains(where: { $0.names.contains(argument) }) {
      return Failure(
        message: "\(Sanitizer.quoted(argument)) goes with '--pick' or '--filter' (fzf's options)")
    }
    if picking, Self.option(named: argument) != nil {
      return Failure(
        message:
          "\(Sanitizer.quoted(argument)) does not go with '--pick' or '--filter' (their options: searchshell --pick --help)"
      )
    }
    let names = known.flatMap(\.names).filter { $0.hasPrefix("--") }
    let hint = argument.nearest(in: names).map { " Did you mean '\($0)'?" } ?? ""
    return Failure(message: "Unknown option \(Sanitizer.quoted(argument)).\(hint)")
  }

  /// The longest `--pace`: a pause between commands longer than a minute is a typo.
  static let paceLimit = 60.0
}
