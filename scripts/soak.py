#!/usr/bin/env python3
"""Random plausible and hostile command streams for scripts/soak.sh (standard library only).

  soak.py generate SEED COUNT WORKDIR   a batch of about COUNT commands on standard output
  soak.py check OUTPUT                  exit 1 (saying why) if a failed command changed 'status'

Each command that may fail is wrapped as
    echo @@B ID / status / COMMAND / echo @@A ID / status
so the checker can compare the status printed before and after it when it printed an error.
"""
import random
import re
import sys

DATASETS = ["countries", "countries-custom", "candies", "recipes", "fruits", "languages"]
WORDS = ["ger", "a", "an", "chocolate", "land", "ia", "Côte", "é", "e\u0301", "zz", "cho cola",
         "fr", "sour", "x", "United", "ca", "Living", "apple", "'quoted", "!neg", "^start", "end$",
         "a | b", "\\ esc"]
HOSTILE = ["", "\"", "'", "\\", "1\\", "\"\u0301", "'\u0301x", "\u0301", "\u0604{", "{", "{q}", "{{",
           "\x1b]0;PWNED\x07", "\x1b[2J", "\x07", "\u202e", "\ufeff", "\u200b", "😀" * 3, "a\tb",
           "-1", "0", "9223372036854775807", "99999999999999999999", "-9223372036854775808",
           "nan", "1e9", "+5", " ", "%s%n", "$(id)", "`id`", "../../etc/passwd", "\u00a0"]
NUMBERS = ["1", "2", "3", "5", "10", "0", "-1", "9223372036854775807", "99999999999999999999",
           "+1", "01", "1.5", "x", "٣"]
REGEXES = ["(", "[a-", "a{99999}", ".*", "^a", "a$", "(a|b)+", "\\", "[^x]", "a**", "(?i)ger",
           "\\d+", "[[:alpha:]]", "x{2,1}", "()", "|"]
OPTIONS = {
    "app": ["countries", "countries-custom", "guide", "guide-results", "candies", "recipes", "fruits",
            "generic", "nosuchapp"],
    "flavor": ["controller", "display", "custom", "modern"],
    "results": ["inline", "separate", "maybe"],
    "rule": ["active", "text", "sometimes"],
    "live": ["on", "off", "maybe"],
    "obscures": ["on", "off"],
    "names": ["swift", "objc", "kotlin"],
    "app-log": ["on", "off", "loud"],
    "source": ["on", "off", "maybe"],
    "match": ["exact", "ci", "fold", "smart", "prefix", "fuzzy", "regex", "glob"],
    "syntax": ["literal", "extended", "loose"],
    "title": ["Title", "", "\"quoted title\"", "{x}", "\x1b[31mred"],
    "placeholder": ["Search", "Find...", "\u0301"],
    "prompt": ["", "Pick one", "''"],
    "bar-text-color": ["default", "red", "blue", "mauve"],
    "bar-tint": ["default", "green", "magenta", "orange", "x"],
    "bar-background": ["default", "black", "orange", "plaid"],
    "shows-cancel": ["on", "off", "maybe"],
    "hides-nav-bar": ["on", "off"],
    "custom-nav-bar": ["on", "off"],
    "bar-hidden": ["on", "off"],
    "scopes": ["All,A,B", "All,x\\,y,z", "One", "All,,B", "All, a , b ,c,d,e,f", "\\", "All,{q},b"],
    "fields": ["name", "name,code", "title", "nope", "name,,code", "", "*", "* ,x"],
    "columns": ["auto", "*", "name,code", "nope", "", "code\\,x"],
    "sort": ["name", "name desc", "code asc", "none", "nope", "name up", "", "a b c"],
    "pager": ["on", "off", "maybe"],
    "format": ["table", "plain", "csv", "tsv", "json", "jsonl", "markdown", "xml"],
    "page": NUMBERS + ["1000000", "1000001"],
}


