/// One shell command as a value: the registry feeds dispatch, `help` and tab completion from these.
struct Command: Sendable {
  /// The name typed to run it.
  let name: String
  /// Other names that run it.
  var aliases: [String] = []
  /// The synopsis, such as `search TEXT`.
  let usage: String
  /// One line for `help`.
  let abstract: String
  /// More lines for `help NAME`.
  var discussion: String = ""
  /// What the command takes after its name.
  var arguments: ArgumentShape = .none
  /// What Tab completes for its arguments.
  var completion: ArgumentCompletion = .nothing
  /// Whether its output may be long and goes through the pager on a terminal.
  var pagesOutput = false
  /// What it does while a comparison runs (`compare A B` to `end`): most are refused.
  var comparing = ComparingRole.refused
  /// Runs the command on a session with its parsed arguments.
  let run: @Sendable (Session, [String]) throws(ShellError) -> Void
}

/// What a command does while a comparison runs (`compare A B` to `end`).
enum ComparingRole: Sendable {
  /// An action on the screen: it runs on both sides, which print it side by side.
  case bothSides
  /// The session's own (`help`, `echo`, `end`): it runs as it always does.
  case session
  /// It would read or change the session's own screen or settings: refused until `end`.
  case refused
}

/// The arguments a command accepts.
enum ArgumentShape: Sendable {
  /// Nothing after the name.
  case none
  /// The rest of the line as one text (quotes optional); `required` says whether it may be absent.
  case text(required: Bool)
  /// Between `min` and `max` words (quotes group words).
  case words(min: Int, max: Int)
  /// The rest of the line as typed, quotes kept, for a command that reads its own words (`sort`);
  /// nothing when it is blank.
  case line
}

/// What Tab offers for a command's arguments.
indirect enum ArgumentCompletion: Sendable {
  /// No completion.
  case nothing
  /// Bundled dataset names, then file paths.
  case datasetsAndFiles
  /// File paths.
  case files
  /// The scope titles of the loaded dataset.
  case scopes
  /// Option names, then the chosen option's values.
  case options
  /// Row numbers of the table on screen.
  case rows
  /// Command names.
  case commands
  /// The walkthroughs' names.
  case demos
  /// The loaded dataset's column names, after `words`.
  case columns(and: [String])
  /// A fixed list of words.
  case words([String])
  /// A fixed list of words, then file paths (`record FILE|stop`).
  case wordsAndFiles([String])
  /// The first argument completes as the first element; each later one as what follows the
  /// argument before it, looked up by that word (`trace json FILE`, `code active true`).
  case sequence(ArgumentCompletion, after: [String: ArgumentCompletion])
  /// The first argument completes as the first, the second as the second (`sort COL desc`).
  case pair(ArgumentCompletion, ArgumentCompletion)
  /// Comma-separated sort keys: a column after the command or a comma, then `asc` or `desc`.
  case sortKeys
  /// `--flag VALUE` options and `switches` anywhere, each value completing as its flag says,
  /// around one positional argument that completes as `positional` (`load PATH --format F`).
  case flagged(positional: ArgumentCompletion, flags: [String: ArgumentCompletion], switches: [String] = [])
}
