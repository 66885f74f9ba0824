import Backends
import Engine
import Tables
import UIKitModel

/// The imaginary screen a session acts on: the dataset and its backend, the search controller's
/// state, the settings, the table view, and what the last command fired.
///
/// It prints nothing: `apply` returns the callbacks and `snapshot` the screen as a value; the
/// session prints, traces and records them.
final class SearchScreen {
  /// The rows on screen.
  private(set) var dataset: Dataset
  /// What the screen searches through (the in-memory engine unless a test wraps it).
  private(set) var backend: any SearchBackend
  /// The search controller's and the table's state.
  var state = SearchState()
  /// The options `set` changes; a load resets them to the dataset's presets.
  var settings: SessionSettings
  /// The columns the table shows and its order (`set columns`, `sort`).
  var view = TableView()
  /// What the user chose with `set`: applied again over each dataset's presets.
  var preferences = Preferences()
  /// What the dataset was opened with before any `set`: `set fields default` and `set scopes
  /// default` go back to it.
  private(set) var opening: Opening
  /// The callbacks fired by the last command, for `expect callbacks` and `diagram last`.
  var lastCallbacks: [Callback] = []
  /// The last search, so drawing the table, its count and completion search once per query
  /// (written by `searchedRows`, forgotten with the backend).
  var searchCache: (key: SearchKey, rows: any SearchRows)?
  /// Where the dataset's search index came from when opened (built, or mapped from the cache).
  private var openedIndexOrigin = DatasetOpener.IndexOrigin.built
  /// The index cache entry the dataset is mapped from, checked before each command.
  private(set) var indexCacheMapping: IndexCacheMapping?

  /// Where the search index came from: a mapped index found damaged by the first search was
  /// built again.
  var indexOrigin: DatasetOpener.IndexOrigin {
    indexCacheMapping?.check.wasRebuilt == true ? .built : openedIndexOrigin
  }
  /// The command line's files, which `next`, `previous` and `files` move along and list.
  var files = FileList()
  /// How the dataset's file was read (nil: a bundled dataset or a table), for `explain`.
  private(set) var reading: ReadingReport?
  /// The `load` that opened the dataset, for a recording's first line (nil: opened by name).
  var loadedWith: LoadRequest?
  /// The line under a search of a file that found nothing, naming the columns that would match.
  let elsewhere = ElsewhereCounter()
  /// The last `count` table shown, which `filter N` picks from (forgotten by a load).
  var shownCounts: ShownCounts?
  /// Stops the search of the frame being drawn (live mode: the next key); nil between frames.
  var frameCancellation: SearchCancellation?

  /// A screen on `opened`, with its presets.
  init(opened: DatasetOpener.Opened) {
    dataset = opened.dataset
    backend = opened.backend
    settings = SessionSettings(presets: opened.dataset.presets)
    opening = Opening(opened)
    replace(with: opened)
  }

  /// Puts `opened` on screen and starts the search over, with its presets unless
  /// `keepingSettings` (`set scopes` relabels the same rows).
  func replace(with opened: DatasetOpener.Opened, keepingSettings: Bool = false) {
    dataset = opened.dataset
    backend = opened.backend
    openedIndexOrigin = opened.index
    indexCacheMapping = opened.mapping
    reading = opened.reading
    if !keepingSettings {
      settings = SessionSettings(presets: opened.dataset.presets, keeping: settings)
      view = TableView()
      opening = Opening(opened)
    }
    state = SearchState()
    lastCallbacks = []
    searchCache = nil
    shownCounts = nil
    backend.prepare(for: settings.match)
  }

  /// More of the same rows arrived (the picker's input): `dataset` replaces the rows, and the
  /// app filters again and reloads its table (`reloadData`).
  ///
  /// Not a search-bar event: the search stack's state stays and no callback fires. A selection
  /// is forgotten, as `reloadData` forgets it; an open detail view keeps its row, whose id moved
  /// by `shift` (rows listed last first gain the new ones before them).
  func reloadRows(_ dataset: Dataset, backend: any SearchBackend, movingIDsBy shift: Int) {
    self.dataset = dataset
    self.backend = backend
    searchCache = nil
    shownCounts = nil
    if state.isDetailOpen {
      state.selectedItem = state.selectedItem.map { $0 &+ shift }
      state.detailItem = state.detailItem.map { $0 &+ shift }
    } else {
      state.selectedItem = nil
    }
    backend.prepare(for: settings.match)
  }

