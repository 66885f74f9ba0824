#!/usr/bin/env bash
# The one-shot `--filter` against `rg -F -i` and `fzf --filter`, whole runs (start, read the
# file on standard input, search, write the matching rows to a file), side by side: each round
# runs every tool once per query, alternating, and the table shows the median of the rounds.
#
#   scripts/filter-bench.sh
#
# Environment: FILTER_BENCH_DIR (where the word files go; default $TMPDIR/searchshell-bench,
# never the repository), FILTER_BENCH_ROWS ("1000000 10000000"), FILTER_BENCH_RUNS (3),
# FILTER_BENCH_QUERIES ("st sta stand quixotic zzqx"). The files are scripts/gen-words.py's,
# made once per size from a fixed seed (the same bytes on every machine with the same word list).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench-lib.sh

missing=()
for tool in rg fzf python3 awk; do bench_need "$tool" || missing+=("$tool"); done
if [ ${#missing[@]} -gt 0 ]; then
  echo "error: filter-bench.sh needs ${missing[*]} (apt-get install ripgrep fzf python3)" >&2
  exit 2
fi

swift build -c release --product searchshell >&2
BIN=$(pwd)/.build/release/searchshell
dir=${FILTER_BENCH_DIR:-${TMPDIR:-/tmp}/searchshell-bench}
read -r -a sizes <<<"${FILTER_BENCH_ROWS:-1000000 10000000}"
read -r -a queries <<<"${FILTER_BENCH_QUERIES:-st sta stand quixotic zzqx}"
runs=${FILTER_BENCH_RUNS:-3}
out=$(mktemp)
trap 'rm -f "$out"' EXIT

# Milliseconds of one whole run of "$@" with $input on standard input and $out as output.
run_ms() {
  local start=$EPOCHREALTIME
  "$@" <"$input" >"$out" 2>/dev/null || true
  local end=$EPOCHREALTIME
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.1f\n", (e - s) * 1000 }'
}
# The median of the numbers on standard input.
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# a / b, to two decimals.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

# The tools, each a command line taking the query last.
declare -A tool=(
  [rg]="rg -F -i --"
  [fold]="$BIN --match fold --filter"
  [fzfx]="fzf --exact --filter"
  [fuzzy]="$BIN --filter"
  [fzf]="fzf --filter"
)
order=(rg fold fzfx fuzzy fzf)

declare -A times counts
# words-1m.txt for 1000000 rows, words-10m.txt for 10000000 (scripts/bench.sh's names).
file_for() { local rows=$1; if ((rows % 1000000 == 0)); then echo "$dir/words-$((rows / 1000000))m.txt"; else echo "$dir/words-$rows.txt"; fi; }
for rows in "${sizes[@]}"; do bench_data "$rows" "$(file_for "$rows")"; done
# Start-up: an empty input, nothing to search.
input=/dev/null
startup=$(for _ in $(seq "$runs"); do run_ms "$BIN" --filter x; done | median)

for round in $(seq "$runs"); do
  echo "round $round of $runs" >&2
  for rows in "${sizes[@]}"; do
    input=$(file_for "$rows")
    for query in "${queries[@]}"; do
      for name in "${order[@]}"; do
        read -r -a words <<<"${tool[$name]}"
        times[$rows,$query,$name]+="$(run_ms "${words[@]}" "$query") "
        counts[$rows,$query,$name]=$(wc -l <"$out")
      done
      if [ "${counts[$rows,$query,rg]}" != "${counts[$rows,$query,fold]}" ]; then
        echo "warning: $rows rows, '$query': rg printed ${counts[$rows,$query,rg]} rows, fold ${counts[$rows,$query,fold]}" >&2
      fi
    done
  done
done

echo "# One-shot --filter, whole runs ($(date -u +%Y-%m-%d), $(nproc) cores, $runs rounds alternated, median ms)"
echo
echo "searchshell start-up (\`--filter x </dev/null\`): $startup ms"
echo
echo "| rows | query | rows out (substring / fuzzy) | rg -F -i | searchshell fold | fold / rg | fzf --exact | searchshell fuzzy | fzf fuzzy | fzf / fuzzy |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for rows in "${sizes[@]}"; do
  for query in "${queries[@]}"; do
    declare -A med=()
    for name in "${order[@]}"; do
      med[$name]=$(tr ' ' '\n' <<<"${times[$rows,$query,$name]}" | grep . | median)
    done
    printf '| %s | %s | %s / %s | %s | %s | %s | %s | %s | %s | %s |\n' "$rows" "$query" \
      "${counts[$rows,$query,fold]}" "${counts[$rows,$query,fuzzy]}" "${med[rg]}" "${med[fold]}" \
      "$(ratio "${med[fold]}" "${med[rg]}")" "${med[fzfx]}" "${med[fuzzy]}" "${med[fzf]}" \
      "$(ratio "${med[fzf]}" "${med[fuzzy]}")"
  done
done
