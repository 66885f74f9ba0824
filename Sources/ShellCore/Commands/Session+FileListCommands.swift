import Tables

/// `next`, `previous` and `files`: the command line's files, as less's `:n` and `:p` and vim's
/// argument list.
extension Session {
  /// `next [COUNT]`: opens the file COUNT after the position (1 unless given), with the
  /// command line's load options; a count steps over a file that cannot be opened.
  func nextFileCommand(_ countText: String?) throws(ShellError) {
    try openFile(movingBy: count(countText, command: "next"), command: "next")
  }

  /// `previous [COUNT]`: opens the file COUNT before the position, as `next` does.
  func previousFileCommand(_ countText: String?) throws(ShellError) {
    try openFile(movingBy: -count(countText, command: "previous"), command: "previous")
  }

  /// `files`: the command line's files, one a line, the position marked with `*`.
  func filesCommand() {
    guard !screen.files.requests.isEmpty else {
      console.print("No files on the command line: 'searchshell FILE FILE...' opens several")
      return
    }
    let width = String(screen.files.requests.count).count
    for (index, request) in screen.files.requests.enumerated() {
      let number = String(index + 1)
      let padding = String(repeating: " ", count: width - number.count)
      let mark = index == screen.files.position ? "*" : " "
      console.print("\(mark) \(padding)\(number)  \(Sanitizer.printable(Self.shownName(request)))")
    }
  }

  /// The file as shown: a database URL without its password, as history keeps it.
  private static func shownName(_ request: LoadRequest) -> String { keptForm(of: request.target) }

  /// The count typed after `command`, 1 when none was.
  private func count(_ text: String?, command: String) throws(ShellError) -> Int {
    guard let text else { return 1 }
    guard let number = UserNumber(text).clamped, number > 0 else {
      throw .invalidValue(option: command, value: text, allowed: "a count above 0")
    }
    return number
  }

  /// Opens the file `offset` away from the position and moves there; a file that cannot be
  /// opened is the load's error, and the dataset and the position stay.
  private func openFile(movingBy offset: Int, command: String) throws(ShellError) {
    let count = screen.files.requests.count
    guard count > 1 else {
      throw .notAvailable(
        command: command, reason: "there is no other file (give several: searchshell FILE FILE...)")
    }
    guard let index = screen.files.index(movingBy: offset) else {
      let current =
        "file \(screen.files.position + 1) of \(count), \(Sanitizer.quoted(Self.shownName(screen.files.requests[screen.files.position]))),"
      let reason =
        abs(offset) == 1
        ? "\(current) is the \(offset > 0 ? "last" : "first")"
        : "\(current) has no file \(abs(offset)) \(offset > 0 ? "after" : "before") it"
      throw .notAvailable(command: command, reason: reason)
    }
    try load(screen.files.requests[index], note: " (file \(index + 1) of \(count))")
    screen.files.move(to: index)
  }
}
