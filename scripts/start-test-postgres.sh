#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on 127.0.0.1 for the PostgreSQL pass of the API tests and
# prints its admin URL. Usage: eval "$(scripts/start-test-postgres.sh)"; later: pg_ctl stop via
# the printed STOP_TEST_POSTGRES command.
set -euo pipefail
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$pgbin" ]; then
  echo "PostgreSQL is not installed: apt-get install -y postgresql" >&2
  exit 1
fi
port=${TEST_PG_PORT:-55432}
dir=$(mktemp -d /tmp/fleet-pg.XXXXXX)
run() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$dir"
run "'$pgbin/initdb' -D '$dir/data' -A trust -U postgres >'$dir/initdb.log' 2>&1"
run "'$pgbin/pg_ctl' -D '$dir/data' -l '$dir/server.log' -w -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off\" start >/dev/null"
echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
echo "export STOP_TEST_POSTGRES=\"$(printf '%q' "$pgbin/pg_ctl") -D $dir/data -m fast stop\""
