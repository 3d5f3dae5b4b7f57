#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a private, throwaway PostgreSQL on a free
# loopback port, then stops it. Usage: scripts/with-postgres.sh <command...>
# Needs Debian's postgresql package (the server binaries under /usr/lib/postgresql/<major>/bin).
set -euo pipefail

PG_BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}"
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  echo "with-postgres: PostgreSQL server binaries not found (apt-get install -y postgresql)" >&2
  exit 1
fi

PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
WORK="$(mktemp -d /tmp/trustlinks-pg.XXXXXX)"
mkdir -p "$WORK/data" "$WORK/socket"

as_postgres() {
  if [ "$(id -u)" = "0" ]; then
    chown -R postgres:postgres "$WORK"
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

cleanup() {
  as_postgres "$PG_BIN/pg_ctl" -D "$WORK/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

as_postgres "$PG_BIN/initdb" -D "$WORK/data" -A trust -U postgres --no-sync >/dev/null
as_postgres "$PG_BIN/pg_ctl" -D "$WORK/data" -l "$WORK/postgres.log" -w \
  -o "-p $PORT -k $WORK/socket -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
as_postgres "$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres trustlinks

echo "with-postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT" >&2
export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/trustlinks"
"$@"
