import Engine
import Foundation
import Tables

/// `--filter TEXT`: the rows of standard input (or FILE) that match, printed by the one-shot
/// filter (`OneShotFilter`) as they are read, with no index and no session.
///
/// fzf's row options apply: `--nth`, `--with-nth`, `-d` and `--ansi` through `PickFields`,
/// `--tac`, `--no-sort`, `--header-lines`, `--read0` and `--print0`. The rows printed are their
/// bytes into a pipe or a file, each escaped into one line on a terminal.
public enum PickFilter {
  /// How a run ended.
  public enum Outcome: Equatable, Sendable {
    /// This many rows were printed (none: nothing matched).
    case printed(Int)
    /// The reader of standard output left (`| head -1`): not an error.
    case readerLeft
    /// Writing standard output failed with this errno.
    case outputFailed(Int32)
    /// The line saying why the run failed (the query, the input, the limit).
    case failed(String)
  }

  /// Filters `file` (nil: standard input) for `query` under `options`, writing to standard output
  /// (`outputIsTerminal`: escaped), holding no more than `configuration`'s load limit.
  public static func run(
    query: String, options: PickOptions, file: String?, configuration: ShellConfiguration,
    outputIsTerminal: Bool
  ) -> Outcome {
    run(
      query: query, options: options, file: file, configuration: configuration, output: STDOUT_FILENO,
      escaping: outputIsTerminal)
  }

  /// `run` writing to `output` (tests pass a pipe or a file).
  static func run(
    query: String, options: PickOptions, file: String?, configuration: ShellConfiguration, output: Int32,
    escaping: Bool
  ) -> Outcome {
    let filterOptions: OneShotFilter.Options
    do throws(ShellError) {
      filterOptions = try self.filterOptions(
        options, file: file, configuration: configuration, escaping: escaping)
    } catch {
      return .failed(error.description)
    }
    // The query first: a bad pattern is the error whether or not the file opens.
    let filter: OneShotFilter
    do throws(SearchError) {
      filter = try OneShotFilter(query: query, options: filterOptions)
    } catch {
      return .failed(ShellError(error).description)
    }
    let input = file.map { open($0, O_RDONLY | O_CLOEXEC) } ?? STDIN_FILENO
    guard input >= 0 else {
      let reason = String(cString: strerror(errno))
      return .failed(ShellError(TableError.unreadableFile(filterOptions.label, reason: reason)).description)
    }
    defer { if file != nil { close(input) } }
    do throws(OneShotFilter.Failure) {
      return .printed(try filter.run(input: input, output: output))
    } catch {
      switch error {
      case .search(let failure): return .failed(ShellError(failure).description)
      case .brokenPipe: return .readerLeft
      case .output(let code): return .outputFailed(code)
      }
    }
  }

  /// The one-shot filter's options for fzf's `options`.
  static func filterOptions(
    _ options: PickOptions, file: String?, configuration: ShellConfiguration, escaping: Bool
  ) throws(ShellError) -> OneShotFilter.Options {
    var filter = OneShotFilter.Options()
    filter.rule = options.rule
    filter.separator = options.pipedRows.separator.rawValue
    filter.terminator = options.pipedRows.terminator.rawValue
    filter.reversesInput = options.reversesInput
    filter.sorts = options.sorts
    filter.headerLines = options.headerLines
    filter.limit = try configuration.loadLimit.get().bytes
    if let file { filter.label = file }
    filter.transform = PickFields(options)
    if escaping {
      filter.escape = { bytes in Array(Sanitizer.terminalSafe(String(decoding: bytes, as: UTF8.self)).utf8) }
    }
    return filter
  }
}
