import Engine
import Tables

/// A dataset mapped from an index cache entry, and how to build it again should the entry
/// change under the session (truncated, or a page lost: `UnsafeMappedFile.isIntact`).
struct IndexCacheMapping {
  /// The mapped entry.
  let file: UnsafeMappedFile
  /// The load that mapped it, run again to rebuild.
  let request: LoadRequest
  /// The data file, for the one line that says so.
  let dataPath: String
  /// The check of the index's own sections, which may find them damaged (then built again).
  let check: IndexCacheCheck
}
