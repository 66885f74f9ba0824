# Sourced by scripts/pg-bench.sh: its clusters and tables. Uses DIR, PGBIN, WORDS and KEEP.

# Runs a server program as the postgres user when run as root (initdb refuses root).
as_server() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

# The load average now, for every measurement line: the machine may be shared.
load_avg() { cut -d' ' -f1-3 /proc/loadavg; }

# A line for the results file and the terminal.
note() { echo "$*" | tee -a "$RESULTS" >&2; }

# Milliseconds between two `date +%s%N` stamps.
ms() { echo "scale=1; ($2 - $1) / 1000000" | bc; }

# psql on cluster NAME (main, shard0, shard1): unaligned, quiet, stops at the first error.
declare -A PORTS=()
pq() {
  local name=$1
  shift
  PGOPTIONS='-c client_min_messages=warning' command psql -h "$DIR/$name" -p "${PORTS[$name]}" -U postgres -d postgres -qAtX -v ON_ERROR_STOP=1 "$@"
}

STARTED=()
# Starts cluster NAME on PORT in $DIR/NAME (initdb the first time; a Unix socket only). The
# settings trade safety for speed, as a throwaway cluster may: no fsync, and wal_level minimal so
# a table created and filled in one transaction writes no WAL.
bench_cluster() {
  local name=$1 port=$2 folder=$DIR/$1
  PORTS[$name]=$port
  if [ ! -f "$folder/data/PG_VERSION" ]; then
    mkdir -p "$folder"
    [ "$(id -u)" = 0 ] && chown postgres "$folder"
    as_server "$PGBIN/initdb" -D "$folder/data" -U postgres -A trust --locale=C.UTF-8 -E UTF8 --no-sync >/dev/null
  fi
  # A cluster already running (another run's) is used, and left running.
  if ! as_server "$PGBIN/pg_ctl" -D "$folder/data" status >/dev/null 2>&1; then
    # The log lives in the cluster's folder: the server user must be able to write it.
    as_server "$PGBIN/pg_ctl" -D "$folder/data" -l "$folder/log" -w -t 300 -o "-k $folder -p $port \
      -c listen_addresses= -c fsync=off -c full_page_writes=off -c synchronous_commit=off \
      -c wal_level=minimal -c max_wal_senders=0 -c shared_buffers=1GB -c maintenance_work_mem=1GB \
      -c max_wal_size=8GB -c jit=off" start >/dev/null
    STARTED+=("$name")
  fi
}

# Stops the clusters this run started, and removes their folders unless PG_BENCH_KEEP=1.
bench_stop_all() {
  local name
  for name in "${STARTED[@]}"; do
    as_server "$PGBIN/pg_ctl" -D "$DIR/$name/data" stop -m fast >/dev/null 2>&1 || true
    [ "$KEEP" = 1 ] || rm -rf "${DIR:?}/$name"
  done
  [ "$KEEP" = 1 ] || [ -n "${PG_BENCH_WORDS:-}" ] || rm -f "$DIR/words-10m.txt" "$DIR/words-10m.txt.stamp"
  [ "$KEEP" = 1 ] && echo "kept the clusters in $DIR (PG_BENCH_KEEP=1)" >&2
  return 0
}

# The rows of a size: 1m, 10m, 60m, or a number.
bench_rows() {
  case $1 in
    *m) echo $((${1%m} * 1000000)) ;;
    *k) echo $((${1%k} * 1000)) ;;
    *) echo "$1" ;;
  esac
}

# Whether TABLE on cluster NAME is complete: its comment says so (set last).
bench_built() { [ "$(pq "$1" -c "SELECT obj_description(to_regclass('$2'), 'pg_class')")" = "pg-bench $3" ]; }

# words_src on the main cluster: the word file's lines with ids 1…, in order (COPY in the
# transaction that creates the table).
bench_source() {
  bench_built main words_src source && return 0
  bench_data 10000000 "$WORDS"
  echo "loading $WORDS ($(load_avg))" >&2
  pq main -1 -c "DROP TABLE IF EXISTS words_src" \
    -c "CREATE TABLE words_src (id bigint GENERATED ALWAYS AS IDENTITY, text text)" \
    -c "COPY words_src (text) FROM STDIN" -c "COMMENT ON TABLE words_src IS 'pg-bench source'" <"$WORDS"
}

