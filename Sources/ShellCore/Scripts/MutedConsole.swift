/// Drops standard output and passes errors on: what `quiet COMMAND` runs its command with.
final class MutedConsole: Console {
  private let errors: Console

  init(passingErrorsTo errors: Console) {
    self.errors = errors
  }

  func print(_ line: String) {}

  func printError(_ line: String) { errors.printError(line) }
}
