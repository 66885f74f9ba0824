/// Tutorial 002's methods (Objective-C, 2016): the Chinese guide's view controller with its own
/// navigation bar, and its LZResultDisplayController.
extension AppSourceExcerpt {
  static let guideExcerpts = guide + guideResults

  private static let updateDeclaration =
    "- (void)updateSearchResultsForSearchController:(UISearchController *)sc {"

  /// The guide's filter: both sides lowercased, then `rangeOfString:`.
  private static func filterDatas(reloading comment: String) -> String {
    """
    \(updateDeclaration)
        NSString *inputStr = sc.searchBar.text.lowercaseString;
        [self.results removeAllObjects];
        for (NSString *str in self.datas)          // lowercased: any case
            if ([str.lowercaseString rangeOfString:inputStr].location
                    != NSNotFound) [self.results addObject:str];
        [self.tableView reloadData];\(comment)
    """
  }

  /// Both parts' row tap: the array read follows `active`, and so does the line logged.
  private static func tap(_ app: AppID) -> AppSourceExcerpt {
    AppSourceExcerpt(
      app, "ViewController", .didSelectRow,
      """
      - (void)tableView:(UITableView *)tableView
              didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
          if (self.searchController.active)      // the filtered list shows
              NSLog(@"選擇了搜索結果中的%@", self.results[indexPath.row]);
          else
              NSLog(@"選擇了列表中的%@", self.datas[indexPath.row]);
      """)
  }

  /// The first and second parts: the same controller shows the results, and its own
  /// navigation bar slides away while the bar is first responder.
  private static let guide = [
    AppSourceExcerpt(
      .guide, "ViewController", .updateSearchResults, filterDatas(reloading: ""),
      withoutLive: liveOff(updateDeclaration)),
    tap(.guide),
    AppSourceExcerpt(
      .guide, "ViewController", .searchBarTextDidBeginEditing,
      """
      - (void)searchBarTextDidBeginEditing:(UISearchBar *)searchBar {
          CGRect barFrame = self.customNavBar.frame;
          barFrame.origin.y = -64;                // the bar slides off screen
          self.customNavBar.frame = barFrame;     // the table takes its place
          [UIView animateWithDuration:0.4 animations:^{
              [self.view layoutIfNeeded]; }];
      """),
    AppSourceExcerpt(
      .guide, "ViewController", .searchBarShouldEndEditing,
      """
      - (BOOL)searchBarShouldEndEditing:(UISearchBar *)searchBar {
          return YES;                             // editing may end
      """),
    AppSourceExcerpt(
      .guide, "ViewController", .searchBarTextDidEndEditing,
      """
      - (void)searchBarTextDidEndEditing:(UISearchBar *)searchBar {
          CGRect barFrame = self.customNavBar.frame;
          barFrame.origin.y = 0;                  // the bar slides back down
          CGRect tableFrame = self.tableView.frame;
          tableFrame.origin.y = 64;               // the table under it again
          [UIView animateWithDuration:0.4 animations:^{ /* both frames */ }];
      """),
  ]

  /// The third part: LZResultDisplayController is the updater and shows the results over the
  /// view controller's table.
  private static let guideResults = [
    AppSourceExcerpt(
      .guideResults, "LZResultDisplayController", .updateSearchResults,
      filterDatas(reloading: "     // its own table"), withoutLive: liveOff(updateDeclaration)),
    tap(.guideResults),
  ]
}
