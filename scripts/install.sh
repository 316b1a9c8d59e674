#!/usr/bin/env bash
# Installs what the project needs on a fresh machine: the npm packages (again whenever the lockfile
# changes) and, with --browser or --bench, the Debian packages those need (see below).
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

# Debian packages: chromium for the end-to-end tests (--browser); chromium and wrk, the load generator
# of bench/inbox.ts, for the benchmarks (--bench).
packages=()
for arg in "$@"; do
  case "$arg" in
    --browser) [ -x /usr/bin/chromium ] || packages+=(chromium) ;;
    --bench)
      [ -x /usr/bin/chromium ] || packages+=(chromium)
      [ -x /usr/bin/wrk ] || packages+=(wrk)
      ;;
  esac
done
if [ ${#packages[@]} -gt 0 ]; then
  if [ "$(id -u)" = "0" ]; then
    echo "== installing Debian's ${packages[*]} =="
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
  else
    echo "missing: install with 'sudo apt-get install ${packages[*]}'" >&2
    exit 1
  fi
fi
