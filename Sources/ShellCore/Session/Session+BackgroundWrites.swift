import Engine

extension Session {
  /// Finishes the index files still being written in the background (the next run of the same
  /// file maps them) and returns the warnings of those that failed.
  public static func finishBackgroundWrites() -> [String] {
    IndexCacheWrites.shared.finish()
  }
}
