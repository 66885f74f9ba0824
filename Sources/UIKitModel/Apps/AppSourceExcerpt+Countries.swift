/// Tutorial 000's methods (Swift 1.2, 2015): the countries app, then its custom search controller.
extension AppSourceExcerpt {
  static let countriesExcerpts = countries + countriesCustom

  /// The countries' filter: case-insensitive, accents count, the text in `text`.
  private static func filterCountries(_ text: String) -> String {
    """
        filteredArray = dataArray.filter { country in     // any case
            (country as NSString).rangeOfString(\(text), options:
                .CaseInsensitiveSearch).location != NSNotFound }
    """
  }

  /// The first part: the view controller is the bar's delegate and the results updater.
  private static let countries = [
    AppSourceExcerpt(
      .countries, "ViewController", .searchBarTextDidBeginEditing,
      """
      func searchBarTextDidBeginEditing(searchBar: UISearchBar) {
          shouldShowSearchResults = true      // cells read filteredArray now
          tblSearchResults.reloadData()
      """),
    AppSourceExcerpt(
      .countries, "ViewController", .searchBarCancelButtonClicked,
      """
      func searchBarCancelButtonClicked(searchBar: UISearchBar) {
          shouldShowSearchResults = false     // dataArray: every country
          tblSearchResults.reloadData()
      """),
    AppSourceExcerpt(
      .countries, "ViewController", .searchBarSearchButtonClicked,
      """
      func searchBarSearchButtonClicked(searchBar: UISearchBar) {
          if !shouldShowSearchResults {       // true already since didBegin
              shouldShowSearchResults = true
              tblSearchResults.reloadData()
          }
          searchController.searchBar.resignFirstResponder()  // keyboard down
      """,
      withoutLive: """
        func searchBarSearchButtonClicked(searchBar: UISearchBar) {
            // live search off: the filtering waits for this key
            let searchString = searchController.searchBar.text
            filteredArray = dataArray.filter { … }   // as the update would
            shouldShowSearchResults = true; tblSearchResults.reloadData()
            searchController.searchBar.resignFirstResponder()  // keyboard down
        """),
    AppSourceExcerpt(
      .countries, "ViewController", .updateSearchResults,
      """
      func updateSearchResultsForSearchController(
              searchController: UISearchController) {
          let searchString = searchController.searchBar.text
      \(filterCountries("searchString"))
          tblSearchResults.reloadData()
      """,
      withoutLive: liveOff(
        """
        func updateSearchResultsForSearchController(
                searchController: UISearchController) {
        """)),
  ]

  /// The second part: CustomSearchController is its bar's delegate and forwards to the view
  /// controller through its own protocol.
  private static let countriesCustom = [
    AppSourceExcerpt(
      .countriesCustom, "CustomSearchController", .searchBarTextDidBeginEditing,
      """
      func searchBarTextDidBeginEditing(searchBar: UISearchBar) {
          customDelegate.didStartSearching()     // on to the ViewController
      """),
    AppSourceExcerpt(
      .countriesCustom, "CustomSearchController", .searchBarSearchButtonClicked,
      """
      func searchBarSearchButtonClicked(searchBar: UISearchBar) {
          customSearchBar.resignFirstResponder()   // the keyboard goes down
          customDelegate.didTapOnSearchButton()
      """),
    AppSourceExcerpt(
      .countriesCustom, "CustomSearchController", .searchBarCancelButtonClicked,
      """
      func searchBarCancelButtonClicked(searchBar: UISearchBar) {
          customSearchBar.resignFirstResponder()
          customDelegate.didTapOnCancelButton()    // the text stays in the bar
      """),
    AppSourceExcerpt(
      .countriesCustom, "CustomSearchController", .searchBarTextDidChange,
      """
      func searchBar(searchBar: UISearchBar,
                     textDidChange searchText: String) {
          customDelegate.didChangeSearchText(searchText)
      """),
    AppSourceExcerpt(
      .countriesCustom, "ViewController", .didStartSearching,
      """
      func didStartSearching() {
          shouldShowSearchResults = true      // cells read filteredArray now
          tblSearchResults.reloadData()
      """),
    AppSourceExcerpt(
      .countriesCustom, "ViewController", .didTapOnSearchButton,
      """
      func didTapOnSearchButton() {
          if !shouldShowSearchResults {       // true already since didStart
              shouldShowSearchResults = true
              tblSearchResults.reloadData()
          }
      """,
      withoutLive: """
        func didTapOnSearchButton() {
            // live search off: the filtering waits for this key
            let searchText = customSearchController.customSearchBar.text
            filteredArray = dataArray.filter { … }  // as in didChangeSearchText
            shouldShowSearchResults = true
            tblSearchResults.reloadData()
        """),
    AppSourceExcerpt(
      .countriesCustom, "ViewController", .didTapOnCancelButton,
      """
      func didTapOnCancelButton() {
          shouldShowSearchResults = false     // every country again
          tblSearchResults.reloadData()
      """),
    AppSourceExcerpt(
      .countriesCustom, "ViewController", .didChangeSearchText,
      """
      func didChangeSearchText(searchText: String) {
      \(filterCountries("searchText"))
          tblSearchResults.reloadData()
      """,
      withoutLive: liveOff("func didChangeSearchText(searchText: String) {")),
  ]
}
