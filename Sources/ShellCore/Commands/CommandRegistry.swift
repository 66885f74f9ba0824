/// The one list of commands: dispatch, `help` and tab completion all read it.
enum CommandRegistry {
  /// Every command, in the order `help` lists them.
  static let commands: [Command] = screenCommands + teachingCommands + scriptCommands

  /// Loading, acting on the screen, exploring the rows, tracing.
  static let screenCommands: [Command] = [
    Command(
      name: "load", usage: LoadRequest.usage,
      abstract: "Load a bundled dataset or a file; the search starts over",
      discussion: """
        Files may be text (one row per line), CSV, TSV, JSON or JSON Lines, by extension or
        --format text|csv|tsv|json|jsonl. The title column is the one named name or title
        (else the first); the scope bar comes from a column named category, type, kind or
        group. --title and --scope choose others; --scope none drops the scope bar.
        A JSON object holding one array loads that array; --path KEY.KEY names the keys
        leading to the rows when it holds several (or they are deeper). Rows that are
        arrays load with columns numbered 1, 2, ...
        'load -' reads standard input when the commands come from -c. A PostgreSQL table loads
        from a postgres:// URL ('load postgres://H/D?table=T') or a libpq keyword/value string
        quoted as one word ('load "host=H dbname=D table=T"'). A file of 1 MiB or more
        keeps its index in the cache folder, so opening it again unchanged skips the work;
        --no-cache reads and indexes it afresh and leaves the cache alone.
        """,
      arguments: .text(required: true), completion: LoadRequest.completion,
      run: { session, arguments throws(ShellError) in try session.loadCommand(arguments[0]) }),
    Command(
      name: "next", usage: "next [COUNT]", abstract: "Open the next file named on the command line",
      discussion: """
        'searchshell a.csv b.tsv' opens a.csv; 'next' opens b.tsv and 'previous' goes back,
        each with the command line's load options (--title, --scope, --format, --path), as
        less's :n and :p. A file that cannot be opened leaves the dataset and the position;
        'next 2' steps over it.
        """,
      arguments: .words(min: 0, max: 1),
      run: { session, arguments throws(ShellError) in try session.nextFileCommand(arguments.first) }),
    Command(
      name: "previous", usage: "previous [COUNT]",
      abstract: "Open the previous file named on the command line",
      arguments: .words(min: 0, max: 1),
      run: { session, arguments throws(ShellError) in try session.previousFileCommand(arguments.first) }),
    Command(
      name: "files", usage: "files", abstract: "List the files named on the command line, '*' the one opened",
      run: { session, _ throws(ShellError) in session.filesCommand() }),
    Command(
      name: "datasets", usage: "datasets", abstract: "List the bundled datasets",
      pagesOutput: true,
      run: { session, _ throws(ShellError) in session.datasetsCommand() }),
    Command(
      name: "focus", usage: "focus", abstract: "Tap into the search bar (begin editing)",
      comparing: .bothSides,
      run: { session, _ throws(ShellError) in try session.focusCommand() }),
    Command(
      name: "search", usage: "search TEXT",
      abstract: "Replace the text with TEXT in one change, tapping into the bar first",
      arguments: .text(required: true),
      comparing: .bothSides,
      run: { session, arguments throws(ShellError) in try session.searchCommand(arguments[0]) }),
    Command(
      name: "type", usage: "type TEXT",
      abstract: "Type TEXT one character at a time (one text change each)",
      arguments: .text(required: true),
      comparing: .bothSides,
      run: { session, arguments throws(ShellError) in try session.typeCommand(arguments[0]) }),
    Command(
      name: "backspace", usage: "backspace [COUNT]",
      abstract: "Delete the last character, COUNT times (one text change each)",
      arguments: .words(min: 0, max: 1),
      comparing: .bothSides,
      run: { session, arguments throws(ShellError) in try session.backspaceCommand(arguments.first) }),
    Command(
      name: "edit", usage: Session.editUsage,
      abstract: "Replace LENGTH UTF-16 units of the text at LOCATION with TEXT, in one change",
      discussion: """
        One searchBar(_:shouldChangeTextIn:replacementText:) with the range {LOCATION, LENGTH},
        counted in UTF-16 units as UIKit counts them (an emoji is 2), then textDidChange and the
        update: 'edit 4 0 X' types X before the fifth unit, 'edit 0 4' deletes the first four.
        'record' writes it for a live-mode key at the caret (typing or Ctrl-W mid-text).
        """,
      arguments: .line,
      run: { session, arguments throws(ShellError) in try session.editCommand(arguments.first) }),
    Command(
      name: "clear", usage: "clear",
      abstract: "Tap the clear (x) button in the search field; with no text and no search, clear the screen",
      discussion: """
        The (x) button is on screen while the bar holds text, and 'clear' taps it then, as in
        UIKit. With no text there is no button: an inactive search's 'clear' clears the
        terminal's screen, as a shell's does; an active one's says so (Ctrl-L clears the screen
        at the prompt whatever the state).
        """,
      comparing: .bothSides,
      run: { session, _ throws(ShellError) in try session.clearCommand() }),
    Command(
      name: "submit", usage: "submit", abstract: "Tap the keyboard's Search button",
      comparing: .bothSides,
      run: { session, _ throws(ShellError) in try session.submitCommand() }),
    Command(
      name: "scope", usage: "scope NAME|INDEX",
      abstract: "Tap a scope-bar button, by title or by index from 0",
      arguments: .text(required: true), completion: .scopes,
      comparing: .bothSides,
      run: { session, arguments throws(ShellError) in try session.scopeCommand(arguments[0]) }),
    Command(
      name: "select", usage: "select ROW", abstract: "Tap row ROW (from 1) of the table on screen",
      arguments: .words(min: 1, max: 1), completion: .rows,
      comparing: .bothSides,
      run: { session, arguments throws(ShellError) in try session.selectCommand(arguments[0]) }),
    Command(
      name: "detail", usage: "detail [ROW]",
      abstract: "Open the selected row's detail view (selecting ROW first)",
      arguments: .words(min: 0, max: 1), completion: .rows,
      comparing: .bothSides,
      run: { session, arguments throws(ShellError) in try session.detailCommand(arguments.first) }),
    Command(
      name: "back", usage: "back", abstract: "Close the detail view",
      comparing: .bothSides,
      run: { session, _ throws(ShellError) in try session.backCommand() }),
    Command(
      name: "pull", usage: "pull",
      abstract: "Pull the table down: reveal a search bar scrolled out of sight (set bar-hidden on)",
      comparing: .bothSides,
      run: { session, _ throws(ShellError) in try session.pullCommand() }),
    Command(
      name: "live", usage: "live",
      abstract: "Type into the search bar on the terminal: every key is a lifecycle event",
      discussion: """
        Enters the bar (begin editing). Keys: text types, Backspace deletes, a paste is one
        change, Ctrl-U empties the text in one change, Enter is the Search button, Esc is
        Cancel and leaves, Tab and Shift-Tab change the scope, Up and Down move the highlight,
        Ctrl-O opens the highlighted row, Ctrl-C leaves keeping the state.
        """,
      run: { session, _ throws(ShellError) in try session.liveCommand() }),
    Command(
      name: "cancel", usage: "cancel", abstract: "Tap the Cancel button",
      comparing: .bothSides,
      run: { session, _ throws(ShellError) in try session.cancelCommand() }),
    Command(
      name: "code", usage: "code active|text VALUE",
      abstract: "Run app code: set isActive, or assign searchBar.text",
      discussion: """
        'code active true' presents without the keyboard (no search-bar callbacks);
        'code active false' dismisses without the Cancel button; 'code text TEXT'
        assigns the text without textDidChange.
        """,
      arguments: .text(required: true),
      completion: .sequence(.words(["active", "text"]), after: ["active": .words(["true", "false"])]),
      comparing: .bothSides,
      run: { session, arguments throws(ShellError) in try session.codeCommand(arguments[0]) }),
    Command(
      name: "list", usage: "list [PAGE|all]",
      abstract: "Show the table on screen again: a page, or every row",
      arguments: .words(min: 0, max: 1), completion: .words(["all"]),
      pagesOutput: true,
      run: { session, arguments throws(ShellError) in try session.listCommand(arguments.first) }),
    Command(
      name: "sort", usage: "sort [COL [asc|desc], COL [asc|desc], ...|none]",
      abstract: "Order the table by columns, numbers as numbers; alone, say how it is ordered",
      discussion: """
        The order holds for every table on screen until 'sort none' (or 'sort off') or the next
        load: the main table and each search's results (fuzzy's ranking too). Numbers sort as
        numbers before text, text ignoring ASCII case; empty cells come last. Rows equal on a
        key are ordered by the next key, then keep the dataset's order. Quote a column name
        with a space or a comma ("unit price" desc). The same as 'set sort'.
        """,
      arguments: .line, completion: .sortKeys,
      run: { session, arguments throws(ShellError) in try session.sortCommand(arguments) }),
    Command(
      name: "count", aliases: ["freq"], usage: "count COL [PAGE|all]",
      abstract: "Count the values of a column over the rows on screen, most frequent first",
      discussion: """
        As VisiData's frequency sheet (Shift-F) or SQL's GROUP BY: each value of COL with the
        number of rows holding it and their percent, most frequent first, ties by value (byte
        order), over the table on screen: the search's results (its text, scope and filter),
        or every row. An empty cell is a value of its own, shown as (empty). A page at a time
        as the table ('count COL 2', 'count COL all'). 'filter N' then narrows the table to
        the rows holding value N. With 'set format' other than table, or under --quiet, every
        value is written as data (TSV for table: COL, count). On a PostgreSQL table it runs
        there as one GROUP BY under the statement timeout.
        """,
      arguments: .words(min: 1, max: 2), completion: .pair(.columns(and: []), .words(["all"])),
      pagesOutput: true,
      run: { session, arguments throws(ShellError) in try session.countCommand(arguments) }),
    Command(
      name: "filter", usage: "filter [COL = VALUE|N|off]",
      abstract: "Narrow the table to the rows whose COL is VALUE (or a count's value N)",
      discussion: """
        'filter category = Fruit' keeps the rows whose category is exactly Fruit, in the
        main table and in every search's results, until 'filter off' or the next load;
        'filter N' picks value N of the last count table ('filter category = ""' keeps the
        empty cells). The screen shows it on one line; 'filter' alone, status and explain
        say it. A tool of the shell's, not the app's: no delegate callback fires. On a
        PostgreSQL table it is part of the query (WHERE COL = $1).
        """,
      arguments: .text(required: false), completion: .columns(and: ["off"]),
      run: { session, arguments throws(ShellError) in try session.filterCommand(arguments.first) }),
    Command(
      name: "export", usage: ExportRequest.usage,
      abstract: "Write the rows on screen to FILE (or standard output), in the format its extension names",
      discussion: """
        .csv, .tsv, .json, .jsonl, .md or .txt (titles only), or --format csv|tsv|json|
        jsonl|markdown|plain. The file is replaced atomically; a dataset's own file is never
        overwritten. 'export -' writes the rows to standard output (CSV unless --format says
        otherwise), exactly as in a file when the output is not a terminal.
        """,
      arguments: .text(required: true), completion: ExportRequest.completion,
      pagesOutput: true,
      run: { session, arguments throws(ShellError) in try session.exportCommand(arguments[0]) }),
    Command(
      name: "prepare", usage: "prepare [undo]",
      abstract: "Index a PostgreSQL table for fast searches, or undo that",
      discussion: """
        Installs the fold function searchshell_fold(text) in the loaded table's schema
        and builds a pg_trgm trigram index on the folded title with CREATE INDEX
        CONCURRENTLY (readers and writers go on), showing its progress, then analyzes
        the table. Ctrl-C stops it; 'prepare' again resumes. 'prepare undo' drops the
        index (and the earlier design's column, gram table and trigger). Without it
        every search scans the whole table.
        """,
      arguments: .words(min: 0, max: 1), completion: .words(["undo"]),
      run: { session, arguments throws(ShellError) in try session.prepareCommand(arguments.first) }),
    Command(
      name: "status", usage: "status", abstract: "Show the state as 'key: value' lines",
      pagesOutput: true,
      run: { session, _ throws(ShellError) in session.statusCommand() }),
    Command(
      name: "trace", usage: "trace on|all|off|json|state [FILE]",
      abstract: "Print each delegate callback as it fires (text, JSON lines, or a state table)",
      discussion: """
        'trace on' prints the callbacks the app's code receives, each with the object
        that receives it. 'trace all' prints every callback UIKit sends, marking the
        ones the app does not receive: (ViewController: not implemented), or (nobody:
        SLOT not set). 'trace state' prints, after each command, a table with one row
        per callback the app receives: the state at that step (isActive, text,
        firstResponder, shown) and how many rows match. 'trace json' prints every
        callback as one JSON object per line, with its receiver (null when nobody) and
        received (true or false). 'trace json FILE' writes them to FILE instead, each
        as its callback fires, in live mode too. FILE starts afresh: what it held before
        is replaced (atomically); follow it from another terminal with tail -F FILE. 'set names objc' spells callbacks as the Objective-C
        selectors; 'set app-log on' adds what the app does and logs, 'set source on' the
        tutorial's code that runs.
        """,
      arguments: .words(min: 1, max: 2),
      completion: .sequence(.words(TraceMode.allCases.map(\.rawValue)), after: ["json": .files]),
      run: { session, arguments throws(ShellError) in
        try session.traceCommand(arguments[0], file: arguments.count > 1 ? arguments[1] : nil)
      }),
    Command(
      name: "timing", usage: "timing on|off", abstract: "Print each command's time after it",
      arguments: .words(min: 1, max: 1), completion: .words(["on", "off"]),
      run: { session, arguments throws(ShellError) in try session.timingCommand(arguments[0]) }),
  ]

