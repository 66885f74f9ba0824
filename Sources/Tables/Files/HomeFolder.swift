import Foundation

/// `~` in the file names users type, as their shell reads it.
public enum HomeFolder {
  /// `path` with a leading `~` or `~/` replaced by `$HOME` (the account's folder when `HOME` is
  /// unset or empty), and `~user` by that user's folder; anything else unchanged.
  ///
  /// Foundation's `expandingTildeInPath` reads the password database on Linux and ignores
  /// `HOME`, which shells, `sudo -H` and test harnesses set.
  public static func expanding(
    _ path: String, environment: [String: String] = ProcessInfo.processInfo.environment
  )
    -> String
  {
    guard path.hasPrefix("~") else { return path }
    guard path == "~" || path.hasPrefix("~/") else { return (path as NSString).expandingTildeInPath }
    var home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    while home.count > 1, home.hasSuffix("/") { home.removeLast() }
    let rest = path.dropFirst()
    return home == "/" && rest.hasPrefix("/") ? String(rest) : home + rest
  }
}
