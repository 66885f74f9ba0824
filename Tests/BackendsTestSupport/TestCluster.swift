import Backends
import Foundation
import Synchronization
import Testing

/// A throwaway PostgreSQL cluster the tests start themselves: one per test process, shared (and
/// two more, the shards of `TestShards`, started only when a sharded test runs).
///
/// `initdb` into a temporary folder (as the `postgres` user when the tests run as root: the
/// server refuses root), a Unix socket in that folder only (no TCP), `--locale=C.UTF-8`, fsync
/// off. It is stopped and its folder removed when the process exits; a folder left by a process
/// that died is cleaned up by the next start. Tests that need it are skipped, with `skipReason`,
/// where PostgreSQL is not installed.
package final class TestCluster: Sendable {
  /// The folder with the server's binaries (`initdb`, `pg_ctl`), or nil when not installed.
  static let binaries: String? = {
    // SEARCHSHELL_PG_BIN names another folder (a folder without initdb: as if not installed).
    if let given = ProcessInfo.processInfo.environment["SEARCHSHELL_PG_BIN"] {
      return FileManager.default.isExecutableFile(atPath: given + "/initdb") ? given : nil
    }
    let root = "/usr/lib/postgresql"
    let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    let found = versions.compactMap(Int.init).sorted().reversed().map { "\(root)/\($0)/bin" }
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
    return (found + path).first { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") }
  }()

  /// Whether the tests that need a server can run here.
  package static let isInstalled = binaries != nil

  /// Why they are skipped where they cannot.
  package static let skipReason: Comment = """
    PostgreSQL is not installed (no initdb under /usr/lib/postgresql/*/bin or on PATH): \
    apt-get install postgresql postgresql-contrib
    """

  /// The cluster, started on first use.
  static let shared: Result<TestCluster, ClusterError> = {
    do throws(ClusterError) {
      return .success(try TestCluster())
    } catch {
      return .failure(error)
    }
  }()

  /// The shared cluster, or the error that stopped it starting.
  package static func started() throws -> TestCluster { try shared.get() }

  /// Two more clusters, the shards a sharded table's foreign partitions live on, started on first use.
  static let shards: Result<[TestCluster], ClusterError> = {
    do throws(ClusterError) {
      return .success([try TestCluster(), try TestCluster()])
    } catch {
      return .failure(error)
    }
  }()

  /// The two shard clusters, or the error that stopped one starting.
  package static func startedShards() throws -> [TestCluster] { try shards.get() }

  /// The clusters this process started (postmaster, folder), stopped by the `atexit` handler.
  private static let running = Mutex<[(postmaster: pid_t, folder: String)]>([])

  /// A failure to start the cluster, with the command's output.
  struct ClusterError: Error, CustomStringConvertible {
    var description: String
  }

  /// The folder holding the data directory and the socket.
  package let folder: String
  /// The postmaster's process id (from `postmaster.pid`).
  let postmaster: pid_t
  /// The role with a password (the others log in without one).
  package static let lockedRole = "searchshell_locked"
  /// Its password.
  package static let lockedPassword = "correct-horse-battery"

  /// A URL to the cluster's `postgres` database as the superuser, with `extra` parameters.
  package func url(_ extra: String = "") -> String {
    "postgres:///postgres?host=\(folder)&user=postgres" + (extra.isEmpty ? "" : "&" + extra)
  }

  /// A connection as the superuser.
  package func connect(statementTimeout: Int = 5000) throws -> PostgresConnection {
    try PostgresConnection(url: PostgresURL(parsing: url()), statementTimeout: statementTimeout)
  }

  private init() throws(ClusterError) {
    guard let binaries = Self.binaries else { throw ClusterError(description: "PostgreSQL is not installed") }
    Self.removeAbandoned()
    let asRoot = geteuid() == 0
    var template = Array("/tmp/searchshell-pg-\(getpid())-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw ClusterError(description: "mkdtemp failed") }
    folder = String(cString: made)
    if asRoot {
      guard let user = getpwnam("postgres") else {
        throw ClusterError(description: "running as root needs the 'postgres' user to run the server")
      }
      chown(folder, user.pointee.pw_uid, user.pointee.pw_gid)
    }
    let data = folder + "/data"
    try Self.run(
      asRoot, binaries + "/initdb",
      ["-D", data, "--locale=C.UTF-8", "-E", "UTF8", "-U", "postgres", "-A", "trust", "--no-sync"],
      in: folder)
    let hba = "local all \(Self.lockedRole) scram-sha-256\nlocal all all trust\n"
    guard FileManager.default.createFile(atPath: data + "/pg_hba.conf", contents: Data(hba.utf8)) else {
      throw ClusterError(description: "cannot write pg_hba.conf")
    }
    // The server runs as a child of its own, not through `pg_ctl start`: the daemon pg_ctl
    // leaves inherits a descriptor Foundation's Process watches, so waiting on pg_ctl never ends.
    let server = [
      binaries + "/postgres", "-D", data, "-k", folder, "-c", "listen_addresses=", "-c", "fsync=off",
      "-c", "full_page_writes=off", "-c", "synchronous_commit=off",
    ]
    let process = try Self.launch(asRoot, server, output: folder + "/log")
    postmaster = try Self.waitForServer(
      process, data: data, url: "postgres:///postgres?host=\(folder)&user=postgres")
    let isFirst = Self.running.withLock { running in
      running.append((postmaster, folder))
      return running.count == 1
    }
    if isFirst { atexit { TestCluster.stopAll() } }
    try setUp()
  }

  /// Creates the role with a password and the extension the search uses.
  private func setUp() throws(ClusterError) {
    do {
      let connection = try connect()
      try connection.run(
        PostgresStatement(
          "CREATE ROLE \(Self.lockedRole) LOGIN PASSWORD '\(Self.lockedPassword)'"), about: "setup")
    } catch {
      throw ClusterError(description: "setting the cluster up failed: \(error)")
    }
  }

  /// Stops every cluster this process started and removes its folder: the `atexit` handler.
  private static func stopAll() {
    for cluster in running.withLock({ $0 }) {
      stop(postmaster: cluster.postmaster, folder: cluster.folder)
    }
  }

  /// Immediate shutdown (SIGQUIT) of the postmaster, waiting up to 5 s, then the folder removed.
  private static func stop(postmaster: pid_t, folder: String) {
    if kill(postmaster, SIGQUIT) == 0 {
      for _ in 0..<500 where kill(postmaster, 0) == 0 { usleep(10_000) }
    }
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Stops and removes clusters left by test processes that died before their exit handler ran.
  private static func removeAbandoned() {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? []
    for name in names where name.hasPrefix("searchshell-pg-") {
      let parts = name.split(separator: "-")
      guard parts.count == 4, let owner = pid_t(parts[2]), kill(owner, 0) != 0, errno == ESRCH else {
        continue
      }
      let folder = "/tmp/" + name
      let pidFile = try? String(contentsOfFile: folder + "/data/postmaster.pid", encoding: .utf8)
      if let line = pidFile?.split(separator: "\n").first, let pid = pid_t(line) {
        stop(postmaster: pid, folder: folder)
      } else {
        try? FileManager.default.removeItem(atPath: folder)
      }
    }
  }

  /// Starts `command` (as `postgres` under root) with its output appended to the file `output`.
  private static func launch(_ asRoot: Bool, _ command: [String], output: String) throws(ClusterError)
    -> Process
  {
    guard
      FileManager.default.fileExists(atPath: output)
        || FileManager.default.createFile(atPath: output, contents: nil),
      let handle = FileHandle(forWritingAtPath: output)
    else { throw ClusterError(description: "cannot create \(output)") }
    defer { try? handle.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: asRoot ? "/usr/sbin/runuser" : command[0])
    process.arguments = asRoot ? ["-u", "postgres", "--"] + command : Array(command.dropFirst())
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw ClusterError(description: "\(command[0]) did not start: \(error)")
    }
    return process
  }

  /// Waits up to 10 s for the server to take connections; returns the postmaster's process id.
  private static func waitForServer(_ process: Process, data: String, url: String) throws(ClusterError)
    -> pid_t
  {
    for _ in 0..<500 {
      guard process.isRunning else {
        let log = (try? String(contentsOfFile: data + "/../log", encoding: .utf8)) ?? ""
        throw ClusterError(description: "the server stopped at once: \(log)")
      }
      if let parsed = try? PostgresURL(parsing: url), (try? PostgresConnection(url: parsed)) != nil {
        let pidFile = try? String(contentsOfFile: data + "/postmaster.pid", encoding: .utf8)
        guard let line = pidFile?.split(separator: "\n").first, let pid = pid_t(line) else { break }
        return pid
      }
      usleep(20_000)
    }
    throw ClusterError(description: "the server did not take connections within 10 s")
  }

  /// Runs a server tool (as `postgres` under root) to its end; throws with its output when it fails.
  private static func run(_ asRoot: Bool, _ tool: String, _ arguments: [String], in folder: String)
    throws(ClusterError)
  {
    let outputPath = folder + "/tool-output"
    let process = try launch(asRoot, [tool] + arguments, output: outputPath)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
      throw ClusterError(description: "\(tool) failed (\(process.terminationStatus)): \(text)")
    }
  }
}