  /// Scripts, output and the session: from `source` to `quit`.
  static let scriptCommands: [Command] = [
    Command(
      name: "source", usage: "source FILE",
      abstract: "Run the commands in a script file",
      discussion: """
        One command per line; '#' starts a comment line; {name} is replaced by the value of
        --param name=value ({{ is a literal brace). A relative FILE is looked for beside the
        script that sources it first. Scripts nest at most 16 deep.
        """,
      arguments: .text(required: true), completion: .files,
      run: { session, arguments throws(ShellError) in try session.sourceCommand(arguments[0]) }),
    Command(
      name: "echo", usage: "echo [TEXT]", abstract: "Print TEXT (a script's narration)",
      arguments: .text(required: false),
      comparing: .session,
      run: { session, arguments throws(ShellError) in session.echoCommand(arguments.first) }),
    Command(
      name: "pause", usage: "pause [DURATION]",
      abstract: "Wait for a key on a terminal (a speaker's pause); piped, do nothing",
      discussion: """
        With DURATION (500ms, 2s, 1.5), wait at most that long. Not echoed by --echo and
        never paced. In a cast rendered from a script, the screen holds for DURATION
        (2 seconds without one).
        """,
      arguments: .words(min: 0, max: 1),
      comparing: .session,
      run: { session, arguments throws(ShellError) in try session.pauseCommand(arguments.first) }),
    Command(
      name: "quiet", usage: "quiet COMMAND",
      abstract: "Run COMMAND without printing its output (errors still show)",
      arguments: .text(required: true), completion: .commands,
      run: { session, arguments throws(ShellError) in try session.quietCommand(arguments[0]) }),
    Command(
      name: "expect", usage: "expect count|shown|active|row|selected|callbacks|received VALUE",
      abstract: "Check the screen; a mismatch is an error saying what was found",
      discussion: """
        expect count N            the table on screen has N rows
        expect shown main|results the table on screen
        expect active true|false  isActive
        expect row N TEXT         row N of the table on screen is TEXT
        expect selected TEXT      the selected row is TEXT ('none': nothing selected)
        expect callbacks A, B     the last action sent exactly these callbacks, in order
                                  (Swift or Objective-C selectors or short names, as
                                  'callbacks' lists them; 'none' for no callbacks)
        expect received A, B      the app's code received exactly these, in order
        """,
      arguments: .text(required: true),
      completion: .words(["count", "shown", "active", "row", "selected", "callbacks", "received"]),
      run: { session, arguments throws(ShellError) in try session.expectCommand(arguments[0]) }),
    Command(
      name: "record", usage: "record [--append] FILE | record --cast FILE | record stop",
      abstract: "Record the commands that succeed to a script FILE; 'record stop' ends it",
      discussion: """
        The file starts with a comment naming the dataset and options and the quiet
        commands that restore them, so replaying it (searchshell --script FILE) prints
        what the recorded commands printed. The search starts over when recording starts.
        An existing FILE is refused; --append adds the new recording to its end.
        --cast FILE records the screen instead, as the audience sees it, as an asciicast v2
        file that 'asciinema play FILE' replays (a new file only).
        """,
      arguments: .text(required: true), completion: .wordsAndFiles(["stop"]),
      run: { session, arguments throws(ShellError) in try session.recordCommand(arguments[0]) }),
    Command(
      name: "set", usage: "set [NAME [VALUE|default]]", abstract: "Change an option; 'set' alone lists them",
      discussion: """
        What you set (at the prompt, in the rc file, with -c) stays when another dataset is
        loaded: a dataset's presets apply only to what you have not set, and 'load' says which
        of your settings it kept. A tutorial's dataset keeps its app's own settings (flavor,
        match, colours...); yours apply again to the next file. 'set NAME default' forgets your
        choice. 'set' lists each value with where it comes from:
        yours       you set it, and it applies here
        preset      the dataset's presets (a tutorial's app, a file's title)
        default     no one set it
        this table  a command changed it for this dataset only ('sort')
        changed     a later choice of yours changed it ('set flavor display' turns obscures off)
        A '*' marks a choice of yours set aside for this dataset (the line under the table says
        which). 'scopes' names this dataset's own categories and is forgotten by 'load'.
        """,
      arguments: .text(required: false), completion: .options,
      pagesOutput: true,
      run: { session, arguments throws(ShellError) in try session.setCommand(arguments.first) }),
    Command(
      name: "help", aliases: ["\\?", "\\h", ".help"], usage: "help [COMMAND|CALLBACK|TERM|terms]",
      abstract: "Show the commands, one command's usage, a callback or a term",
      discussion: """
        'help updateSearchResults' (any spelling 'callbacks' lists) says what the callback is \
        for, when UIKit sends it, who receives it in this app and what its code does there. \
        'help terms' defines the words the output uses (first responder, FR, delegate, \
        dimming view, segue, ...); 'help FR' one of them.
        """,
      arguments: .text(required: false), completion: .commands,
      pagesOutput: true,
      comparing: .session,
      run: { session, arguments throws(ShellError) in try session.helpCommand(arguments.first) }),
    Command(
      name: "history", usage: "history", abstract: "Show the commands entered so far",
      pagesOutput: true,
      comparing: .session,
      run: { session, _ throws(ShellError) in session.historyCommand() }),
    Command(
      name: "quit", aliases: ["exit", "\\q", ".quit"], usage: "quit",
      abstract: "Leave the shell (Ctrl-D does too)",
      comparing: .session,
      run: { session, _ throws(ShellError) in session.scripting.quitRequested = true }),
  ]

  /// Every name and alias, for "Did you mean" and completion.
  static let names: [String] = commands.flatMap { [$0.name] + $0.aliases }

  /// The command a name or alias runs.
  static func command(named name: String) -> Command? {
    commands.first { $0.name == name || $0.aliases.contains(name) }
  }
}
