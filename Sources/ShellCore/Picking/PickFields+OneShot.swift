import Engine

/// The one-shot filter reads rows through `PickFields` when fzf's field or colour options apply.
extension PickFields: OneShotLineTransform {
  package func transform(_ line: UnsafeBufferPointer<UInt8>, into output: inout OneShotTransformedLine) {
    let row = Array(line)
    let text = shown(row)
    output.shownCount = text.count
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
