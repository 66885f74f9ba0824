import Backends

/// Stops what the process's database connections run on their servers, for a process about to
/// end (Ctrl-C in a script): the server would otherwise run the statement on to its timeout.
public enum ServerCancellation {
  /// Initializes what the handler reads: call it before installing the handler.
  public static func prepare() {
    PostgresCancelRegistry.prepare()
  }

  /// Sends a cancel request (libpq's `PQcancel`, one round trip) for every open connection;
  /// async-signal-safe.
  public static func cancelFromSignalHandler() {
    PostgresCancelRegistry.cancelFromSignalHandler()
  }
}
