import Engine
import Tables

/// What live mode and the picker keep beyond the screen: the command each key stands for, and
/// the rows piped in, to print them back as they came.
struct LiveLog {
  /// The commands equivalent to the keys typed in live mode, in order.
  var commands: [LiveCommand] = []
  /// The rows piped into `--pick` or `--filter`.
  var pipedRows: PipedRows?
}
