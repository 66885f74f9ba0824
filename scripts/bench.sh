#!/usr/bin/env bash
# Benchmark: SearchShell's per-keystroke search on 1M and 10M rows, side by side with
# grep, ripgrep and fzf on the same files.
#
#   scripts/bench.sh                 # 1M and 10M rows
#   BENCH_SIZES=1m scripts/bench.sh  # 1M only (about 2 minutes)
#
# Environment: BENCH_DIR (default .build/bench) holds the generated files; BENCH_REPS (5)
# repetitions per query; BENCH_PEER_REPS (5 at 1M, 1 at 10M) runs per peer command.
#
# The shell's figures are per command on loaded data (`timing on`: filter + exact count + first
# page), measured through the release binary. SEARCHSHELL_CACHE_ENTRIES=1 keeps only the last
# result, so repeated queries are real searches and not cache hits. The peers' figures are whole
# runs (start, read the file, search, print a count); both are printed.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
BENCH_DIR=${BENCH_DIR:-$ROOT/.build/bench}
SIZES=${BENCH_SIZES:-"1m 10m"}
REPS=${BENCH_REPS:-5}
QUERIES=(s st sta stand zzqx)
RULES=(fold ci exact smart prefix fuzzy)

# Every load below reads and indexes its file: the index cache's second open is timed apart.
export SEARCHSHELL_INDEX_CACHE=off
source scripts/bench-lib.sh
need() { bench_need "$1"; }
missing=()
need rg || missing+=(ripgrep)
need fzf || missing+=(fzf)
[ -x /usr/bin/time ] || missing+=(time)
[ ${#missing[@]} -eq 0 ] || bench_install "${missing[@]}" || true

rows_of() { case $1 in 1m) echo 1000000 ;; 10m) echo 10000000 ;; *) echo "$1" ;; esac; }
for size in $SIZES; do bench_data "$(rows_of "$size")" "$BENCH_DIR/words-$size.txt"; done

echo "building release" >&2
swift build -c release >/dev/null
BIN=$(swift build -c release --show-bin-path)/searchshell

# Prints the median of the numbers on stdin.
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "nan"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# Milliseconds taken by a shell command (whole process), median of $2 runs.
peer_ms() {
  local command=$1 runs=$2
  for _ in $(seq "$runs"); do
    local start end
    start=$(date +%s%N)
    # Through a pipe: with stdout on /dev/null GNU grep stops at the first match.
    bash -c "$command" 2>/dev/null | cat >/dev/null || true
    end=$(date +%s%N)
    echo "scale=1; ($end - $start) / 1000000" | bc
  done | median
}
# The "time:" values of a shell run, one per command, in order.
shell_times() { SEARCHSHELL_CACHE_ENTRIES=1 "$BIN" "$@" 2>&1 | sed -n 's/^time: \([0-9.]*\) ms$/\1/p'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b + 0 == 0) print "-"; else printf "%.0f×", a / b }'; }

