# Sourced by scripts/pg-bench.sh: its measurements. Uses BIN, DIR, REPS, QUERIES, RAW, RESULTS.

STATS=scripts/pg-bench-stats.py
# No statement timeout: an unprepared count of 60M rows takes minutes, and the figure is wanted.
NO_TIMEOUTS=(-c "set timeout-count off" -c "set timeout-page off")

# Repetitions at SIZE: REPS, but one above 20M rows (each unprepared count takes minutes there).
reps_at() { if [ "$(bench_rows "$1")" -gt 20000000 ]; then echo 1; else echo "$REPS"; fi; }

# A session of its own per run: runs may go on at once. A session that only sleeps keeps the
# tmux server up between them (it exits with its last session, racing the next new-session).
TMUX_CMD=(tmux -L pg-bench)
SESSION=bench-$$
"${TMUX_CMD[@]}" new-session -d -s "keep-$$" "sleep 86400"
# The visible text of the bench's tmux pane.
pane() { "${TMUX_CMD[@]}" capture-pane -p -S - -t "$SESSION" 2>/dev/null; }

# Milliseconds from now until the bench's tmux pane shows TEXT (600 s at most).
until_shown() {
  local text=$1 start deadline=$(($(date +%s) + 600))
  start=$(date +%s%N)
  until pane | grep -q -- "$text"; do
    [ "$(date +%s)" -lt "$deadline" ] || { echo nan; return 0; }
    sleep 0.005
  done
  ms "$start" "$(date +%s%N)"
}

# open: at a terminal (tmux), REPS times, the time until the first page of TABLE is drawn (its
# header, `TABLE · main table`): from starting `searchshell --dataset URL`, and from Enter on
# `load URL` at a prompt up for a second, showing the bundled dataset. (A `-c` run's `load`
# also waits for the table's exact count, which a terminal's does not.)
bench_open() {
  local size=$1 mode=$2 url=$3 table=$4 starts=() loads=()
  for _ in $(seq "$REPS"); do
    "${TMUX_CMD[@]}" kill-session -t "$SESSION" 2>/dev/null || true
    "${TMUX_CMD[@]}" new-session -d -s "$SESSION" -x 200 -y 50 "SEARCHSHELL_RC= $BIN --no-rc --dataset '$url'"
    starts+=("$(until_shown "$table · main table")")
    "${TMUX_CMD[@]}" kill-session -t "$SESSION"
    "${TMUX_CMD[@]}" new-session -d -s "$SESSION" -x 200 -y 50 "SEARCHSHELL_RC= $BIN --no-rc"
    sleep 1
    "${TMUX_CMD[@]}" send-keys -t "$SESSION" "load $url" Enter
    loads+=("$(until_shown "$table · main table")")
    "${TMUX_CMD[@]}" kill-session -t "$SESSION"
  done
  note "$size $mode open, to the first page drawn (median of $REPS): $(printf '%s\n' "${starts[@]}" | python3 $STATS median) ms" \
    "from starting searchshell --dataset, $(printf '%s\n' "${loads[@]}" | python3 $STATS median) ms from load at the prompt (load $(load_avg))"
}

# before/after: per keystroke, explain's first page and exact count, median of the repetitions;
# `before` first drops an index an earlier run left (`prepare undo`).
bench_keystrokes() {
  local size=$1 mode=$2 url=$3 step=$4 args=() output="" q page count matches load
  if [ "$step" = before ]; then "$BIN" --no-rc -c "load $url" -c "prepare undo" >/dev/null 2>&1 || true; fi
  for _ in $(seq "$(reps_at "$size")"); do
    args=(--no-rc "${NO_TIMEOUTS[@]}" -c "load $url")
    for q in "${QUERIES[@]}"; do args+=(-c "search $q" -c "explain"); done
    output+=$("$BIN" "${args[@]}" 2>&1)$'\n'
  done
  load=$(load_avg)
  while read -r q page count matches; do
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$size" "$mode" "$q" "$step" "$page" "$count" "$matches" "$load" >>"$RAW"
    echo "$size $mode $step $q: first page $page ms, exact count $count ms, $matches matches ($load)" >&2
  done < <(python3 $STATS explain "${QUERIES[@]}" <<<"$output")
  grep -q 'first page in' <<<"$output" || { echo "$output" | tail -5 >&2; return 1; }
}

# The writer: an UPDATE of one row, a point SELECT and an INSERT (a negative id) every 50 ms on
# TABLE through the main cluster, each timed by psql, until STOP exists; then its rows go.
bench_writer() {
  local table=$1 rows=$2 stop=$3 i=0 id
  {
    echo '\timing on'
    while [ ! -e "$stop" ]; do
      i=$((i + 1))
      id=$(((RANDOM * 32768 + RANDOM) % rows + 1))
      echo "UPDATE $table SET category = category WHERE id = $id;"
      echo "SELECT text FROM $table WHERE id = $id;"
      echo "INSERT INTO $table VALUES (-$i, 'pg-bench writer', 'Toys');"
      sleep 0.05
    done
    echo '\timing off'
    echo "DELETE FROM $table WHERE id < 0;"
  } | pq main -v ON_ERROR_STOP=0
}

