#!/usr/bin/env bash
# Benchmark: SearchShell searching a table in PostgreSQL, per keystroke, beside the in-memory
# engine on the same rows.
#
#   scripts/pg-bench.sh                     # 1M and 10M rows
#   PG_BENCH_SIZES=1m scripts/pg-bench.sh   # 1M only
#
# It starts a throwaway cluster (initdb into a temporary folder, as the postgres user when run as
# root; a Unix socket only; fsync off), loads scripts/gen-words.py's rows with an id and one of
# eight categories (COPY), prepares the table through the shell (`prepare`: the fold function,
# the stored folded column, its trigram index) and stops and removes the cluster at the end.
#
# Per query (s st sta stand zzqx, a scoped query and an accented one), through the release
# binary: PostgreSQL's time to the first page (the estimate, then the page) and to the exact count,
# as `explain` reports them, the median of PG_BENCH_REPS (3) searches; the in-memory engine's
# `timing on` figure for the same search (filter + exact count + first page) on the same rows
# loaded from a CSV file. Environment: PG_BENCH_DIR (.build/pgbench) keeps the generated files;
# PG_BENCH_MEMORY=0 skips the in-memory side.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
DIR=${PG_BENCH_DIR:-$ROOT/.build/pgbench}
SIZES=${PG_BENCH_SIZES:-"1m 10m"}
REPS=${PG_BENCH_REPS:-3}
QUERIES=(s st sta stand zzqx)
source scripts/bench-lib.sh

PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$PGBIN/initdb" ] || { echo "PostgreSQL is not installed (apt-get install postgresql postgresql-contrib)" >&2; exit 1; }
as_server() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

echo "building release" >&2
swift build -c release >/dev/null
BIN=$(swift build -c release --show-bin-path)/searchshell

CLUSTER=$(mktemp -d /tmp/searchshell-pgbench-XXXXXX)
[ "$(id -u)" = 0 ] && chown postgres "$CLUSTER"
stop() {
  [ -f "$CLUSTER/data/postmaster.pid" ] && as_server "$PGBIN/pg_ctl" -D "$CLUSTER/data" stop -m immediate >/dev/null 2>&1
  rm -rf "$CLUSTER"
}
trap stop EXIT
as_server "$PGBIN/initdb" -D "$CLUSTER/data" -U postgres -A trust --locale=C.UTF-8 -E UTF8 --no-sync >/dev/null
# The log lives in the cluster's folder: the server user must be able to write it.
as_server "$PGBIN/pg_ctl" -D "$CLUSTER/data" -l "$CLUSTER/log" -w -o "-k $CLUSTER -c listen_addresses= \
  -c fsync=off -c full_page_writes=off -c synchronous_commit=off -c shared_buffers=1GB \
  -c maintenance_work_mem=512MB -c max_wal_size=8GB -c jit=off" start >/dev/null
psql() { command psql -h "$CLUSTER" -U postgres -d postgres -qAtX "$@"; }
URL="postgres:///postgres?host=$CLUSTER&user=postgres"

# Milliseconds between two `date +%s%N` stamps.
ms() { echo "scale=1; ($2 - $1) / 1000000" | bc; }

rows_of() { case $1 in 1m) echo 1000000 ;; 10m) echo 10000000 ;; *) echo "$1" ;; esac; }
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
results=()
for size in $SIZES; do
  rows=$(rows_of "$size")
  words=$DIR/words-$size.txt
  csv=$DIR/rows-$size.csv
  bench_data "$rows" "$words"
  [ -s "$csv" ] && [ "$csv" -nt "$words" ] || python3 - "$words" "$csv" <<'PY'
import csv, random, sys
categories = ["Books", "Food", "Games", "Garden", "Music", "Sports", "Tools", "Toys"]
r = random.Random(11)
with open(sys.argv[1], encoding="utf-8") as source, open(sys.argv[2], "w", encoding="utf-8", newline="") as out:
    writer = csv.writer(out)
    writer.writerow(["id", "text", "category"])
    for index, line in enumerate(source):
        writer.writerow([index, line.rstrip("\n"), r.choice(categories)])
