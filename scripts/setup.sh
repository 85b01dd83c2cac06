#!/usr/bin/env bash
# Installs every tool landform's build and tests need, skipping what is already there.
# Safe to run again and again; needs only crates.io, npm and Debian's apt.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\033[1;34m[setup]\033[0m %s\n' "$*"; }

if ! command -v cargo >/dev/null; then
  echo "cargo not found: install Rust with rustup first" >&2
  exit 1
fi
rustup target list --installed 2>/dev/null | grep -q wasm32-unknown-unknown || { say "adding wasm32 target"; rustup target add wasm32-unknown-unknown; }

# wasm-bindgen-cli must equal the wasm-bindgen pinned in Cargo.toml / Cargo.lock.
want=$(grep -A1 'name = "wasm-bindgen"' Cargo.lock | sed -n 's/version = "\(.*\)"/\1/p' | head -n1)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
  say "installing wasm-bindgen-cli $want (have: ${have:-none})"
  cargo install wasm-bindgen-cli --version "$want" --force
fi
command -v wasm-pack >/dev/null || { say "installing wasm-pack"; cargo install wasm-pack --locked; }

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromedriver ] || missing+=(chromium-driver)
command -v wasm-opt >/dev/null || missing+=(binaryen)
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]} from apt"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm dev dependencies"
  npm ci --no-audit --no-fund --loglevel=error
fi
