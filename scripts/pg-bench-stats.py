#!/usr/bin/env python3
"""Parses what scripts/pg-bench.sh measured and renders its table.

  pg-bench-stats.py explain Q1 Q2 ... < runs   the median first page and exact count per query
      (stdin: the shell's output of REPS runs, each `search Q` + `explain` for every query in
      order); prints one line per query: QUERY PAGE_MS COUNT_MS MATCHES
  pg-bench-stats.py latency < psql-output     psql's `\\timing` lines: N p50 p99 max (ms)
  pg-bench-stats.py median                    stdin: numbers, one a line; prints their median
  pg-bench-stats.py table RAW                 RAW: tab-separated size, mode, query, step, page,
      count, matches, load average; prints the markdown table
"""
import re
import statistics
import sys


def explain(queries):
    text = " ".join(sys.stdin.read().split())
    pattern = re.compile(
        r'the text is "(?P<q>[^"]*)".*?filtered list, (?P<m>[≈0-9,]+) of .*?'
        r"first page in (?P<p>[0-9.]+) ms, (?:exact count in (?P<c>[0-9.]+) ms|exact count not read yet)"
    )
    found = {q: ([], [], []) for q in queries}
    for match in pattern.finditer(text):
        if match["q"] in found:
            pages, counts, matches = found[match["q"]]
            pages.append(float(match["p"]))
            counts.append(float(match["c"]) if match["c"] else float("nan"))
            matches.append(match["m"])
    for q in queries:
        pages, counts, matches = found[q]
        if not pages:
            print(q, "nan", "nan", "?")
            continue
        print(q, f"{statistics.median(pages):.1f}", f"{statistics.median(counts):.1f}", matches[-1])


def latency():
    times = sorted(float(m) for m in re.findall(r"^Time: ([0-9.]+) ms", sys.stdin.read(), re.M))
    if not times:
        print(0, "nan", "nan", "nan")
        return
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(len(times), f"{statistics.median(times):.2f}", f"{p99:.1f}", f"{times[-1]:.1f}")


def number(text):
    """A millisecond figure as the table shows it: whole milliseconds, or seconds above 10 s."""
    try:
        value = float(text)
    except ValueError:
        return "?"
    if value != value:
        return "–"
    if value >= 10_000:
        return f"{value / 1000:.1f} s"
    return f"{value:,.0f}" if value >= 10 else f"{value:.1f}"


def table(path):
    rows = {}
    order = []
    with open(path, encoding="utf-8") as source:
        for line in source:
            size, mode, query, step, page, count, matches, load = line.rstrip("\n").split("\t")
            key = (size, mode, query)
            if key not in rows:
                rows[key] = {}
                order.append(key)
            rows[key][step] = (page, count, matches, load)
    for key in order:
        size, mode, query = key
        steps = rows[key]
        matches = next((v[2] for v in steps.values() if v[2] != "?"), "?")
        cells = []
        loads = []
        for step in ("before", "after"):
            if step in steps:
                page, count = steps[step][0], steps[step][1]
                cells.append(f"{number(page)} / {number(count)}")
                loads.append(steps[step][3].split()[0])
            else:
                cells.append("not run")
        print(f"| {size} | {mode} | `{query}` | {matches} | {cells[0]} | {cells[1]} | {', '.join(loads)} |")


def main():
    command = sys.argv[1]
    if command == "explain":
        explain(sys.argv[2:])
    elif command == "latency":
        latency()
    elif command == "median":
        values = [float(v) for v in sys.stdin.read().split()]
        print(f"{statistics.median(values):.1f}" if values else "nan")
    elif command == "table":
        table(sys.argv[2])


if __name__ == "__main__":
    main()
