/// What a `load` does with a value the user chose for an option (see `Preferences`).
enum OptionReach: Equatable, Sendable {
  /// The session's own (`names`, `page`, `format`): no dataset presets it, so it simply stays.
  case session
  /// How the app behaves and looks (`flavor`, `match`, `title`): presets set it, the user's
  /// choice is applied over them, except on a tutorial's dataset, whose app is the point.
  case app
  /// Which columns the table searches, shows and sorts by: applied again when the new dataset
  /// has those columns, else set aside for it with a note.
  case table
  /// Labels of this dataset's own rows (`scopes`): forgotten by the next `load`.
  case dataset
}
