/// The terms and abbreviations the shell's output uses, for `help terms` and `help TERM`:
/// a learner is never left alone with a word.
enum Glossary {
  /// One term: the names it goes by (the first is shown) and what it means here.
  struct Term: Equatable, Sendable {
    let names: [String]
    let meaning: String
  }

  /// Every term, in the order `help terms` lists them.
  static let terms: [Term] = [
    Term(
      names: ["delegate"],
      meaning:
        "An object the app gives to a UIKit object (searchBar.delegate = self) so that UIKit can call "
        + "its methods when something happens. UIKit calls only the methods the object implements."),
    Term(
      names: ["callback", "delegate method"],
      meaning:
        "A method UIKit calls on a delegate, such as searchBar(_:textDidChange:). The trace shows each one "
        + "UIKit sends, in order; 'help NAME' explains one, 'callbacks' lists them."),
    Term(
      names: ["first responder", "FR", "firstResponder"],
      meaning:
        "The view that receives the keyboard's keys. While the search bar is first responder (FR true) "
        + "the keyboard is up; resignFirstResponder() puts it down (the end-editing pair)."),
    Term(
      names: ["data source", "dataSource"],
      meaning:
        "The object a table asks what to show: how many rows and what each says. In these apps the view "
        + "controller answers from the full list or the filtered one (the data-source rule)."),
    Term(
      names: ["results controller", "searchResultsController", "results table"],
      meaning:
        "The view controller that shows the filtered rows. nil (the default): the main table filters "
        + "itself ('results table' is then the same table, filtered); else a separate table covers the "
        + "main one while the text is not empty. UISearchDisplayController always has its own."),
    Term(
      names: ["main table", "main"],
      meaning: "The full list the screen starts with ('shown: main' in a trace)."),
    Term(
      names: [
        "dimming view", "dimmed", "obscuresBackgroundDuringPresentation", "dimsBackgroundDuringPresentation",
      ],
      meaning:
        "A translucent view over the table while the search is active (obscuresBackgroundDuringPresentation, "
        + "dimsBackgroundDuringPresentation before iOS 9.1; YES by default before iOS 15). A tap on it ends the "
        + "search instead of selecting a row: 'set obscures', 'set sdk'."),
    Term(
      names: ["scope bar", "scopeButtonTitles"],
      meaning:
        "The segmented buttons under the search bar (scopeButtonTitles) that narrow the search to a "
        + "category; it shows only while the search is active. 'scope N' taps one."),
    Term(
      names: ["segue", "storyboard segue"],
      meaning:
        "A transition drawn in the storyboard, such as a row opening its detail view. Before it runs "
        + "UIKit calls prepare(for:sender:) on the view controller, which hands the detail its item."),
    Term(
      names: ["sender"],
      meaning:
        "The object that started a segue: the tapped cell (a segue wired to the cell) or what the code "
        + "passed to performSegue(withIdentifier:sender:). The candy tutorial tells the tables apart by it."),
    Term(
      names: ["isActive", "active"],
      meaning:
        "searchController.isActive: whether the search is presented (Cancel and the scope bar show). "
        + "It turns true on the first tap into the bar and false on Cancel."),
    Term(
      names: ["shown"],
      meaning:
        "Which table the user sees in a trace's state: main (the full list) or results (the filtered one)."),
    Term(
      names: ["range", "NSRange", "{location, length}"],
      meaning:
        "shouldChangeTextIn's {location, length}: which UTF-16 code units of the text an edit replaces. "
        + "Typing at the end is {length, 0}; an emoji counts 2."),
    Term(
      names: ["-> true", "returns", "should"],
      meaning:
        "A should… method returns whether UIKit may go on; '-> true' in a trace is what the app "
        + "returned (true when the method is not implemented)."),
    Term(
      names: ["not implemented"],
      meaning:
        "The delegate is set but lacks this method: UIKit checks (respondsToSelector:) and skips it, "
        + "so none of the app's code runs."),
    Term(
      names: ["nobody", "nob", "not set", "no delegate"],
      meaning: "The app never set that delegate property: the callback goes to no one."),
    Term(
      names: ["flavor"],
      meaning:
        "Which generation of the API the app uses: controller (UISearchController, iOS 8+), display "
        + "(UISearchDisplayController, iOS 7) or custom (a tutorial's own controller and protocol)."),
    Term(
      names: ["live search"],
      meaning:
        "Whether the list filters on every keystroke (on) or only on the Search key (off, the countries "
        + "tutorial's variant: 'set live off')."),
    Term(
      names: ["diagram columns", "SB", "VC", "SC", "SDC", "CSC"],
      meaning:
        "A narrow diagram names each column by its capitals, and the line above it spells them out "
        + "(SB = UISearchBar, VC = ViewController, SC = UISearchController, nob = nobody)."),
    Term(
      names: ["sdk", "era"],
      meaning:
        "The iOS SDK an app was built with: defaults that changed between iOS 7 and 17 (dimming, the "
        + "Cancel button, the results controller's visibility) follow it ('set sdk')."),
  ]

  /// The term named `name` (any of its names, ignoring case).
  static func term(named name: String) -> Term? {
    let wanted = name.lowercased()
    return terms.first { $0.names.contains { $0.lowercased() == wanted } }
  }
}
