/// What a load should produce: the dataset's identity, its format and its column roles.
struct LoadOptions {
  /// The name the shell shows for the dataset.
  var name: String
  /// Where the rows came from, kept on the dataset (export compares against its path).
  var source: DatasetSource
  /// The screen settings.
  var presets: DatasetPresets
  /// The format; nil chooses by extension, then by sniffing the first bytes.
  var format: DataFormat?
  /// The title column.
  var title: ColumnChoice = .automatic
  /// The scope column.
  var scope: ColumnChoice = .automatic
  /// A fixed scope bar (as the manifest gives); nil builds it from the data.
  var scopeTitles: [String]?
  /// `--path`: the keys from a JSON file's top-level object to its rows (nil: the one array there).
  var jsonPath: JSONKeyPath?
  /// The most bytes the load may read and store.
  var limit = LoadLimit.unlimited

  init(
    name: String, source: DatasetSource, presets: DatasetPresets, format: DataFormat? = nil,
    title: ColumnChoice = .automatic, scope: ColumnChoice = .automatic, scopeTitles: [String]? = nil,
    jsonPath: JSONKeyPath? = nil
  ) {
    self.jsonPath = jsonPath
    self.name = name
    self.source = source
    self.presets = presets
    self.format = format
    self.title = title
    self.scope = scope
    self.scopeTitles = scopeTitles
  }
}
