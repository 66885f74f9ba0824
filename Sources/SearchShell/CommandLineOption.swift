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
    /// One value and the words after it up to the next option (`--check a b`).
    case words
  }

  /// Its names, the long one last (`-c`, `--command`).
  let names: [String]
  let value: Value
  /// Sets what the option means; `values` holds what `value` read (empty for a switch).
  let apply: @Sendable (inout Arguments, [String]) throws(Arguments.Failure) -> Void

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
