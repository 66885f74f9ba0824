import Foundation
import Tables

/// fzf's `--preview`: a command run for the current row, its output in a pane beside the rows.
extension PickerController {
  /// What the preview shows: its command, and the pane's size to run it with.
  struct PreviewState {
    /// Runs the commands.
    let runner: PreviewRunner
    /// The last command line run (nil: none yet); the same line is not run again.
    var shownFor: String?
    /// What the last run printed, as it came.
    var text: [UInt8] = []
    /// The pane's size when last drawn: the command sees it (`FZF_PREVIEW_COLUMNS`, `_LINES`).
    var columns = 40
    var lines = 10
  }

  /// The frame with the preview pane beside (or above, below) the rows; the preview of the
  /// row it shows starts here, where the pane's size is known.
  func framed(width: Int, height: Int) -> [String] {
    let layout = PreviewLayout(window: options.previewWindow)
    switch options.previewWindow.position {
    case .left, .right:
      previewState?.columns = layout.paneSize(of: width) - 1
      previewState?.lines = height
    case .up, .down:
      previewState?.columns = width - 1
      previewState?.lines = layout.paneSize(of: height)
    }
    var rows: [String] = []
    let lines = layout.frame(width: width, height: height, text: previewState?.text ?? []) { width, height in
      rows = live.frame(width: width, height: height)
      return rows
    }
    // A frame a key stopped shows no rows: the preview waits for the keys' own frame.
    if session.isFrameCancelled { return lines }
    let shown = previewState?.text
    updatePreview()
    guard previewState?.text != shown else { return lines }
    return layout.frame(width: width, height: height, text: previewState?.text ?? []) { _, _ in rows }
  }

  /// Starts the preview of the current row when its command line changed since the last run;
  /// with no row, the pane is emptied.
  func updatePreview() {
    guard let template = options.preview, var state = previewState else { return }
    guard let values = previewValues() else {
      state.runner.stop()
      state.shownFor = nil
      state.text = []
      previewState = state
      return
    }
    // A NUL cannot go into a command line: such a row is not previewed.
    guard !values.row.contains("\0") else {
      state.runner.stop()
      state.shownFor = nil
      state.text = Array("(the row holds a NUL byte: it cannot go into the command)".utf8)
      previewState = state
      return
    }
    let command = PreviewCommand.line(template, values)
    guard command != state.shownFor else { return }
    state.shownFor = command
    previewState = state
    state.runner.run(
      command,
      variables: ["FZF_PREVIEW_COLUMNS": String(state.columns), "FZF_PREVIEW_LINES": String(state.lines)])
  }

  /// Takes what the preview printed since; true when it changed.
  func takePreviewOutput() -> Bool {
    guard let output = previewState?.runner.take() else { return false }
    previewState?.text = output.bytes
    return true
  }

  /// Stops a preview still running (the picker ends).
  public func stopPreview() {
    previewState?.runner.stop()
  }

  /// The current row, the query, the row's input index and the marked rows, as the command
  /// gets them; nil when the table is empty.
  private func previewValues() -> PreviewCommand.Values? {
    let row = live.highlight ?? 0
    guard let id = session.tableRowIDs(in: row..<(row + 1)).first else { return nil }
    let marked = markOrder.map { (row: rowText(of: $0), index: inputIndex(of: $0)) }
    return PreviewCommand.Values(
      row: rowText(of: id), query: session.searchState.text, index: inputIndex(of: id), marked: marked)
  }

  /// Dataset row `id` as it came in (repaired where it is not UTF-8).
  private func rowText(of id: Int) -> String {
    String(decoding: session.pipedRowBytes(id), as: UTF8.self)
  }

  /// Dataset row `id`'s index in the input, from 0 (`--tac` lists the last first).
  private func inputIndex(of id: Int) -> Int {
    options.reversesInput ? session.datasetRowCount - 1 - id : id
  }
}
