#!/usr/bin/env bash
# libFuzzer with AddressSanitizer on ShellCore (over the Backends, Engine, Tables and UIKitModel modules,
# built first as static libraries): one binary holds every target in
# Tests/ShellCoreTests/Fuzz (compiled into the ShellCore module with -D FUZZING, so the targets
# see internal types), chosen at run time.
#
#   scripts/fuzz.sh list                 # the targets
#   scripts/fuzz.sh TARGET [SECONDS]     # fuzz TARGET (default 60 s) from its seed corpus
#   scripts/fuzz.sh TARGET 0 FILE...     # run TARGET once on each FILE (reproduce a finding)
#
# The working corpus grows in .build/fuzz/corpus/TARGET (the committed seeds in Fuzz/Corpus stay
# small); findings land in .build/fuzz/findings/TARGET. Keep each one that failed as a regression
# in Fuzz/Regressions/TARGET/, which `swift test` replays. Fuzz/Dictionaries/TARGET.dict, when
# present, gives libFuzzer the target's words (command names, options). FUZZ_OPT=-O builds optimised (debug
# assertions off); the default -Onone keeps them. FUZZ_FLAGS passes more libFuzzer flags.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:-}
if [ -z "$target" ] || [ "$target" = list ]; then
  grep -ho '^    "[a-z-]*":' Tests/ShellCoreTests/Fuzz/FuzzTargets.swift | tr -d ' ":'
  exit 0
fi
out=$(pwd)/.build/fuzz
opt=${FUZZ_OPT:--Onone}
bin=$out/searchshell-fuzz$opt
sources=$(find "$(pwd)/Sources/ShellCore" "$(pwd)/Tests/ShellCoreTestSupport" "$(pwd)/Tests/ShellCoreTests/Fuzz" -name '*.swift' ! -name '*Tests.swift' | sort)
model=$(find "$(pwd)/Sources/UIKitModel" -name '*.swift' | sort)
tables=$(find "$(pwd)/Sources/Tables" -name '*.swift' | sort)
engine=$(find "$(pwd)/Sources/Engine" -name '*.swift' | sort)
backends=$(find "$(pwd)/Sources/Backends" -name '*.swift' | sort)
stamp=$bin.stamp
mkdir -p "$out"
if [ ! -x "$bin" ] || [ ! -f "$stamp" ] || [ -n "$(find $sources $model Fuzz/Entry.swift scripts/fuzz.sh -newer "$stamp" | head -1)" ] || [ -n "$(find $tables $engine $backends -newer "$stamp" | head -1)" ]; then
  echo "building $bin ($opt)..." >&2
  # ShellCore imports the UIKit model, its own module: built first as a static library, with the
  # same package name so ShellCore sees its `package` declarations.
  # shellcheck disable=SC2086
  swiftc -parse-as-library -module-name UIKitModel -package-name searchshell -sanitize=fuzzer,address \
    -swift-version 6 "$opt" -g -emit-module -emit-module-path "$out/UIKitModel.swiftmodule" \
    -emit-library -static -o "$out/libUIKitModel.a" $model
  # The tables tier on top of it, the same way; with testing enabled, as the harnesses import
  # it `@testable` (its gzip reader imports zlib through its module map, which links `z`).
  # shellcheck disable=SC2086
  swiftc -parse-as-library -module-name Tables -package-name searchshell -sanitize=fuzzer,address \
    -swift-version 6 "$opt" -g -enable-testing -I "$out" -I "$(pwd)/Sources/CZlib" -emit-module -emit-module-path "$out/Tables.swiftmodule" \
    -emit-library -static -o "$out/libTables.a" $tables
  # The engine on top of the tables, the same way (its sweep imports CPrefetch).
  # shellcheck disable=SC2086
  swiftc -parse-as-library -module-name Engine -package-name searchshell -sanitize=fuzzer,address \
    -swift-version 6 "$opt" -g -enable-testing -I "$out" -I "$(pwd)/Sources/CZlib" -I "$(pwd)/Sources/CPrefetch" -emit-module \
    -emit-module-path "$out/Engine.swiftmodule" -emit-library -static -o "$out/libEngine.a" $engine
  # The backends on top of the engine; the PostgreSQL backend imports libpq through its module
  # map (which links `pq`).
  # shellcheck disable=SC2086
  swiftc -parse-as-library -module-name Backends -package-name searchshell -sanitize=fuzzer,address \
    -swift-version 6 "$opt" -g -enable-testing -I "$out" -I "$(pwd)/Sources/CZlib" -I "$(pwd)/Sources/CLibPQ" -I "$(pwd)/Sources/CPrefetch" -emit-module \
    -emit-module-path "$out/Backends.swiftmodule" -emit-library -static -o "$out/libBackends.a" $backends
  # shellcheck disable=SC2086
  swiftc -parse-as-library -module-name ShellCore -package-name searchshell -D FUZZING -sanitize=fuzzer,address -swift-version 6 "$opt" -g \
    -I "$out" -L "$out" -lBackends -lEngine -lTables -lUIKitModel -lz \
    -I "$(pwd)/Sources/CZlib" -I "$(pwd)/Sources/CLibPQ" -I "$(pwd)/Sources/CPrefetch" $sources "$(pwd)/Fuzz/Entry.swift" -o "$bin" 2> >(grep -v 'Cannot export local symbol' >&2)
  touch "$stamp"
fi
seconds=${2:-60}
export SEARCHSHELL_FUZZ_TARGET=$target
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}
if [ "$seconds" = 0 ]; then
  shift 2
  exec "$bin" -runs=1 "$@"
fi
corpus=$out/corpus/$target
findings=$out/findings/$target
mkdir -p "$corpus" "$findings" "Fuzz/Corpus/$target"
dict=()
[ -f "Fuzz/Dictionaries/$target.dict" ] && dict=(-dict="Fuzz/Dictionaries/$target.dict")
# shellcheck disable=SC2086
exec "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=${FUZZ_MAX_LEN:-4096} \
  -artifact_prefix="$findings/" -print_final_stats=1 "${dict[@]}" ${FUZZ_FLAGS:-} "$corpus" "$(pwd)/Fuzz/Corpus/$target"
