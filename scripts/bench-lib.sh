# Sourced by the benchmark scripts (bench.sh, instructions.sh, live-bench.sh), from the package's
# root: installs the tools they compare or count with, and makes their data files.

# A start-up file of the user's would change what the shell prints: none runs here.
export SEARCHSHELL_RC=

# Whether a command is on the PATH.
bench_need() { command -v "$1" >/dev/null 2>&1; }

# Installs Debian packages (as root, or through sudo). A fresh machine has no package lists yet,
# so a failed install refreshes them once and tries again. Warns and returns 1 when it cannot.
bench_install() {
  local sudo_cmd=()
  if ! bench_need apt-get; then
    echo "warning: cannot install $* (no apt-get)" >&2
    return 1
  fi
  if [ "$(id -u)" != 0 ]; then
    if ! bench_need sudo; then
      echo "warning: cannot install $* (not root, no sudo)" >&2
      return 1
    fi
    sudo_cmd=(sudo)
  fi
  echo "installing: $*" >&2
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get install -y -qq "$@" >/dev/null 2>&1 && return 0
  "${sudo_cmd[@]}" apt-get update -qq >/dev/null 2>&1 || true
  local output
  if ! output=$("${sudo_cmd[@]}" apt-get install -y -qq "$@" 2>&1); then
    echo "$output" >&2
    echo "warning: could not install $*" >&2
    return 1
  fi
}

# Makes FILE with ROWS rows of scripts/gen-words.py's words (installing Debian's word list first
# when it is missing), unless it is already there from the same word list (its stamp says so): a
# file made before the word list was installed, or by another version of the generator, is made
# again.
bench_data() {
  local rows=$1 file=$2 want
  [ -e /usr/share/dict/words ] || bench_install wamerican || true
  want=$(python3 scripts/gen-words.py --stamp "$rows")
  if [ -s "$file" ] && [ "$(cat "$file.stamp" 2>/dev/null)" = "$want" ]; then return 0; fi
  echo "generating $file ($rows rows)" >&2
  mkdir -p "$(dirname "$file")"
  python3 scripts/gen-words.py "$rows" "$file"
}
