#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests when it is missing.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then
  exit 0
fi
echo "Chromium is missing: installing Debian's chromium package (about 30 s)..."
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "Need root or sudo to install chromium (apt-get install -y chromium)." >&2; exit 1; }
  as_root=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq chromium >/dev/null
command -v chromium >/dev/null 2>&1 || { echo "chromium did not install." >&2; exit 1; }
echo "Chromium installed: $(chromium --version 2>/dev/null | head -n 1)"
