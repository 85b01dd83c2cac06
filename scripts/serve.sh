#!/usr/bin/env bash
# Installs what is missing, builds the wasm package, and serves www/ at a local URL.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
exec node scripts/serve.mjs "${PORT:-8080}"
