/// The search stack as a pure state machine: an action in, the new state and UIKit's callbacks out.
///
/// The order of every sequence is the contract in `docs/lifecycle.md`. Each `emit` records the
/// state at that step, so state changes are made exactly where UIKit makes them.
package struct SearchLifecycle {
  /// The session's switches (flavor, results presentation, data-source rule, live, obscures).
  package var options: LifecycleOptions
  /// What the app's code does in the callbacks that change UIKit's state.
  package var code: AppCode

  /// A reducer under the session's switches `options`, for an app whose code does `code`.
  package init(options: LifecycleOptions, code: AppCode = AppCode()) {
    self.options = options
    self.code = code
  }

  /// Applies `action` to `state` and returns the callbacks it causes, in order.
  package func reduce(_ state: inout SearchState, _ action: SearchAction) -> [Callback] {
    var step = Step(state: state, options: options, code: code)
    switch action {
    case .activeSetByCode(let active):
      if active { step.activateByCode() } else { step.deactivateByCode() }
    case .cancelButtonTapped:
      step.cancel()
    case .clearButtonTapped:
      step.clear()
    case .datasetLoaded:
      // The search starts over; where the table is scrolled is the screen's, set by its preset.
      let isBarScrolledOut = step.state.isBarScrolledOut
      step.state = SearchState()
      step.state.isBarScrolledOut = isBarScrolledOut
    case .detailClosed:
      step.state.isDetailOpen = false
    case .detailOpened:
      step.state.isDetailOpen = step.state.selectedItem != nil
    case .editingBegan:
      step.beginEditing()
    case .rowTapped(let row, let item):
      step.tapRow(row, item: item)
    case .scopeButtonTapped(let index):
      step.changeScope(to: index)
    case .searchButtonTapped:
      step.tapSearchButton()
    case .textChanged(let edit):
      step.changeText(edit)
    case .textSetByCode(let text):
      step.setTextByCode(text)
    case .tableScrolledPastBar:
      step.state.isBarScrolledOut = true
    case .tablePulledToTop:
      step.state.isBarScrolledOut = false
    }
    // Focusing or searching scrolls the table back to the top, bringing a hidden bar into sight.
    if step.state.isFirstResponder || step.state.isSearching(options.flavor) {
      step.state.isBarScrolledOut = false
    }
    // A selection is a row of the table on screen: once the app shows other rows (reloadData),
    // nothing is selected.
    if step.state.showsOtherRows(than: state) {
      step.state.selectedItem = nil
      step.state.detailItem = nil
    }
    state = step.state
    return step.callbacks
  }
}

extension SearchLifecycle {
  /// Whether a dimming view covers the table: a row tap lands on it and ends the search
  /// instead of selecting.
  ///
  /// A UISearchController dims only with obscuresBackgroundDuringPresentation: a table that
  /// filters itself for the whole search (its rows show through), under a separate results
  /// controller while that is hidden (empty text). A UISearchDisplayController dims while active
  /// with empty text (evidence §2 (1), (4)); the custom bar never does.
  package func isDimmingViewShown(_ state: SearchState) -> Bool {
    guard state.isActive else { return false }
    switch options.flavor {
    case .controller: return options.obscures && (options.results == .inline || state.searchText.isEmpty)
    case .display: return state.searchText.isEmpty
    case .custom: return false
    }
  }
}

/// One reduction in progress: the state as it evolves and the callbacks emitted so far.
struct Step {
  var state: SearchState
  let options: LifecycleOptions
  let code: AppCode
  var callbacks: [Callback] = []

  var flavor: Flavor { options.flavor }

  mutating func emit(_ name: CallbackName, _ arguments: [CallbackArgument] = [], returns: Bool? = nil) {
    callbacks.append(Callback(name, arguments, returns: returns, state: state.snapshot))
  }

  // MARK: - The app's reactions

  /// What the app does when asked to refresh (update, shouldReload, didChangeSearchText): filter and reload.
  mutating func appRefilters() {
    if options.live { applyQuery() }
    if flavor == .controller, options.results == .inline { state.shown = inlineTable() }
  }

  /// The app's `filteredItems` now reflect the current text and scope.
  mutating func applyQuery() {
    state.appliedSearchText = state.searchText
    state.appliedScope = state.scopeIndex
  }

