#!/usr/bin/env bash
# Installs Debian's Chromium when it is missing: chromium-headless-shell for
# the browser tests (Chromium's own headless build, the one Playwright runs
# headless by default: a third less CPU than the full browser), and chromium
# for the Lighthouse and page-size benchmarks.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 && command -v chromium-headless-shell >/dev/null 2>&1; then
  exit 0
fi
echo "Chromium is missing: installing Debian's chromium and chromium-headless-shell packages (about 30 s)..."
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "Need root or sudo to install Chromium (apt-get install -y chromium chromium-headless-shell)." >&2; exit 1; }
  as_root=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq chromium chromium-headless-shell >/dev/null
for browser in chromium chromium-headless-shell; do
  command -v "$browser" >/dev/null 2>&1 || { echo "$browser did not install." >&2; exit 1; }
done
echo "Chromium installed: $(chromium --version 2>/dev/null | head -n 1)"
