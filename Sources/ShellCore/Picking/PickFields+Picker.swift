import Tables

/// The picker reads rows through `PickFields` when fzf's field or colour options apply.
extension PickFields: PipedRowShape {
  package var searchesApart: Bool { !searchedFields.isEmpty }

  package func shape(_ row: UnsafeBufferPointer<UInt8>) -> PipedShapedRow {
    let bytes = Array(row)
    let text = shown(bytes)
    // The `--nth` parts, one text: the engine searches several columns joined by a space too.
    let searched = searchesApart ? Array(parts(ofShown: text).joined(separator: [0x20])) : nil
    return PipedShapedRow(shown: text, searched: searched, printed: printed(bytes))
  }
}
