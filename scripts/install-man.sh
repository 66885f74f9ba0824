#!/bin/sh
# Installs the man page: 'man searchshell' then finds it. PREFIX defaults to ~/.local
# (man-db looks in ~/.local/share/man when ~/.local/bin is on PATH); PREFIX=/usr/local for
# every user (run as root).
set -eu
cd "$(dirname "$0")/.."
prefix="${PREFIX:-$HOME/.local}"
mkdir -p "$prefix/share/man/man1"
cp docs/searchshell.1 "$prefix/share/man/man1/searchshell.1"
echo "installed $prefix/share/man/man1/searchshell.1"
