#!/usr/bin/env bash
# Installs Debian's nginx for the deployment test when it is missing. The
# test runs nginx from a scratch folder of its own; the package's own
# service is not needed, so it is stopped if the install started it.
set -euo pipefail
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
  exit 0
fi
echo "nginx is missing: installing Debian's nginx package (about 10 s)..."
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "Need root or sudo to install nginx (apt-get install -y nginx)." >&2; exit 1; }
  as_root=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq nginx >/dev/null
"${as_root[@]}" service nginx stop >/dev/null 2>&1 || true
[ -x /usr/sbin/nginx ] || { echo "nginx did not install." >&2; exit 1; }
echo "nginx installed: $(/usr/sbin/nginx -v 2>&1)"
