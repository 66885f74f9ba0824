import Foundation

/// A session whose address-space limit is lowered under it once it has run some commands: it
/// runs `setup`, waits until it reads its input again, gets a limit `headroomKiB` above what it
/// holds (`prlimit`), then runs `after`.
struct LoweredLimitSession {
  /// The exit status, standard output and standard error of the session.
  let status: Int32
  let stdout: String
  let stderr: String

  /// Runs the built binary in `folder` (where `setup` loads its files) as described above;
  /// `setup` and `after` are commands, one a line.
  init(in folder: URL, setup: [String], after: [String], headroomKiB: Int = 16_384) throws {
    func lines(_ commands: [String]) -> String { commands.map { $0 + "\\n" }.joined() }
    let script = """
      cd '\(folder.path)' && mkfifo in || exit 90
      '\(ShellProcess.executableURL.path)' < in > out 2> err & shell=$!
      exec 3> in
      printf '\(lines(setup))' >&3
      tries=0
      # Output to a file is buffered: the session is done when it waits to read its input
      # (after the second of the load, searching and status that it has not reached yet).
      sleep 1
      until grep -q pipe_read /proc/$shell/wchan; do
        sleep 0.1; tries=$((tries + 1)); [ $tries -lt 1200 ] || exit 91
      done
      held=$(awk '/^VmSize:/ { print $2 }' /proc/$shell/status)
      prlimit --pid $shell --as=$(( (held + \(headroomKiB)) * 1024 )) || exit 92
      printf '\(lines(after))' >&3
      exec 3>&-
      wait $shell
      """
    let result = try ShellProcess.runProgram("/bin/sh", ["-c", script])
    status = result.status
    stderr = try String(contentsOfFile: folder.appendingPathComponent("err").path, encoding: .utf8)
    stdout = try String(contentsOfFile: folder.appendingPathComponent("out").path, encoding: .utf8)
  }
}
