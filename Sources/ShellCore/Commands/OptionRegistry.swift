import Engine
import Tables
import UIKitModel

/// One option `set` can change: its name, its values and how it reads and writes the session.
struct ShellOption: Sendable {
  /// The name typed after `set`.
  let name: String
  /// The values it takes, as `help` shows them: `on|off`, `TEXT`.
  let values: String
  /// One line for `set` and `help set`.
  let abstract: String
  /// The values Tab completes (empty for free text).
  var choices: [String] = []
  /// Whether it cannot change while the search is active.
  var lockedWhileActive = false
  /// What a `load` does with the user's value.
  var reach = OptionReach.app
  /// Whether the value reaches `set` as typed, quotes included, because the option reads its own
  /// words (`sort "unit price" desc, kind`); else a value in quotes is unquoted first.
  var readsQuotes = false
  /// The value with no choice of the user's (`set NAME default`); nil: the dataset's presets say.
  var standard: (@Sendable (Session) -> String)? = nil
  /// The current value, as `set` lists it.
  let get: @Sendable (Session) -> String
  /// Changes the option, or throws `invalidValue`.
  let set: @Sendable (Session, String) throws(ShellError) -> Void
}

/// The options `set` knows, in the order `set` lists them.
enum OptionRegistry {
  static let options: [ShellOption] =
    [
      choice(
        "flavor", Flavor.self, "which search API the app uses", locked: true,
        get: { $0.screen.settings.lifecycle.flavor }, set: { $0.screen.settings.lifecycle.setFlavor($1) }),
      choice(
        "results", ResultsPresentation.self, "searchResultsController: nil (inline) or a separate one",
        locked: true, get: { $0.screen.settings.lifecycle.results },
        set: { $0.screen.settings.lifecycle.results = $1 }),
      ShellOption(
        name: "app", values: "NAME",
        abstract: "the app behind the screen ('help app' lists them)",
        choices: AppID.allCases.map(\.rawValue), lockedWhileActive: true,
        get: { $0.screen.settings.app.id.rawValue },
        set: { session, value throws(ShellError) in
          guard let id = AppID(rawValue: value) else {
            throw .invalidValue(option: "app", value: value, allowed: oneOf(AppID.allCases.map(\.rawValue)))
          }
          session.screen.settings.choose(id)
        }),
      choice(
        "rule", DataSourceRule.self, "when the inline table shows the filtered list",
        get: { $0.screen.settings.lifecycle.rule }, set: { $0.screen.settings.lifecycle.rule = $1 }),
      toggle(
        "live", "off: the list changes only on the Search button",
        get: { $0.screen.settings.lifecycle.live }, set: { $0.screen.settings.lifecycle.live = $1 }),
      ShellOption(
        name: "obscures", values: "on|off",
        abstract: "obscuresBackgroundDuringPresentation (a row tap on the dimmed table cancels)",
        choices: ["on", "off"], get: { $0.screen.settings.lifecycle.obscures ? "on" : "off" },
        set: { session, value throws(ShellError) in try session.setObscures(value) }),
      ShellOption(
        name: "sdk", values: "ios7...ios17",
        abstract: "the SDK the app is linked against, whose defaults it keeps (dimming)",
        choices: SDKEra.allCases.map(\.rawValue), lockedWhileActive: true,
        get: { $0.screen.settings.lifecycle.sdk.rawValue },
        set: { session, value throws(ShellError) in
          guard let era = SDKEra(rawValue: value) else {
            throw .invalidValue(option: "sdk", value: value, allowed: "ios7 to ios17 ('ios8', 'ios15', ...)")
          }
          session.screen.settings.link(against: era)
        }),
      choice(
        "names", CallbackNaming.self, "callbacks as Swift or Objective-C selectors",
        get: { $0.screen.settings.naming }, set: { $0.screen.settings.naming = $1 }
      ).reaching(.session) { _ in CallbackNaming.swift.rawValue },
      toggle(
        "app-log", "print what the app's methods do and log",
        get: { $0.screen.settings.appLog }, set: { $0.screen.settings.appLog = $1 }
      ).reaching(.session) { _ in "off" },
      toggle(
        "source", "the tutorial's code under each traced callback its app receives",
        get: { $0.screen.settings.source },
        set: { session, on in
          session.screen.settings.source = on
          // Turned on again, the generic app's note is said again.
          session.tracing.saidNoSource = false
        }
      ).reaching(.session) { _ in "off" },
      toggle(
        "quiz", "a passing expect says so (as in a demo)",
        get: { $0.screen.settings.quiz }, set: { $0.screen.settings.quiz = $1 }
      ).reaching(.session) { _ in "off" },
      ShellOption(
        name: "match", values: MatchRule.allCases.map(\.rawValue).joined(separator: "|"),
        abstract: "how the text is compared with the rows", choices: MatchRule.allCases.map(\.rawValue),
        get: { $0.screen.settings.match.rawValue },
        set: { session, value throws(ShellError) in try session.setMatch(value) }),
      choice(
        "syntax", QuerySyntax.self, "literal: the text is one substring; extended: terms, !, |, ^, $",
        get: { $0.screen.settings.syntax }, set: { $0.screen.settings.syntax = $1 }),
      ShellOption(
        name: "title", values: "TEXT", abstract: "the navigation bar title",
        get: { $0.screen.settings.title },
        set: { session, value throws(ShellError) in session.screen.settings.title = value }),
      ShellOption(
        name: "placeholder", values: "TEXT", abstract: "the search bar's placeholder",
        get: { $0.screen.settings.placeholder },
        set: { session, value throws(ShellError) in session.screen.settings.placeholder = value }),
      ShellOption(
        name: "prompt", values: "TEXT",
        abstract: "the line above the search bar (searchBar.prompt); '' for none",
        get: { $0.screen.settings.appearance.prompt },
        set: { session, value throws(ShellError) in session.screen.settings.appearance.prompt = value }),
      choice(
        "bar-text-color", BarColor.self, "the colour of the search text",
        get: { $0.screen.settings.appearance.textColor },
        set: { $0.screen.settings.appearance.textColor = $1 }),
      choice(
        "bar-tint", BarColor.self, "tintColor: the cursor, Cancel and the selected scope",
        get: { $0.screen.settings.appearance.tint }, set: { $0.screen.settings.appearance.tint = $1 }),
      choice(
        "bar-background", BarColor.self, "barTintColor: the search bar's background",
        get: { $0.screen.settings.appearance.background },
        set: { $0.screen.settings.appearance.background = $1 }),
      toggle(
        "shows-cancel", "showsCancelButton: Cancel shows even while the search is not active",
        get: { $0.screen.settings.appearance.showsCancelButton },
        set: { $0.screen.settings.appearance.showsCancelButton = $1 }),
      toggle(
        "hides-nav-bar", "hidesNavigationBarDuringPresentation: the title bar hides while searching",
        get: { $0.screen.settings.appearance.hidesNavigationBar },
        set: { $0.screen.settings.appearance.hidesNavigationBar = $1 }),
      toggle(
        "custom-nav-bar",
        "the app's own navigation bar, hidden from begin to end editing (the Chinese guide)",
        get: { $0.screen.settings.appearance.hidesCustomNavigationBarWhileEditing },
        set: { $0.screen.settings.appearance.hidesCustomNavigationBarWhileEditing = $1 }),
      toggle(
        "bar-hidden", "the table starts with the search bar scrolled out of sight ('pull' reveals it)",
        get: { $0.screen.settings.appearance.startsHidden },
        set: { session, hidden in
          session.screen.settings.appearance.startsHidden = hidden
          session.scrollTable(hidingBar: hidden)
        }),
      ShellOption(
        name: "scopes", values: "TITLE,TITLE,...",
        abstract: "the scope bar's titles; the first selects every row; '\\,' is a comma in a title",
        lockedWhileActive: true, get: { ScopeTitleList.joined($0.screen.dataset.scopeTitles) },
        set: { session, value throws(ShellError) in try session.setScopeTitles(value) }
      ).reaching(.dataset) { ScopeTitleList.joined($0.screen.opening.scopeTitles) },
      ShellOption(
        name: "fields", values: "COL,COL,...|*", abstract: "the columns the search matches ('*': every one)",
        readsQuotes: true, get: { $0.screen.fieldsDescription },
        set: { session, value throws(ShellError) in try session.setFields(value) }
      ).reaching(.table) { $0.screen.columnNames($0.screen.opening.fields) },
      ShellOption(
        name: "columns", values: "COL,COL,...|*|auto",
        abstract: "the columns the table shows (auto: the title, the searched, sorted and filtered ones)",
        choices: ["auto", "*"], readsQuotes: true,
        get: { $0.columnsDescription },
        set: { session, value throws(ShellError) in try session.setColumns(value) }
      ).reaching(.table) { _ in "auto" },
      ShellOption(
        name: "sort", values: "COL [asc|desc], ...|none", abstract: "the table's order (numbers as numbers)",
        choices: ["none"], readsQuotes: true, get: { $0.sortDescription },
        set: { session, value throws(ShellError) in try session.setSort(value) }
      ).reaching(.table) { _ in "none" },
      ShellOption(
        name: "format", values: Session.listFormats.joined(separator: "|"),
        abstract: "how 'list' prints rows",
        choices: Session.listFormats, get: { $0.output.format.rawValue },
        set: { session, value throws(ShellError) in try session.setFormat(value) }
      ).reaching(.session) { _ in OutputFormat.table.rawValue },
      ShellOption(
        name: "page", values: "ROWS|auto",
        abstract: "rows per page of the table (auto: the terminal's height)",
        choices: ["auto"], get: { String($0.screen.settings.pageSize) },
        set: { session, value throws(ShellError) in try session.setPageSize(value) }
      ).reaching(.session) { $0.output.paging.pageSizeChosen ? "auto" : String($0.screen.settings.pageSize) },
      toggle(
        "pager", "on a terminal, output longer than the screen goes through $PAGER (less -FRX)",
        get: { $0.output.paging.isOn }, set: { $0.output.paging.isOn = $1 }
      ).reaching(.session) { _ in "on" },
    ] + databaseTimeouts

