/// The tutorials' apps, as each tutorial's code wires and implements them.
///
/// Only behaviour is kept: which slot names which object, which methods exist, what they change
/// and the strings they log. Data-source methods (row counts, cells) are not callbacks the shell
/// sends, so they are left out.
extension AppModel {
  /// The app `id` names; the generic one for `.generic`.
  package static func tutorial(_ id: AppID, options: LifecycleOptions) -> AppModel {
    switch id {
    case .countries: return countries
    case .countriesCustom: return countriesCustom
    case .guide: return guide
    case .guideResults: return guideResults
    case .candies: return candies
    case .recipes: return recipes
    case .recipesBeforeFix: return recipesBeforeFix
    case .fruits: return fruits
    case .generic: return generic(options)
    }
  }

  static let searchController = AppObject(
    name: "UISearchController", role: "searchResultsController nil: the table filters itself")
  static let searchBar = AppObject(
    name: "UISearchBar", role: "the search controller's bar, the table's header")

  /// Tutorial 000, first part.
  static let countries = AppModel(
    id: .countries, summary: "tutorial 000, UISearchController over the countries (Swift)",
    flavor: .controller, results: .inline,
    objects: [
      AppObject(name: "ViewController", role: "the table tblSearchResults, its delegate and data source"),
      searchController, searchBar,
    ],
    wiring: [
      .searchBarDelegate: "ViewController", .searchResultsUpdater: "ViewController",
      .tableViewDelegate: "ViewController",
    ],
    methods: [
      AppMethod(
        object: "ViewController", callback: .searchBarTextDidBeginEditing,
        does: "sets shouldShowSearchResults to true, reloads the table"),
      AppMethod(
        object: "ViewController", callback: .searchBarCancelButtonClicked,
        does: "sets shouldShowSearchResults to false, reloads the table"),
      AppMethod(
        object: "ViewController", callback: .searchBarSearchButtonClicked,
        does: "shows the filtered list if it did not, resigns the bar",
        doesWithoutLive: "filters with the text (live off), shows it, resigns the bar"),
      AppMethod(
        object: "ViewController", callback: .updateSearchResults,
        does: "filteredArray: the countries containing the text (any case); reloads"),
    ],
    // 2015, Swift 1.2; it sets dimsBackgroundDuringPresentation to false.
    settings: AppSettings(sdk: .ios8, obscures: false))

  /// Tutorial 000, second part: the custom controller is its bar's delegate and forwards.
  static let countriesCustom = AppModel(
    id: .countriesCustom, summary: "tutorial 000, CustomSearchController and its protocol (Swift)",
    flavor: .custom, results: nil,
    objects: [
      AppObject(name: "ViewController", role: "the table, and the custom controller's customDelegate"),
      AppObject(name: "CustomSearchController", role: "a UISearchController subclass, never presented"),
      AppObject(name: "CustomSearchBar", role: "its customSearchBar, the table's header"),
    ],
    wiring: [
      .searchBarDelegate: "CustomSearchController", .customDelegate: "ViewController",
      .tableViewDelegate: "ViewController",
    ],
    methods: [
      AppMethod(
        object: "CustomSearchController", callback: .searchBarTextDidBeginEditing,
        does: "calls customDelegate.didStartSearching()"),
      AppMethod(
        object: "CustomSearchController", callback: .searchBarSearchButtonClicked,
        does: "resigns the bar, calls customDelegate.didTapOnSearchButton()"),
      AppMethod(
        object: "CustomSearchController", callback: .searchBarCancelButtonClicked,
        does: "resigns the bar, calls customDelegate.didTapOnCancelButton()"),
      AppMethod(
        object: "CustomSearchController", callback: .searchBarTextDidChange,
        does: "calls customDelegate.didChangeSearchText(_:)"),
      AppMethod(
        object: "ViewController", callback: .didStartSearching,
        does: "sets shouldShowSearchResults to true, reloads the table"),
      AppMethod(
        object: "ViewController", callback: .didTapOnSearchButton,
        does: "shows the filtered list if it did not",
        doesWithoutLive: "filters with the text (live search off), shows that list"),
      AppMethod(
        object: "ViewController", callback: .didTapOnCancelButton,
        does: "sets shouldShowSearchResults to false, reloads the table"),
      AppMethod(
        object: "ViewController", callback: .didChangeSearchText,
        does: "filteredArray: the countries containing the text (any case); reloads"),
    ],
    settings: AppSettings(sdk: .ios8))

  /// What both of the guide's view controllers log for a row tap.
  private static let guideTap = AppMethod(
    object: "ViewController", callback: .didSelectRow,
    does: "logs the tapped row, from the results while searchController.active",
    logs: [.selectedItem(whileActive: "選擇了搜索結果中的", otherwise: "選擇了列表中的")])

  /// Tutorial 002, first part (the same controller) with the second's bar delegate methods.
  static let guide = AppModel(
    id: .guide, summary: "tutorial 002, the same controller shows the results (Objective-C)",
    flavor: .controller, results: .inline,
    objects: [
      AppObject(name: "ViewController", role: "the table and a custom navigation bar"), searchController,
      searchBar,
    ],
    wiring: [
      .searchBarDelegate: "ViewController", .searchResultsUpdater: "ViewController",
      .tableViewDelegate: "ViewController",
    ],
    methods: [
      AppMethod(
        object: "ViewController", callback: .updateSearchResults,
        does: "results: the datas containing the text (lowercased); reloads"),
      guideTap,
      AppMethod(
        object: "ViewController", callback: .searchBarTextDidBeginEditing,
        does: "moves the custom navigation bar up, the table to full height"),
      AppMethod(object: "ViewController", callback: .searchBarShouldEndEditing, does: "returns YES"),
      AppMethod(
        object: "ViewController", callback: .searchBarTextDidEndEditing,
        does: "moves the custom navigation bar back, the table under it"),
    ],
    // It implements no searchBarSearchButtonClicked: the Search key leaves the keyboard up.
    code: AppCode(resignsOnSearchButton: false),
    // 2016 (it quotes the iOS 9.1 header); it sets dimsBackgroundDuringPresentation to NO.
    settings: AppSettings(sdk: .ios9, obscures: false))

  /// Tutorial 002, third part: a separate results controller is the updater.
  static let guideResults = AppModel(
    id: .guideResults, summary: "tutorial 002, LZResultDisplayController shows the results (Objective-C)",
    flavor: .controller, results: .separate,
    objects: [
      AppObject(name: "ViewController", role: "the main table, its delegate and data source"),
      AppObject(name: "LZResultDisplayController", role: "the searchResultsController, with its own table"),
      AppObject(name: "UISearchController", role: "created with the LZResultDisplayController"), searchBar,
    ],
    wiring: [
      .searchResultsUpdater: "LZResultDisplayController", .tableViewDelegate: "ViewController",
      .resultsTableViewDelegate: "LZResultDisplayController",
    ],
    methods: [
      AppMethod(
        object: "LZResultDisplayController", callback: .updateSearchResults,
        does: "results: the datas containing the text (lowercased); reloads its table"),
      guideTap,
    ],
    code: AppCode(resignsOnSearchButton: false),
    // It never sets dimsBackgroundDuringPresentation: YES in its era.
    settings: AppSettings(sdk: .ios9))
}
