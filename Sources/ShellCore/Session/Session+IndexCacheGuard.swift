import Engine
import Tables

/// The dataset mapped from an index cache entry is checked before and after each command: an
/// entry truncated meanwhile (a sync client, `: > entry`) is dropped and the index rebuilt from
/// the data file, with one line that says so.
extension Session {
  /// Rebuilds the dataset from its file when the entry it is mapped from changed; the settings
  /// stay, the search starts over.
  func rebuildIfIndexCacheChanged() {
    guard let mapping = screen.indexCacheMapping, !mapping.file.isIntact else { return }
    let file = Sanitizer.printable(mapping.dataPath)
    do throws(ShellError) {
      let opened = try openDataset(mapping.request)
      replaceDataset(with: opened, keepingSettings: true)
      console.printError("warning: index cache entry changed while in use; rebuilt from '\(file)'")
    } catch {
      // The old rows stay listed, but every search refuses them (`indexCacheChanged`).
      console.printError("warning: index cache entry changed while in use; rebuilding failed: \(error)")
    }
  }
}
