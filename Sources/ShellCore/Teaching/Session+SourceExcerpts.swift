import Tables
import UIKitModel

/// The tutorial's code beside the trace (`set source on`) and in `help CALLBACK`: a few lines
/// of the method that runs, in the tutorial's language (`AppSourceExcerpt`).
extension Session {
  /// What goes before each line of code: the rule tells the code from the trace's own lines.
  static let sourceGutter = "    │ "

  /// The excerpt of `method` under its traced callback, with live search as it is now; the
  /// generic app, which is no tutorial's, has none, and says so once.
  func sourceLines(of method: AppMethod?, in app: AppModel) -> [String] {
    guard let method else {
      guard app.id == .generic, !tracing.saidNoSource else { return [] }
      tracing.saidNoSource = true
      return [style.dim(Self.sourceGutter + "no code to show: the generic app is no tutorial's ('app')")]
    }
    guard
      let excerpt = AppSourceExcerpt.excerpt(app: app.id, object: method.object, callback: method.callback)
    else { return [] }
    // Typing runs one method per character: its code shows once per command.
    let key = "\(app.id.rawValue) \(method.object) \(method.callback.rawValue)"
    guard tracing.sourcesShown.insert(key).inserted else {
      return [style.dim(Self.sourceGutter + "(the code above runs again)")]
    }
    return excerptLines(excerpt.lines(live: screen.settings.lifecycle.live))
  }

  /// `code` behind the gutter, each line cut with `…` at the output width.
  ///
  /// A wrapped line of code would read as another statement; at 80 columns every excerpt shows
  /// whole.
  func excerptLines(_ code: [String]) -> [String] {
    let room = max(1, outputWidth - TextWrapper.displayWidth(Self.sourceGutter))
    return code.map { style.dim(Self.sourceGutter) + TextWrapper.fitting($0, columns: room) }
  }
}
