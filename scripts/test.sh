#!/usr/bin/env bash
# npm test: install what is missing, then typecheck, lint, unit and integration tests (PGlite, and
# PostgreSQL again when DATABASE_URL is set), build, and the end-to-end journeys in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh --browser

echo "== typecheck =="
npm run typecheck --silent
echo "== lint =="
npm run lint --silent

echo "== unit and integration tests (embedded PGlite) =="
# both cores: vitest's default is one worker fewer than the CPUs (one here). Each file has its own
# PGlite database and data folder and, without REDIS_URL, its own in-process bus, so files share
# nothing. On PostgreSQL too each file makes a database of its own; the few servers that use Redis
# (the bus and the budgets across processes) count under random keys and listen for their own
# messages only, so two files may run at once there as well.
env -u DATABASE_URL -u REDIS_URL npx vitest run --maxWorkers=2
if [ -n "${DATABASE_URL:-}" ]; then
  echo "== server integration tests again on PostgreSQL =="
  npx vitest run --project server --maxWorkers=2
fi

echo "== build =="
npm run build
touch apps/server/dist/.build-stamp

echo "== end-to-end (Chromium) =="
npm run test:e2e --silent
