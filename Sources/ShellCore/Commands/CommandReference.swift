/// A shell command as the man page and `docs/reference.md` print it, read from the registry.
package struct CommandReference: Sendable {
  package let name: String
  package let aliases: [String]
  /// The synopsis, such as `search TEXT`.
  package let usage: String
  package let abstract: String
  /// More lines, as `help NAME` prints them; may be empty.
  package let discussion: String

  /// Every command, in the order `help` lists them.
  package static var all: [CommandReference] {
    CommandRegistry.commands.map {
      CommandReference(
        name: $0.name, aliases: $0.aliases, usage: $0.usage, abstract: $0.abstract, discussion: $0.discussion)
    }
  }
}
