#!/usr/bin/env bash
# Builds the npm-style package into pkg/ (name: landform) and copies it into www/pkg/
# for the site. Release profile: LTO, one codegen unit, wasm-opt -O3, no debug info.
set -euo pipefail
cd "$(dirname "$0")/.."
# Debian's wasm-opt (binaryen 108) predates the reference-types table that rustc ≥ 1.82
# emits by default and corrupts it, so the release build turns reference types off.
export RUSTFLAGS="${LANDFORM_RUSTFLAGS:--C target-feature=-reference-types}"
wasm-pack build --target web --release --out-dir pkg --out-name landform "$@" >&2
rm -rf www/pkg && mkdir -p www/pkg
cp pkg/landform.js pkg/landform_bg.wasm pkg/landform.d.ts www/pkg/
wasm=$(stat -c %s pkg/landform_bg.wasm); gz=$(gzip -9c pkg/landform_bg.wasm | wc -c)
js=$(stat -c %s pkg/landform.js); jsgz=$(gzip -9c pkg/landform.js | wc -c)
echo "[build] landform_bg.wasm ${wasm} B (${gz} B gzipped), landform.js ${js} B (${jsgz} B gzipped)" >&2
