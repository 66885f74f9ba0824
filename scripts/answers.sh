#!/usr/bin/env bash
# Every answer the engine gives for a fixed set of queries, as one checksum per (dataset, rule)
# and one over all: a change that should not change what is found (a refactor, a new strategy)
# must print the same sums. 7 rules x 30-odd queries x 3 datasets (a scoped CSV, the countries
# list, and 200,000 generated rows that reach the parallel paths), each query by `search`, then
# typed and backspaced keystroke by keystroke, then `list all`, in the extended query syntax
# (set explicitly: the bundled countries preset is literal).
#
# The baseline sums were taken when the shell refused `set fields *`: the CSV's runs printed that
# error and searched its title column alone. `set fields name,*` is refused with the same line
# and leaves the same column, so by default the sums still compare the same searches.
# ANSWERS_FIELDS='*' searches (and shows) every column instead: sums of their own.
#
#   scripts/answers.sh                 # this tree's release build
#   scripts/answers.sh path/to/bin     # another binary, to compare
#   ANSWERS_KEEP=dir scripts/answers.sh  # keep the full outputs in dir to diff them
#   ANSWERS_FIELDS='*' scripts/answers.sh  # the CSV searched in every column
set -euo pipefail
cd "$(dirname "$0")/.."
# A start-up file of the user's would change what the shell prints: none runs here. Every load
# builds its index, and none is left in the user's index cache.
export SEARCHSHELL_RC=
export SEARCHSHELL_INDEX_CACHE=off
fields=${ANSWERS_FIELDS:-name,*}
bin=${1:-}
if [ -z "$bin" ]; then
  swift build -c release -q 2>/dev/null || swift build -c release
  bin=$(swift build -c release --show-bin-path)/searchshell
fi
work=${ANSWERS_KEEP:-}
mkdir -p .build/answers
rows=.build/answers/rows-200k.txt
[ -s "$rows" ] || python3 - "$rows" <<'PY'
import random, sys
r = random.Random(7)
syll = ["sta", "an", "ing", "tion", "e", "o", "st", "th", "qu", "x", "ré", "ü", "ñ", "Ø", "ß", "ka", "mi", "zz", "nd"]
with open(sys.argv[1], "w", encoding="utf-8") as f:
    for i in range(200000):
        words = ["".join(r.choice(syll) for _ in range(r.randint(1, 4))) for _ in range(r.randint(1, 4))]
        line = " ".join(words)
        if r.random() < 0.2: line = line.title()
        if r.random() < 0.01: line = ""
        f.write(line + "\n")
PY
substring=(s st sta stan stand zzqx a e an ing tion "st a" "sta ing" "!a" "a|e" "^a" "n\$" "^st" "ng\$" é ü Ø ß ss "The" LANG ob xyz 1 "'" "a b c" "!e !a")
regexes=("^a" "n\$" "a.*n" "[aeiou]{3}" "(an|en)" "st|qu" "^.\$" "é" "[^a-z ]" "x+" "th?e" "\\bst" "ing\$" "^[A-Z]")
# Passes the output on, keeping a copy in $ANSWERS_KEEP when set.
keep() { if [ -n "$work" ]; then mkdir -p "$work" && tee "$work/$1"; else cat; fi; }
run() {
  local dataset=$1 rule=$2 setup=$3
  shift 3
  {
    # The tutorial datasets read the text as one literal substring; these sums are of the
    # extended query syntax, which files loaded by path get. Quiet: the output stays the same.
    echo "quiet set syntax extended"
    echo "$setup"
    echo "set match $rule"
    echo "set page 1000000"
    for q in "$@"; do
      echo "echo ==== search $q"
      printf 'search %s\nlist all\n' "$q"
      echo "echo ==== type $q"
      printf 'clear\ntype %s\nlist all\nbackspace\nlist all\n' "$q"
    done
  } | { "$bin" --dataset "$dataset" 2>&1 || true; } | keep "$(basename "$dataset")-$rule.out" | sha256sum | cut -c1-16 |
    xargs printf '%-14s %-7s %s\n' "$(basename "$dataset")" "$rule"
}
{
  for rule in exact ci fold smart prefix fuzzy; do
    run languages "$rule" "set fields $fields" "${substring[@]}"
    run countries "$rule" "" "${substring[@]}"
    run "$rows" "$rule" "" "${substring[@]}"
  done
  for dataset in languages countries "$rows"; do run "$dataset" regex "" "${regexes[@]}"; done
} | tee .build/answers/sums
echo "all            $(sha256sum <.build/answers/sums | cut -c1-16)"
