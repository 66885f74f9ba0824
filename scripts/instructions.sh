#!/usr/bin/env bash
# Instructions per search, counted by valgrind's callgrind: the engine's work for one query, a
# number that does not drift with the machine's load the way timings do (here they move by a
# third from hour to hour), so two builds can be compared from one run of each.
#
#   scripts/instructions.sh fold st sta ing        # 1M rows: millions of instructions per query
#   INSTR_AFTER=st scripts/instructions.sh fold sta # each query typed after `st` (narrowing)
#   INSTR_BIN=/path/to/searchshell scripts/instructions.sh exact s
#
# Environment: BENCH_DIR (default .build/bench) and INSTR_SIZE (1m; 10m takes minutes per query)
# choose the file `scripts/bench.sh` generates; INSTR_BIN a binary to count instead of this
# tree's release build. The index cache is off (every run builds its index in memory) unless
# INSTR_INDEX_CACHE=1, which maps the file's index from a cache folder of its own, written by a
# run before the counted ones (a mapped arena must search as fast as one built in memory). Each figure is the whole run's count less a run that loads the file (and
# searches INSTR_AFTER) without the query; it includes the first page and the cache's work, like
# `timing on`. Counts cover both threads: they measure work, not elapsed time.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 2 ]; then
  echo "usage: scripts/instructions.sh RULE QUERY..." >&2
  exit 2
fi
rule=$1
shift
BENCH_DIR=${BENCH_DIR:-$(pwd)/.build/bench}
size=${INSTR_SIZE:-1m}
case $size in 1m) rows=1000000 ;; 10m) rows=10000000 ;; *) rows=$size ;; esac

source scripts/bench-lib.sh
bench_need valgrind || bench_install valgrind
file=$BENCH_DIR/words-$size.txt
bench_data "$rows" "$file"
if [ -z "${INSTR_BIN:-}" ]; then
  echo "building release" >&2
  swift build -c release >/dev/null
  INSTR_BIN=$(swift build -c release --show-bin-path)/searchshell
fi

if [ "${INSTR_INDEX_CACHE:-0}" = 1 ]; then
  XDG_CACHE_HOME=$(mktemp -d)
  export XDG_CACHE_HOME
  trap 'rm -rf "$XDG_CACHE_HOME"' EXIT
  "$INSTR_BIN" --dataset "$file" -c quit >/dev/null
else
  export SEARCHSHELL_INDEX_CACHE=off
fi

# The total instruction count of one run of the shell: the file loaded, INSTR_AFTER searched if
# set, then the given commands.
count() {
  local out before=()
  out=$(mktemp)
  [ -n "${INSTR_AFTER:-}" ] && before=(-c "search $INSTR_AFTER")
  SEARCHSHELL_CACHE_ENTRIES=1 valgrind --tool=callgrind --callgrind-out-file="$out" \
    "$INSTR_BIN" --dataset "$file" -c "set match $rule" "${before[@]}" "$@" >/dev/null 2>&1
  awk '/^(summary|totals):/ { print $2; exit }' "$out"
  rm -f "$out"
}
export -f count
export rule file INSTR_BIN INSTR_AFTER=${INSTR_AFTER:-}
base=$(count)
# Two at a time (each run is one process under valgrind, which runs its threads in turn).
printf '%s\n' "$@" | xargs -d '\n' -P 2 -I{} bash -c 'printf "%s\t%s\n" "$1" "$(count -c "search $1")"' _ {} |
  sort | awk -F'\t' -v base="$base" -v rule="$rule" -v after="${INSTR_AFTER:-}" '
    { printf "%s%s: %.1f M\n", (after == "" ? "" : after " → "), $1, ($2 - base) / 1e6 }
    END { printf "(%s, millions of instructions per search)\n", rule }'
