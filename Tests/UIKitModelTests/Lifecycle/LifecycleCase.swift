import Testing

@testable import UIKitModel

/// One row of a lifecycle table: arrange with `setup`, send `action`, and expect exactly `callbacks`
/// (names, arguments, return values, snapshots) and exactly the state `expect` makes of the previous one.
struct LifecycleCase: Sendable, CustomTestStringConvertible {
  let name: String
  let options: LifecycleOptions
  let code: AppCode
  let setup: [SearchAction]
  let action: SearchAction
  let callbacks: [Callback]
  let expect: @Sendable (inout SearchState) -> Void
  let sourceLocation: SourceLocation

  init(
    _ name: String, _ options: LifecycleOptions = .controllerInline, code: AppCode = AppCode(),
    setup: [SearchAction] = [],
    _ action: SearchAction, _ callbacks: [Callback],
    state expect: @escaping @Sendable (inout SearchState) -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    self.name = name
    self.options = options
    self.code = code
    self.setup = setup
    self.action = action
    self.callbacks = callbacks
    self.expect = expect
    self.sourceLocation = sourceLocation
  }

  var expectedNames: [CallbackName] { callbacks.map(\.name) }
  var testDescription: String { name }

  /// Runs the case through an exhaustive store; failures point at the table row.
  func run() {
    var store = LifecycleTestStore(options, code: code)
    store.prime(setup)
    store.send(action, callbacks, sourceLocation: sourceLocation, expect)
  }
}

// MARK: - Options

extension LifecycleOptions {
  static func make(
    _ flavor: Flavor = .controller, results: ResultsPresentation = .inline, rule: DataSourceRule = .active,
    live: Bool = true, obscures: Bool = false
  ) -> LifecycleOptions {
    var options = LifecycleOptions()
    options.flavor = flavor
    options.results = results
    options.rule = rule
    options.live = live
    options.obscures = obscures
    return options
  }

  static let controllerInline = make()
  static let controllerTextRule = make(rule: .text)
  static let controllerSeparate = make(results: .separate)
  static let display = make(.display)
  static let custom = make(.custom)

  /// Every combination of the switches (3 × 2 × 2 × 2 × 2).
  static let all: [LifecycleOptions] = Flavor.allCases.flatMap { flavor in
    ResultsPresentation.allCases.flatMap { results in
      DataSourceRule.allCases.flatMap { rule in
        [true, false].flatMap { live in
          [false, true].map { make(flavor, results: results, rule: rule, live: live, obscures: $0) }
        }
      }
    }
  }
}

extension LifecycleOptions: CustomTestStringConvertible {
  public var testDescription: String {
    "\(flavor) \(results) rule:\(rule) live:\(live) obscures:\(obscures)"
  }
}

// MARK: - Snapshots

enum Activity { case active, inactive }
enum Responder { case fr, notFR }

/// The state columns at one step: isActive, text, FR, shown.
func at(_ activity: Activity, _ text: String, _ responder: Responder, _ shown: ShownTable) -> CallbackSnapshot
{
  CallbackSnapshot(
    isActive: activity == .active, text: text, isFirstResponder: responder == .fr, shown: shown)
}

// MARK: - Expected callbacks, with the argument labels and return values the traces print

extension Callback {
  static func shouldBeginEditing(_ s: CallbackSnapshot) -> Callback {
    Callback(.searchBarShouldBeginEditing, returns: true, state: s)
  }
  static func textDidBeginEditing(_ s: CallbackSnapshot) -> Callback {
    Callback(.searchBarTextDidBeginEditing, state: s)
  }
  static func shouldChangeText(_ location: Int, _ length: Int, _ replacement: String, _ s: CallbackSnapshot)
    -> Callback
  {
    Callback(
      .searchBarShouldChangeText,
      [
        .init("shouldChangeTextIn", .range(location: location, length: length)),
        .init("replacementText", .text(SharedText(replacement))),
      ],
      returns: true, state: s)
  }
  static func textDidChange(_ text: String, _ s: CallbackSnapshot) -> Callback {
    Callback(.searchBarTextDidChange, [.init("textDidChange", .text(SharedText(text)))], state: s)
  }
  static func scopeDidChange(_ index: Int, _ s: CallbackSnapshot) -> Callback {
    Callback(
      .searchBarScopeDidChange, [.init("selectedScopeButtonIndexDidChange", .integer(index))], state: s)
  }
  static func searchButtonClicked(_ s: CallbackSnapshot) -> Callback {
    Callback(.searchBarSearchButtonClicked, state: s)
  }
  static func cancelButtonClicked(_ s: CallbackSnapshot) -> Callback {
    Callback(.searchBarCancelButtonClicked, state: s)
  }
  static func shouldEndEditing(_ s: CallbackSnapshot) -> Callback {
    Callback(.searchBarShouldEndEditing, returns: true, state: s)
  }
  static func textDidEndEditing(_ s: CallbackSnapshot) -> Callback {
    Callback(.searchBarTextDidEndEditing, state: s)
  }

