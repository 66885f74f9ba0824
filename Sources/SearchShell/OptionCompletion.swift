/// What a shell's completion offers for an option's value (or for FILE).
enum OptionCompletion: Equatable, Sendable {
  /// Free text: nothing to offer.
  case nothing
  /// One of these words.
  case words([String])
  /// A file path.
  case files
  /// A bundled dataset's name or a file path.
  case datasetsAndFiles
}
