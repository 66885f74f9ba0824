#!/usr/bin/env bash
# Lists Swift files over 400 lines and functions (nested ones too) over 80 lines; prints nothing
# when every file and function is within the sizes docs/architecture.md asks for.
#
#   scripts/sizes.sh              # Sources and Tests
#   scripts/sizes.sh Sources/Engine
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || set -- Sources Tests
find "$@" -name '*.swift' | sort | xargs awk '
  function endfile() { if (file != "" && lines > 400) printf "%s: %d lines\n", file, lines }
  FNR == 1 { endfile(); file = FILENAME; depth = 0; top = 0; pend = 0 }
  {
    lines = FNR; line = $0
    gsub(/"([^"\\]|\\.)*"/, "", line); sub(/\/\/.*/, "", line)
    if (line ~ /(^|[^A-Za-z_.])(func|init|subscript|deinit)[ (<?!]/) { pend = FNR; pname = $0 }
    if (pend && line ~ /\{/) {
      top++; at[top] = pend; base[top] = depth; name[top] = pname; pend = 0
      sub(/^[ \t]+/, "", name[top])
    }
    depth += gsub(/\{/, "{", line) - gsub(/\}/, "}", line)
    while (top > 0 && depth <= base[top]) {
      if (FNR - at[top] + 1 > 80)
        printf "%s:%d: %d-line function: %s\n", file, at[top], FNR - at[top] + 1, substr(name[top], 1, 60)
      top--
    }
  }
  END { endfile() }'
