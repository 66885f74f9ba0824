import Engine
import Tables

/// The one-shot filter reads rows through `PickFields` when fzf's field or colour options apply.
extension PickFields: OneShotLineTransform {
  package func transform(_ line: UnsafeBufferPointer<UInt8>, into output: inout OneShotTransformedLine) {
    let row = Array(line)
    let text = shown(row)
    // Measured as the engine measures a row's title: its searchable form (repaired, NUL shown).
    output.shownCount = text.withUnsafeBufferPointer { PipedRows.searchableForm($0)?.count } ?? text.count
    for part in parts(ofShown: text) {
      output.text += part
      output.partEnds.append(output.text.count)
    }
    if stripsEscapes {
      output.printed = printed(row)
      output.printsLine = false
    }
  }
}