  /// The inline table's data-source rule.
  func inlineTable() -> ShownTable {
    switch options.rule {
    case .active: return state.isActive ? .results : .main
    // A chosen scope filters even with empty text (model choice: the spec's rule predates scopes).
    case .text:
      return state.isActive && (!state.searchText.isEmpty || state.scopeIndex != 0) ? .results : .main
    }
  }

  /// A separate results controller is visible while presented with non-empty text.
  mutating func updateSeparateVisibility() {
    guard flavor == .controller, options.results == .separate else { return }
    state.shown = state.isActive && !state.searchText.isEmpty ? .results : .main
  }

  // MARK: - Editing

  mutating func beginEditing() {
    guard !state.isFirstResponder else { return }
    emit(.searchBarShouldBeginEditing, returns: true)
    state.isFirstResponder = true
    emit(.searchBarTextDidBeginEditing)
    switch flavor {
    case .controller, .display:
      presentOrUpdate()
    case .custom:
      // The tutorial's didStartSearching sets shouldShowSearchResults and reloads.
      state.shown = .results
      emit(.didStartSearching)
    }
  }

  /// willPresent, update, didPresent: UISearchController's automatic presentation.
  mutating func present() {
    emit(.willPresentSearchController)
    state.isActive = true
    updateSeparateVisibility()
    appRefilters()
    emit(.updateSearchResults, updateArguments)
    emit(.didPresentSearchController)
  }

  mutating func beginDisplaySearch() {
    state.isActive = true
    emit(.willBeginSearch)
    emit(.didBeginSearch)
    if !state.searchText.isEmpty { showResultsTable() }
  }

  var updateArguments: [CallbackArgument] { [CallbackArgument("searchBar.text", .text(state.searchText))] }

  mutating func changeText(_ edit: TextEdit) {
    let wasEmpty = state.searchText.isEmpty
    emit(
      .searchBarShouldChangeText,
      [
        CallbackArgument("shouldChangeTextIn", .range(location: edit.location, length: edit.length)),
        CallbackArgument("replacementText", .text(SharedText(edit.replacement))),
      ], returns: true)
    state.searchText = state.searchText.applying(edit)
    updateSeparateVisibility()
    emit(.searchBarTextDidChange, [CallbackArgument("textDidChange", .text(state.searchText))])
    textDidChangeReaction(wasEmpty: wasEmpty)
  }

  /// What follows textDidChange: the controller's update, the display controller's reload and
  /// results-table visibility, or the custom controller's forward.
  mutating func textDidChangeReaction(wasEmpty: Bool) {
    switch flavor {
    case .controller:
      appRefilters()
      emit(.updateSearchResults, updateArguments)
    case .display:
      appRefilters()
      emit(
        .shouldReloadForSearchString,
        [CallbackArgument("shouldReloadTableForSearch", .text(state.searchText))],
        returns: options.live)
      if state.isActive, wasEmpty, !state.searchText.isEmpty { showResultsTable() }
      if state.isActive, !wasEmpty, state.searchText.isEmpty { hideResultsTable() }
    case .custom:
      appRefilters()
      emit(.didChangeSearchText, [CallbackArgument("searchText", .text(state.searchText))])
    }
  }

  mutating func showResultsTable() {
    if !state.resultsTableLoaded {
      state.resultsTableLoaded = true
      emit(
        .didLoadSearchResultsTableView,
        [CallbackArgument("didLoadSearchResultsTableView", .object("searchResultsTableView"))])
    }
    emit(
      .willShowResultsTable,
      [CallbackArgument("willShowSearchResultsTableView", .object("searchResultsTableView"))])
    state.shown = .results
    emit(
      .didShowResultsTable,
      [CallbackArgument("didShowSearchResultsTableView", .object("searchResultsTableView"))])
  }

  mutating func hideResultsTable() {
    emit(
      .willHideResultsTable,
      [CallbackArgument("willHideSearchResultsTableView", .object("searchResultsTableView"))])
    state.shown = .main
    emit(
      .didHideResultsTable,
      [CallbackArgument("didHideSearchResultsTableView", .object("searchResultsTableView"))])
  }

  /// The clear (x) button: no shouldChangeText (a model choice), then the text-change reaction.
  mutating func clear() {
    guard !state.searchText.isEmpty else { return }
    state.searchText = SharedText()
    updateSeparateVisibility()
    emit(.searchBarTextDidChange, [CallbackArgument("textDidChange", .text(""))])
    textDidChangeReaction(wasEmpty: false)
  }

