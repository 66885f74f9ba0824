/// The width teaching output is fitted to, and printing wrapped text at it.
extension Session {
  /// The columns output fits: the terminal's, or 80 when output is not a terminal (while a
  /// comparison's side runs, wide: its column wraps).
  var outputWidth: Int {
    if let column = output.columnWidth { return column }
    return max(TextWrapper.minimumWidth, hooks.terminalSize?().width ?? TextWrapper.standardWidth)
  }

  /// Prints `text` wrapped at the output width, continuation lines under `continuation`.
  func printWrapped(_ text: String, indent: String = "", continuation: String = "") {
    for line in TextWrapper.wrap(text, width: outputWidth, indent: indent, continuation: continuation) {
      console.print(line)
    }
  }

  /// Prints a `label  description` line wrapped under its description (see `wrapHanging`).
  func printHanging(_ text: String) {
    for line in TextWrapper.wrapHanging(text, width: outputWidth) { console.print(line) }
  }

  /// Prints a script line before it runs: `> LINE` as written at the top (a transcript reads its
  /// commands back from these), deeper lines (`>> LINE`, a walkthrough's) wrapped under the line.
  func printEcho(_ line: String, depth: Int) {
    let marker = String(repeating: ">", count: depth) + " "
    guard depth > 1 else {
      console.print(marker + line)
      return
    }
    printWrapped(marker + line, continuation: String(repeating: " ", count: marker.count + 2))
  }
}
