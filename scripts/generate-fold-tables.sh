#!/usr/bin/env bash
# Writes Sources/Backends/Postgres/PostgresFoldTables+Stored.swift (the fold's) and
# PostgresForms+Stored.swift (the ci and strip forms') from TextFolding: run it when
# PostgresFoldTablesTests says the stored tables differ (a toolchain with new Unicode tables).
set -euo pipefail
cd "$(dirname "$0")/.."
SEARCHSHELL_WRITE_FOLD_TABLES=1 swift test --filter 'PostgresFoldTablesTests/theStored(Form)?TablesAreTheComputedOnes'
swift format -i Sources/Backends/Postgres/PostgresFoldTables+Stored.swift Sources/Backends/Postgres/PostgresForms+Stored.swift
git diff --stat -- Sources/Backends/Postgres/PostgresFoldTables+Stored.swift Sources/Backends/Postgres/PostgresForms+Stored.swift
