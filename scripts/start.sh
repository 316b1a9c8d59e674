#!/usr/bin/env bash
# npm start: install what is missing, build what changed, then run the server on the embedded
# default (PGlite in ./data, dev mailbox) at http://127.0.0.1:${PORT:-3000}.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
bash scripts/build-if-needed.sh
exec node --enable-source-maps apps/server/dist/main.js
