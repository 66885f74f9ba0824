#!/usr/bin/env python3
"""Writes a deterministic benchmark dataset: ROWS lines of 2-4 dictionary words.

Usage: gen-words.py ROWS OUTPUT [WORDLIST]
       gen-words.py --stamp ROWS [WORDLIST]

Words come from WORDLIST (default /usr/share/dict/words, from Debian's wamerican, ASCII letters
only); without one, a word list is generated from a fixed seed, with a warning. About 5% of rows
carry one accented word (cafe, Zurich, Oresund, strasse... with their accents). Same arguments
and word list, same bytes.

Next to OUTPUT it writes OUTPUT.stamp, one line naming the rows and the word list (its size and
checksum); `--stamp` prints the line a file made now would have, so a script can tell whether a
file it generated earlier still stands for the same data (say, one made before the word list
was installed).
"""
import hashlib
import os
import random
import sys

SEED = 20240601
ACCENTED = ["café", "crème", "brûlée", "São", "Zürich", "naïve", "Ångström", "Ñandú", "façade",
            "jalapeño", "piñata", "résumé", "Über", "coöperate", "Éclair", "Bogotá", "Düsseldorf",
            "Øresund", "straße", "Ærø"]


def words(path):
    """The vocabulary, and where it came from (the list's path, or "generated")."""
    if path and os.path.exists(path):
        with open(path, encoding="utf-8", errors="ignore") as handle:
            found = sorted({w.strip() for w in handle if w.strip().isascii() and w.strip().isalpha()})
        if found:
            return found, path
    # Fallback: pronounceable pseudo-words from a fixed seed.
    rng = random.Random(SEED + 1)
    consonants, vowels = "bcdfghjklmnprstvwz", "aeiou"
    result = set()
    while len(result) < 60000:
        n = rng.randint(2, 5)
        result.add("".join(rng.choice(consonants) + rng.choice(vowels) for _ in range(n))[: rng.randint(3, 10)])
    return sorted(result), "generated"


def stamp(rows, vocabulary, source):
    """The line that identifies a generated file: its rows and the words it was drawn from."""
    digest = hashlib.sha256("\n".join(vocabulary).encode("utf-8")).hexdigest()[:16]
    return f"rows={rows} words={source} count={len(vocabulary)} sha256={digest}"


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--stamp":
        path = sys.argv[3] if len(sys.argv) > 3 else "/usr/share/dict/words"
        print(stamp(int(sys.argv[2]), *words(path)))
        return
    rows = int(sys.argv[1])
    output = sys.argv[2]
    path = sys.argv[3] if len(sys.argv) > 3 else "/usr/share/dict/words"
    vocabulary, source = words(path)
    if source == "generated":
        print(f"warning: no words in '{path}'; using generated pseudo-words (install Debian's "
              "wamerican for the README's data)", file=sys.stderr)
    rng = random.Random(SEED)
    with open(output, "w", encoding="utf-8", newline="\n") as out:
        batch = []
        for _ in range(rows):
            line = [rng.choice(vocabulary) for _ in range(rng.randint(2, 4))]
            if rng.random() < 0.05:
                line[rng.randrange(len(line))] = rng.choice(ACCENTED)
            batch.append(" ".join(line))
            if len(batch) >= 100000:
                out.write("\n".join(batch) + "\n")
                batch = []
        if batch:
            out.write("\n".join(batch) + "\n")
    with open(output + ".stamp", "w", encoding="utf-8") as out:
        out.write(stamp(rows, vocabulary, source) + "\n")


if __name__ == "__main__":
    main()