# The category of row `id`: one of eight, spread by a hash.
CATEGORY="(ARRAY['Books','Food','Games','Garden','Music','Sports','Tools','Toys'])[1 + (hashint8(id) & 7)]"

# words_SIZE on the main cluster (id bigint primary key, text, category), ROWS rows: words_src
# repeated with ids shifted by its length, in id order, vacuumed and analyzed. Kept between runs.
bench_table() {
  local size=$1 rows=$2 source_rows start copies k
  bench_built main "words_$size" "$rows" && return 0
  bench_source
  source_rows=$(pq main -c "SELECT count(*) FROM words_src")
  copies=$(((rows + source_rows - 1) / source_rows))
  echo "building words_$size ($rows rows, $(load_avg))" >&2
  start=$(date +%s%N)
  local inserts=()
  for ((k = 0; k < copies; k++)); do
    inserts+=(-c "INSERT INTO words_$size SELECT s.id, s.text, $CATEGORY FROM
      (SELECT id + $((k * source_rows)) AS id, text FROM words_src WHERE id <= $((rows - k * source_rows))) s")
  done
  pq main -1 -c "DROP TABLE IF EXISTS words_$size" \
    -c "CREATE TABLE words_$size (id bigint NOT NULL, text text, category text)" "${inserts[@]}"
  pq main -c "ALTER TABLE words_$size ADD PRIMARY KEY (id)" -c "VACUUM (ANALYZE) words_$size" \
    -c "COMMENT ON TABLE words_$size IS 'pg-bench $rows'"
  note "built words_$size: $rows rows in $(ms "$start" "$(date +%s%N)") ms ($(pq main -c "SELECT pg_size_pretty(pg_total_relation_size('words_$size'))"))"
}

# On the main cluster (the coordinator): postgres_fdw and one foreign server per shard.
bench_fdw_servers() {
  local index
  pq main -c "CREATE EXTENSION IF NOT EXISTS postgres_fdw"
  for index in 0 1; do
    pq main -c "CREATE SERVER IF NOT EXISTS pgbench_shard_$index FOREIGN DATA WRAPPER postgres_fdw OPTIONS
        (host '$DIR/shard$index', port '${PORTS[shard$index]}', dbname 'postgres',
         async_capable 'true', use_remote_estimate 'true', fetch_size '10000')" \
      -c "CREATE USER MAPPING IF NOT EXISTS FOR postgres SERVER pgbench_shard_$index OPTIONS (user 'postgres')"
  done
}

# words_SIZE_sharded on the coordinator: hash-partitioned on id, its two partitions foreign
# tables on the shards, each shard's words_SIZE holding the rows of its partition (copied from
# the main cluster's words_SIZE, with its primary key, vacuumed and analyzed).
bench_sharded_table() {
  local size=$1 table=words_$1 sharded=words_$1_sharded index start
  bench_built main "$sharded" sharded && return 0
  echo "sharding $table ($(load_avg))" >&2
  start=$(date +%s%N)
  pq main -c "DROP TABLE IF EXISTS $sharded" \
    -c "CREATE TABLE $sharded (id bigint NOT NULL, text text, category text) PARTITION BY HASH (id)"
  for index in 0 1; do
    # satisfies_hash_partition: the partition a row of the coordinator's table belongs to.
    pq main -c "COPY (SELECT id, text, category FROM $table
        WHERE satisfies_hash_partition('$sharded'::regclass, 2, $index, id) ORDER BY id) TO STDOUT" |
      pq "shard$index" -1 -c "DROP TABLE IF EXISTS $table" \
        -c "CREATE TABLE $table (id bigint NOT NULL, text text, category text)" -c "COPY $table FROM STDIN"
    pq "shard$index" -c "ALTER TABLE $table ADD PRIMARY KEY (id)" -c "VACUUM (ANALYZE) $table"
    pq main -c "CREATE FOREIGN TABLE ${sharded}_p$index PARTITION OF $sharded
        FOR VALUES WITH (MODULUS 2, REMAINDER $index) SERVER pgbench_shard_$index
        OPTIONS (schema_name 'public', table_name '$table')"
  done
  pq main -c "ANALYZE $sharded" -c "COMMENT ON TABLE $sharded IS 'pg-bench sharded'"
  note "sharded $table over two servers in $(ms "$start" "$(date +%s%N)") ms"
}
