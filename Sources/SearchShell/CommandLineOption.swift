import Tables

/// One option of the command line: its names, whether it takes a value, and what it sets.
///
/// `Arguments.options` lists them all; the parser looks options up there and "Did you mean"
/// suggests from there, so a flag cannot be parsed without being known, or the reverse.
struct CommandLineOption: Sendable {
  /// What the option reads after its name.
  enum Value {
    /// Nothing: a switch.
    case none
    /// One value.
    case one
    /// A value only when attached (`--multi=3`), as fzf's optional values.
    case optional
    /// One value and the words after it up to the next option (`--check a b`).
    case words
  }

  /// Its names, the long one last (`-c`, `--command`).
  var names: [String]
  let value: Value
  /// What the value is called in help, the man page and completion (`F`, `COL|none`).
  var valueName = ""
  /// One line for `--help` (at most about 52 columns).
  var abstract = ""
  /// The whole description, for the man page and `docs/reference.md` (the abstract when empty).
  var discussion = ""
  /// What a shell completes for the value.
  var completion = OptionCompletion.nothing
  /// Left out of help, the man page and completion: tools for the generators and scripts.
  var isHidden = false
  /// Sets what the option means; `values` holds what `value` read (empty for a switch).
  let apply: @Sendable (inout Arguments, [String]) throws(Arguments.Failure) -> Void

  /// Whether the option reads the next word as its value (an optional value is only attached).
  var takesNextWord: Bool { value == .one || value == .words }

  /// Its names joined for help and the man page: `-c, --command`.
  var label: String { names.joined(separator: ", ") }

  /// The description the reference pages print.
  var fullDescription: String { discussion.isEmpty ? abstract : discussion }

  /// The option with its documentation: the value's name, one line, and more for the man page.
  func help(
    _ abstract: String, value valueName: String = "", more discussion: String = "",
    completes completion: OptionCompletion = .nothing
  ) -> CommandLineOption {
    var documented = self
    documented.abstract = abstract
    documented.valueName = valueName
    documented.discussion = discussion
    documented.completion = completion
    return documented
  }

  /// The option, left out of help, the man page and completion.
  var hidden: CommandLineOption {
    var option = self
    option.isHidden = true
    return option
  }

  /// A switch.
  static func flag(_ names: String..., apply: @escaping @Sendable (inout Arguments) -> Void)
    -> CommandLineOption
  {
    CommandLineOption(names: names, value: .none) { arguments, _ throws(Arguments.Failure) in
      apply(&arguments)
    }
  }

  /// An option with one value.
  static func value(
    _ names: String..., apply: @escaping @Sendable (inout Arguments, String) throws(Arguments.Failure) -> Void
  ) -> CommandLineOption {
    CommandLineOption(names: names, value: .one) { arguments, values throws(Arguments.Failure) in
      try apply(&arguments, values[0])
    }
  }
}
