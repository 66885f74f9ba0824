import Foundation
import Tables

/// `--filter TEXT`: the rows of a pipe or a file that match, printed once, with no index.
///
/// An index pays for itself over many searches; a one-shot run would build it to use it once.
/// This reads the input a block of whole lines at a time (a file mapped, a pipe read with the
/// unfinished line carried over), and every core takes blocks in turn: a block is scanned for the
/// query's driving term (`OneShotQuery`), only the lines it hits and the lines that need folding
/// are tested, and the lines that match are printed in the input's order, block after block. A
/// ranked query (`fuzzy`) keeps only the matching lines, then prints them best first in the
/// engine's order. The terms and their tests are the engine's own, so a query means what it
/// means to the index.
package final class OneShotFilter {
  /// How the input is split and the output written, and fzf's row options.
  package struct Options: Sendable {
    /// The rule the query is read under.
    package var rule: MatchRule = .fuzzy
    /// The byte that ends a row read (LF, or NUL for `--read0`).
    package var separator: UInt8 = ByteCodes.lineFeed
    /// The byte that ends a row printed (LF, or NUL for `--print0`).
    package var terminator: UInt8 = ByteCodes.lineFeed
    /// `--tac`: the rows in reverse order (ties of a ranking too).
    package var reversesInput = false
    /// `--no-sort`: a ranked query's matches in the input's order.
    package var sorts = true
    /// `--header-lines N`: the first N rows are neither searched nor printed.
    package var headerLines = 0
    /// The most bytes held at once (a row being read, the matches kept), as the load limit.
    package var limit = LoadLimit.ceiling
    /// The input's name, for errors.
    package var label = DataInput.standardInput.label
    /// fzf's field and colour options, when any is given.
    package var transform: (any OneShotLineTransform)?
    /// Turns a row into the line a terminal is shown (escaped), when standard output is one.
    package var escape: (@Sendable (UnsafeBufferPointer<UInt8>) -> [UInt8])?
    /// Bytes per block.
    package var blockSize = 1 << 20
    /// Threads that take blocks.
    package var workers = min(Parallel.cores, 8)

    package init() {}
  }

  /// Why a run stopped early.
  package enum Failure: Error, Equatable {
    /// The engine or the input refused (a bad pattern, the load limit, a read error).
    case search(SearchError)
    /// The reader of the output left (`| head -1`): not an error.
    case brokenPipe
    /// Writing the output failed with this errno.
    case output(Int32)
  }

  private let query: OneShotQuery
  private let options: Options

  /// A filter for `query` under `options.rule`; throws `invalidPattern` for a bad regex.
  package init(query: String, options: Options) throws(SearchError) {
    self.query = try OneShotQuery(query, rule: options.rule)
    self.options = options
  }

  /// Filters the rows of `input` (a descriptor: mapped when it is a regular file, else read) to
  /// `output` and returns how many were printed.
  package func run(input: Int32, output: Int32) throws(Failure) -> Int {
    let source = OneShotSource(
      descriptor: input, separator: options.separator, headerLines: options.headerLines,
      blockSize: options.blockSize, limit: options.limit, label: options.label)
    let keeps = query.ranks && options.sorts || options.reversesInput
    let writer = OneShotWriter(descriptor: output, terminator: options.terminator, escape: options.escape)
    let pipeline = OneShotPipeline(source: source, keeps: keeps, limit: options.limit, label: options.label)
    let workers = pipeline.run(workers: options.workers, writer: writer) { () throws(SearchError) in
      try OneShotWorker(query: query, options: options, keeps: keeps, borrows: source.isMapped)
    }
    #if DEBUG
      // Debug builds (the tests') check every run's state.
      pipeline.checkInvariants()
      for worker in workers { worker.checkInvariants() }
    #endif
    if let failure = pipeline.failure { throw failure }
    guard keeps else { return workers.reduce(0) { $0 &+ $1.printed } }
    let kept = workers.map(\.kept)
    let printed = OneShotKept.printOrder(
      kept, ranks: query.ranks && options.sorts, reversed: options.reversesInput)
    // The rows' bytes are the workers' (and the mapped file's, which the source holds).
    try withExtendedLifetime((workers, source)) { () throws(Failure) in
      try writer.write(printed.rows, order: printed.order)
    }
    return printed.rows.count
  }
}
