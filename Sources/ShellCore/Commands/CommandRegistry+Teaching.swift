/// The teaching commands: what the app is, its callbacks, why the table shows what it shows,
/// the sequence diagram, the walkthroughs, and the comparison of two apps.
extension CommandRegistry {
  /// From `app` to `end`, in the order `help` lists them.
  static let teachingCommands: [Command] = [
    Command(
      name: "app", usage: "app",
      abstract: "Describe the app behind the screen: objects, delegates, methods, logs",
      discussion: """
        Each bundled tutorial runs its own app, taken from the tutorial's code: which
        objects exist, which delegate and updater slots name them, and which methods
        they implement. Files and datasets without a tutorial run the generic app: the
        view controller (a ResultsController for separate results) is every delegate and
        implements everything.
        'set app NAME' runs another, with its flavor (and results); 'set flavor' or 'set
        results' switch to the sibling that fits, else to the generic app. The apps:
          countries         tutorial 000, UISearchController (the countries dataset)
          countries-custom  tutorial 000, CustomSearchController and its protocol
          guide             tutorial 002, the same controller shows the results
          guide-results     tutorial 002, LZResultDisplayController shows them
          candies           tutorial 001, UISearchDisplayController with a scope bar
          recipes           tutorial 003, UISearchDisplayController, contains[cd]
          recipes-before-fix  the same before its fix: prepareForSegue's wrong row
          fruits            tutorial 004, UISearchController, logs every update
          generic           every delegate set, every method implemented, no logs
        """,
      run: { session, _ throws(ShellError) in session.appCommand() }),
    Command(
      name: "callbacks", usage: "callbacks [all]",
      abstract: "List the callbacks by short, Swift and Objective-C name",
      arguments: .words(min: 0, max: 1), completion: .words(["all"]),
      comparing: .session,
      run: { session, arguments throws(ShellError) in try session.callbacksCommand(arguments.first) }),
    Command(
      name: "explain", usage: "explain",
      abstract: "Say which list the table reads, and why, in plain sentences",
      pagesOutput: true,
      run: { session, _ throws(ShellError) in session.explainCommand() }),
    Command(
      name: "diagram", usage: "diagram [all] [last] [FILE]",
      abstract: "Draw the callbacks so far (or the last command's) as a sequence diagram",
      discussion: """
        Arrows go between the User, the UISearchBar, the search controller and the app's
        objects that receive the callbacks. 'all' also draws, dashed, the callbacks the
        app does not receive: to an object that does not implement them, or to nobody.
        ASCII on the terminal; FILE ending in .mmd or .md gets Mermaid sequenceDiagram
        text (.md inside a mermaid code block), any other FILE the ASCII.
        """,
      arguments: .words(min: 0, max: 3),
      completion: .sequence(
        .wordsAndFiles(["all", "last"]), after: ["all": .wordsAndFiles(["last"]), "last": .files]),
      pagesOutput: true,
      run: { session, arguments throws(ShellError) in try session.diagramCommand(arguments) }),
    Command(
      name: "demo", usage: "demo [NAME] [--all]",
      abstract: "List the tutorial walkthroughs, or run one with its narration",
      discussion: """
        A walkthrough loads its dataset and sets its options; when it ends, the session stays
        there (dataset, flavor, options and trace), and a last line says so. At a terminal it
        steps: each action shows, then waits for Enter; q stops it. --all prints it whole.
        Each passing 'expect' in it says '✓ right'.
        """,
      arguments: .words(min: 0, max: 2), completion: .demos,
      run: { session, arguments throws(ShellError) in try session.demoCommand(arguments) }),
    Command(
      name: "compare", usage: "compare APP|FLAVOR APP|FLAVOR | compare end",
      abstract: "Run the next actions through two apps (or flavors) and show them side by side",
      discussion: """
        'compare fruits countries' (or 'compare controller display') opens two screens over
        the dataset on screen, each as its app (or flavor) launches it, with your other
        settings. Each action typed next (focus, type, select, cancel, ...) runs on both,
        and prints in two columns the callbacks each app's code receives (with its NSLog
        lines under 'set app-log on'), then what each side said and each screen's bar and
        table header. Between the columns, as in sdiff: '|' the lines differ, '<' the left
        side only, '>' the right side only. An error on one side shows in its column.
        'end' (or 'compare end') prints both final screens side by side and which actions
        differed; your own screen is as it was before 'compare'. While comparing, commands
        other than actions are refused but 'help', 'echo', 'callbacks', 'history', 'pause'
        and 'quit'. The apps: 'help app'; the flavors: controller, display, custom.
        """,
      arguments: .words(min: 1, max: 2),
      completion: .pair(.words(ComparisonSide.words + ["end"]), .words(ComparisonSide.words)),
      comparing: .session,
      run: { session, arguments throws(ShellError) in try session.compareCommand(arguments) }),
    Command(
      name: "end", usage: "end", abstract: "End a comparison: both final screens, and what differed",
      comparing: .session,
      run: { session, _ throws(ShellError) in try session.endCommand() }),
  ]
}
