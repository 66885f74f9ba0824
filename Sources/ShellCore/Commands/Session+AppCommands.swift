import UIKitModel

/// The commands that describe the app behind the screen: `app` and `callbacks`.
extension Session {
  /// `app`: the objects, the wiring and the implemented methods of the app that runs.
  func appCommand() {
    let app = screen.app
    let options = screen.settings.lifecycle
    var lines = ["App: \(app.id.rawValue)", "  " + app.summary, "Objects:"]
    lines += app.objects.map { "  \($0.name): \($0.role)" }
    lines.append("Wiring:")
    for slot in DelegateSlot.slots(for: options.flavor, results: options.results) {
      lines.append("  \(slot.rawValue)" + (app.wiring[slot].map { " = " + $0 } ?? ": not set"))
    }
    if app.implementsEverything {
      lines.append("Every object above implements every method it is sent; nothing is logged.")
    } else {
      lines.append("Implemented:")
      let methods = app.methods.filter { CallbackName.sent(in: options.flavor).contains($0.callback) }
      for object in app.objects.map(\.name) where methods.contains(where: { $0.object == object }) {
        lines.append("  \(object):")
        for method in methods where method.object == object {
          lines.append("    " + screen.settings.naming.name(method.callback))
          lines.append("      " + method.does(live: options.live))
          lines += method.logs.flatMap(Self.describe).map { "      NSLog: " + $0 }
        }
      }
      lines.append("Any other method is not implemented: 'trace all' shows those callbacks too.")
    }
    for line in lines { console.print(line) }
  }

  /// `callbacks [all]`: every callback of the flavor (or of all three), in the three spellings
  /// `expect` accepts.
  func callbacksCommand(_ word: String?) throws(ShellError) {
    if let word, word != "all" {
      throw .invalidValue(option: "callbacks", value: word, allowed: "'all' or nothing")
    }
    let flavor = screen.settings.lifecycle.flavor
    let names = word == nil ? CallbackName.sent(in: flavor) : CallbackName.allCases
    console.print(
      word == nil
        ? "The callbacks of the \(flavor.rawValue) flavor: short name, Swift, Objective-C"
        : "Every callback: short name, Swift, Objective-C")
    for name in names {
      console.print(name.shortName)
      console.print("  swift " + name.selector)
      console.print("  objc  " + name.objcSelector)
    }
  }

  /// A log statement as `app` shows it, with its values as placeholders.
  static func describe(_ log: AppLog) -> [String] {
    switch log {
    case .text(let text): return [text]
    case .searchText(let prefix): return [prefix + "TEXT"]
    case .eachMatch(let prefix): return [prefix + "ROW (for each matching row)"]
    case .selectedItem(let whileActive, let otherwise):
      return [whileActive + "ROW (while active)", otherwise + "ROW (otherwise)"]
    }
  }
}
