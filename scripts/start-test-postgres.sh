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
# The first free port from 55432 on, unless TEST_PG_PORT names one: a cluster left running by an
# earlier run must not make this one fail.
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
port=${TEST_PG_PORT:-}
if [ -z "$port" ]; then
  for candidate in $(seq 55432 55532); do
    if port_free "$candidate"; then port=$candidate; break; fi
  done
fi
[ -n "$port" ] || { echo "No free port for the test PostgreSQL in 55432-55532" >&2; exit 1; }
dir=$(mktemp -d /tmp/fleet-pg.XXXXXX)
run() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$dir"
run "'$pgbin/initdb' -D '$dir/data' -A trust -U postgres >'$dir/initdb.log' 2>&1"
run "'$pgbin/pg_ctl' -D '$dir/data' -l '$dir/server.log' -w -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off\" start >/dev/null" || {
  echo "The test PostgreSQL did not start; its log:" >&2
  cat "$dir/server.log" >&2
  exit 1
}
echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
echo "export STOP_TEST_POSTGRES=\"$(printf '%q' "$pgbin/pg_ctl") -D $dir/data -m fast stop\""
