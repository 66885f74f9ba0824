import Foundation
import Tables

/// Where persisted indexes go and how much room they may take, as the environment says at start.
///
/// The folder is `$XDG_CACHE_HOME/searchshell`, else `~/.cache/searchshell` (XDG's default; a
/// relative `XDG_CACHE_HOME` is ignored, as the specification says). `SEARCHSHELL_INDEX_CACHE`
/// sets the limit (`500M`, `4G`) or turns caching off (`off` or `0`).
package struct IndexCacheSettings: Equatable, Sendable {
  /// The variable that sets the limit or turns the cache off.
  static let variable = "SEARCHSHELL_INDEX_CACHE"
  /// The folder's limit when the variable is not set: 2 GiB, three 10M-row indexes.
  static let defaultLimit = 2 << 30
  /// Files smaller than this load in a moment: they are not cached (nor do they evict others).
  static let defaultMinimumBytes = 1 << 20

  /// The cache folder (absolute).
  package var folder: String
  /// The most bytes the folder's index files may take together.
  var limit: Int
  /// The smallest file whose index is cached.
  package var minimumBytes = Self.defaultMinimumBytes

  /// The settings `environment` asks for: nil when caching is off or there is no folder to
  /// use, an error when the variable cannot be read.
  package static func standard(environment: [String: String]) -> Result<IndexCacheSettings?, TableError> {
    var limit = defaultLimit
    if let text = environment[variable] {
      let lowered = text.trimmingCharacters(in: .whitespaces).lowercased()
      if lowered == "off" || lowered == "0" { return .success(nil) }
      guard let bytes = LoadLimit.parse(text) else {
        return .failure(
          .invalidValue(option: variable, value: text, allowed: "a size such as 500M or 2G, or off"))
      }
      limit = bytes
    }
    guard let folder = folder(environment: environment) else { return .success(nil) }
    return .success(IndexCacheSettings(folder: folder, limit: limit))
  }

  /// `$XDG_CACHE_HOME/searchshell`, else `$HOME/.cache/searchshell`, else nil.
  static func folder(environment: [String: String]) -> String? {
    if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
      return (base as NSString).appendingPathComponent("searchshell")
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return ((home as NSString).appendingPathComponent(".cache") as NSString).appendingPathComponent(
        "searchshell")
    }
    return nil
  }
}