def text_argument(rng):
    roll = rng.random()
    if roll < 0.55:
        return rng.choice(WORDS)
    if roll < 0.85:
        return rng.choice(HOSTILE)
    if roll < 0.95:
        return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz éü😀'\"\\|!^$") for _ in range(rng.randint(1, 40)))
    return rng.choice("abcde") * rng.randint(200, 3000)


def command(rng, workdir):
    """One command line and whether its failure must leave the status unchanged."""
    name = rng.choice([
        "load", "datasets", "focus", "search", "search", "type", "type", "backspace", "clear",
        "submit", "scope", "select", "select", "detail", "back", "pull", "live", "cancel", "code",
        "list", "export", "prepare", "status", "trace", "timing", "explain", "diagram", "demo", "source",
        "echo", "quiet", "expect", "record", "set", "set", "set", "help", "history", "unknown",
        "app", "callbacks", "sort", "compare", "end", "end",
    ])
    tmp = workdir + "/tmp"
    if name == "load":
        target = rng.choice(DATASETS + [workdir + "/small.csv", workdir + "/small.csv --title code --scope type",
                                        "countries --scope none", "candies --format csv", "/nonexistent/x.csv",
                                        tmp, "/dev/null", workdir + "/bad.json", "nosuchset", "-",
                                        "languages --title nope", workdir + "/small.csv --format json",
                                        workdir + "/bad.json --path a.b", workdir + "/small.csv --path x",
                                        "candies --path"])
        return "load " + target, True
    if name in ("search", "type"):
        if rng.random() < 0.1:
            return name + " " + rng.choice(REGEXES), True
        return name + " " + text_argument(rng), True
    if name == "backspace":
        return "backspace" + rng.choice(["", " " + rng.choice(NUMBERS)]), True
    if name in ("scope",):
        return "scope " + rng.choice(["All", "Chocolate", "Hard", "Living", "0", "1", "3", "x,y"] + NUMBERS), True
    if name in ("select", "detail"):
        return name + rng.choice(["", " " + rng.choice(NUMBERS), " " + rng.choice(HOSTILE)]), True
    if name == "code":
        return "code " + rng.choice(["active true", "active false", "active maybe", "text " + text_argument(rng),
                                     "visible true", "active"]), True
    if name == "list":
        return "list" + rng.choice(["", " all", " " + rng.choice(NUMBERS)]), True
    if name == "export":
        return "export " + rng.choice([tmp + "/out.csv", tmp + "/out.json", tmp + "/out.md", tmp + "/out.xyz",
                                       tmp, "/nonexistent/dir/out.csv", tmp + "/out.tsv", tmp + "/out.txt",
                                       "-", "- --format json", "- --format xml", tmp + "/out.x --format tsv",
                                       "--format csv"]), True
    if name == "sort":
        return "sort" + rng.choice(["", " name", " name desc", " code", " none", " nope", " name sideways",
                                    " name desc extra", " " + text_argument(rng)]), True
    if name == "trace":
        return "trace " + rng.choice(["on", "all", "off", "json", "state", "off", "json " + tmp + "/trace.jsonl",
                                      "loud", "on extra", "json " + tmp]), True
    if name == "timing":
        return "timing " + rng.choice(["off", "maybe"]), True
    if name == "diagram":
        return "diagram" + rng.choice(["", " last", " all", " all last", " " + tmp + "/d.mmd", " " + tmp + "/d.md",
                                       " last " + tmp, " a b c", " all last " + tmp + "/d.mmd"]), True
    if name == "callbacks":
        return "callbacks" + rng.choice(["", " all", " some"]), True
    if name == "compare":
        # While a comparison runs only actions pass ('status' is refused): it is not checked.
        return "compare " + rng.choice(["fruits countries", "controller display", "end", "fruits fruits",
                                        "nosuch candies", "custom", "recipes recipes-before-fix"]), False
    if name == "end":
        return "end", False
    if name == "demo":
        return "demo" + rng.choice(["", " nosuchdemo", " fruits"]), False
    if name == "source":
        return "source " + rng.choice([tmp, "/dev/zero", "/nonexistent.txt", workdir + "/script.txt",
                                       workdir + "/self.txt", workdir + "/crlf.txt"]), False
    if name == "echo":
        return "echo " + text_argument(rng), True
    if name == "quiet":
        inner, _ = command(rng, workdir)
        if inner.startswith(("source", "demo", "record", "quiet")):
            inner = "status"
        return "quiet " + inner, True
    if name == "expect":
        return "expect " + rng.choice(["count " + rng.choice(NUMBERS), "shown main", "shown results", "shown x",
                                       "active true", "active false", "row 1 x", "row " + rng.choice(NUMBERS) + " a",
                                       "selected none", "callbacks none", "callbacks textDidChange, bogus",
                                       "received none", "callbacks updateSearchResultsForSearchController:",
                                       "received searchBar:textDidChange", "callbacks tableView:didSelectRowAt",
                                       "nothing", "row", "count"]), True
    if name == "record":
        return "record " + rng.choice([tmp + "/rec.txt", "stop", tmp, "/nonexistent/dir/rec.txt"]), True
    if name == "set":
        if rng.random() < 0.1:
            return "set" + rng.choice(["", " nosuch x", " flavr custom"]), True
        option = rng.choice(list(OPTIONS))
        value = rng.choice(OPTIONS[option]) if rng.random() < 0.85 else text_argument(rng)
        return "set " + option + (" " + value if value or rng.random() < 0.5 else ""), True
    if name == "help":
        return "help" + rng.choice(["", " search", " set", " nosuch", " " + text_argument(rng)]), True
    if name == "unknown":
        if rng.random() < 0.02:
            # Lines that once took the shell down: nested quiet, and a line past the 1 MiB limit.
            return rng.choice(["quiet " * 50000 + "status", "search " + "y" * (1 << 20)]), True
        return rng.choice(["serch ger", "frobnicate", text_argument(rng), "SEARCH x", "\u0301search"]), True
    return name, True


