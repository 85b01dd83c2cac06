#!/usr/bin/env bash
# Runs every test: native (cargo test), headless-browser (wasm-bindgen-test in
# Chromium), and end-to-end tests of the site (playwright-core + Debian's Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export CHROMEDRIVER=/usr/bin/chromedriver

echo "== native tests"
cargo test --quiet

echo "== browser tests (wasm-bindgen-test, headless Chromium), scalar wasm"
wasm-pack test --headless --chrome

echo "== browser tests again with WebAssembly SIMD (+simd128): the same golden hashes"
CARGO_TARGET_DIR=target/simd RUSTFLAGS="-C target-feature=+simd128" \
  wasm-pack test --headless --chrome

# The site's package (www/pkg/ and pkg/) and the benchmark page's scalar package and JS peers.
node bench/prepare.mjs

echo "== fuzz suite (tests/fuzz/, the built package in Node): bad-input matrix over every"
echo "   export, issue 11's examples, property tests, 100 000 mixed bad calls"
node --test --test-concurrency=1 tests/fuzz/

echo "== site end-to-end tests"
node --test --test-concurrency=1 tests/e2e/
