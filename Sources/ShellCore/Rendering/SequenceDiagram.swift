import Engine
import Tables
import UIKitModel

/// Draws callbacks as a sequence diagram between the user, the search bar, the controller and the
/// app's objects: ASCII for the terminal, or Mermaid `sequenceDiagram` text.
struct SequenceDiagram {
  /// One command that fired callbacks: the line typed, the flavor then, the object app code
  /// runs in, and the callbacks with who received each.
  struct Step: Sendable {
    var line: String
    var flavor: Flavor
    var appCode: String
    var callbacks: [Callback]
    var receipts: [Receipt]
  }

  /// One arrow; a dashed one is a callback the app's code does not receive.
  struct Message: Equatable {
    var from: String
    var to: String
    var label: String
    var isDashed = false
  }

  /// The steps drawn, in order.
  let steps: [Step]
  /// How callbacks are spelled.
  var naming = CallbackNaming.swift
  /// Whether callbacks the app does not receive are drawn (dashed) too.
  var showsUnreceived = false

  /// Every arrow: the user's action, then the callbacks it caused.
  var messages: [Message] {
    steps.flatMap { step in
      [Self.userMessage(step)]
        + zip(step.callbacks, step.receipts).compactMap { message($0, receipt: $1) }
    }
  }

  /// The participants in use, left to right in an order that keeps most arrows short: UIKit's
  /// senders around the app's objects, which sit in the middle in the order they appear.
  var participants: [String] {
    let used = steps.map(\.appCode) + messages.flatMap { [$0.from, $0.to] }
    let before = ["User", "UITableView", "UISearchBar", "CustomSearchController"]
    let after = ["UIStoryboardSegue", "UISearchController", "UISearchDisplayController", "nobody"]
    var app: [String] = []
    for name in used where !before.contains(name) && !after.contains(name) && !app.contains(name) {
      app.append(name)
    }
    let always = ["User", "UISearchBar"]
    return before.filter { used.contains($0) || always.contains($0) } + app + after.filter(used.contains)
  }

  /// How many callbacks are drawn.
  var callbackCount: Int { messages.count - steps.count }

  private static func userMessage(_ step: Step) -> Message {
    let command = step.line.prefix(while: { $0 != " " })
    // The command as typed, a long one cut short as a long quoted text is.
    let cut = !step.line.dropFirst(quotedLimit * 2).isEmpty
    let label = Sanitizer.printable(cut ? String(step.line.prefix(quotedLimit * 2)) + "…" : step.line)
    switch command {
    case "select", "detail":
      return Message(from: "User", to: "UITableView", label: label)
    case "code":
      // App code talks to the controller directly, with no user action and no bar.
      let controller = step.flavor == .display ? "UISearchDisplayController" : "UISearchController"
      return Message(from: step.appCode, to: controller, label: label)
    default:
      return Message(from: "User", to: "UISearchBar", label: label)
    }
  }

  /// The arrow of one callback: from the object that sends it to the one the app's wiring names;
  /// nil for one the app does not receive, unless those are drawn.
  private func message(_ callback: Callback, receipt: Receipt) -> Message? {
    guard receipt.isReceived || showsUnreceived else { return nil }
    let sender =
      switch callback.name.protocolName {
      case "UISearchBarDelegate": "UISearchBar"
      case "UISearchDisplayDelegate": "UISearchDisplayController"
      case "CustomSearchControllerDelegate": "CustomSearchController"
      case "UITableViewDelegate": "UITableView"
      // A segue being performed calls its source's prepare(for:sender:).
      case "UIViewController": "UIStoryboardSegue"
      default: "UISearchController"
      }
    var label = label(callback)
    switch receipt {
    case .received: break
    case .notImplemented: label += " (not implemented)"
    case .unsent: label += " (no delegate)"
    }
    return Message(
      from: sender, to: receipt.object ?? "nobody", label: label, isDashed: !receipt.isReceived)
  }

