/// What the user chose with `set` (at the prompt, in the rc file, with `-c`), as typed.
///
/// Settings are rebuilt from a dataset's presets at each `load`; these are then applied again,
/// so a choice outlives the dataset it was made on (`set NAME default` forgets it).
struct Preferences: Equatable {
  /// One choice: the option's name and the value as `set` took it.
  struct Choice: Equatable {
    var name: String
    var value: String
  }

  /// The choices in the order they were last made: a later one may depend on an earlier one
  /// (`set app` before `set flavor`), so they are applied again in this order.
  private(set) var choices: [Choice] = []
  /// The choices that do not apply to the dataset on screen: set aside for a tutorial's app, or
  /// refused (a column it lacks).
  private var inactive: Set<String> = []

  /// Keeps `value` for `name`, replacing an earlier choice of it.
  mutating func record(_ name: String, _ value: String) {
    choices.removeAll { $0.name == name }
    inactive.remove(name)
    choices.append(Choice(name: name, value: value))
  }

  /// Forgets the choice of `name`; returns whether there was one.
  @discardableResult
  mutating func forget(_ name: String) -> Bool {
    let count = choices.count
    choices.removeAll { $0.name == name }
    return choices.count != count
  }

  /// The value chosen for `name`, if any.
  func value(of name: String) -> String? {
    choices.last { $0.name == name }?.value
  }
}

extension Preferences {
  /// Notes that the choice of `name` does not apply to the dataset on screen.
  mutating func markInactive(_ name: String) {
    inactive.insert(name)
  }

  /// Whether the choice of `name` was set aside or refused for the dataset on screen.
  func isInactive(_ name: String) -> Bool {
    inactive.contains(name)
  }

  /// Forgets which choices did not apply (a new dataset), or that `name`'s did not.
  mutating func resetInactive(_ name: String? = nil) {
    if let name { inactive.remove(name) } else { inactive.removeAll() }
  }
}
