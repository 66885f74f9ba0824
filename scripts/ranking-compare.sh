#!/usr/bin/env bash
# SearchShell's fuzzy ranking beside fzf's, on word lists and file paths nobody here wrote: for a
# held-out sample of queries drawn from each list with a fixed seed (2-5 letter pieces of its
# words, and abbreviations: initials of neighbouring words, or letters of a word in order), runs
# `fzf --filter Q` and `searchshell --match fuzzy --filter Q` and prints per list the share of
# queries whose best row is the same, the share whose first page (20 rows) is the same in the
# same order, and the mean share of fzf's first page that is on ours.
#
#   scripts/ranking-compare.sh                 # this tree's release build
#   scripts/ranking-compare.sh path/to/bin     # another binary
#
# Environment: RANK_QUERIES (100 per list), RANK_SEED (40), RANK_VERBOSE=1 to print every query
# whose first row differs, with both rows. A query whose best rows differ but tie by fzf's rules
# (the same score and length, scored here by an independent transcription) is counted apart.
# The lists: /usr/share/dict/words (installed with wamerican when missing), the first 200,000
# paths `find /usr/share -type f` prints, and the 1M-line file scripts/bench.sh generates.
set -euo pipefail
cd "$(dirname "$0")/.."
export SEARCHSHELL_RC= SEARCHSHELL_INDEX_CACHE=off
source scripts/bench-lib.sh
bench_need fzf || bench_install fzf
[ -e /usr/share/dict/words ] || bench_install wamerican
bin=${1:-}
if [ -z "$bin" ]; then
  swift build -c release -q 2>/dev/null || swift build -c release
  bin=$(swift build -c release --show-bin-path)/searchshell
fi
words1m=/work/bench/words-1m.txt
if [ ! -s "$words1m" ]; then
  words1m=$(pwd)/.build/bench/words-1m.txt
  bench_data 1000000 "$words1m"
fi
paths=$(mktemp)
trap 'rm -f "$paths"' EXIT
find /usr/share -type f 2>/dev/null | head -200000 >"$paths" || true

echo "fzf $(fzf --version | cut -d' ' -f1) against $bin; seed ${RANK_SEED:-40}, ${RANK_QUERIES:-100} queries per list"
python3 - "$bin" /usr/share/dict/words "$paths" "$words1m" <<'PYTHON'
import os, random, re, subprocess, sys, unicodedata

binary, lists = sys.argv[1], sys.argv[2:]
names = {lists[0]: "dict/words", lists[1]: "/usr/share paths", lists[2]: "words-1m"}
count = int(os.environ.get("RANK_QUERIES", "100"))
seed = int(os.environ.get("RANK_SEED", "40"))
verbose = os.environ.get("RANK_VERBOSE") == "1"
PAGE = 20


def sample(lines, rng):
    """Queries drawn from the list: a piece of a word, or an abbreviation, lowercased."""
    queries = []
    while len(queries) < count:
        words = re.findall(r"[A-Za-z]+", rng.choice(lines))
        if not words:
            continue
        if len(queries) % 2 == 0:
            word = rng.choice(words)
            if len(word) < 2:
                continue
            size = rng.randint(2, min(5, len(word)))
            start = rng.randint(0, len(word) - size)
            query = word[start:start + size]
        elif len(words) >= 2 and rng.random() < 0.5:
            size = rng.randint(2, min(5, len(words)))
            start = rng.randint(0, len(words) - size)
            query = "".join(word[0] for word in words[start:start + size])
        else:
            word = rng.choice(words)
            if len(word) < 3:
                continue
            picked = sorted(rng.sample(range(len(word)), rng.randint(2, min(5, len(word)))))
            query = "".join(word[index] for index in picked)
        query = query.lower()
        if query not in queries:
            queries.append(query)
    return queries


