#!/usr/bin/env bash
# Builds the web app and the server unless the last build is newer than every source file.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=apps/server/dist/.build-stamp
if [ -f "$stamp" ] && [ -f apps/web/dist/index.html ] && [ -z "$(find apps packages package-lock.json \
  \( -name node_modules -o -name dist \) -prune -o -type f -newer "$stamp" -print -quit)" ]; then
  exit 0
fi
echo "== building =="
npm run build
touch "$stamp"
