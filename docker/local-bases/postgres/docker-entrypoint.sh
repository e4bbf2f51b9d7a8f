#!/bin/sh
# On an empty data directory: initdb with POSTGRES_USER and POSTGRES_PASSWORD (scram-sha-256 over TCP,
# trust on the container's own socket), create POSTGRES_DB, run /docker-entrypoint-initdb.d/*.sql|*.sh on a
# server listening on the socket only; then start postgres on every address.
set -eu
if [ "${1:-}" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set (the superuser password)}"
  user="${POSTGRES_USER:-postgres}"
  db="${POSTGRES_DB:-$user}"
  pwfile="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
  initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 -D "$PGDATA"
  rm -f "$pwfile"
  printf 'host all all all scram-sha-256\n' >> "$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -w -o "-c listen_addresses=''" start
  if [ "$db" != postgres ]; then psql -v ON_ERROR_STOP=1 -U "$user" -d postgres -c "CREATE DATABASE \"$db\""; fi
  for script in $(find /docker-entrypoint-initdb.d -maxdepth 1 -type f | sort); do
    case "$script" in
      *.sql) echo "$0: running $script"; psql -v ON_ERROR_STOP=1 -U "$user" -d "$db" -f "$script" ;;
      *.sh) echo "$0: running $script"; . "$script" ;;
      *) echo "$0: ignoring $script" ;;
    esac
  done
  pg_ctl -D "$PGDATA" -m fast -w stop
fi
if [ "${1:-}" = postgres ]; then
  shift
  exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"
fi
exec "$@"
