/// Turns callbacks into trace lines: readable text, or one JSON object per line.
enum TraceFormatter {
  /// One readable line: the selector, its arguments and return value, then the state at that step.
  static func line(_ callback: Callback, style: TextStyle) -> String {
    "  " + call(callback, style: style) + "  " + style.dim(stateColumns(callback.state))
  }

  /// The trace of a callback in lines of at most `width` columns: `line` when it fits, else the
  /// call wrapped under its arguments and the state on lines of its own, indented under it.
  static func lines(_ callback: Callback, style: TextStyle, width: Int) -> [String] {
    let single = line(callback, style: style)
    guard TextWrapper.displayWidth(single) > width else { return [single] }
    let call = TextWrapper.wrap(
      call(callback, style: style), width: width, indent: "  ", continuation: "      ")
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
  static func call(_ callback: Callback, style: TextStyle = TextStyle(isEnabled: false)) -> String {
    var text = style.callback(callback.name.selector)
    let arguments = callback.arguments.map { "\($0.label): \(describe($0.value))" }
    if !arguments.isEmpty { text += " " + arguments.joined(separator: ", ") }
    if let returns = callback.returns { text += " -> \(returns)" }
    return text
  }

  /// One JSON object with the keys `callback`, `receiver`, `args`, `returns`, `isActive`, `text`,
  /// `firstResponder` and `shown`, in that order.
  static func json(_ callback: Callback) -> String {
    var fields: [String] = []
    fields.append("\"callback\":\(JSONText.string(callback.name.selector))")
    fields.append("\"receiver\":\(JSONText.string(callback.name.receiver))")
    let arguments = callback.arguments.map { "\(JSONText.string($0.label)):\(json($0.value))" }
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
