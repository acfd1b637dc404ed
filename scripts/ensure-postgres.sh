#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers on 127.0.0.1:5432 for the
# integration and deployment tests, and that they can sign in there as the
# test role: `wifi7_test`, no superuser, allowed to create databases (each
# suite makes one of its own and drops it), with a database of the same
# name to connect to first. Starts the installed cluster when it is down and
# installs Debian's postgresql package on a machine that has none.
#
# Trust (no password) is granted on loopback to that role only, never to the
# `postgres` superuser: the role can reach nothing it did not create.
set -euo pipefail
ROLE=wifi7_test
as_root=()
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then as_root=(sudo); fi

answers() { node -e "
  const s = require('node:net').connect(5432, '127.0.0.1');
  s.on('connect', () => { s.end(); process.exit(0); });
  s.on('error', () => process.exit(1));
  setTimeout(() => process.exit(1), 2000);"; }

# psql as the postgres superuser over the local socket (peer authentication).
as_postgres() { "${as_root[@]}" runuser -u postgres -- psql -v ON_ERROR_STOP=1 -qtA "$@"; }

# psql as the test role, the way the tests connect.
as_test_role() { psql "postgres://$ROLE@127.0.0.1:5432/$ROLE" -v ON_ERROR_STOP=1 -qtA "$@"; }

hba_file() { as_postgres -c 'show hba_file'; }

if ! answers; then
  if ! command -v pg_ctlcluster >/dev/null 2>&1; then
    echo "PostgreSQL is not installed: installing Debian's postgresql package..."
    export DEBIAN_FRONTEND=noninteractive
    "${as_root[@]}" apt-get update -qq
    "${as_root[@]}" apt-get install -y -qq postgresql >/dev/null
  fi
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  echo "Starting PostgreSQL $version..."
  "${as_root[@]}" pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  for _ in $(seq 1 30); do
    if answers; then break; fi
    sleep 1
  done
  answers || { echo "PostgreSQL did not start on 127.0.0.1:5432." >&2; exit 1; }
  echo "PostgreSQL is up."
fi

if as_test_role -c 'select 1' >/dev/null 2>&1; then exit 0; fi

echo "Setting up the test role $ROLE (no superuser; creates its own databases)..."
if [ "$(as_postgres -c "select count(*) from pg_roles where rolname = '$ROLE'")" = 0 ]; then
  as_postgres -c "create role $ROLE login createdb nosuperuser nocreaterole"
fi
if [ "$(as_postgres -c "select count(*) from pg_database where datname = '$ROLE'")" = 0 ]; then
  as_postgres -c "create database $ROLE owner $ROLE"
fi
if ! as_test_role -c 'select 1' >/dev/null 2>&1; then
  # The server asks this role for a password: trust it on loopback, and no one else.
  hba=$(hba_file)
  "${as_root[@]}" sed -i "1i host all $ROLE 127.0.0.1/32 trust\nhost all $ROLE ::1/128 trust" "$hba"
  as_postgres -c 'select pg_reload_conf()' >/dev/null
fi
as_test_role -c 'select 1' >/dev/null || {
  echo "Cannot connect to PostgreSQL as $ROLE on 127.0.0.1:5432." >&2
  exit 1
}
echo "PostgreSQL is ready for the tests (role $ROLE)."
