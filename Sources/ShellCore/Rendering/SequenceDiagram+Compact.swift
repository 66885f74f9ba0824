extension SequenceDiagram {
  /// The ASCII diagram in at most `width` columns: the full layout when it fits, else the
  /// compact one (short names, arrows between close lifelines, labels to their right).
  func ascii(width: Int) -> [String] {
    let full = ascii()
    return TextWrapper.fits(full, width: width) ? full : compact(width: width)
  }

  /// A legend of the short names, then lifelines a few columns apart; each arrow is one line,
  /// its label to the right of every lifeline, wrapped there with the lifelines drawn on.
  func compact(width: Int) -> [String] {
    let names = participants
    let short = Self.shortNames(names)
    let index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
    let slot = max(3, short.map(\.count).max() ?? 0) + 1
    let centers = names.indices.map { $0 * slot + slot / 2 }
    let lane = names.count * slot
    // Labels start two columns after the last lifeline; too narrow for that, each goes on lines of
    // its own below its arrow.
    let labelColumn = (centers.last ?? 0) + 3
    let beside = width - labelColumn >= 20
    let labelRoom = beside ? width - labelColumn : width - 4
    func blank() -> [Character] {
      var row = [Character](repeating: " ", count: lane)
      for center in centers { row[center] = "|" }
      return row
    }
    func text(_ row: [Character], _ label: String = "") -> String {
      let lifelines = String(String(row).reversed().drop(while: { $0 == " " }).reversed())
      guard !label.isEmpty else { return lifelines }
      return lifelines + String(repeating: " ", count: max(1, labelColumn - lifelines.count)) + label
    }
    let legend = zip(short, names).filter { $0 != $1 }.map { "\($0) = \($1)" }.joined(separator: ", ")
    var lines = legend.isEmpty ? [] : TextWrapper.wrap(legend, width: width)
    var header = [Character](repeating: " ", count: lane)
    for (column, name) in short.enumerated() {
      let start = max(0, centers[column] - name.count / 2)
      for (offset, character) in name.enumerated() where start + offset < lane {
        header[start + offset] = character
      }
    }
    lines += [text(header), text(blank())]
    var isFirst = true
    for message in messages {
      guard let a = index[message.from], let b = index[message.to] else { continue }
      if message.from == "User" || message.from == "ViewController" && message.to.hasPrefix("UISearch") {
        if !isFirst { lines.append(text(blank())) }
        isFirst = false
      }
      var arrow = blank()
      let (left, right) = (centers[min(a, b)], centers[max(a, b)])
      if left == right {
        arrow[left] = "o"
      } else {
        for column in (left + 1)..<right { arrow[column] = "-" }
        if a < b { arrow[right - 1] = ">" } else { arrow[left + 1] = "<" }
      }
      let label = TextWrapper.wrap(message.label, width: labelRoom, continuation: "  ")
      if beside {
        lines.append(text(arrow, label.first ?? ""))
        for more in label.dropFirst() { lines.append(text(blank(), more)) }
      } else {
        lines.append(text(arrow))
        lines += label.map { "    " + $0 }
      }
    }
    lines.append(text(blank()))
    return lines
  }

  /// A short name per participant: its capitals without a leading `UI` (`UISearchBar` is `SB`),
  /// names of up to four letters as they are; a clash gets a number.
  static func shortNames(_ names: [String]) -> [String] {
    var taken: Set<String> = []
    return names.map { name in
      var short = name
      if name.count > 4 {
        let body =
          name.hasPrefix("UI") && name.dropFirst(2).first?.isUppercase == true ? name.dropFirst(2) : name[...]
        let capitals = String(body.filter(\.isUppercase))
        short = capitals.isEmpty ? String(body.prefix(3)) : capitals
      }
      var candidate = short
      var number = 2
      while taken.contains(candidate) {
        candidate = short + String(number)
        number += 1
      }
      taken.insert(candidate)
      return candidate
    }
  }
}
