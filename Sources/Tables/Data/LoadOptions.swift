/// What a load should produce: the dataset's identity, its format and its column roles.
package struct LoadOptions {
  /// The name the shell shows for the dataset.
  package var name: String
  /// Where the rows came from, kept on the dataset (export compares against its path).
  package var source: DatasetSource
  /// The screen settings.
  package var presets: DatasetPresets
  /// The format; nil chooses by extension, then by sniffing the first bytes.
  package var format: DataFormat?
  /// The title column.
  package var title: ColumnChoice = .automatic
  /// The scope column.
  package var scope: ColumnChoice = .automatic
  /// A fixed scope bar (as the manifest gives); nil builds it from the data.
  package var scopeTitles: [String]?
  /// `--path`: the keys from a JSON file's top-level object to its rows (nil: the one array there).
  package var jsonPath: JSONKeyPath?
  /// `--delimiter`, `--header` and `--comment`.
  package var reading = ReadingOptions()
  /// The most bytes the load may read and store.
  package var limit = LoadLimit.unlimited

  package init(
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
