/// What each callback is for and when UIKit sends it, for `help CALLBACK`: a learner's first
/// question about a name in a trace. Written for this project from the lifecycle contract
/// (docs/lifecycle.md), in its terms.
extension CallbackName {
  /// What the method lets the receiver do, in one sentence.
  package var purpose: String {
    switch self {
    case .searchBarShouldBeginEditing:
      "Asks whether the bar may become first responder; returning false keeps the keyboard down."
    case .searchBarTextDidBeginEditing:
      "Tells the delegate the bar became first responder: the keyboard is up and typing goes to the bar."
    case .searchBarShouldChangeText:
      "Asks whether one edit may happen: the UTF-16 range replaced and the replacement text; false refuses it."
    case .searchBarTextDidChange:
      "Tells the delegate the user changed the text; the argument is the whole new text."
    case .searchBarScopeDidChange:
      "Tells the delegate another scope-bar button was tapped; the argument is its index."
    case .searchBarSearchButtonClicked:
      "Tells the delegate the keyboard's Search key was tapped; what happens next is the app's code."
    case .searchBarCancelButtonClicked:
      "Tells the delegate the bar's Cancel button was tapped, before the controller ends the search."
    case .searchBarShouldEndEditing:
      "Asks whether the bar may stop being first responder; false keeps the keyboard up."
    case .searchBarTextDidEndEditing:
      "Tells the delegate the bar stopped being first responder: the keyboard went down."
    case .updateSearchResults:
      "Asks the results updater to filter for the bar's current text and scope and reload its table."
    case .willPresentSearchController:
      "Tells the controller's delegate the search is about to become active (isActive still false)."
    case .didPresentSearchController:
      "Tells the controller's delegate the search is active and its results are presented."
    case .willDismissSearchController:
      "Tells the controller's delegate the search is about to end (isActive already false)."
    case .didDismissSearchController:
      "Tells the controller's delegate the search ended: the full list shows again."
    case .didLoadSearchResultsTableView:
      "Hands the display controller's own results table to its delegate once, to configure it."
    case .willBeginSearch:
      "Tells the display controller's delegate the search is about to start."
    case .didBeginSearch:
      "Tells the display controller's delegate the search started (the bar moved up, the table dims)."
    case .willEndSearch:
      "Tells the display controller's delegate the search is about to end."
    case .didEndSearch:
      "Tells the display controller's delegate the search ended."
    case .shouldReloadForSearchString:
      "Asks the delegate to filter for the new text; returning true reloads the results table."
    case .shouldReloadForSearchScope:
      "Asks the delegate to filter for the new scope; returning true reloads the results table."
    case .willShowResultsTable:
      "Tells the delegate the results table is about to cover the original one (the text turned non-empty)."
    case .didShowResultsTable:
      "Tells the delegate the results table is on screen."
    case .willHideResultsTable:
      "Tells the delegate the results table is about to go (the text turned empty, or the search ends)."
    case .didHideResultsTable:
      "Tells the delegate the results table is gone and the original table shows, dimmed while active."
    case .didStartSearching:
      "The custom controller's own protocol: the user started editing its bar (forwarded textDidBeginEditing)."
    case .didTapOnSearchButton:
      "The custom controller's own protocol: the Search key was tapped (after the bar resigned)."
    case .didTapOnCancelButton:
      "The custom controller's own protocol: Cancel was tapped (after the bar resigned)."
    case .didChangeSearchText:
      "The custom controller's own protocol: the text changed (forwarded textDidChange), with the text."
    case .didSelectRow:
      "Tells the table's delegate the user tapped a row: the row of the table that is on screen."
    case .prepareForSegue:
      "Runs on the view controller before a storyboard segue: it hands the detail its item, chosen by sender."
    }
  }

  /// Which user actions (shell commands) make UIKit send it, in the model.
  package var sentWhen: String {
    switch self {
    case .searchBarShouldBeginEditing, .searchBarTextDidBeginEditing:
      "On a tap into the bar ('focus'), and before 'type', 'search' or 'scope' when the bar is not first responder."
    case .searchBarShouldChangeText:
      "Before each user edit: 'type' (once per character), 'backspace', 'search' (one paste). Not for the (x) button, not for text set from code."
    case .searchBarTextDidChange:
      "After each user edit ('type', 'backspace', 'search') and the (x) button ('clear'); never for text set from code (Cancel clears it silently)."
    case .searchBarScopeDidChange:
      "On 'scope N' when N is not the selected index (the scope bar shows only while searching)."
    case .searchBarSearchButtonClicked:
      "On 'submit' (disabled while the text is empty). Only an app that calls resignFirstResponder() there also gets the end-editing pair."
    case .searchBarCancelButtonClicked:
      "On 'cancel' while active, first of the cancel sequence."
    case .searchBarShouldEndEditing, .searchBarTextDidEndEditing:
      "When the bar resigns: 'cancel' or a tap on the dimmed table while it is first responder, 'submit' where the app (or the display controller) resigns, 'code active false'."
    case .updateSearchResults:
      "On begin editing (text \"\"), each edit, each scope change, and once on Cancel (text \"\"); also on 'code text TEXT'."
    case .willPresentSearchController, .didPresentSearchController:
      "When the search becomes active: the first tap into the bar ('focus'), or 'code active true' (isActive set from code)."
    case .willDismissSearchController, .didDismissSearchController:
      "When the search ends: 'cancel', a tap on the dimmed table, or 'code active false'."
    case .didLoadSearchResultsTableView:
      "Once per loaded dataset, just before the results table shows the first time."
    case .willBeginSearch, .didBeginSearch:
      "On the first tap into the bar ('focus')."
    case .willEndSearch, .didEndSearch:
      "On 'cancel' and on a tap on the dimmed table."
    case .shouldReloadForSearchString:
      "After each text change ('type', 'backspace', 'search', 'clear')."
    case .shouldReloadForSearchScope:
      "After each scope change ('scope N')."
    case .willShowResultsTable, .didShowResultsTable:
      "When the text turns non-empty while active."
    case .willHideResultsTable, .didHideResultsTable:
      "When the text turns empty, and on Cancel when the results table was shown."
    case .didStartSearching:
      "When the custom bar begins editing ('focus', or the first 'type')."
    case .didTapOnSearchButton:
      "On 'submit', after the custom controller resigns its bar."
    case .didTapOnCancelButton:
      "On 'cancel', after the custom controller resigns its bar."
    case .didChangeSearchText:
      "After each text change ('type', 'backspace', 'search', 'clear')."
    case .didSelectRow:
      "On 'select N' (and 'detail N') when the row can be tapped: not under the dimming view."
    case .prepareForSegue:
      "On 'detail N' in apps whose rows open a storyboard segue: after didSelect when code performs it, before didSelect when the cell triggers it."
    }
  }
}
