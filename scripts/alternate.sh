#!/usr/bin/env bash
# Two binaries timed side by side, alternating run by run, so the machine's drift falls on both:
# the median `timing on` figure (ms) of each query, new / old, one process per rule and round.
#
#   scripts/alternate.sh OLD_BIN NEW_BIN [RULE...]     # default rules: fold exact fuzzy
#
# Environment: ALT_ROUNDS (5), ALT_QUERIES ("s st sta stand zzqx"), ALT_FILE (the 1M-row file
# scripts/bench.sh generates). The index cache is off and the result cache holds one entry, as
# in scripts/bench.sh, so each query is a real search (narrowed from the one before it).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 2 ]; then
  echo "usage: scripts/alternate.sh OLD_BIN NEW_BIN [RULE...]" >&2
  exit 2
fi
old=$1 new=$2
shift 2
rules=("$@")
[ ${#rules[@]} -gt 0 ] || rules=(fold exact fuzzy)
read -r -a queries <<<"${ALT_QUERIES:-s st sta stand zzqx}"
file=${ALT_FILE:-$(pwd)/.build/bench/words-1m.txt}
if [ ! -s "$file" ]; then
  source scripts/bench-lib.sh
  bench_data 1000000 "$file"
fi
times=$(mktemp)
trap 'rm -f "$times"' EXIT
for _ in $(seq "${ALT_ROUNDS:-5}"); do
  for side in old new; do
    bin=$old
    [ "$side" = new ] && bin=$new
    for rule in "${rules[@]}"; do
      args=(-c 'timing on' -c "set match $rule")
      for q in "${queries[@]}"; do args+=(-c "search $q"); done
      SEARCHSHELL_CACHE_ENTRIES=1 SEARCHSHELL_INDEX_CACHE=off "$bin" --dataset "$file" "${args[@]}" 2>&1 |
        grep '^time:' | tail -n "${#queries[@]}" |
        awk -v side="$side" -v rule="$rule" -v q="${queries[*]}" \
          'BEGIN { split(q, name, " ") } { print side "\t" rule "\t" name[NR] "\t" $2 }' >>"$times"
    done
  done
done
python3 - "$times" "${queries[*]}" "${rules[*]}" <<'PY'
import collections, statistics, sys
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    side, rule, query, ms = line.split("\t")
    runs[(rule, query, side)].append(float(ms))
for rule in sys.argv[3].split():
    cells = [f"{q} {statistics.median(runs[(rule, q, 'new')]):.1f}/{statistics.median(runs[(rule, q, 'old')]):.1f}"
             for q in sys.argv[2].split()]
    print(f"{rule}: " + "  ".join(cells) + "   (ms, new/old, medians)")
PY
