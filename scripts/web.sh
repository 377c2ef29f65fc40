#!/usr/bin/env bash
# Builds the web pages: the editor (crates/steerlab_web) into dist/ (steerlab_web.js, its .wasm
# and index.html), and the runtime for web games (crates/steerlab_js, without the editor) into
# dist/runtime/ (steerlab_js.js, its .wasm, and a page that draws a preset with canvas 2D
# through that API alone, with the presets it offers), both built for wasm32-unknown-unknown
# and wrapped by wasm-bindgen: folders of static files any web server can serve. Installs what
# it lacks: the wasm32 target (rustup) and wasm-bindgen-cli at the version Cargo.lock pins
# (cargo install).
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
cargo build -q -p steerlab_web -p steerlab_js --release --target wasm32-unknown-unknown
mkdir -p "$out/runtime/presets"
wasm-bindgen --target web --no-typescript --out-dir "$out" \
    "$target/wasm32-unknown-unknown/release/steerlab_web.wasm"
cp crates/steerlab_web/index.html "$out/"
cp assets/icon.png "$out/icon.png"
# The runtime: an ES module with its TypeScript declarations, for a game's own build (without
# the function names, which only a debugger reads: 200 KB of the module).
wasm-bindgen --target web --remove-name-section --remove-producers-section --out-dir "$out/runtime" \
    "$target/wasm32-unknown-unknown/release/steerlab_js.wasm"
cp crates/steerlab_js/www/index.html crates/steerlab_js/www/game.js assets/icon.png "$out/runtime/"
cp presets/*.ron "$out/runtime/presets/"
(cd presets && printf '"%s"\n' *.ron | paste -sd, | sed 's/.*/[&]/') > "$out/runtime/presets/index.json"
size() { wc -c < "$1" | awk '{ printf "%.0f KB", $1 / 1024 }'; }
gz() { gzip -9c "$1" | wc -c | awk '{ printf "%.0f KB", $1 / 1024 }'; }
runtime=$out/runtime/steerlab_js_bg.wasm
echo "web: built $out/ ($(du -sh "$out" | cut -f1)); the runtime's wasm is $(size "$runtime")" \
    "($(gz "$runtime") gzipped), the editor's $(size "$out/steerlab_web_bg.wasm")" \
    "($(gz "$out/steerlab_web_bg.wasm") gzipped)"
echo "web: serve it with: python3 -m http.server -d $out 8080 (the editor at /, the runtime's page at /runtime/)"
