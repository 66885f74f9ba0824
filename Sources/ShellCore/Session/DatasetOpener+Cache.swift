import Backends
import Engine
import Foundation
import Tables

/// The index cache in the one way to open: a file loaded by path is mapped from its persisted
/// index when it has not changed, and its index is written in the background when it was built.
extension DatasetOpener {
  /// A file load the index cache serves: its key and where its index lies.
  struct CacheEntry {
    let folder: IndexCacheFolder
    let key: IndexCacheKey
    /// The cache file.
    let path: String
    /// How the file is read.
    let options: LoadOptions
    /// The data file as the load names it.
    let dataPath: String
  }

  /// The cache entry for `source`, or nil when the cache does not serve it: not a file the user
  /// named, `--no-cache`, caching off, a file smaller than the cache's minimum.
  ///
  /// Why a cache that is on cannot serve it goes to `notes` (the load's warnings, this session's
  /// alone).
  func cacheEntry(for source: Source, request: LoadRequest, notes: inout [String]) -> CacheEntry? {
    guard !request.noCache, case .input(.file(let path), let options) = source, case .file = options.source
    else {
      return nil
    }
    let settings: IndexCacheSettings
    switch configuration.indexCache {
    case .success(let found):
      guard let found else { return nil }
      settings = found
    case .failure(let error):
      IndexCacheWrites.shared.note("index not cached: " + error.description)
      return nil
    }
    guard let key = IndexCacheKey(path: path, options: options), key.size >= UInt64(settings.minimumBytes)
    else {
      return nil
    }
    let folder = IndexCacheFolder(settings: settings)
    // Another user's folder, or one others may write in: one warning, the index built in memory.
    if let problem = folder.check() {
      notes.append(problem)
      return nil
    }
    return CacheEntry(folder: folder, key: key, path: folder.path(for: key), options: options, dataPath: path)
  }

  /// The dataset and backend mapped from `entry`'s cache file, or nil when it is missing,
  /// stale, corrupt or over the load limit (the file is then read and indexed again).
  ///
  /// A refused entry's reason, when it is worth a line, goes to `notes`.
  func restore(_ entry: CacheEntry, request: LoadRequest, notes: inout [String]) -> Opened? {
    // No key yet: no entry can be trusted (the first write makes one).
    guard case .success(let secret?) = IndexCacheSecret.read(folder: entry.folder.settings.folder) else {
      return nil
    }
    let result = IndexCacheReader.restore(
      path: entry.path, key: entry.key, secret: secret, options: entry.options,
      sideFormThreshold: SearchTuning.standard.sideForms, searched: ColumnRoles.searchedColumns(in:))
    if case .failure(.notRegular) = result {
      notes.append(
        "the index cache entry '\(entry.path)' is not a regular file; the index is built in memory")
      return nil
    }
    if case .failure(.corrupt(let reason)) = result {
      // Damage is worth a line (a stale entry, after the file changed, is not): rebuilt, never used.
      notes.append("the index cache entry '\(entry.path)' is damaged (\(reason)); the index is built again")
      return nil
    }
    guard case .success(let restored) = result else { return nil }
    let (warnings, reading) = Self.unpacked(restored.warnings)
    // The limit bounds what a load stores; the read that follows reports it as usual.
    let stored = restored.dataset.withStorage { $0.count + $1.count * 4 }
    guard let limit = try? configuration.loadLimit.get(), stored <= limit.bytes else { return nil }
    UnsafeMappedFile.touch(
      entry.path, after: entry.folder.entries().indexes.filter { $0.path != entry.path }.map(\.used).max())
    // Damage in the index's sections is found by the first search, which builds the index
    // again: written in the entry's place, as a first load's.
    var rows = LoadResult(dataset: restored.dataset, warnings: warnings, format: restored.format)
    if let reading { rows.reading = reading }
    let check = IndexCacheCheck(
      entryPath: entry.path, onRebuilt: { index in store(entry, result: rows, index: index) },
      work: restored.verifyIndex)
    let backend = InMemoryBackend(
      dataset: restored.dataset, index: restored.index, check: check, cacheEntries: configuration.cacheEntries
    )
    var opened = Opened(
      dataset: restored.dataset, backend: backend, warnings: warnings, reading: reading, index: .cache)
    opened.mapping = IndexCacheMapping(
      file: restored.file, request: request, dataPath: entry.dataPath, check: check)
    return opened
  }

  /// Writes `result`'s index to `entry`'s cache file on a background thread, unless the file
  /// changed while it was read or the folder cannot take it (a note says why).
  func store(_ entry: CacheEntry, result: LoadResult, index: FoldedIndex) {
    guard IndexCacheKey(path: entry.dataPath, options: entry.options) == entry.key else { return }
    // A link or FIFO at the entry's name (its reader said so): left alone.
    var status = stat()
    if lstat(entry.path, &status) == 0, status.st_mode & S_IFMT != S_IFREG { return }
    let folderPath = WriteTarget.resolved(entry.folder.settings.folder)
    if folderPath == WriteTarget.resolved((entry.key.path as NSString).deletingLastPathComponent) {
      IndexCacheWrites.shared.note("index not cached: the cache folder is the data file's own folder")
      return
    }
    let writes = IndexCacheWrites.shared
    if let problem = entry.folder.prepare() {
      writes.note("index not cached: " + problem)
      return
    }
    let secret: IndexCacheSecret
    switch IndexCacheSecret.readOrCreate(folder: entry.folder.settings.folder) {
    case .success(let found): secret = found
    case .failure(let problem):
      writes.note("index not cached: " + problem.reason)
      return
    }
    let bytes = IndexCacheWriter.fileLength(
      result.dataset, index: index, key: entry.key, warnings: Self.packed(result))
    if let problem = entry.folder.refusal(for: bytes) {
      writes.note("index not cached: " + problem)
      return
    }
    let protected = UncheckedSendable((result, index, entry))
    writes.start { isCancelled in
      let (result, index, entry) = protected.value
      do throws(TableError) {
        try IndexCacheWriter.write(
          result.dataset, index: index, key: entry.key, format: result.format, warnings: Self.packed(result),
          to: entry.path, folder: entry.folder, secret: secret, isCancelled: isCancelled)
        return nil
      } catch {
        // A write stopped for a newer load is no failure: that load writes its own.
        return isCancelled() ? nil : "index not cached: " + ShellError(error).description
      }
    }
  }

  /// What starts the stored warning that carries how the file was read (never shown).
  static let readingMarker = "\u{1}reading "

  /// `result`'s warnings as the cache keeps them: with how the file was read as the last one.
  static func packed(_ result: LoadResult) -> [String] {
    result.warnings + [readingMarker + result.reading.encoded]
  }

  /// The warnings the cache kept, without the one that says how the file was read, and that.
  static func unpacked(_ stored: [String]) -> (warnings: [String], reading: ReadingReport?) {
    var reading: ReadingReport?
    var warnings: [String] = []
    for warning in stored {
      if warning.hasPrefix(readingMarker) {
        reading = ReadingReport(encoded: String(warning.dropFirst(readingMarker.count)))
      } else {
        warnings.append(warning)
      }
    }
    return (warnings, reading)
  }
}