  mutating func setTextByCode(_ text: String) {
    let wasEmpty = state.searchText.isEmpty
    state.searchText = SharedText(text)
    switch flavor {
    case .controller:
      updateSeparateVisibility()
      appRefilters()
      emit(.updateSearchResults, updateArguments)
    case .display:
      // The display controller's own text hook runs (shouldReload, then the results table's
      // show/hide pair), so `shown` stays "results exactly while active with non-empty text".
      textDidChangeReaction(wasEmpty: wasEmpty)
    case .custom:
      break
    }
  }

  // MARK: - Scope

  mutating func changeScope(to index: Int) {
    guard index != state.scopeIndex else { return }
    state.scopeIndex = index
    emit(.searchBarScopeDidChange, [CallbackArgument("selectedScopeButtonIndexDidChange", .integer(index))])
    switch flavor {
    case .controller:
      appRefilters()
      emit(.updateSearchResults, updateArguments)
    case .display:
      appRefilters()
      emit(
        .shouldReloadForSearchScope, [CallbackArgument("shouldReloadTableForSearchScope", .integer(index))],
        returns: options.live)
    case .custom:
      // The custom controller does not forward scope changes, so the app does not re-filter.
      break
    }
  }

  // MARK: - Buttons

  mutating func tapSearchButton() {
    // The Search key is disabled while the text is empty (enablesReturnKeyAutomatically).
    guard !state.searchText.isEmpty else { return }
    emit(.searchBarSearchButtonClicked)
    // The app filters here when live search is off. UIKit's own Search key does nothing more:
    // the keyboard goes only if the app resigns (the display controller and the custom one do).
    if !options.live { applyQuery() }
    if flavor != .controller || code.resignsOnSearchButton { resignFirstResponder() }
    if flavor == .custom {
      if state.shown != .results { state.shown = .results }
      emit(.didTapOnSearchButton)
    }
  }

  mutating func resignFirstResponder() {
    guard state.isFirstResponder else { return }
    emit(.searchBarShouldEndEditing, returns: true)
    state.isFirstResponder = false
    emit(.searchBarTextDidEndEditing)
  }

  /// The Cancel button; with `showsCancelButton` it can be tapped while inactive, when only the
  /// bar's delegate hears it (there is nothing to dismiss), and the custom controller forwards it.
  mutating func cancel() {
    emit(.searchBarCancelButtonClicked)
    switch flavor {
    case .controller:
      if state.isActive { dismiss() }
    case .display:
      if state.isActive { endDisplaySearch() }
    case .custom:
      resignFirstResponder()
      state.shown = .main
      emit(.didTapOnCancelButton)
    }
  }

  /// willDismiss, the programmatic clear and its update, resign, didDismiss.
  mutating func dismiss() {
    state.isActive = false
    emit(.willDismissSearchController)
    state.searchText = SharedText()
    state.appliedSearchText = SharedText()
    if options.results == .inline { state.shown = inlineTable() }
    emit(.updateSearchResults, updateArguments)
    resignFirstResponder()
    state.shown = .main
    emit(.didDismissSearchController)
  }

  mutating func endDisplaySearch() {
    let resultsWereShown = state.shown == .results
    state.isActive = false
    emit(.willEndSearch)
    state.searchText = SharedText()
    state.appliedSearchText = SharedText()
    resignFirstResponder()
    if resultsWereShown { hideResultsTable() }
    emit(.didEndSearch)
  }

  mutating func activateByCode() {
    switch flavor {
    case .controller, .display:
      presentOrUpdate()
    case .custom:
      break
    }
  }

  /// Activation by a tap or by code: an inactive controller presents; an active one only updates.
  mutating func presentOrUpdate() {
    switch flavor {
    case .controller:
      if state.isActive {
        appRefilters()
        emit(.updateSearchResults, updateArguments)
      } else {
        present()
      }
    case .display:
      if !state.isActive { beginDisplaySearch() }
    case .custom:
      break
    }
  }

  mutating func deactivateByCode() {
    switch flavor {
    case .controller:
      if state.isActive {
        dismiss()
      } else {
        state.searchText = SharedText()
        appRefilters()
        emit(.updateSearchResults, updateArguments)
      }
    case .display:
      if state.isActive { endDisplaySearch() }
    case .custom:
      break
    }
  }
}
