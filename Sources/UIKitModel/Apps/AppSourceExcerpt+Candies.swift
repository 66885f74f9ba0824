/// Tutorial 001's methods (Swift 1, 2014): CandySearch's table view controller, the delegate of
/// its UISearchDisplayController, its results table and its bar.
extension AppSourceExcerpt {
  private static let reloadForString = """
    func searchDisplayController(controller: UISearchDisplayController!,
            shouldReloadTableForSearchString searchString: String!) -> Bool {
    """

  private static let reloadForScope = """
    func searchDisplayController(controller: UISearchDisplayController!,
            shouldReloadTableForSearchScope searchOption: Int) -> Bool {
    """

  static let candiesExcerpts = [
    AppSourceExcerpt(
      .candies, "CandyTableViewController", .shouldReloadForSearchString,
      """
      \(reloadForString)
          let bar = self.searchDisplayController.searchBar
          let scope = (bar.scopeButtonTitles as [String])[
              bar.selectedScopeButtonIndex]
          // filteredCandies: the scope's candies whose name has it; case counts
          filterContentForSearchText(searchString, scope: scope)
          return true                         // the results table reloads
      """,
      withoutLive: liveOff(reloadForString, returns: "false")),
    AppSourceExcerpt(
      .candies, "CandyTableViewController", .shouldReloadForSearchScope,
      """
      \(reloadForScope)
          let bar = self.searchDisplayController.searchBar
          let scopes = bar.scopeButtonTitles as [String]
          filterContentForSearchText(bar.text, scope: scopes[searchOption])
          return true                         // the results table reloads
      """,
      withoutLive: liveOff(reloadForScope, returns: "false")),
    AppSourceExcerpt(
      .candies, "CandyTableViewController", .didSelectRow,
      """
      override func tableView(tableView: UITableView!,
              didSelectRowAtIndexPath indexPath: NSIndexPath!) {
          // sender: the table tapped, so that prepareForSegue can tell which
          self.performSegueWithIdentifier("candyDetail", sender: tableView)
      """),
    AppSourceExcerpt(
      .candies, "CandyTableViewController", .prepareForSegue,
      """
      override func prepareForSegue(segue: UIStoryboardSegue!,
              sender: AnyObject!) {
          let detail = segue.destinationViewController as UIViewController
          let table = sender as UITableView        // the table that was tapped
          let row = table.indexPathForSelectedRow()!.row
          let results = self.searchDisplayController.searchResultsTableView
          detail.title = table == results ? filteredCandies[row].name
                                          : candies[row].name
      """),
  ]
}
