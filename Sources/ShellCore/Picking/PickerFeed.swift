import Backends
import Engine
import Foundation
import Tables

/// Reads the picker's rows on a thread of its own while the picker runs, and hands the main
/// loop the table of every row read so far, built and indexed, as `FeedSchedule` says when.
///
/// The reader builds each table (a copy of the rows so far and its index) off the main thread,
/// so keys are never kept waiting by a build; the loop takes the newest with `take` when the
/// wake pipe says one is there (an older one not taken yet is dropped). At the end of the input
/// the last table holds every row; at the load limit, or on a read error, reading stops there,
/// the rows read whole are kept, and the last arrival says why.
public final class PickerFeed: @unchecked Sendable {
  /// What the reader hands over: a table (handed once: the reader keeps no reference to it),
  /// and whether the input ended.
  public struct Arrival: @unchecked Sendable {
    /// The rows so far, in the table's order, and their index; nil when only the end is new.
    var dataset: Dataset?
    var backend: InMemoryBackend?
    /// The rows' bytes as they came, by dataset row.
    var rows = PipedRows()
    /// The header's rows (`--header-lines`), printable.
    public var header: [String] = []
    /// Whether the input ended (or stopped): no more arrivals follow.
    public var isFinal = false
    /// Why the input stopped before its end, or why its command failed.
    public var note: ShellError?
  }

  /// Where the rows come from and how they are read.
  public struct Input: Sendable {
    /// A descriptor (standard input, a file opened), the output of `sh -c COMMAND`, or the
    /// files under a folder.
    public enum Source: Sendable, Equatable {
      case descriptor(Int32)
      case command(String)
      case files(under: String)
    }

    public var source: Source
    /// How rows are split and printed.
    public var rows = PipedRows()
    /// How many first rows are the header.
    public var headerRows = 0
    /// Whether the table lists the last row first (`--tac`).
    public var reversed = false
    /// The rule the index is prepared for.
    public var rule = MatchRule.fuzzy
    /// The input's name in messages and the dataset's.
    public var name = "stdin"
    /// What each row shows, searches and prints (fzf's `--with-nth`, `--nth`, `-d`, `--ansi`).
    public var fields: PickFields?

    public init(source: Source) {
      self.source = source
    }
  }

  let input: Input
  private let limit: Int
  private let cacheEntries: Int
  private let wake: PickerWake
  private let lock = NSLock()
  private var newest: Arrival?
  private var stopRequested = false
  private var child: ChildProcess?

  /// A feed of `input` held to `limit` bytes, waking `wake` at each arrival; `start` starts it.
  init(input: Input, limit: Int, cacheEntries: Int, wake: PickerWake) {
    self.input = input
    self.limit = limit
    self.cacheEntries = cacheEntries
    self.wake = wake
  }

  /// Starts reading on a thread of its own.
  public func start() {
    Thread.detachNewThread { [self] in read() }
  }

  /// The newest arrival not taken yet.
  public func take() -> Arrival? {
    lock.lock()
    defer { lock.unlock() }
    let arrival = newest
    newest = nil
    return arrival
  }

  /// Stops reading (the picker left): the command listing the rows is stopped too.
  public func stop() {
    lock.lock()
    stopRequested = true
    let child = self.child
    lock.unlock()
    child?.stop()
  }

  private var isStopped: Bool {
    lock.lock()
    defer { lock.unlock() }
    return stopRequested
  }

  /// Hands `arrival` over and wakes the loop; an end with no table joins the one not taken yet.
  private func publish(_ arrival: Arrival) {
    lock.lock()
    if arrival.dataset == nil, var pending = newest {
      pending.isFinal = arrival.isFinal
      pending.note = arrival.note
      newest = pending
    } else {
      newest = arrival
    }
    lock.unlock()
    wake.signal()
  }
}

