#!/usr/bin/env bash
# Starts a throw-away PostgreSQL server on 127.0.0.1 for the store's integration tests and prints its URL.
# Installs Debian's `postgresql` when missing; runs the server as a non-root user in a temporary folder.
# Usage: url=$(bash .ci/postgres.sh start /tmp/dir)   ...   bash .ci/postgres.sh stop /tmp/dir
# `resume` starts a stopped server of that folder again, on its port (the fault drill: scripts/fault-drill.mjs).
set -euo pipefail
action=${1:?start|stop|resume}
dir=${2:?data folder}

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ "$action" = stop ]; then
  [ -n "$bin" ] && [ -f "$dir/data/postmaster.pid" ] || exit 0
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null
  else "$bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null; fi
  exit 0
fi
if [ "$action" = resume ]; then
  run=()
  [ "$(id -u)" = 0 ] && run=(runuser -u postgres --)
  "${run[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 120 -o "$(cat "$dir/options")" start >&2
  exit 0
fi

if [ -z "$bin" ]; then
  echo "== installing Debian postgresql for the store's integration tests" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >/dev/null
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi

port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
mkdir -p "$dir"
as_user=()
if [ "$(id -u)" = 0 ]; then
  # The server refuses to run as root: the package's `postgres` user owns the folder.
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$dir"
  as_user=(runuser -u postgres --)
fi
# A throw-away server: nothing it writes must survive a crash, so it skips the disk flushes (each test creates and
# drops a database, which flushes whole files); what a transaction sees and commits is unchanged.
THROWAWAY="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
"${as_user[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >"$dir/initdb.log" 2>&1
# Kept for `resume`, which starts the server again as it was.
echo "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir $THROWAWAY" >"$dir/options"
"${as_user[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 120 -o "$(cat "$dir/options")" start >&2
echo "postgres://postgres@127.0.0.1:$port/postgres"
