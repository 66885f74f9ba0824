#!/usr/bin/env bash
# Benchmark: SearchShell on a PostgreSQL table of 1M, 10M and 60M rows, on one server and sharded
# over two (postgres_fdw foreign partitions of a hash-partitioned table), as docs/postgres.md
# describes the design: open, first page and exact count per keystroke before and after
# `prepare`, prepare's time and what a writer waits meanwhile, Ctrl-C's latency.
#
#   scripts/pg-bench.sh                                   # 1M, 10M and 60M rows, one server
#   PG_BENCH_SIZES="1m 10m" PG_BENCH_MODE=sharded scripts/pg-bench.sh
#   BIN=/path/to/searchshell PG_BENCH_KEEP=1 scripts/pg-bench.sh   # another build, same tables
#
# Environment:
#   PG_BENCH_SIZES  sizes, `1m`, `10m`, `60m` or a row count (default "1m 10m 60m")
#   PG_BENCH_MODE   `single` (one server, port 56440), `sharded` (the table's rows on two shards,
#                   ports 56441-56442, the 56440 cluster their coordinator) or `both` (single)
#   PG_BENCH_STEPS  what to measure, in this order (default "open before cancel prepare after"):
#                   open    `load` to the first page, wall time and `timing on`'s figure
#                   before  `prepare undo` (when an index is there), then per keystroke first page
#                           and exact count (explain's figures, median of PG_BENCH_REPS)
#                   cancel  Ctrl-C at a terminal (tmux) during a search, `status` and `export`,
#                           unprepared: from the key to the prompt back
#                   prepare `prepare`'s wall time while a writer runs an UPDATE, a point SELECT and
#                           an INSERT every 50 ms: their latency p50/p99/max, the table's locks
#                   after   per keystroke again, prepared
#   PG_BENCH_DIR    the clusters' folder (default /tmp/pg-bench): tables already built there
#                   are reused, so a rerun does not build 60M rows again
#   PG_BENCH_KEEP   1: leave the clusters' folder (servers stopped) at the end; else it is removed
#   PG_BENCH_REPS   repetitions per measurement (default 3; one per keystroke above 20M rows)
#   PG_BENCH_WORDS  the 10M-line source of titles (default $PG_BENCH_DIR/words-10m.txt, made by
#                   scripts/gen-words.py); bigger sizes repeat it with other ids
#   BIN             the searchshell binary (default: `swift build -c release`'s)
#
# Every measurement line carries the load average (`uptime`): the machine may be shared.
# Results: a markdown table on stdout; progress and the prepare/lock/cancel lines on stderr and
# in $PG_BENCH_DIR/results-MODE-SIZES.md (kept).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
DIR=${PG_BENCH_DIR:-/tmp/pg-bench}
SIZES=${PG_BENCH_SIZES:-"1m 10m 60m"}
MODE=${PG_BENCH_MODE:-single}
STEPS=${PG_BENCH_STEPS:-"open before cancel prepare after"}
REPS=${PG_BENCH_REPS:-3}
KEEP=${PG_BENCH_KEEP:-0}
WORDS=${PG_BENCH_WORDS:-$DIR/words-10m.txt}
PORT=56440
QUERIES=(s st sta stand zzqx)
source scripts/bench-lib.sh
source scripts/pg-bench-lib.sh
source scripts/pg-bench-measure.sh

PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$PGBIN/initdb" ] || { echo "PostgreSQL is not installed (apt-get install postgresql postgresql-contrib)" >&2; exit 1; }
case $MODE in single | sharded | both) ;; *) echo "PG_BENCH_MODE: single, sharded or both, not '$MODE'" >&2; exit 1 ;; esac

if [ -z "${BIN:-}" ]; then
  echo "building release" >&2
  swift build -c release >/dev/null
  BIN=$(swift build -c release --show-bin-path)/searchshell
fi
[ -x "$BIN" ] || { echo "BIN: no executable at '$BIN'" >&2; exit 1; }

mkdir -p "$DIR"
[ "$(id -u)" = 0 ] && chown postgres "$DIR"
trap 'bench_stop_all; tmux -L pg-bench kill-session -t "keep-$$" 2>/dev/null || true' EXIT
bench_cluster main "$PORT"
if [ "$MODE" != single ]; then
  bench_cluster shard0 $((PORT + 1))
  bench_cluster shard1 $((PORT + 2))
  bench_fdw_servers
fi
RUN=$MODE-$(tr ' ' '-' <<<"$SIZES")
RESULTS=$DIR/results-$RUN.md
RAW=$DIR/raw-$RUN.tsv
: >"$RESULTS"
: >"$RAW"
note "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}'), binary $BIN, $(nproc) cores"

table=()
for size in $SIZES; do
  rows=$(bench_rows "$size")
  bench_table "$size" "$rows"
  modes=(single)
  [ "$MODE" = sharded ] && modes=(sharded)
  [ "$MODE" = both ] && modes=(single sharded)
  for mode in "${modes[@]}"; do
    name=words_$size
    [ "$mode" = sharded ] && { bench_sharded_table "$size"; name=words_${size}_sharded; }
    url="postgres:///postgres?host=$DIR/main&port=$PORT&user=postgres&table=$name&title=text&order=id"
    for step in $STEPS; do
      case $step in
        open) bench_open "$size" "$mode" "$url" "$name" ;;
        before | after) bench_keystrokes "$size" "$mode" "$url" "$step" ;;
        prepare) bench_prepare "$size" "$mode" "$url" "$name" ;;
        cancel) bench_cancel "$size" "$mode" "$url" ;;
        *) echo "PG_BENCH_STEPS: unknown step '$step'" >&2; exit 1 ;;
      esac
    done
  done
done
{
  echo
  echo "| rows | servers | query | matches | unprepared: first page / exact count (ms) | prepared: first page / exact count (ms) | load avg |"
  echo "|---|---|---|---:|---:|---:|---|"
  bench_table_rows
} | tee -a "$RESULTS"
