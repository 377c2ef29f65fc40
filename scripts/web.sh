#!/usr/bin/env bash
# Builds the editor as a web page (issue 23, a first step): crates/steerlab_web for
# wasm32-unknown-unknown, wrapped by wasm-bindgen into dist/ (steerlab_web.js, its .wasm and
# index.html), a folder of static files any web server can serve. Installs what it lacks: the
# wasm32 target (rustup) and wasm-bindgen-cli at the version Cargo.lock pins (cargo install).
# Usage: scripts/web.sh [OUT_DIR] (default dist), then serve it, for example
#   python3 -m http.server -d dist 8080    and open http://localhost:8080
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-dist}
bindgen=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
rustup target list --installed | grep -qx wasm32-unknown-unknown \
    || rustup target add wasm32-unknown-unknown
if ! wasm-bindgen --version 2>/dev/null | grep -q " $bindgen\$"; then
    cargo install -q wasm-bindgen-cli --version "$bindgen"
fi
target=${CARGO_TARGET_DIR:-target}
cargo build -q -p steerlab_web --release --target wasm32-unknown-unknown
mkdir -p "$out"
wasm-bindgen --target web --no-typescript --out-dir "$out" \
    "$target/wasm32-unknown-unknown/release/steerlab_web.wasm"
cp crates/steerlab_web/index.html "$out/"
cp assets/icon.png "$out/icon.png"
echo "web: built $out/ ($(du -sh "$out" | cut -f1)); serve it with: python3 -m http.server -d $out 8080"