echo "# SearchShell benchmark ($(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m))"
echo
echo "Shell: median ms per command on loaded data (filter + exact count + first page), $REPS reps."
echo "Peers: median ms per whole run (start + read + search + count)."
for size in $SIZES; do
  file=$BENCH_DIR/words-$size.txt
  peer_reps=${BENCH_PEER_REPS:-$([ "$size" = 10m ] && echo 1 || echo 5)}
  echo
  echo "## $size rows ($(du -h "$file" | cut -f1))"
  echo

  # Load time (the `load` command, timed by the shell) and peak memory of a fold session.
  loads=()
  for _ in 1 2 3; do loads+=("$(shell_times -c 'timing on' -c "load $file" | sed -n 2p)"); done
  load=$(printf '%s\n' "${loads[@]}" | median)
  args=(-c 'timing on' -c "load $file")
  for q in "${QUERIES[@]}"; do args+=(-c "search $q"); done
  peak=$( { /usr/bin/time -v "$BIN" "${args[@]}" >/dev/null; } 2>&1 | awk -F: '/Maximum resident/ { printf "%.0f", $2 / 1024 }')
  echo "load: $load ms · peak memory (load + fold searches): $peak MiB"
  # A second open of the unchanged file maps its persisted index: whole runs, timed from outside
  # (start-up included), after one run that builds and writes the index.
  cache=$(mktemp -d)
  env -u SEARCHSHELL_INDEX_CACHE XDG_CACHE_HOME="$cache" "$BIN" --dataset "$file" -c quit >/dev/null 2>&1
  reopen=$(peer_ms "env -u SEARCHSHELL_INDEX_CACHE XDG_CACHE_HOME=$cache '$BIN' --dataset '$file' -c status" 3)
  start=$(peer_ms "'$BIN' -c quit" 3)
  rm -rf "$cache"
  echo "second open (index cache, whole run): $reopen ms · start-up alone: $start ms"
  echo

  # Per rule: every query REPS times, longest first, so no query extends the one before it (that
  # would measure narrowing, reported separately below).
  declare -A shell=()
  ORDER=(stand sta st s zzqx)
  for rule in "${RULES[@]}"; do
    args=(--dataset "$file" -c 'timing on' -c "set match $rule")
    for _ in $(seq "$REPS"); do for q in "${ORDER[@]}"; do args+=(-c "search $q"); done; done
    mapfile -t times < <(shell_times "${args[@]}")
    for i in "${!ORDER[@]}"; do
      shell[$rule,${ORDER[$i]}]=$(for r in $(seq 0 $((REPS - 1))); do echo "${times[$((2 + r * ${#ORDER[@]} + i))]}"; done | median)
    done
  done
  printf '| shell rule |'; for q in "${QUERIES[@]}"; do printf ' %s |' "$q"; done; echo
  printf '|---|'; for _ in "${QUERIES[@]}"; do printf -- '---:|'; done; echo
  for rule in "${RULES[@]}"; do
    printf '| %s |' "$rule"; for q in "${QUERIES[@]}"; do printf ' %s |' "${shell[$rule,$q]}"; done; echo
  done
  echo

  # Narrowing: one more keystroke on the previous result (cache of one entry), per rule. `st`
  # matches about a quarter of the rows, `sta` 3%, `z` 9%.
  echo "| narrowing, typed keystroke | st→sta | sta→stan | stan→stand | z→zz | zz→zzq |"
  echo "|---|---:|---:|---:|---:|---:|"
  for rule in "${RULES[@]}"; do
    args=(--dataset "$file" -c 'timing on' -c "set match $rule")
    for _ in $(seq "$REPS"); do
      args+=(-c 'search st' -c 'type a' -c 'type n' -c 'type d' -c 'search z' -c 'type z' -c 'type q')
    done
    mapfile -t times < <(shell_times "${args[@]}")
    col() { for r in $(seq 0 $((REPS - 1))); do echo "${times[$((2 + r * 7 + $1))]}"; done | median; }
    echo "| $rule | $(col 1) | $(col 2) | $(col 3) | $(col 5) | $(col 6) |"
  done
  echo

  # Queries outside the table above: common letters, which match many rows (1M: `ing` 27%, `ter`
  # 8.7%, `tion` 8.5%), where the engine pays per matching row; and two terms, which must both
  # match (grep and rg have no AND, so they have no figure there).
  COMMON=(ing tion ter "sta ing" "st a")
  printf '| common letters, two terms |'; for q in "${COMMON[@]}"; do printf ' %s |' "$q"; done; echo
  printf '|---|'; for _ in "${COMMON[@]}"; do printf -- '---:|'; done; echo
  for rule in "${RULES[@]}"; do
    args=(--dataset "$file" -c 'timing on' -c "set match $rule")
    for _ in $(seq "$REPS"); do for q in "${COMMON[@]}"; do args+=(-c "search $q"); done; done
    mapfile -t times < <(shell_times "${args[@]}")
    printf '| %s |' "$rule"
    for i in "${!COMMON[@]}"; do
      printf ' %s |' "$(for r in $(seq 0 $((REPS - 1))); do echo "${times[$((2 + r * ${#COMMON[@]} + i))]}"; done | median)"
    done
    echo
  done
  if need rg; then
    printf '| rg -F -i -c (whole run) |'
    for q in "${COMMON[@]}"; do
      case $q in *" "*) printf ' - |' ;; *) printf ' %s |' "$(peer_ms "rg -F -i -c '$q' '$file'" "$peer_reps")" ;; esac
    done
    echo
  fi
  echo

  # Peers on the same file, same queries.
  printf '| command |'; for q in "${QUERIES[@]}"; do printf ' %s |' "$q"; done; echo
  printf '|---|'; for _ in "${QUERIES[@]}"; do printf -- '---:|'; done; echo
  declare -A label=([grep]="grep -F -i -c" [rg]="rg -F -i -c" [fzfx]="fzf --filter --exact" [fzf]="fzf --filter (fuzzy)")
  declare -A versus=([grep]=fold [rg]=fold [fzfx]=fold [fzf]=fuzzy)
  for peer in grep rg fzfx fzf; do
    row="| ${label[$peer]} |"
    for q in "${QUERIES[@]}"; do
      case $peer in
        grep) cmd="grep -F -i -c '$q' '$file'" ;;
        rg) cmd="rg -F -i -c '$q' '$file'" ;;
        fzfx) cmd="fzf --filter='$q' --exact < '$file' | wc -l" ;;
        fzf) cmd="fzf --filter='$q' < '$file' | wc -l" ;;
      esac
      if ! need "${cmd%% *}"; then row+=" n/a |"; continue; fi
      ms=$(peer_ms "$cmd" "$peer_reps")
      row+=" $ms ($(ratio "$ms" "${shell[${versus[$peer]},$q]}")) |"
    done
    echo "$row"
  done
  echo
  echo "(peer cells: median ms, and in parentheses how many times slower than the shell's ${versus[grep]} rule; fzf fuzzy vs the shell's fuzzy rule)"
  unset shell
done
