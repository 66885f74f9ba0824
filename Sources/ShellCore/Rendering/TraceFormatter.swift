import Engine
import Tables
import UIKitModel

/// Turns callbacks into trace lines: readable text, or one JSON object per line.
enum TraceFormatter {
  /// One readable line: the selector, its arguments and return value, who receives it, then
  /// the state at that step.
  static func line(
    _ callback: Callback, receipt: Receipt, naming: CallbackNaming = .swift, style: TextStyle
  ) -> String {
    "  " + call(callback, naming: naming, style: style) + "  " + receipt.mark + "  "
      + style.dim(stateColumns(callback.state))
  }

  /// The trace of a callback in lines of at most `width` columns: `line` when it fits, else the
  /// call and its receiver wrapped under its arguments and the state on lines of its own.
  static func lines(
    _ callback: Callback, receipt: Receipt, naming: CallbackNaming = .swift, style: TextStyle, width: Int
  ) -> [String] {
    let single = line(callback, receipt: receipt, naming: naming, style: style)
    guard TextWrapper.displayWidth(single) > width else { return [single] }
    let call = TextWrapper.wrap(
      call(callback, naming: naming, style: style) + "  " + receipt.mark, width: width, indent: "  ",
      continuation: "      ")
    let state = TextWrapper.wrap(
      style.dim(stateColumns(callback.state)), width: width, indent: "      ", continuation: "       ")
    return call + state
  }

  /// `[isActive: …, text: …, firstResponder: …, shown: …]`: the state at one step.
  static func stateColumns(_ state: CallbackSnapshot) -> String {
    "[isActive: \(state.isActive), text: \(quoted(state.text)), firstResponder: \(state.isFirstResponder),"
      + " shown: \(state.shown.rawValue)]"
  }

  /// The selector, its arguments and its return value, without the state.
  static func call(
    _ callback: Callback, naming: CallbackNaming = .swift, style: TextStyle = TextStyle(isEnabled: false)
  ) -> String {
    var text = style.callback(naming.name(callback.name))
    let arguments = callback.arguments.map { "\(naming.label($0.label)): \(describe($0.value))" }
    if !arguments.isEmpty { text += " " + arguments.joined(separator: ", ") }
    if let returns = callback.returns { text += " -> \(returns)" }
    return text
  }

  /// One JSON object with the keys `callback`, `receiver` (the object, or null when the slot
  /// is not set), `protocol`, `received`, `args`, `returns`, `isActive`, `text`, `firstResponder`
  /// and `shown`, in that order.
  static func json(_ callback: Callback, receipt: Receipt, naming: CallbackNaming = .swift) -> String {
    var fields: [String] = []
    fields.append("\"callback\":\(JSONText.string(naming.name(callback.name)))")
    fields.append("\"receiver\":" + (receipt.object.map(JSONText.string) ?? "null"))
    fields.append("\"protocol\":\(JSONText.string(callback.name.protocolName))")
    fields.append("\"received\":\(receipt.isReceived)")
    let arguments = callback.arguments.map { "\(JSONText.string(naming.label($0.label))):\(json($0.value))" }
    fields.append("\"args\":{\(arguments.joined(separator: ","))}")
    if let returns = callback.returns { fields.append("\"returns\":\(returns)") }
    fields.append("\"isActive\":\(callback.state.isActive)")
    fields.append("\"text\":\(JSONText.string(callback.state.text))")
    fields.append("\"firstResponder\":\(callback.state.isFirstResponder)")
    fields.append("\"shown\":\(JSONText.string(callback.state.shown.rawValue))")
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// A value as Swift would print it in a log line.
  static func describe(_ value: CallbackArgument.Value) -> String {
    switch value {
    case .text(let text): return quoted(text.string)
    case .integer(let number): return String(number)
    case .range(let location, let length): return "{\(location), \(length)}"
    case .indexPath(let section, let row): return "[\(section), \(row)]"
    case .object(let name): return name
    }
  }

  private static func json(_ value: CallbackArgument.Value) -> String {
    switch value {
    case .text(let text): return JSONText.string(text.string)
    case .integer(let number): return String(number)
    case .range(let location, let length): return "{\"location\":\(location),\"length\":\(length)}"
    case .indexPath(let section, let row): return "{\"section\":\(section),\"row\":\(row)}"
    case .object(let name): return JSONText.string(name)
    }
  }

  /// A string in double quotes with quotes, backslashes and control characters escaped.
  static func quoted(_ text: String) -> String { JSONText.string(text) }
}
