#!/bin/sh
# Regenerates what the option and command registries document: docs/searchshell.1 (the man
# page) and docs/reference.md. Run it after adding or changing an option or a command; the
# EndToEndTests' GeneratedDocsTests fail while either is stale.
set -eu
cd "$(dirname "$0")/.."
swift build --product searchshell >/dev/null
binary="$(swift build --show-bin-path)/searchshell"
"$binary" --generate-man >docs/searchshell.1
"$binary" --generate-reference >docs/reference.md
echo "wrote docs/searchshell.1 and docs/reference.md"
