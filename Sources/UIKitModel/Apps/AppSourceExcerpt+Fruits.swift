/// Tutorial 004's method (Objective-C, 2015): the fruit example's one implemented method, with
/// its NSLog lines.
extension AppSourceExcerpt {
  private static let fruitsUpdate = """
    - (void)updateSearchResultsForSearchController:(UISearchController *)sc {
        NSLog(@"updateSearchResultsForSearchController");
        NSString *searchString = sc.searchBar.text;
        NSLog(@"searchString=%@", searchString);
    """

  static let fruitsExcerpts = [
    AppSourceExcerpt(
      .fruits, "ViewController", .updateSearchResults,
      """
      \(fruitsUpdate)
          for (NSString *str in self.allItems)    // skipped for @"": all shown
              if ([str localizedCaseInsensitiveContainsString:searchString])
                  NSLog(@"str=%@", str);            // and into filteredItems
          [self.tableView reloadData];
      """,
      withoutLive: fruitsUpdate + "\n    // live search off: nothing is filtered here; the Search key filters"
    )
  ]
}