# The lock modes the shell's sessions hold on the table (the shard's own for a sharded one),
# sampled every 0.5 s until STOP exists, one line per sample.
bench_locks() {
  local server=$1 table=$2 stop=$3
  while [ ! -e "$stop" ]; do
    pq "$server" -c "SELECT coalesce(string_agg(DISTINCT l.mode, ','), '-') FROM pg_locks l
        JOIN pg_stat_activity a USING (pid) WHERE l.relation = to_regclass('$table')
        AND a.application_name = 'searchshell'" 2>/dev/null || true
    sleep 0.5
  done
}

# prepare: its wall time through the shell while the writer runs; the writer's statement
# latency (p50, p99, max) and the lock modes the shell held on the table.
bench_prepare() {
  local size=$1 mode=$2 url=$3 table=$4 stop=$DIR/stop-$$ log=$DIR/prepare-$size-$mode.log
  local start end writer locks server=main rows
  rows=$(bench_rows "$size")
  rm -f "$stop"
  bench_writer "$table" "$rows" "$stop" >"$DIR/writer-$$.log" 2>&1 &
  writer=$!
  [ "$mode" = sharded ] && server=shard0
  bench_locks "$server" "words_$size" "$stop" >"$DIR/locks-$$.log" &
  locks=$!
  sleep 2
  local before_load
  before_load=$(load_avg)
  start=$(date +%s%N)
  "$BIN" --no-rc -c "load $url" -c "prepare" >"$log" 2>&1 || { tail -5 "$log" >&2; touch "$stop"; wait; return 1; }
  end=$(date +%s%N)
  sleep 2
  touch "$stop"
  wait "$writer" "$locks"
  rm -f "$stop"
  read -r n p50 p99 max < <(python3 $STATS latency <"$DIR/writer-$$.log")
  note "$size $mode prepare: $(ms "$start" "$end") ms wall (load avg $before_load at the start, $(load_avg) at the end);" \
    "writer: $n statements, p50 $p50 ms, p99 $p99 ms, max $max ms;" \
    "locks the shell held on $table: $(grep -v '^-$' "$DIR/locks-$$.log" | tr ',' '\n' | sort -u | paste -sd, || true)"
  rm -f "$DIR/writer-$$.log" "$DIR/locks-$$.log"
}

# Waits until the pane (its history too) holds more than COUNT lines with TEXT and its last
# non-blank line is the prompt (`words_10m>`), for at most 60 s.
wait_prompt() {
  local text=$1 count=${2:-0} deadline=$(($(date +%s) + 60))
  while [ "$(date +%s)" -lt "$deadline" ]; do
    local screen
    screen=$(pane)
    if [ "$(grep -ci -- "$text" <<<"$screen")" -gt "$count" ] &&
      grep -v '^ *$' <<<"$screen" | tail -1 | grep -qE '^[^ ]*> *$'; then
      return 0
    fi
    sleep 0.005
  done
  return 1
}

# cancel: at a terminal (tmux), a command waiting on the server is interrupted with Ctrl-C after
# 2 s: the time from the key to the prompt back with the command's cancel line, REPS times.
# Below 5M rows the commands end before the key: not measured.
bench_cancel() {
  local size=$1 mode=$2 url=$3 label command setup start times result cancelled
  [ "$(bench_rows "$size")" -ge 5000000 ] || return 0
  "${TMUX_CMD[@]}" kill-session -t "$SESSION" 2>/dev/null || true
  "${TMUX_CMD[@]}" new-session -d -s "$SESSION" -x 200 -y 50 "SEARCHSHELL_RC= $BIN --no-rc"
  for setup in "set timeout-count off" "set timeout-page off" "set timeout-export off" "load $url"; do
    "${TMUX_CMD[@]}" send-keys -t "$SESSION" "$setup" Enter
  done
  wait_prompt "Loaded" || { pane | grep -v '^ *$' | tail -5 >&2; return 1; }
  result=()
  # Each case: a label, the command that waits on the server, and the command before it.
  # The marker: a cancelled command's line; `status` prints the estimate it had instead.
  for entry in "search|search zzqx|cancel|cancelled" "status|status|search st|matches: ≈" \
    "export|export $DIR/export.csv|cancel|cancelled"; do
    IFS='|' read -r label command setup marker <<<"$entry"
    times=()
    for _ in $(seq "$REPS"); do
      "${TMUX_CMD[@]}" send-keys -t "$SESSION" "$setup" Enter
      sleep 1.5
      "${TMUX_CMD[@]}" send-keys -t "$SESSION" "$command" Enter
      sleep 2
      cancelled=$(pane | grep -ci -- "$marker" || true)
      start=$(date +%s%N)
      "${TMUX_CMD[@]}" send-keys -t "$SESSION" C-c
      if wait_prompt "$marker" "$cancelled"; then times+=("$(ms "$start" "$(date +%s%N)")"); else times+=(nan); fi
    done
    result+=("$label $(printf '%s ' "${times[@]}")ms")
  done
  "${TMUX_CMD[@]}" kill-session -t "$SESSION" 2>/dev/null || true
  rm -f "$DIR/export.csv"
  note "$size $mode Ctrl-C at a terminal, key to prompt (each rep): $(IFS=';'; echo "${result[*]}") (load $(load_avg))"
}

# The table of every keystroke measured, from RAW.
bench_table_rows() { if [ -s "$RAW" ]; then python3 "$STATS" table "$RAW"; fi; }
