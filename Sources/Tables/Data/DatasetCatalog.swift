import Foundation
import UIKitModel

/// The bundled datasets, as `datasets/manifest.json` lists them with their tutorial presets.
public struct DatasetCatalog: Sendable {
  /// The folder holding the manifest and the data files.
  package let directory: URL
  /// The datasets, in manifest order.
  package let entries: [Entry]
  /// The dataset the shell opens with.
  public let defaultName: String

  /// One manifest entry.
  package struct Entry: Decodable, Sendable {
    package let name: String
    package let file: String
    package let about: String
    package let tutorial: String?
    /// The tutorial app that runs over the dataset (`AppID`); none: the generic app.
    package let app: String?
    package let title: String
    package let placeholder: String?
    package let titleColumn: String?
    package let scopeColumn: String?
    package let scopes: [String]?
    package let match: String?
    package let syntax: String?
    package let flavor: String?
    package let results: String?
    package let rule: String?
    package let live: Bool?
    package let obscures: Bool?
    /// The screen: `barHidden`, `showsCancel`, `barTextColor`, `barTint`, `barBackground`.
    let barHidden: Bool?
    package let showsCancel: Bool?
    let barTextColor: String?
    let barTint: String?
    let barBackground: String?
  }

  private struct Manifest: Decodable {
    package let `default`: String
    package let datasets: [Entry]
  }

  /// Reads the manifest in `directory`.
  public init(directory: URL) throws(TableError) {
    let manifestURL = directory.appendingPathComponent("manifest.json")
    guard let data = try? Data(contentsOf: manifestURL) else {
      throw .datasetsMissing(manifestURL.path)
    }
    let manifest: Manifest
    do {
      manifest = try JSONDecoder().decode(Manifest.self, from: data)
    } catch {
      throw .malformedFile(manifestURL.path, line: nil, column: nil, reason: "not a valid dataset manifest")
    }
    self.directory = directory
    self.entries = manifest.datasets
    self.defaultName = manifest.default
  }

  /// Finds the `datasets` folder: `$SEARCHSHELL_DATASETS`, else beside or above the executable
  /// (a `swift build` tree), else above this source file (the checkout it was built from), else
  /// the working directory.
  public static func locate(
    environment: [String: String], executablePath: String, sourceFile: String = #filePath
  ) throws(TableError) -> DatasetCatalog {
    if let folder = BundledFolder.locate(
      "datasets", marker: "manifest.json", variable: "SEARCHSHELL_DATASETS", environment: environment,
      executablePath: executablePath, sourceFile: sourceFile)
    {
      return try DatasetCatalog(directory: folder)
    }
    throw .datasetsMissing("datasets/manifest.json")
  }

  /// The bundled dataset names.
  package var names: [String] { entries.map(\.name) }

  /// The entry named `name`, if bundled.
  package func entry(_ name: String) -> Entry? { entries.first { $0.name == name } }

  /// Loads a bundled dataset with its presets.
  package func load(_ name: String) throws(TableError) -> Dataset {
    guard let entry = entry(name) else { throw .unknownDataset(name, suggestion: name.nearest(in: names)) }
    return try DatasetLoader.load(
      path: directory.appendingPathComponent(entry.file).path, name: entry.name, source: .bundled(entry.name),
      presets: entry.presets, titleColumn: entry.titleColumn, scopeColumn: entry.scopeColumn,
      scopeTitles: entry.scopes)
  }
}

extension DatasetCatalog.Entry {
  /// The tutorial presets this entry names; unknown values fall back to the defaults.
  package var presets: DatasetPresets {
    var presets = DatasetPresets(title: title)
    if let app, let id = AppID(rawValue: app) { presets.app = id }
    if let placeholder { presets.placeholder = placeholder }
    if let match, let rule = MatchRule(rawValue: match) { presets.match = rule }
    if let syntax, let value = QuerySyntax(rawValue: syntax) { presets.syntax = value }
    if let flavor, let value = Flavor(rawValue: flavor) { presets.lifecycle.flavor = value }
    if let results, let value = ResultsPresentation(rawValue: results) { presets.lifecycle.results = value }
    if let rule, let value = DataSourceRule(rawValue: rule) { presets.lifecycle.rule = value }
    if let live { presets.lifecycle.live = live }
    // The app's era and what its code sets decide the defaults; the entry may still override.
    let app = presets.app.model(under: presets.lifecycle)
    presets.lifecycle.link(against: app.settings.sdk, settings: app.settings)
    if let obscures { presets.lifecycle.obscures = obscures }
    if let barHidden { presets.appearance.startsHidden = barHidden }
    if let showsCancel { presets.appearance.showsCancelButton = showsCancel }
    if let barTextColor, let color = BarColor(rawValue: barTextColor) { presets.appearance.textColor = color }
    if let barTint, let color = BarColor(rawValue: barTint) { presets.appearance.tint = color }
    if let barBackground, let color = BarColor(rawValue: barBackground) {
      presets.appearance.background = color
    }
    return presets
  }
}
