import Backends
import Engine
import Tables
import UIKitModel

/// The options `set` changes; loading a dataset resets them to its presets.
struct SessionSettings: Equatable {
  /// Flavor, results presentation, data-source rule, live search and obscures.
  var lifecycle = LifecycleOptions() { didSet { runApp() } }
  /// The app chosen by the dataset's presets or `set app`; `app` is the one that runs.
  var chosenApp: AppID = .generic { didSet { runApp() } }
  /// The app that runs: the chosen one when it fits, else a sibling that does, else the generic.
  ///
  /// Kept, not rebuilt per callback: a command's trace, diagram and app log each ask for it.
  private(set) var app: AppModel
  /// How the query is compared with the rows.
  var match: MatchRule = .fold
  /// How the text is read: one literal substring, or the extended query syntax.
  var syntax: QuerySyntax = .extended
  /// The navigation bar title.
  var title = ""
  /// The search bar's placeholder.
  var placeholder = "Search"
  /// Rows per page of the table.
  var pageSize = Self.standardPageSize
  /// The page size off a terminal, and until `fitPageToTerminal` measures one.
  static let standardPageSize = 10
  /// The largest page `set page` takes; `list all` prints more.
  static let pageSizeLimit = 1_000_000
  /// The bar's colours, prompt and the navigation bar's behaviour.
  var appearance = BarAppearance()
  /// How callbacks are spelled (`set names`); kept across loads.
  var naming = CallbackNaming.swift
  /// Whether the app's log lines and actions are printed (`set app-log`); kept across loads.
  var appLog = false
  /// Whether the trace shows the tutorial's code under each callback its app receives (`set
  /// source`); kept across loads.
  var source = false
  /// Whether a passing `expect` says so (`set quiz`), as it does in a demo; kept across loads.
  var quiz = false
  /// The statement timeouts a PostgreSQL table is opened with (`set timeout-KIND`); kept across
  /// loads, since they are usually set before the `load` they are for.
  var databaseTimeouts = PostgresTimeouts()

  /// The settings a dataset's presets call for; the page size is the session's own.
  init(presets: DatasetPresets, pageSize: Int = Self.standardPageSize) {
    lifecycle = presets.lifecycle
    chosenApp = presets.app
    match = presets.match
    syntax = presets.syntax
    title = presets.title
    placeholder = presets.placeholder
    self.pageSize = pageSize
    self.appearance = presets.appearance
    app = presets.app.model(under: presets.lifecycle)
  }

  /// The settings for a newly loaded dataset: its presets, with what outlives a load kept.
  init(presets: DatasetPresets, keeping previous: SessionSettings) {
    self.init(presets: presets, pageSize: previous.pageSize)
    naming = previous.naming
    appLog = previous.appLog
    source = previous.source
    quiz = previous.quiz
    databaseTimeouts = previous.databaseTimeouts
  }

  /// `set app`: runs `id`, with the flavor and results it is written for, linked against its SDK.
  mutating func choose(_ id: AppID) {
    chosenApp = id
    let model = AppModel.tutorial(id, options: lifecycle)
    if let flavor = model.flavor { lifecycle.flavor = flavor }
    if let results = model.results { lifecycle.results = results }
    lifecycle.link(against: app.settings.sdk, settings: app.settings)
  }

  /// `set sdk`: the app as linked against `era`, with that SDK's defaults where it sets none.
  mutating func link(against era: SDKEra) {
    lifecycle.link(against: era, settings: app.settings)
  }

  /// Picks the app that runs; another app than before brings its own era and settings.
  private mutating func runApp() {
    let previous = app.id
    app = chosenApp.model(under: lifecycle)
    if app.id != previous { lifecycle.link(against: app.settings.sdk, settings: app.settings) }
  }

  /// Whether the screen looks the same under `other`: the spelling of callbacks, the app log,
  /// the source excerpts and the chosen app (apart from its flavor) change only what callbacks
  /// print.
  func drawsTheSame(as other: SessionSettings) -> Bool {
    var other = other
    other.naming = naming
    other.appLog = appLog
    other.source = source
    other.quiz = quiz
    other.databaseTimeouts = databaseTimeouts
    other.chosenApp = chosenApp
    return self == other
  }
}
