/// The exit statuses, for `--help` and the man page.
enum ExitStatus {
  /// Each status and what it means.
  static let all: [(code: Int32, meaning: String)] = [
    (0, "success"),
    (
      1,
      "a command failed (when the commands are not typed at a terminal), a transcript differs, "
        + "or --pick and --filter found no match"
    ),
    (2, "--pick or --filter: bad arguments or input that cannot be read (fzf's)"),
    (3, "stopped by --bail at the first failing command"),
    (64, "bad arguments: an unknown option, a bad value, a missing script or parameter"),
    (130, "the picker was left with Esc or Ctrl-C"),
  ]
}
