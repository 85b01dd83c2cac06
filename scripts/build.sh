#!/usr/bin/env bash
# Builds the npm-style package into pkg/ (name: landform) and copies it into www/pkg/
# for the site. Release profile: LTO, one codegen unit, wasm-opt -O3, no debug info.
#
#   LANDFORM_SIMD=0   scalar build (no WebAssembly SIMD); default 1: +simd128
#   LANDFORM_OUT=dir  build into dir instead of pkg/ (and do not touch www/pkg/);
#                     the benchmark uses this for www/bench/pkg-scalar/
#
# Both builds give the same bits (tests/web.rs golden hashes, run on both by test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
simd="${LANDFORM_SIMD:-1}"
out="${LANDFORM_OUT:-pkg}"
# Debian's wasm-opt (binaryen 108) predates the reference-types table that rustc ≥ 1.82
# emits by default and corrupts it, so the release build turns reference types off.
flags="-C target-feature=-reference-types"
if [ "$simd" != 0 ]; then
  flags="$flags,+simd128"
else
  # Separate target dir: switching RUSTFLAGS would otherwise rebuild everything each time.
  export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target/scalar}"
fi
export RUSTFLAGS="${LANDFORM_RUSTFLAGS:-$flags}"
wasm-pack build --target web --release --out-dir "$out" --out-name landform "$@" >&2
# Methods check their `this` (a live instance of their class) before entering wasm.
node scripts/guard-glue.mjs "$out/landform.js"
# The worker pool ships in the package: its glue import points at the sibling
# landform.js there (in www/js/ it points at ../pkg/landform.js).
sed "s#'../pkg/#'./#" www/js/pool.js > "$out/pool.js"
cp www/js/pool-worker.js "$out/pool-worker.js"
# plain.js: the boundary's reader of specs (src/wasm/args.rs imports it as a snippet;
# the pool imports this copy beside it).
cp src/wasm/plain.js "$out/plain.js"
# So does the GPU eroder with its CPU fallback worker and the worker protocol they
# speak (same rewrite of the glue paths).
for f in erosion.js erosion-gpu.js erosion-worker.js erosion-cpu.js worker-protocol.js; do
  sed -e "s#'../pkg/landform.js'#'./landform.js'#" -e "s#'../pkg/landform_bg.wasm'#'./landform_bg.wasm'#" "www/js/$f" > "$out/$f"
done
cp www/js/erosion.d.ts "$out/erosion.d.ts"
# The licence texts (Cargo.toml: MIT OR Apache-2.0) ship with the package.
cp LICENSE-MIT LICENSE-APACHE "$out/"
# The anti-tiling shaders (src/texture/shaders/) as strings: texture.js + texture.d.ts.
node scripts/texture-module.mjs "$out"
node -e '
  const fs = require("fs"); const f = process.argv[1] + "/package.json";
  const p = JSON.parse(fs.readFileSync(f, "utf8"));
  p.files = [...new Set([...(p.files || []), "pool.js", "pool-worker.js", "plain.js", "snippets", "texture.js", "texture.d.ts",
    "erosion.js", "erosion-gpu.js", "erosion-worker.js", "erosion-cpu.js", "worker-protocol.js", "erosion.d.ts", "LICENSE-MIT", "LICENSE-APACHE"])];
  p.exports = { ".": { types: "./landform.d.ts", default: "./landform.js" }, "./pool.js": "./pool.js", "./plain.js": "./plain.js",
    "./texture.js": { types: "./texture.d.ts", default: "./texture.js" },
    "./erosion.js": { types: "./erosion.d.ts", default: "./erosion.js" }, "./package.json": "./package.json" };
  fs.writeFileSync(f, JSON.stringify(p, null, 2) + "\n");
' "$out"
if [ "$out" = pkg ]; then
  rm -rf www/pkg && mkdir -p www/pkg
  cp -r pkg/landform.js pkg/landform_bg.wasm pkg/landform.d.ts pkg/pool.js pkg/pool-worker.js pkg/plain.js pkg/snippets \
    pkg/texture.js pkg/texture.d.ts pkg/erosion.js pkg/erosion-gpu.js pkg/erosion-worker.js pkg/erosion-cpu.js pkg/worker-protocol.js \
    pkg/erosion.d.ts www/pkg/
fi
wasm=$(stat -c %s "$out/landform_bg.wasm"); gz=$(gzip -9c "$out/landform_bg.wasm" | wc -c)
js=$(stat -c %s "$out/landform.js"); jsgz=$(gzip -9c "$out/landform.js" | wc -c)
pool=$(cat "$out/pool.js" "$out/pool-worker.js" | wc -c); poolgz=$(cat "$out/pool.js" "$out/pool-worker.js" | gzip -9c | wc -c)
kind=$([ "$simd" != 0 ] && echo SIMD || echo scalar)
echo "[build] $out ($kind): landform_bg.wasm ${wasm} B (${gz} B gzipped), landform.js ${js} B (${jsgz} B gzipped), pool ${pool} B (${poolgz} B gzipped)" >&2
