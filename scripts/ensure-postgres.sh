#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers on 127.0.0.1:5432 for the
# integration tests (user postgres, trust authentication on loopback):
# starts the installed cluster when it is down, and installs Debian's
# postgresql package on a machine that has none.
set -euo pipefail
as_root=()
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then as_root=(sudo); fi

answers() { node -e "
  const s = require('node:net').connect(5432, '127.0.0.1');
  s.on('connect', () => { s.end(); process.exit(0); });
  s.on('error', () => process.exit(1));
  setTimeout(() => process.exit(1), 2000);"; }

if answers; then exit 0; fi

if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  echo "PostgreSQL is not installed: installing Debian's postgresql package..."
  export DEBIAN_FRONTEND=noninteractive
  "${as_root[@]}" apt-get update -qq
  "${as_root[@]}" apt-get install -y -qq postgresql >/dev/null
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  hba="/etc/postgresql/$version/main/pg_hba.conf"
  # The tests connect as postgres over loopback without a password.
  "${as_root[@]}" sed -i '1i host all postgres 127.0.0.1/32 trust' "$hba"
fi

version=$(ls /etc/postgresql | sort -V | tail -n 1)
echo "Starting PostgreSQL $version..."
"${as_root[@]}" pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
for _ in $(seq 1 30); do
  if answers; then echo "PostgreSQL is up."; exit 0; fi
  sleep 1
done
echo "PostgreSQL did not start on 127.0.0.1:5432." >&2
exit 1
