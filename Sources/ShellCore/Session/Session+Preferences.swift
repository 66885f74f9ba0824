import Tables

/// `set`'s memory: the user's choices applied again over each dataset's presets, `set NAME
/// default`, and where each value `set` lists comes from.
extension Session {
  /// What a `load` did with the user's choices, for its message.
  struct PreferenceReport: Equatable {
    /// Applied over the new dataset's presets.
    var kept: [Preferences.Choice] = []
    /// Left for the next dataset: a tutorial's app keeps its own settings.
    var setAside: [Preferences.Choice] = []
    /// Refused by the new dataset (a column it lacks), each with the refusal's message.
    var refused: [Refusal] = []
  }

  /// A choice the new dataset refused, and why.
  struct Refusal: Equatable {
    var choice: Preferences.Choice
    var reason: String
  }

  /// Whether the dataset on screen is a tutorial's, whose app's settings outrank the user's.
  var isTutorialDataset: Bool { screen.dataset.presets.app != .generic }

  /// Applies the user's choices over the presets of the dataset just put on screen, quietly
  /// (the load draws the screen once, after).
  func applyPreferences() -> PreferenceReport {
    var report = PreferenceReport()
    screen.preferences.resetInactive()
    guard !screen.preferences.choices.isEmpty else { return report }
    let loud = console
    console = MutedConsole(passingErrorsTo: loud)
    defer { console = loud }
    for choice in screen.preferences.choices {
      guard let option = OptionRegistry.option(named: choice.name) else { continue }
      switch option.reach {
      case .session: continue
      case .dataset: screen.preferences.forget(choice.name)
      case .app where isTutorialDataset:
        report.setAside.append(choice)
        screen.preferences.markInactive(choice.name)
      case .app, .table:
        do throws(ShellError) {
          try option.set(self, choice.value)
          report.kept.append(choice)
        } catch {
          report.refused.append(Refusal(choice: choice, reason: error.description))
          screen.preferences.markInactive(choice.name)
        }
      }
    }
    return report
  }

  /// The lines `load` adds about the user's choices: kept, left for another dataset, refused.
  func printPreferenceReport(_ report: PreferenceReport) {
    if !report.kept.isEmpty { printHanging("Kept your settings: " + Self.listed(report.kept)) }
    if !report.setAside.isEmpty {
      printHanging(
        "The tutorial's app keeps its own settings over yours (" + Self.listed(report.setAside)
          + "); yours apply again to the next file ('set' shows both)")
    }
    for refusal in report.refused {
      let choice = refusal.choice
      console.printError(
        "note: your 'set \(choice.name) \(Sanitizer.printable(choice.value))' does not apply to this dataset: "
          + refusal.reason)
    }
  }

  /// `set NAME default`: forgets the user's choice and puts back the value the dataset gives.
  func resetOption(_ option: ShellOption) throws(ShellError) {
    try option.set(self, standardValue(of: option))
    screen.preferences.forget(option.name)
    screen.preferences.resetInactive(option.name)
  }

  /// The value `option` has with no choice of the user's: its own rule, else the presets'.
  func standardValue(of option: ShellOption) -> String {
    if let standard = option.standard { return standard(self) }
    return value(of: option, under: screen.dataset.presets)
  }

  /// `option`'s value were the settings `presets`' (and the rest of the session as it is).
  private func value(of option: ShellOption, under presets: DatasetPresets) -> String {
    let current = screen.settings
    screen.settings = SessionSettings(presets: presets, keeping: current)
    defer { screen.settings = current }
    return option.get(self)
  }

  /// Where `option`'s value comes from, as `set` lists it: `yours`, `preset`, `default`,
  /// or `this table` (a command such as `sort` changed it for this dataset only); a `*` marks a
  /// choice of the user's set aside for this dataset (`setAsideNote` says which).
  func source(of option: ShellOption) -> String {
    if let chosen = screen.preferences.value(of: option.name), !screen.preferences.isInactive(option.name) {
      // A later choice can change an earlier one (`set flavor display` turns `obscures` off).
      let changed = option.reach == .app && option.choices.contains(chosen) && option.get(self) != chosen
      return changed ? "changed" : "yours"
    }
    let mark = screen.preferences.value(of: option.name) == nil ? "" : "*"
    let value = option.get(self)
    guard value == standardValue(of: option) else { return "this table" + mark }
    guard option.standard == nil else { return "default" + mark }
    return (value == self.value(of: option, under: DatasetPresets(title: "")) ? "default" : "preset") + mark
  }

  /// Choices as `set` takes them, `match fuzzy, fields *`, their values made printable.
  static func listed(_ choices: [Preferences.Choice]) -> String {
    choices.map { "\($0.name) \(Sanitizer.printable($0.value))" }.joined(separator: ", ")
  }

  /// The line under `set`'s table naming the user's choices set aside for this dataset, if any.
  var setAsideNote: String? {
    let aside = screen.preferences.choices.filter { screen.preferences.isInactive($0.name) }
    guard !aside.isEmpty else { return nil }
    let listed = Self.listed(aside)
    let why = isTutorialDataset ? "the tutorial's app keeps its own" : "this dataset refused them"
    return "* yours, set aside for this dataset (\(why)): \(listed)"
  }
}
