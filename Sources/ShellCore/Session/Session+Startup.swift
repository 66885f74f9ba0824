import Engine
import Foundation
import Tables
import UIKitModel

/// What the executable runs once, before the first command.
extension Session {
  /// From now on writes only the data commands are asked for, and errors (`--quiet`).
  package func writeDataOnly() {
    console = DataOnlyConsole(console)
    output.dataOnly = true
  }

  /// Says how the command line's file was read, when that is not obvious, before a script runs.
  ///
  /// A `;`-separated `.csv` or a headerless table: a note, never data (so after `writeDataOnly`,
  /// which drops it). The welcome says it in every case.
  public func printHowTheFileWasRead() {
    if let line = screen.opening.reading?.summary { console.print(line) }
  }

  /// Applies the command line's `--flavor` and `--trace` before the first command, without output.
  public func applyStartupOptions(flavor: Flavor?, trace: Bool) {
    if let flavor { screen.settings.lifecycle.setFlavor(flavor) }
    if trace { self.tracing.mode = .on }
  }

  /// The banner and first screen an interactive session opens with.
  public func printWelcome(version: String) {
    printWrapped("SearchShell \(version): the iOS search controller in a terminal. Type 'help' for commands.")
    printWrapped(
      "Dataset '\(Sanitizer.printable(screen.dataset.name))' (\(ScreenRenderer.describe(screen.backend.totalRows)) rows), flavor \(screen.settings.lifecycle.flavor.rawValue)."
    )
    if let line = screen.opening.reading?.loadLine { printWrapped(line) }
    printScreen()
  }
}