extension PickerFeed {
  /// The reader thread: opens the input, reads it to its end, builds tables as scheduled.
  private func read() {
    var reader: PipedRowReader
    do throws(TableError) {
      reader = try PipedRowReader(
        label: input.name, limit: limit, rows: input.rows, headerRows: input.headerRows, shape: input.fields)
    } catch {
      publish(Arrival(isFinal: true, note: ShellError(error)))
      return
    }
    var schedule = FeedSchedule()
    var note: ShellError?
    switch open() {
    case .failure(let error):
      note = error
    case .success(let opened):
      note = pump(opened, into: &reader, schedule: &schedule)
    }
    finish(&reader, schedule: schedule, note: note)
  }

  /// What the reader reads from: a descriptor, or a walk of folders.
  private enum Opened {
    case descriptor(Int32, closes: Bool)
    case walk(FileWalker)
  }

  private func open() -> Result<Opened, ShellError> {
    switch input.source {
    case .descriptor(let descriptor):
      return .success(.descriptor(descriptor, closes: false))
    case .command(let command):
      guard let started = ChildProcess.start(command, mergingErrors: false) else {
        return .failure(.pickerCommandFailed(command, reason: "sh could not start"))
      }
      lock.lock()
      child = started
      lock.unlock()
      return .success(.descriptor(started.output, closes: true))
    case .files(let root):
      return .success(.walk(FileWalker(root: root)))
    }
  }

  /// Reads until the end, a stop or the limit, building tables as `schedule` says; returns why
  /// reading stopped early, if it did.
  private func pump(_ opened: Opened, into reader: inout PipedRowReader, schedule: inout FeedSchedule)
    -> ShellError?
  {
    switch opened {
    case .descriptor(let descriptor, let closes):
      defer { if closes { close(descriptor) } }
      return pump(descriptor, into: &reader, schedule: &schedule)
    case .walk(var walker):
      var listed: [UInt8] = []
      while !isStopped, !walker.isDone {
        if let stopped = buildIfDue(&reader, schedule: &schedule) { return stopped }
        listed.removeAll(keepingCapacity: true)
        walker.listNextFolder(into: &listed, separator: input.rows.separator.rawValue)
        if let stopped = feed(listed[...], into: &reader) { return stopped }
      }
      return nil
    }
  }