def run(command, path):
    with open(path, "rb") as source:
        done = subprocess.run(command, stdin=source, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    return done.stdout.decode("utf-8", "replace").split("\n")[:-1]


# fzf's rules, written again from its description, to tell ties apart (lowercase queries).
WHITE, NONWORD, DELIMITER, LOWER, UPPER, LETTER, NUMBER = range(7)


def char_class(char):
    if "a" <= char <= "z":
        return LOWER
    if "A" <= char <= "Z":
        return UPPER
    if "0" <= char <= "9":
        return NUMBER
    if char in " \t\n\v\f\r\x85\xa0":
        return WHITE
    if char in "/,:;|":
        return DELIMITER
    if ord(char) < 128:
        return NONWORD
    category = unicodedata.category(char)
    if category == "Ll":
        return LOWER
    if category == "Lu":
        return UPPER
    if category[0] == "N":
        return NUMBER
    if category[0] == "L":
        return LETTER
    return WHITE if char.isspace() else NONWORD


def bonus(before, current):
    if current > NONWORD:
        if before == WHITE:
            return 10
        if before == DELIMITER:
            return 9
        if before == NONWORD:
            return 8
    if before == LOWER and current == UPPER or before != NUMBER and current == NUMBER:
        return 7
    if current in (NONWORD, DELIMITER):
        return 8
    return 10 if current == WHITE else 0


def plain(char):
    return "".join(c for c in unicodedata.normalize("NFD", char.lower()) if not unicodedata.combining(c))[:1] or char


def score(text, pattern):
    classes = [char_class(char) for char in text]
    bonuses = [bonus(classes[index - 1] if index else WHITE, classes[index]) for index in range(len(text))]
    chars = [plain(char) for char in text]
    first, start = [], 0
    for wanted in pattern:
        found = next((index for index in range(start, len(chars)) if chars[index] == wanted), None)
        if found is None:
            return None
        first.append(found)
        start = found + 1
    if len(pattern) == 1:
        return max(16 + 2 * bonuses[index] for index in range(len(chars)) if chars[index] == pattern[0])
    last = max(index for index in range(len(chars)) if chars[index] == pattern[-1])
    rows, runs = [[0] * len(chars) for _ in pattern], [[0] * len(chars) for _ in pattern]
    gap = False
    for column in range(first[0], last + 1):
        if chars[column] == pattern[0]:
            rows[0][column], runs[0][column], gap = 16 + 2 * bonuses[column], 1, False
        else:
            left = rows[0][column - 1] if column > first[0] else 0
            rows[0][column], gap = max(left - (1 if gap else 3), 0), True
    for step in range(1, len(pattern)):
        gap = False
        for column in range(first[step], last + 1):
            left = rows[step][column - 1] if column > first[step] else 0
            other = left - (1 if gap else 3)
            matched, length = 0, 0
            if chars[column] == pattern[step]:
                matched, earned = rows[step - 1][column - 1] + 16, bonuses[column]
                length = runs[step - 1][column - 1] + 1
                if length > 1:
                    lead = bonuses[column - length + 1]
                    if earned >= 8 and earned > lead:
                        length = 1
                    else:
                        earned = max(earned, 4, lead)
                if matched + earned < other:
                    matched, length = matched + bonuses[column], 0
                else:
                    matched += earned
            runs[step][column], gap = length, matched < other
            rows[step][column] = max(matched, other, 0)
    return max(rows[-1][first[-1]:last + 1])


def key(line, query):
    total = 0
    for term in query.split():
        part = score(line, term)
        if part is None:
            return None
        total += part
    return (total, len(line.strip()))


print()
print("| list | rows | queries | best row the same | best rows tied | first page the same, in order | first page shared (mean) | match counts differ |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
for path in lists:
    with open(path, encoding="utf-8", errors="replace") as source:
        lines = source.read().split("\n")[:-1]
    queries = sample(lines, random.Random(seed))
    same = tied = ordered = counts = 0
    shared = 0.0
    for query in queries:
        theirs = run(["fzf", "--filter", query], path)
        ours = run([binary, "--match", "fuzzy", "--filter", query], path)
        top = theirs[:PAGE]
        if theirs[:1] == ours[:1]:
            same += 1
        elif theirs and ours and key(theirs[0], query) == key(ours[0], query):
            tied += 1
        elif verbose:
            print(f"  {names[path]} '{query}': fzf {theirs[:1]} {key(theirs[0], query) if theirs else ''}"
                  f" / ours {ours[:1]} {key(ours[0], query) if ours else ''}", file=sys.stderr)
        ordered += top == ours[:PAGE]
        shared += len(set(top) & set(ours[:PAGE])) / len(top) if top else float(not ours)
        counts += len(theirs) != len(ours)
    total = len(queries)
    print(f"| {names[path]} | {len(lines):,} | {total} | {same / total:.0%} ({same}) | {tied} | "
          f"{ordered / total:.0%} ({ordered}) | {shared / total:.1%} | {counts} |")
PYTHON
