#!/usr/bin/env python3
"""Writes a deterministic benchmark dataset: ROWS lines of 2-4 dictionary words.

Usage: gen-words.py ROWS OUTPUT [WORDLIST]

Words come from WORDLIST (default /usr/share/dict/words, ASCII letters only); without one, a
word list is generated from a fixed seed. About 5% of rows carry one accented word (cafe, Zurich,
Oresund, strasse... with their accents). Same arguments, same bytes.
"""
import os
import random
import sys

SEED = 20240601
ACCENTED = ["café", "crème", "brûlée", "São", "Zürich", "naïve", "Ångström", "Ñandú", "façade",
            "jalapeño", "piñata", "résumé", "Über", "coöperate", "Éclair", "Bogotá", "Düsseldorf",
            "Øresund", "straße", "Ærø"]


def words(path):
    if path and os.path.exists(path):
        with open(path, encoding="utf-8", errors="ignore") as handle:
            found = sorted({w.strip() for w in handle if w.strip().isascii() and w.strip().isalpha()})
        if found:
            return found
    # Fallback: pronounceable pseudo-words from a fixed seed.
    rng = random.Random(SEED + 1)
    consonants, vowels = "bcdfghjklmnprstvwz", "aeiou"
    result = set()
    while len(result) < 60000:
        n = rng.randint(2, 5)
        result.add("".join(rng.choice(consonants) + rng.choice(vowels) for _ in range(n))[: rng.randint(3, 10)])
    return sorted(result)


def main():
    rows = int(sys.argv[1])
    output = sys.argv[2]
    vocabulary = words(sys.argv[3] if len(sys.argv) > 3 else "/usr/share/dict/words")
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


if __name__ == "__main__":
    main()
