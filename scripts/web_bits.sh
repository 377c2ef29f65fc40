#!/usr/bin/env bash
# The same bits in the browser's engine: runs every preset, fixture and example scene to tick
# STEPS with the simulation built for wasm32-unknown-unknown under Node (wasm-bindgen's module)
# and with the native build (`steerlab simulate`), and compares the SHA-256 of the CSVs scene by
# scene: the editor's crate (crates/steerlab_web, its CSV), and the runtime API for web games
# (crates/steerlab_js), both as a whole Simulation and as the game's own entities in a Crowd
# (printed with `--bits`, each number's f32 bit pattern). Exits 1 on any difference.
# Usage: scripts/web_bits.sh [STEPS] (default 600). Installs what it lacks: the wasm32 target
# (rustup) and wasm-bindgen-cli at the version Cargo.lock pins (cargo install); needs Node.
# STEERLAB=path/to/steerlab skips the native release build (CI passes its debug binary).
set -euo pipefail
cd "$(dirname "$0")/.."
steps=${1:-600}
bindgen=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
rustup target list --installed | grep -qx wasm32-unknown-unknown \
    || rustup target add wasm32-unknown-unknown
if ! wasm-bindgen --version 2>/dev/null | grep -q " $bindgen\$"; then
    cargo install -q wasm-bindgen-cli --version "$bindgen"
fi
if ! command -v node >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "web_bits: installing Node (apt-get install nodejs)" >&2
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs >/dev/null
    else
        echo "web_bits: Node is needed: apt-get install nodejs" >&2
        exit 2
    fi
fi
target=${CARGO_TARGET_DIR:-target}
cargo build -q -p steerlab_web -p steerlab_js --release --target wasm32-unknown-unknown
pkg=$(mktemp -d)
trap 'rm -rf "$pkg"' EXIT
wasm-bindgen --target nodejs --out-dir "$pkg" "$target/wasm32-unknown-unknown/release/steerlab_web.wasm"
wasm-bindgen --target nodejs --out-dir "$pkg" "$target/wasm32-unknown-unknown/release/steerlab_js.wasm"
bin=${STEERLAB:-}
if [ -z "$bin" ]; then
    cargo build -q --release --no-default-features --features headless
    bin=$target/release/steerlab
fi
scenes=(presets/*.ron tests/fixtures/v1/*.ron docs/examples/*.ron)
for scene in "${scenes[@]}"; do
    echo "$("$bin" simulate "$scene" --steps "$steps" | sha256sum | cut -d' ' -f1)  $scene"
done > "$pkg/native.txt"
node crates/steerlab_web/tests/same_bits.mjs "$pkg" "$steps" "${scenes[@]}" > "$pkg/wasm.txt"
if diff "$pkg/native.txt" "$pkg/wasm.txt"; then
    echo "web_bits: ${#scenes[@]} scenes, $steps ticks: the wasm build's CSV is the native build's, byte for byte"
else
    echo "web_bits: the wasm build differs from the native build (above: native <, wasm >)" >&2
    exit 1
fi
# The runtime API: each scene as a Simulation and as a Crowd of the game's own entities.
for scene in "${scenes[@]}"; do
    sum=$("$bin" simulate "$scene" --steps "$steps" --bits | sha256sum | cut -d' ' -f1)
    echo "$sum  Simulation  $scene"
    echo "$sum  Crowd  $scene"
done > "$pkg/native_bits.txt"
node crates/steerlab_js/tests/same_bits.mjs "$pkg" "$steps" "${scenes[@]}" > "$pkg/runtime.txt"
if diff "$pkg/native_bits.txt" "$pkg/runtime.txt"; then
    echo "web_bits: ${#scenes[@]} scenes, $steps ticks: the runtime API (Simulation, and Crowd on the game's own arrays) gives the native build's bits"
else
    echo "web_bits: the runtime API differs from the native build (above: native <, wasm >)" >&2
    exit 1
fi
