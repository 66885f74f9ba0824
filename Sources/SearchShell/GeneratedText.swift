import Foundation
import Tables

/// A text the binary prints from its registries and exits: completion scripts, the man page,
/// the reference page, the bundled datasets' names (for completion).
enum GeneratedText: Equatable {
  case completion(CompletionShell)
  case manPage
  case reference
  case datasetNames

  /// The text `generated` asks for, without its last newline.
  static func text(_ generated: GeneratedText, version: String, environment: [String: String]) -> String {
    let text: String
    switch generated {
    case .completion(let shell): text = CompletionScript.text(for: shell)
    case .manPage: text = ManPage.text(version: version)
    case .reference: text = ReferencePage.text
    case .datasetNames:
      let catalog = try? DatasetCatalog.locate(
        environment: environment, executablePath: CommandLine.arguments[0])
      text = (catalog?.names ?? []).joined(separator: "\n")
    }
    return text.hasSuffix("\n") ? String(text.dropLast()) : text
  }
}

/// A shell `--completion` writes a script for.
enum CompletionShell: String, CaseIterable, Sendable {
  case bash
  case zsh
  case fish
}