PY
  table=words_$size
  start=$(date +%s%N)
  psql -c "DROP TABLE IF EXISTS $table" -c "CREATE TABLE $table (id bigint PRIMARY KEY, text text, category text)" \
    -c "\\copy $table FROM '$csv' (FORMAT csv, HEADER)"
  loaded=$(date +%s%N)
  "$BIN" -c "load $URL&table=$table&title=text" -c "prepare" >/dev/null
  prepared=$(date +%s%N)
  echo "$size: COPY $(ms "$start" "$loaded") ms, prepare $(ms "$loaded" "$prepared") ms" >&2

  # Each query as the commands that search it, and its label.
  labels=("${QUERIES[@]}" "sta in Toys" "café")
  commands=()
  for q in "${QUERIES[@]}"; do commands+=("search $q"); done
  commands+=("scope Toys|search sta" "search café")
  for index in "${!labels[@]}"; do
    label=${labels[$index]}
    IFS='|' read -r -a steps <<<"${commands[$index]}"
    # PostgreSQL: explain's "first page in X ms ... exact count in Y ms", per search.
    args=(-c "load $URL&table=$table&title=text&scope=category")
    for _ in $(seq "$REPS"); do
      for step in "${steps[@]}"; do args+=(-c "$step"); done
      args+=(-c "explain" -c "cancel")
    done
    pg=$("$BIN" "${args[@]}" 2>&1 | tr '\n' ' ' | python3 -c '
import re, statistics, sys
text = sys.stdin.read()
pages = [float(x) for x in re.findall(r"first page in ([0-9.]+) ms", text)]
counts = [float(x) for x in re.findall(r"exact count in ([0-9.]+) ms", text)]
estimates = [float(x) for x in re.findall(r"estimate ([0-9,]+) in", text.replace(",", ""))]
matches = re.findall(r"results table · ([0-9,]+) of", text)
if not pages: print("nan nan nan"); sys.exit()
print(statistics.median(pages), statistics.median(counts), matches[-1] if matches else "?")
')
    memory=skipped
    [ "${PG_BENCH_MEMORY:-1}" = 1 ] || { read -r page count matches <<<"$pg"; results+=("| $size | \`$label\` | $matches | $page | $count | $memory |"); continue; }
    # In memory: `timing on`'s figure for the search command (filter + exact count + first page).
    args=(-c "load $csv --title text --scope category" -c "timing on" -c "echo START")
    for _ in $(seq "$REPS"); do
      for step in "${steps[@]}"; do args+=(-c "$step"); done
      # Another search in between: the cache keeps the last result, and a repeat would hit it.
      args+=(-c "cancel" -c "search qqqq" -c "cancel")
    done
    # Each repetition prints one "time:" per step and three more; the search is the last step.
    memory=$(SEARCHSHELL_CACHE_ENTRIES=1 "$BIN" "${args[@]}" 2>&1 | python3 -c '
import statistics, sys
steps = int(sys.argv[1])
text = sys.stdin.read().split("START", 1)[-1]
times = [float(line.split()[1]) for line in text.split("\n") if line.startswith("time: ")][1:]
group = steps + 3
picked = [times[i] for i in range(steps - 1, len(times), group)]
print(statistics.median(picked) if picked else "nan")
' "${#steps[@]}")
    read -r page count matches <<<"$pg"
    results+=("| $size | \`$label\` | $matches | $page | $count | $memory |")
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
echo
echo "| rows | query | matches | PostgreSQL first page (ms) | PostgreSQL exact count (ms) | in memory (ms) |"
echo "|---|---|---:|---:|---:|---:|"
printf '%s\n' "${results[@]}"
