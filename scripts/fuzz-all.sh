#!/usr/bin/env bash
# Every fuzz target for SECONDS each (default 600), JOBS at a time (default 2), then one line per
# target: seconds, executions, findings. Logs in .build/fuzz/logs/TARGET.log.
#
#   scripts/fuzz-all.sh 600 2
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
jobs=${2:-2}
logs=.build/fuzz/logs
mkdir -p "$logs"
scripts/fuzz.sh tokenizer 0 /dev/null >/dev/null 2>&1 || true # builds the binary once
scripts/fuzz.sh list | xargs -P "$jobs" -I{} sh -c "scripts/fuzz.sh {} $seconds > $logs/{}.log 2>&1 || true"
printf '%-12s %8s %12s %s\n' target seconds executions findings
for target in $(scripts/fuzz.sh list); do
  log=$logs/$target.log
  runs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
  found=$(grep -c 'Test unit written to' "$log" || true)
  printf '%-12s %8s %12s %s\n' "$target" "$seconds" "$runs" "$found"
done