  /// The selector with its argument values and return value, without labels, to keep arrows short.
  private func label(_ callback: Callback) -> String {
    var text = naming.name(callback.name)
    let values = callback.arguments.filter {
      if case .object = $0.value { return false } else { return true }
    }
    if !values.isEmpty {
      text += " " + values.map { Self.describe($0.value) }.joined(separator: ", ")
    }
    if let returns = callback.returns { text += " -> \(returns)" }
    return text
  }

  /// The longest text an arrow quotes, in characters: a longer one is cut short with `…`.
  static let quotedLimit = 40

  /// A value as an arrow shows it: a long text cut short (only its head is read, so an arrow
  /// costs the same however long the text grew).
  static func describe(_ value: CallbackArgument.Value) -> String {
    guard case .text(let text) = value, !text.string.dropFirst(quotedLimit).isEmpty else {
      return TraceFormatter.describe(value)
    }
    return TraceFormatter.quoted(String(text.string.prefix(quotedLimit))) + "…"
  }

  // MARK: - ASCII

  /// The diagram in plain ASCII: lifelines, and each arrow under its label.
  func ascii() -> [String] {
    let names = participants
    let index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
    var centers: [Int] = []
    for (column, name) in names.enumerated() {
      guard column > 0 else {
        centers.append(name.count / 2)
        continue
      }
      var center = centers[column - 1] + (names[column - 1].count + 1) / 2 + name.count / 2 + 3
      for message in messages {
        guard let a = index[message.from], let b = index[message.to], max(a, b) == column else { continue }
        center = max(center, centers[min(a, b)] + message.label.count + 4)
      }
      centers.append(center)
    }
    let width = (centers.last ?? 0) + (names.last?.count ?? 0) / 2 + 2
    func blank() -> [Character] {
      var row = [Character](repeating: " ", count: width)
      for center in centers { row[center] = "|" }
      return row
    }
    func text(_ row: [Character]) -> String {
      String(String(row).reversed().drop(while: { $0 == " " }).reversed())
    }
    var header = [Character](repeating: " ", count: width)
    for (column, name) in names.enumerated() {
      let start = max(0, centers[column] - name.count / 2)
      for (offset, character) in name.enumerated() where start + offset < width {
        header[start + offset] = character
      }
    }
    var lines = [text(header), text(blank())]
    var isFirst = true
    for message in messages {
      guard let a = index[message.from], let b = index[message.to] else { continue }
      if message.from == "User" || message.to.hasPrefix("UISearch") && !message.from.hasPrefix("UI") {
        if !isFirst { lines.append(text(blank())) }
        isFirst = false
      }
      let (left, right) = (centers[min(a, b)], centers[max(a, b)])
      var label = blank()
      for (offset, character) in message.label.enumerated() where left + 2 + offset < width {
        label[left + 2 + offset] = character
      }
      var arrow = blank()
      for column in (left + 1)..<right { arrow[column] = message.isDashed && column % 2 == 0 ? " " : "-" }
      if a < b { arrow[right - 1] = ">" } else { arrow[left + 1] = "<" }
      lines.append(text(label))
      lines.append(text(arrow))
    }
    lines.append(text(blank()))
    return lines
  }

  // MARK: - Mermaid

  /// The diagram as Mermaid `sequenceDiagram` text.
  func mermaid() -> [String] {
    var lines = ["sequenceDiagram"]
    for name in participants {
      lines.append((name == "User" ? "  actor " : "  participant ") + name)
    }
    for message in messages {
      let arrow = message.isDashed ? "-->>" : "->>"
      lines.append("  \(message.from)\(arrow)\(message.to): " + Self.mermaidText(message.label))
    }
    return lines
  }

  /// Message text Mermaid reads literally: `;` and `#` would end or start an entity.
  private static func mermaidText(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "#": result += "#35;"
      case ";": result += "#59;"
      default: result.append(character)
      }
    }
    return Sanitizer.printable(result.replacingOccurrences(of: " -> ", with: " returns "))
  }
}