  /// Reads `descriptor` to its end; rows waiting to be built wake the reader when they are
  /// due, input or not.
  private func pump(_ descriptor: Int32, into reader: inout PipedRowReader, schedule: inout FeedSchedule)
    -> ShellError?
  {
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while !isStopped {
      if let stopped = buildIfDue(&reader, schedule: &schedule) { return stopped }
      let wait = schedule.wait(rows: reader.rowCount, now: DispatchTime.now().uptimeNanoseconds)
      let milliseconds = wait.map { Int32(clamping: ($0 + 999_999) / 1_000_000) } ?? -1
      var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      if poll(&watched, 1, milliseconds) == 0 { continue }
      let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        let reason = ShellError.stopReason(
          .unreadableFile(input.name, reason: String(cString: strerror(errno))))
        return .pickerInputStopped(input.name, rows: reader.rowCount, reason: reason)
      }
      if count == 0 { return nil }
      if let stopped = feed(chunk[..<count], into: &reader) { return stopped }
    }
    return nil
  }

  /// Feeds `bytes` to `reader`; at the limit keeps the rows read whole and says why it stopped.
  private func feed(_ bytes: ArraySlice<UInt8>, into reader: inout PipedRowReader) -> ShellError? {
    do throws(TableError) {
      try bytes.withUnsafeBufferPointer { (bytes) throws(TableError) in try reader.feed(bytes) }
      return nil
    } catch {
      reader.keepWholeRows()
      return .pickerInputStopped(input.name, rows: reader.rowCount, reason: ShellError.stopReason(error))
    }
  }

  /// Builds the table when `schedule` says it is due.
  private func buildIfDue(_ reader: inout PipedRowReader, schedule: inout FeedSchedule) -> ShellError? {
    guard schedule.wait(rows: reader.rowCount, now: DispatchTime.now().uptimeNanoseconds) == 0 else {
      return nil
    }
    return build(&reader, schedule: &schedule)
  }

  /// Builds and hands over the table of the rows so far; returns why reading must stop, if the
  /// build was refused.
  private func build(_ reader: inout PipedRowReader, schedule: inout FeedSchedule) -> ShellError? {
    let start = DispatchTime.now().uptimeNanoseconds
    do throws(TableError) {
      let (loaded, rows) = try reader.snapshot(options: loadOptions, reversed: input.reversed)
      guard let arrival = indexed(loaded.dataset, rows: rows, header: reader.header) else {
        return .pickerInputStopped(input.name, rows: reader.rowCount, reason: "out of memory for its index")
      }
      publish(arrival)
    } catch {
      return .pickerInputStopped(input.name, rows: reader.rowCount, reason: ShellError.stopReason(error))
    }
    schedule.built(rows: reader.rowCount, from: start, to: DispatchTime.now().uptimeNanoseconds)
    return nil
  }

  /// The last arrival: every row read (the last one without its separator too), the command's
  /// failure if it failed.
  private func finish(_ reader: inout PipedRowReader, schedule: FeedSchedule, note: ShellError?) {
    var note = note
    let stopped = isStopped
    lock.lock()
    let child = self.child
    lock.unlock()
    if note != nil || stopped {
      child?.stop()
    } else {
      do throws(TableError) {
        try reader.endInput()
      } catch {
        reader.keepWholeRows()
        note = .pickerInputStopped(input.name, rows: reader.rowCount, reason: ShellError.stopReason(error))
      }
    }
    if let child, note == nil, !stopped, let failure = ChildProcess.failure(child.wait()),
      case .command(let command) = input.source
    {
      note = .pickerCommandFailed(command, reason: "it ended with \(failure)")
    }
    child?.wait()
    guard !stopped else { return }
    guard reader.rowCount != schedule.builtRows || schedule.builtRows == 0 else {
      return publish(Arrival(isFinal: true, note: note))
    }
    publish(lastTable(&reader, rowsShown: schedule.builtRows, note: note))
  }

  /// The table of every row read, or, when the system refuses it, the end alone with why the
  /// last rows (past the `rowsShown` on screen) are not shown.
  private func lastTable(_ reader: inout PipedRowReader, rowsShown: Int, note: ShellError?) -> Arrival {
    do throws(TableError) {
      // In input order the builder's own buffers become the table: nothing is copied.
      let (loaded, rows) =
        input.reversed
        ? try reader.snapshot(options: loadOptions, reversed: true) : try reader.finish(options: loadOptions)
      guard var arrival = indexed(loaded.dataset, rows: rows, header: reader.header) else {
        let refused = ShellError.pickerInputStopped(
          input.name, rows: rowsShown, reason: "out of memory for the index of the rest")
        return Arrival(isFinal: true, note: refused)
      }
      arrival.isFinal = true
      arrival.note = note
      return arrival
    } catch {
      return Arrival(
        isFinal: true,
        note: .pickerInputStopped(input.name, rows: rowsShown, reason: ShellError.stopReason(error)))
    }
  }

  /// `dataset` with its index, prepared for the rule; nil when the system refused the index.
  private func indexed(_ dataset: Dataset, rows: PipedRows, header: [[UInt8]]) -> Arrival? {
    let backend = InMemoryBackend(
      dataset: dataset, columns: ColumnRoles.searchedColumns(in: dataset), cacheEntries: cacheEntries)
    guard backend.refusedBytes == nil, !backend.wasCancelled else { return nil }
    backend.prepare(for: input.rule)
    let lines = header.map { Sanitizer.printable(String(decoding: $0, as: UTF8.self)) }
    return Arrival(dataset: dataset, backend: backend, rows: rows, header: lines)
  }

  /// How the tables are named.
  private var loadOptions: LoadOptions {
    LoadOptions(
      name: input.name, source: .standardInput, presets: DatasetPresets(title: input.name), format: .text,
      scope: .none)
  }
}
