#!/usr/bin/env bash
# Runs a command against a private, throwaway PostgreSQL primary and a streaming read replica of
# it (pg_basebackup -R), each on a free loopback port, then stops and deletes both.
# Usage: scripts/with-replica.sh <command...>
#
# Exports to the command:
#   DATABASE_URL       the primary (wal_level=replica)
#   DATABASE_READ_URL  the hot-standby replica, already streaming from the primary
#   REPLICA_PORT, REPLICA_DATA_DIR
#   REPLICA_CTL        `"$REPLICA_CTL" stop|start|pause|resume`: stops (fast) or starts the
#                      replica with its own settings, as the right user, waiting until done; or
#                      pauses / resumes its replay (tests of an outage and of lag use it)
# Needs Debian's postgresql package (the server binaries under /usr/lib/postgresql/<major>/bin).
set -euo pipefail

PG_BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}"
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ] || [ ! -x "$PG_BIN/pg_basebackup" ]; then
  echo "with-replica: PostgreSQL server binaries not found (apt-get install -y postgresql)" >&2
  exit 1
fi

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}
PRIMARY_PORT="$(free_port)"
REPLICA_PORT="$(free_port)"
while [ "$REPLICA_PORT" = "$PRIMARY_PORT" ]; do REPLICA_PORT="$(free_port)"; done

WORK="$(mktemp -d /tmp/trustlinks-replica.XXXXXX)"
mkdir -p "$WORK/primary" "$WORK/socket"
COMMON_OPTS="-k $WORK/socket -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"

# The replica's start-up, in a script of its own so a test can stop and start it again.
cat >"$WORK/replica-ctl" <<EOF
#!/usr/bin/env bash
set -euo pipefail
run() { if [ "\$(id -u)" = "0" ]; then runuser -u postgres -- "\$@"; else "\$@"; fi; }
case "\${1:-}" in
  stop) run "$PG_BIN/pg_ctl" -D "$WORK/replica" -m fast -w stop >/dev/null ;;
  start)
    run "$PG_BIN/pg_ctl" -D "$WORK/replica" -l "$WORK/replica.log" -w \\
      -o "-p $REPLICA_PORT $COMMON_OPTS -c hot_standby=on" start >/dev/null ;;
  pause | resume)
    run "$PG_BIN/psql" -h 127.0.0.1 -p "$REPLICA_PORT" -U postgres -d postgres -Atqc \\
      "SELECT pg_wal_replay_\$1()" >/dev/null ;;
  *) echo "usage: \$0 stop|start|pause|resume" >&2; exit 2 ;;
esac
EOF
chmod +x "$WORK/replica-ctl"

as_postgres() {
  if [ "$(id -u)" = "0" ]; then
    chown -R postgres:postgres "$WORK"
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

cleanup() {
  as_postgres "$PG_BIN/pg_ctl" -D "$WORK/replica" -m immediate stop >/dev/null 2>&1 || true
  as_postgres "$PG_BIN/pg_ctl" -D "$WORK/primary" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

# The primary: initdb's pg_hba.conf lets local replication connections in with the same method.
as_postgres "$PG_BIN/initdb" -D "$WORK/primary" -A trust -U postgres --no-sync >/dev/null
as_postgres "$PG_BIN/pg_ctl" -D "$WORK/primary" -l "$WORK/primary.log" -w \
  -o "-p $PRIMARY_PORT $COMMON_OPTS -c wal_level=replica -c max_wal_senders=5" start >/dev/null
as_postgres "$PG_BIN/createdb" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres trustlinks

# The replica: a base backup that writes standby.signal and primary_conninfo (-R).
as_postgres "$PG_BIN/pg_basebackup" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres \
  -D "$WORK/replica" -R -X stream -c fast --no-sync
as_postgres chmod 700 "$WORK/replica"
as_postgres "$WORK/replica-ctl" start

# Streaming, not just started: the primary sees a WAL sender in state 'streaming'.
for _ in $(seq 1 100); do
  state="$(as_postgres "$PG_BIN/psql" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -d postgres -Atqc \
    "SELECT state FROM pg_stat_replication LIMIT 1" 2>/dev/null || true)"
  [ "$state" = "streaming" ] && break
  sleep 0.1
done
if [ "${state:-}" != "streaming" ]; then
  echo "with-replica: the replica did not start streaming; its log:" >&2
  cat "$WORK/replica.log" >&2 || true
  exit 1
fi

echo "with-replica: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') primary on 127.0.0.1:$PRIMARY_PORT, streaming replica on 127.0.0.1:$REPLICA_PORT" >&2
export DATABASE_URL="postgres://postgres@127.0.0.1:$PRIMARY_PORT/trustlinks"
export DATABASE_READ_URL="postgres://postgres@127.0.0.1:$REPLICA_PORT/trustlinks"
export REPLICA_PORT
export REPLICA_DATA_DIR="$WORK/replica"
export REPLICA_CTL="$WORK/replica-ctl"
"$@"
