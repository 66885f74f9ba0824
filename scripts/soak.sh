#!/usr/bin/env bash
# A soak of the debug build: random plausible and hostile command streams (every registry
# command, the bundled datasets, a small generated CSV), in batches piped to one process each.
#
#   scripts/soak.sh [SECONDS]      # default 600
#
# Each batch checks that (a) the process did not die by a signal (a trap, a crash) or hang,
# and (b) every command that printed an error left `status` as it was before it. A failing
# batch is kept as .build/soak/failures/batch-SEED.txt (with its output beside it): replay it
# with `.build/debug/searchshell < FILE`. SOAK_BATCH sets the commands per batch (2000).
set -euo pipefail
cd "$(dirname "$0")/.."
# A start-up file of the user's would change what the shell prints: none runs here.
export SEARCHSHELL_RC=
seconds=${1:-600}
batch=${SOAK_BATCH:-2000}
work=$PWD/.build/soak
bin=$PWD/.build/debug/searchshell
swift build >/dev/null
rm -rf "$work/tmp"
mkdir -p "$work/tmp" "$work/failures"
# A small CSV with a title, a category and a code column, plus scripts for 'source'.
python3 - "$work" <<'PY'
import random, sys
work = sys.argv[1]
rng = random.Random(7)
with open(f"{work}/small.csv", "w", encoding="utf-8") as f:
    f.write("name,type,code\n")
    for i in range(300):
        word = "".join(rng.choice("abcdeéfghijklmnoprstuü") for _ in range(rng.randint(1, 12)))
        f.write(f"\"{word}, {i}\",{rng.choice(['Living', 'Extinct', 'x,y', 'Ancient'])},c{i}\n")
open(f"{work}/bad.json", "w").write('[{"name": "a"}, {"name": ')
open(f"{work}/script.txt", "w").write("search a\nselect 1\nback\nstatus\n")
open(f"{work}/crlf.txt", "w", newline="").write("search ger\r\nexpect count 4\r\n")
open(f"{work}/self.txt", "w").write(f"source {work}/self.txt\nsource {work}/self.txt\n")
PY
deadline=$((SECONDS + seconds))
batches=0
commands=0
failures=0
checked=0
while [ "$SECONDS" -lt "$deadline" ]; do
  seed=$RANDOM$RANDOM
  input=$work/batch-$seed.txt
  output=$work/batch-$seed.out
  python3 scripts/soak.py generate "$seed" "$batch" "$work" >"$input"
  status=0
  (cd "$work/tmp" && timeout 300 "$bin" <"$input" >"$output" 2>&1) || status=$?
  batches=$((batches + 1))
  commands=$((commands + batch))
  reason=""
  rm -f "$work/check.txt"
  # 1: some command failed (normal); 124: the timeout; above 128: a signal.
  if [ "$status" -eq 124 ]; then
    reason="hung (killed after 300 s)"
  elif [ "$status" -gt 128 ]; then
    reason="died by signal $((status - 128))"
  elif [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then
    reason="exit status $status"
  elif ! python3 scripts/soak.py check "$output" >"$work/check.txt"; then
    reason="a failed command changed the state: $(head -1 "$work/check.txt")"
  fi
  checked=$((checked + $(grep -o 'compared [0-9]*' "$work/check.txt" 2>/dev/null | grep -o '[0-9]*' || echo 0)))
  if [ -n "$reason" ]; then
    failures=$((failures + 1))
    mv "$input" "$work/failures/batch-$seed.txt"
    mv "$output" "$work/failures/batch-$seed.out"
    echo "FAIL batch $seed: $reason (kept in .build/soak/failures/batch-$seed.txt)"
  else
    rm -f "$input" "$output"
  fi
done
echo "soak: $batches batches, $commands commands in ${SECONDS}s; $checked failed commands left status unchanged; $failures failing batches"
[ "$failures" -eq 0 ]