  /// The scope bar gains titles (a value a sampled bar lacked): the search state stays, as when
  /// an app sets `scopeButtonTitles` on a bar in sight.
  func extendScopes(_ titles: [String]) {
    let relabeled = dataset.relabelingScopes(titles)
    reloadRows(relabeled, backend: backend.relabeled(as: relabeled), movingIDsBy: 0)
  }

  /// The searched columns and scope titles a dataset was opened with, and how its file was read.
  struct Opening: Equatable {
    var fields: [Int]
    var scopeTitles: [String]
    var reading: ReadingReport?

    init(_ opened: DatasetOpener.Opened) {
      fields = opened.backend.searchedColumns
      scopeTitles = opened.dataset.scopeTitles
      reading = opened.reading
    }
  }

  /// The same rows under new scope titles (`set scopes`): what `replace` takes to relabel them.
  func relabeled(_ titles: [String]) -> DatasetOpener.Opened {
    let relabeled = dataset.relabelingScopes(titles)
    return DatasetOpener.Opened(
      dataset: relabeled, backend: backend.relabeled(as: relabeled), warnings: [], reading: reading,
      index: indexOrigin, mapping: indexCacheMapping)
  }

  /// The same rows and backend as opened, for another screen over them (`compare`'s sides).
  func reopened() -> DatasetOpener.Opened {
    DatasetOpener.Opened(
      dataset: dataset, backend: backend, warnings: [], reading: reading, index: indexOrigin,
      mapping: indexCacheMapping)
  }

  /// Searches `columns` from now on (`set fields`); an error leaves them as they were.
  ///
  /// The current text is searched in the new columns here, where a refusal (memory, Ctrl-C)
  /// can still be reported and undone: drawn later, it would show as no rows.
  func searchColumns(_ columns: [Int], cancellation: SearchCancellation) throws(ShellError) {
    let (previous, previousCache) = (backend, searchCache)
    backend = try inBackend { () throws(BackendError) in try backend.searching(columns: columns) }
    backend.prepare(for: settings.match)
    searchCache = nil
    do throws(ShellError) {
      try validateQuery(
        state.text, scope: state.scopeIndex, cancellation: cancellation, command: "set fields")
    } catch {
      (backend, searchCache) = (previous, previousCache)
      throw error
    }
  }

  /// Forgets the last search, so the next one asks the backend again (`prepare` changed it).
  func forgetSearch() {
    searchCache = nil
  }

  /// The lifecycle with the screen's options.
  var lifecycle: SearchLifecycle { SearchLifecycle(options: settings.lifecycle, code: settings.app.code) }

  /// Whether the dimming view covers the table (obscuresBackgroundDuringPresentation).
  var isDimmed: Bool { lifecycle.isDimmingViewShown(state) }

  /// The app that runs now (`set app`, else the dataset's, fitted to the flavor and results).
  var app: AppModel { settings.app }

  /// Reduces `actions` in order and returns the callbacks they fired; `fired` sees each
  /// action's callbacks as they fire (to trace them), and nothing is printed here.
  ///
  /// An open detail view covers the search screen, so it is closed first (scrolling leaves it).
  /// The callbacks become the command's (`expect callbacks`, `diagram`); `continuing` adds them
  /// to those of the same command instead. Returns nil when `stop` said so between two actions,
  /// before the command's callbacks are recorded; the caller puts the state back.
  func apply(
    _ actions: [SearchAction], continuing: Bool = false, until stop: () -> Bool = { false },
    fired: (_ action: SearchAction, _ callbacks: [Callback], _ isLast: Bool) -> Void = { _, _, _ in }
  ) -> [Callback]? {
    let scrollsOnly = actions.allSatisfy(\.isScrollOnly)
    let lifecycle = self.lifecycle
    var callbacks: [Callback] = []
    if state.isDetailOpen, !scrollsOnly { _ = lifecycle.reduce(&state, .detailClosed) }
    for (index, action) in actions.enumerated() {
      if stop() { return nil }
      let firedNow = lifecycle.reduce(&state, action)
      fired(action, firedNow, index == actions.count - 1)
      callbacks += firedNow
    }
    // Scrolling calls no delegate: the last command's callbacks stay what they were.
    if !scrollsOnly { lastCallbacks = continuing ? lastCallbacks + callbacks : callbacks }
    return callbacks
  }

  /// The tap into the bar a command makes before `use` when the bar is not ready for it.
  func tapIntoBar(before use: BarUse) -> [SearchAction] {
    lifecycle.tapIntoBar(before: use, in: state)
  }
}