def generate(seed, count, workdir):
    rng = random.Random(seed)
    out = []
    for index in range(count):
        line, checked = command(rng, workdir)
        # Lines are lines: a newline inside an argument would split it.
        line = line.replace("\n", " ").replace("\r", " ")
        if checked:
            out += [f"echo @@B {index}", "status", line, f"echo @@A {index}", "status"]
        else:
            out.append(line)
    out.append("status")
    sys.stdout.write("\n".join(out) + "\n")


STATUS_KEYS = ("dataset", "rows", "flavor", "active", "text", "firstResponder", "scope", "shown", "matches",
               "selected")


def status_block(lines, start):
    """The 'key: value' lines of one status starting at `start`."""
    block = []
    index = start
    while index < len(lines) and len(block) < len(STATUS_KEYS):
        if lines[index].split(":", 1)[0] in STATUS_KEYS:
            block.append(lines[index])
        else:
            # Something else between: a tracing line, a warning. Status is ten lines in a row.
            return None
        index += 1
    return block


def check(path):
    lines = open(path, encoding="utf-8", errors="replace").read().split("\n")
    marker = re.compile(r"^@@([BA]) (\d+)$")
    befores, afters, failed = {}, {}, set()
    current = None
    for index, line in enumerate(lines):
        match = marker.match(line)
        if match:
            kind, ident = match.group(1), int(match.group(2))
            block = status_block(lines, index + 1)
            (befores if kind == "B" else afters)[ident] = block
            current = ident if kind == "B" else None
            continue
        if current is not None and line.startswith("error:"):
            failed.add(current)
    problems = []
    for ident in sorted(failed):
        before, after = befores.get(ident), afters.get(ident)
        if before is None or after is None:
            continue
        if before != after:
            problems.append(f"command {ident} failed and changed the status: {before} -> {after}")
    for problem in problems[:5]:
        print(problem)
    compared = sum(1 for ident in failed if befores.get(ident) and afters.get(ident))
    print(f"compared {compared} failed commands")
    return 1 if problems else 0


if __name__ == "__main__":
    if sys.argv[1] == "generate":
        generate(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
    else:
        sys.exit(check(sys.argv[2]))