  /// `updateSearchResults(for:)`; its text argument is `searchBar.text` at that step.
  static func update(_ s: CallbackSnapshot) -> Callback {
    Callback(.updateSearchResults, [.init("searchBar.text", .text(SharedText(s.text)))], state: s)
  }
  static func willPresent(_ s: CallbackSnapshot) -> Callback {
    Callback(.willPresentSearchController, state: s)
  }
  static func didPresent(_ s: CallbackSnapshot) -> Callback {
    Callback(.didPresentSearchController, state: s)
  }
  static func willDismiss(_ s: CallbackSnapshot) -> Callback {
    Callback(.willDismissSearchController, state: s)
  }
  static func didDismiss(_ s: CallbackSnapshot) -> Callback {
    Callback(.didDismissSearchController, state: s)
  }

  static func didLoadResultsTable(_ s: CallbackSnapshot) -> Callback {
    Callback(
      .didLoadSearchResultsTableView,
      [.init("didLoadSearchResultsTableView", .object("searchResultsTableView"))], state: s)
  }
  static func willBeginSearch(_ s: CallbackSnapshot) -> Callback { Callback(.willBeginSearch, state: s) }
  static func didBeginSearch(_ s: CallbackSnapshot) -> Callback { Callback(.didBeginSearch, state: s) }
  static func willEndSearch(_ s: CallbackSnapshot) -> Callback { Callback(.willEndSearch, state: s) }
  static func didEndSearch(_ s: CallbackSnapshot) -> Callback { Callback(.didEndSearch, state: s) }
  static func shouldReload(_ text: String, returns: Bool = true, _ s: CallbackSnapshot) -> Callback {
    Callback(
      .shouldReloadForSearchString, [.init("shouldReloadTableForSearch", .text(SharedText(text)))],
      returns: returns,
      state: s)
  }
  static func shouldReloadScope(_ index: Int, returns: Bool = true, _ s: CallbackSnapshot) -> Callback {
    Callback(
      .shouldReloadForSearchScope, [.init("shouldReloadTableForSearchScope", .integer(index))],
      returns: returns, state: s)
  }
  static func willShowResults(_ s: CallbackSnapshot) -> Callback {
    Callback(
      .willShowResultsTable, [.init("willShowSearchResultsTableView", .object("searchResultsTableView"))],
      state: s)
  }
  static func didShowResults(_ s: CallbackSnapshot) -> Callback {
    Callback(
      .didShowResultsTable, [.init("didShowSearchResultsTableView", .object("searchResultsTableView"))],
      state: s)
  }
  static func willHideResults(_ s: CallbackSnapshot) -> Callback {
    Callback(
      .willHideResultsTable, [.init("willHideSearchResultsTableView", .object("searchResultsTableView"))],
      state: s)
  }
  static func didHideResults(_ s: CallbackSnapshot) -> Callback {
    Callback(
      .didHideResultsTable, [.init("didHideSearchResultsTableView", .object("searchResultsTableView"))],
      state: s)
  }

  static func didStartSearching(_ s: CallbackSnapshot) -> Callback { Callback(.didStartSearching, state: s) }
  static func didTapOnSearchButton(_ s: CallbackSnapshot) -> Callback {
    Callback(.didTapOnSearchButton, state: s)
  }
  static func didTapOnCancelButton(_ s: CallbackSnapshot) -> Callback {
    Callback(.didTapOnCancelButton, state: s)
  }
  static func didChangeSearchText(_ text: String, _ s: CallbackSnapshot) -> Callback {
    Callback(.didChangeSearchText, [.init("searchText", .text(SharedText(text)))], state: s)
  }

  static func didSelectRow(_ table: String, row: Int, _ s: CallbackSnapshot) -> Callback {
    Callback(
      .didSelectRow,
      [.init("tableView", .object(table)), .init("didSelectRowAt", .indexPath(section: 0, row: row))],
      state: s)
  }
}

// MARK: - Actions, built the way the shell builds them

extension SearchAction {
  /// Typing `character` at the end of `text`.
  static func type(_ character: String, after text: String) -> SearchAction {
    .textChanged(.append(character, to: text))
  }
  /// Backspace at the end of `text`.
  static func backspace(from text: String) -> SearchAction {
    .textChanged(.deleteLast(of: text) ?? TextEdit(location: 0, length: 0, replacement: ""))
  }
  /// Pasting `replacement` over the whole of `text`.
  static func paste(_ replacement: String, over text: String) -> SearchAction {
    .textChanged(.replaceAll(of: text, with: replacement))
  }
  /// Typing `text` one character at a time after `prefix`.
  static func typing(_ text: String, after prefix: String = "") -> [SearchAction] {
    var current = prefix
    return text.map { character in
      defer { current.append(character) }
      return .type(String(character), after: current)
    }
  }
}

/// Common arrangements.
enum Given {
  /// Tapped into the inactive bar: active (controller, display), first responder, text "".
  static let tappedIn: [SearchAction] = [.editingBegan]
  /// Tapped in and typed `text`.
  static func typed(_ text: String) -> [SearchAction] { tappedIn + SearchAction.typing(text) }
  /// Typed `text`, then tapped the Search key (the app resigned first responder).
  static func searched(_ text: String) -> [SearchAction] { typed(text) + [.searchButtonTapped] }
}
