#!/usr/bin/env bash
# Installs what the project needs on a fresh machine: the npm packages (again whenever the lockfile
# changes) and, with --browser, Debian's chromium for the end-to-end tests.
set -euo pipefail
cd "$(dirname "$0")/.."

stamp=node_modules/.sapa-install-stamp
want="$(node --version) $(sha256sum package-lock.json | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "== installing npm packages =="
  # npm install, not npm ci: the registry here lacks some optional platform packages (e.g. rollup's
  # android binaries), which npm ci counts as a lockfile mismatch. The lockfile still pins every version.
  npm install --no-audit --no-fund --loglevel=error
  echo "$want" > "$stamp"
fi

if [ "${1:-}" = "--browser" ] && [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ]; then
    echo "== installing Debian's chromium =="
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "chromium is missing: install it with 'sudo apt-get install chromium'" >&2
    exit 1
  fi
fi