  /// The value `set NAME default` stands for.
  static let resetWord = "default"

  /// The option named `name`.
  static func option(named name: String) -> ShellOption? { options.first { $0.name == name } }

  private static func choice<Value: RawRepresentable & CaseIterable & Sendable>(
    _ name: String, _ type: Value.Type, _ abstract: String, locked: Bool = false,
    get: @escaping @Sendable (Session) -> Value, set: @escaping @Sendable (Session, Value) -> Void
  ) -> ShellOption where Value.RawValue == String {
    let values = Value.allCases.map(\.rawValue)
    return ShellOption(
      name: name, values: values.joined(separator: "|"), abstract: abstract, choices: values,
      lockedWhileActive: locked, get: { get($0).rawValue },
      set: { session, text throws(ShellError) in
        guard let value = Value(rawValue: text) else {
          throw .invalidValue(option: name, value: text, allowed: oneOf(values))
        }
        set(session, value)
      })
  }

  private static func toggle(
    _ name: String, _ abstract: String, get: @escaping @Sendable (Session) -> Bool,
    set: @escaping @Sendable (Session, Bool) -> Void
  ) -> ShellOption {
    ShellOption(
      name: name, values: "on|off", abstract: abstract, choices: ["on", "off"],
      get: { get($0) ? "on" : "off" },
      set: { session, text throws(ShellError) in
        switch text {
        case "on", "true": set(session, true)
        case "off", "false": set(session, false)
        default: throw .invalidValue(option: name, value: text, allowed: "'on' or 'off'")
        }
      })
  }

  /// "'a', 'b' or 'c'".
  static func oneOf(_ values: [String]) -> String {
    let quoted = values.map { "'\($0)'" }
    guard quoted.count > 1 else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " or " + (quoted.last ?? "")
  }
}

extension ShellOption {
  /// This option, kept by a `load` as `reach` says, with `standard` its value without the user's.
  func reaching(_ reach: OptionReach, standard: (@escaping @Sendable (Session) -> String)) -> ShellOption {
    var option = self
    option.reach = reach
    option.standard = standard
    return option
  }
}
