#!/usr/bin/env bash
# Writes Sources/Backends/Postgres/PostgresFoldTables+Stored.swift from TextFolding: run it when
# PostgresFoldTablesTests says the stored fold tables differ (a toolchain with new Unicode tables).
set -euo pipefail
cd "$(dirname "$0")/.."
SEARCHSHELL_WRITE_FOLD_TABLES=1 swift test --filter 'PostgresFoldTablesTests/theStoredTablesAreTheComputedOnes'
swift format -i Sources/Backends/Postgres/PostgresFoldTables+Stored.swift
git diff --stat -- Sources/Backends/Postgres/PostgresFoldTables+Stored.swift
