import Engine
import Tables

/// The layouts `set` and `help` fit to the output width.
extension Session {
  /// `set`'s table: name, value, where the value comes from, values and what the option does,
  /// one line each when that fits the width; else the values go after the description, wrapped
  /// in the last column.
  func optionTable() -> [String] {
    let rows = OptionRegistry.options.map {
      [$0.name, Sanitizer.printable($0.get(self)), source(of: $0), $0.values, $0.abstract]
    }
    let wide = TextColumns.lines(rows, caps: [], width: .max, indent: "")
    if TextWrapper.fits(wide, width: outputWidth) { return wide }
    let narrow = rows.map { [$0[0], $0[1], $0[2], "\($0[4]) (\($0[3]))"] }
    let columns = TextColumns.lines(
      narrow, caps: [nil, 16, 12], width: outputWidth, indent: "", minimumLast: 24)
    if TextWrapper.fits(columns, width: outputWidth) { return columns }
    // Narrower still: the name and value on a line, what the option does under it.
    return narrow.flatMap { row in
      TextWrapper.wrap("\(row[0]): \(row[1])  [\(row[2])]", width: outputWidth, continuation: "    ")
        + TextWrapper.wrap(row[3], width: outputWidth, indent: "    ", continuation: "    ")
    }
  }

  /// One block of a command's discussion: a paragraph (its lines joined, to be wrapped at the
  /// width) or a `label  description` row, with the indented lines that continue it.
  struct DiscussionBlock: Equatable {
    var text: String
    var isTableRow: Bool
  }

  /// The discussion's lines as blocks: a line with two spaces after its text starts a table row,
  /// an indented line continues the row before it, and other lines join into paragraphs.
  static func discussionBlocks(_ discussion: String) -> [DiscussionBlock] {
    var blocks: [DiscussionBlock] = []
    for line in discussion.split(separator: "\n").map(String.init) {
      let trimmed = line.drop { $0 == " " }
      let startsIndented = trimmed.count < line.count
      let hasColumns = trimmed.contains("  ")
      if startsIndented, let last = blocks.last, last.isTableRow {
        blocks[blocks.count - 1].text = last.text + " " + trimmed
      } else if hasColumns {
        blocks.append(DiscussionBlock(text: line, isTableRow: true))
      } else if let last = blocks.last, !last.isTableRow {
        blocks[blocks.count - 1].text = last.text + " " + line
      } else {
        blocks.append(DiscussionBlock(text: line, isTableRow: false))
      }
    }
    return blocks
  }
}
