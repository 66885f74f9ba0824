#!/usr/bin/env bash
# Live mode's keystroke-to-screen latency at 1M rows: replays keys through the release binary's
# live mode (`--live-benchmark`), one key at a time, and prints each key's time from its bytes
# to a drawn, written 120x50 frame, then the median, p95 and max for all keys and for 3+ char
# queries (target: 16 ms).
#
#   scripts/live-bench.sh                   # 1M rows, the default keys
#   LIVE_BENCH_ROWS=100000 scripts/live-bench.sh
#   LIVE_BENCH_KEYS='stand\b\bing' scripts/live-bench.sh   # \b Backspace, \u Ctrl-U, \t Tab
#
# The dataset comes from scripts/gen-words.py (deterministic: same size, same bytes). Frames go
# to /dev/null; the timings go to standard error.
set -euo pipefail
cd "$(dirname "$0")/.."
ROWS=${LIVE_BENCH_ROWS:-1000000}
KEYS=${LIVE_BENCH_KEYS:-'stand\b\bri\b\bamp\uzebra\b\b\b\bllow\uqu\bx\uthe \ucafé'}
DIR=${BENCH_DIR:-.build/bench}
DATA=$DIR/live-$ROWS.txt
source scripts/bench-lib.sh
bench_data "$ROWS" "$DATA"
swift build -c release --product searchshell >&2
BIN=$(swift build -c release --show-bin-path)/searchshell
echo "live mode, $ROWS rows ($DATA), keys: $KEYS" >&2
"$BIN" --dataset "$DATA" --live-benchmark "$KEYS" >/dev/null
