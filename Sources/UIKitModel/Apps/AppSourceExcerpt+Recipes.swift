/// Tutorial 003's methods (Objective-C, iOS 7): the recipe book's view controller, after its fix
/// and before it.
extension AppSourceExcerpt {
  static let recipesExcerpts = recipeBook(.recipes) + recipeBook(.recipesBeforeFix)

  private static let reloadDeclaration = """
    - (BOOL)searchDisplayController:(UISearchDisplayController *)controller
            shouldReloadTableForSearchString:(NSString *)searchString {
    """

  private static let prepareDeclaration =
    "- (void)prepareForSegue:(UIStoryboardSegue *)segue sender:(id)sender {"

  /// The methods both versions share, then the one that differs: where prepareForSegue reads
  /// the row.
  private static func recipeBook(_ app: AppID) -> [AppSourceExcerpt] {
    [
      AppSourceExcerpt(
        app, "RecipeBookViewController", .shouldReloadForSearchString,
        """
        \(reloadDeclaration)
            NSPredicate *predicate = [NSPredicate predicateWithFormat:
                @"SELF contains[cd] %@", searchString];  // any case, any accent
            searchResults = [recipes filteredArrayUsingPredicate:predicate];
            return YES;                               // the results table reloads
        """,
        withoutLive: liveOff(reloadDeclaration, returns: "NO;")),
      AppSourceExcerpt(
        app, "RecipeBookViewController", .didSelectRow,
        """
        - (void)tableView:(UITableView *)tableView
                didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
            // the main table's cells have a storyboard segue; the results none
            if (tableView == self.searchDisplayController.searchResultsTableView)
                [self performSegueWithIdentifier:@"showRecipeDetail" sender:self];
        """),
      AppSourceExcerpt(
        app, "RecipeBookViewController", .prepareForSegue, app == .recipes ? prepareFixed : prepareBeforeFix),
    ]
  }

  /// After the fix: while searching, the row is the results table's.
  private static let prepareFixed = """
    \(prepareDeclaration)
        RecipeDetailViewController *dest = segue.destinationViewController;
        BOOL searching = [self.searchDisplayController isActive];   // the fix
        UITableView *table = searching
            ? self.searchDisplayController.searchResultsTableView
            : self.tableView;
        NSInteger row = [table indexPathForSelectedRow].row;
        dest.recipeName = (searching ? searchResults : recipes)[row];
    """

  /// Before it: always the main table's row, which is nil while the results show.
  private static let prepareBeforeFix = """
    \(prepareDeclaration)
        RecipeDetailViewController *dest = segue.destinationViewController;
        // searching or not, the main table's row: while the results show, it
        // has none (nil), and nil's row is 0: the first recipe, the wrong one
        NSIndexPath *indexPath = [self.tableView indexPathForSelectedRow];
        dest.recipeName = [recipes objectAtIndex:indexPath.row];
    """
}
