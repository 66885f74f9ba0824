import UIKitModel

/// `help CALLBACK`, `help TERM` and `help terms`: what a name in the output means.
extension Session {
  /// Help on a name that is not a command: a callback in any spelling, a term, or `terms`.
  func helpTopic(_ name: String) throws(ShellError) {
    if name.lowercased() == "terms" || name.lowercased() == "glossary" { return printGlossary() }
    if let callback = CallbackName(anyName: name) { return printCallbackHelp(callback) }
    if let term = Glossary.term(named: name) { return printTerm(term) }
    let topics = CommandRegistry.names + CallbackName.everyAcceptedName + Glossary.terms.flatMap(\.names)
    throw .unknownHelpTopic(name, suggestion: name.nearest(in: topics))
  }

  /// What `callback` is for, when it is sent, and who receives it in the app on screen.
  func printCallbackHelp(_ callback: CallbackName) {
    let options = screen.settings.lifecycle
    printWrapped(
      "\(callback.selector)  (Objective-C \(callback.objcSelector); short \(callback.shortName))",
      continuation: "  ")
    printWrapped("Declared by: \(callback.protocolName)", indent: "  ", continuation: "    ")
    printWrapped("What for: \(callback.purpose)", indent: "  ", continuation: "    ")
    printWrapped("When: \(callback.sentWhen)", indent: "  ", continuation: "    ")
    let app = screen.app
    guard CallbackName.sent(in: options.flavor).contains(callback) else {
      printWrapped(
        "In this app (\(app.id.rawValue), \(options.flavor.rawValue) flavor): never sent; it belongs to "
          + "another flavor ('set flavor', 'callbacks all').", indent: "  ", continuation: "    ")
      return
    }
    let slots = DelegateSlot.slots(for: options.flavor, results: options.results)
    for named in app.receipts(of: callback) where slots.contains(named.slot) {
      printWrapped(
        "In this app (\(app.id.rawValue)): \(receiptLine(named))", indent: "  ", continuation: "    ")
      guard let method = named.method else { continue }
      printWrapped("Its code: \(method.does(live: options.live))", indent: "    ", continuation: "      ")
      for log in method.logs(live: options.live).flatMap(Self.describe) {
        printWrapped("NSLog: " + log, indent: "      ", continuation: "        ")
      }
      // Shown whatever `set source` says: help is asked for one name at a time, so a few lines
      // of code never flood it, while the trace may print dozens of callbacks per command.
      guard
        let excerpt = AppSourceExcerpt.excerpt(app: app.id, object: method.object, callback: callback),
        let language = AppSourceExcerpt.language(of: app.id)
      else { continue }
      printWrapped(
        "The method, in the tutorial's \(language.rawValue):", indent: "    ", continuation: "      ")
      for line in excerptLines(excerpt.lines(live: options.live)) { console.print(line) }
    }
  }

  /// One slot's receiver, in words.
  private func receiptLine(_ named: AppModel.NamedReceipt) -> String {
    let slot = named.slot.rawValue
    switch named.receipt {
    case .received(let object): return "\(slot) is \(object), which implements it."
    case .notImplemented(let object):
      return "\(slot) is \(object), which does not implement it: UIKit skips it."
    case .unsent: return "\(slot) is not set: UIKit sends it to nobody."
    }
  }

  /// `help terms`: every term, its names and meaning.
  func printGlossary() {
    console.print("Terms the output uses ('help TERM' for one; 'help CALLBACK' for a callback):")
    for term in Glossary.terms { printTerm(term) }
  }

  /// One term.
  private func printTerm(_ term: Glossary.Term) {
    let names = term.names.count > 1 ? " (also " + term.names.dropFirst().joined(separator: ", ") + ")" : ""
    printWrapped(term.names[0] + names, continuation: "  ")
    printWrapped(term.meaning, indent: "  ", continuation: "  ")
  }
}
