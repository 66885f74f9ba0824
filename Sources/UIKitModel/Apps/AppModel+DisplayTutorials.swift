/// The candy, recipe and fruit tutorials' apps, and the generic app for every other dataset.
extension AppModel {
  /// The storyboard's "Search Bar and Search Display Controller" wires every slot to the view
  /// controller: the display controller's delegate, its results table's delegate and the bar's
  /// delegate (model choice: the tutorials only say the connections are made for them).
  private static func storyboardWiring(_ controller: String) -> [DelegateSlot: String] {
    [
      .searchBarDelegate: controller, .displayDelegate: controller, .tableViewDelegate: controller,
      .resultsTableViewDelegate: controller, .segueSource: controller,
    ]
  }

  private static func displayObjects(_ controller: String, _ role: String) -> [AppObject] {
    [
      AppObject(name: controller, role: role),
      AppObject(
        name: "UISearchDisplayController", role: "from the storyboard; owns searchResultsTableView"),
      AppObject(name: "UISearchBar", role: "above the table"),
    ]
  }

  /// Tutorial 001.
  static let candies = AppModel(
    id: .candies, summary: "tutorial 001, CandySearch with UISearchDisplayController (Swift)",
    flavor: .display, results: nil,
    objects: displayObjects("CandyTableViewController", "a UITableViewController over the candies"),
    wiring: storyboardWiring("CandyTableViewController"),
    methods: [
      AppMethod(
        object: "CandyTableViewController", callback: .shouldReloadForSearchString,
        does: "filteredCandies: the scope's candies whose name has the text; true"),
      AppMethod(
        object: "CandyTableViewController", callback: .shouldReloadForSearchScope,
        does: "filters again with the bar's text and the new scope; true"),
      AppMethod(
        object: "CandyTableViewController", callback: .didSelectRow,
        does: "performs the candyDetail segue, the tapped table as sender"),
      AppMethod(
        object: "CandyTableViewController", callback: .prepareForSegue,
        does: "titles the detail: filteredCandies' row if sender is the results table"),
    ],
    code: AppCode(
      segue: SegueCode(
        identifier: "candyDetail", fromMainTable: .didSelect(sender: .tappedTable),
        fromResultsTable: .didSelect(sender: .tappedTable), reads: .tappedTable)),
    // Updated for iOS 8 and Swift in 2014.
    settings: AppSettings(sdk: .ios8))

  /// Tutorial 003, after its fix: prepareForSegue asks whether the search is active.
  static let recipes = recipeBook(
    .recipes, summary: "tutorial 003, the recipe book with UISearchDisplayController (Objective-C)",
    prepare: "recipeName: searchResults' row while isActive, else recipes'",
    reads: .tappedTable)

  /// Tutorial 003 before its fix: prepareForSegue always reads the main table's selected row.
  static let recipesBeforeFix = recipeBook(
    .recipesBeforeFix, summary: "tutorial 003 before its fix: prepareForSegue reads the main table",
    prepare: "recipeName: recipes[the main table's selected row], searching or not",
    reads: .mainTable)

  /// The recipe book: the storyboard wires the main table's cell to showRecipeDetail; the results
  /// table's didSelect performs it with `self` as sender.
  private static func recipeBook(_ id: AppID, summary: String, prepare: String, reads: SegueReading)
    -> AppModel
  {
    AppModel(
      id: id, summary: summary, flavor: .display, results: nil,
      objects: displayObjects("RecipeBookViewController", "the recipes' table view controller"),
      wiring: storyboardWiring("RecipeBookViewController"),
      methods: [
        AppMethod(
          object: "RecipeBookViewController", callback: .shouldReloadForSearchString,
          does: "searchResults: the recipes matching contains[cd]; returns YES"),
        AppMethod(
          object: "RecipeBookViewController", callback: .didSelectRow,
          does: "on the results table, performs showRecipeDetail (sender self)"),
        AppMethod(object: "RecipeBookViewController", callback: .prepareForSegue, does: prepare),
      ],
      code: AppCode(
        segue: SegueCode(
          identifier: "showRecipeDetail", fromMainTable: .storyboardCell,
          fromResultsTable: .didSelect(sender: .viewController), reads: reads)),
      settings: AppSettings(sdk: .ios7))
  }

  /// Tutorial 004: it sets the bar's delegate but implements none of its methods.
  static let fruits = AppModel(
    id: .fruits, summary: "tutorial 004, the essential fruit example (Objective-C)",
    flavor: .controller, results: .inline,
    objects: [
      AppObject(name: "ViewController", role: "the table, its delegate and data source"), searchController,
      AppObject(name: "UISearchBar", role: "the table's header, scrolled out of sight at first"),
    ],
    wiring: [
      .searchBarDelegate: "ViewController", .searchResultsUpdater: "ViewController",
      .tableViewDelegate: "ViewController",
    ],
    methods: [
      AppMethod(
        object: "ViewController", callback: .updateSearchResults,
        does: "shows the fruits containing the text, or all for \"\"; reloads",
        logs: [
          .text("updateSearchResultsForSearchController"), .searchText(prefix: "searchString="),
          .eachMatch(prefix: "str="),
        ])
    ],
    // The bar's delegate implements nothing: the Search key leaves the keyboard up.
    code: AppCode(resignsOnSearchButton: false),
    // 2015; it never sets dimsBackgroundDuringPresentation: YES in its era.
    settings: AppSettings(sdk: .ios8))

  /// The app for files and datasets without a tutorial: the view controller is every delegate
  /// (a separate results controller is its own updater and its table's delegate; the custom
  /// controller its bar's delegate), every method is implemented, and nothing is logged.
  static func generic(_ options: LifecycleOptions) -> AppModel {
    var objects = [AppObject(name: "ViewController", role: "the table, and every delegate below")]
    var wiring: [DelegateSlot: String] = [:]
    for slot in DelegateSlot.allCases { wiring[slot] = "ViewController" }
    switch options.flavor {
    case .controller:
      objects.append(AppObject(name: "UISearchController", role: "its bar is the table's header"))
      if options.results == .separate {
        objects.append(AppObject(name: "ResultsController", role: "the searchResultsController"))
        wiring[.searchResultsUpdater] = "ResultsController"
        wiring[.resultsTableViewDelegate] = "ResultsController"
      }
    case .display:
      objects.append(AppObject(name: "UISearchDisplayController", role: "with its searchResultsTableView"))
    case .custom:
      objects.append(AppObject(name: "CustomSearchController", role: "its bar's delegate, forwarding"))
      wiring[.searchBarDelegate] = "CustomSearchController"
    }
    return AppModel(
      id: .generic, summary: "the generic app: every delegate set, every method implemented, no logs",
      flavor: nil, results: nil, objects: objects, wiring: wiring, methods: [], implementsEverything: true)
  }
}
