#!/usr/bin/env bash
# Builds the web pages: the editor (crates/steerlab_web) into dist/ (steerlab_web.js, its .wasm
# and index.html), and the runtime for web games (crates/steerlab_js, without the editor) into
# dist/runtime/ (steerlab_js.js, its .wasm, and a page that draws a preset with canvas 2D
# through that API alone, with the presets it offers), both built for wasm32-unknown-unknown
# and wrapped by wasm-bindgen: folders of static files any web server can serve. The editor is
# built with the root Cargo.toml's `web` profile (tuned for size: it is the whole download of a
# first visit) and its function names left out; the runtime with `release` (a game's ticks).
# Every .wasm, .js, .html and .json is also written compressed beside itself (.gz always, .br
# where a `brotli` command or Node is at hand), for scripts/serve.py, or any server that sends
# precompressed files, to send. Installs what it lacks: the wasm32 target (rustup) and
# wasm-bindgen-cli at the version Cargo.lock pins (cargo install).
# Usage: scripts/web.sh [OUT_DIR] (default dist), then serve it:
#   scripts/serve.py dist    and open http://localhost:8080
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
cargo build -q -p steerlab_web --profile web --target wasm32-unknown-unknown
cargo build -q -p steerlab_js --release --target wasm32-unknown-unknown
mkdir -p "$out/runtime/presets"
# The editor without the function names (1.5 MB of its .wasm, 0.4 MB compressed), which only
# a stack trace in the browser's console reads.
wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
    --out-dir "$out" "$target/wasm32-unknown-unknown/web/steerlab_web.wasm"
wasm=$out/steerlab_web_bg.wasm
# The page's loading bar counts the editor's bytes as they arrive, against its size.
sed "s|const WASM_BYTES = 0; /\* steerlab:wasm-bytes \*/|const WASM_BYTES = $(wc -c < "$wasm");|" \
    crates/steerlab_web/index.html > "$out/index.html"
grep -q "const WASM_BYTES = [1-9]" "$out/index.html" || { echo "web: index.html has no size" >&2; exit 1; }
cp assets/icon.png "$out/icon.png"
# The runtime: an ES module with its TypeScript declarations, for a game's own build (without
# the function names, which only a debugger reads: 200 KB of the module).
wasm-bindgen --target web --remove-name-section --remove-producers-section --out-dir "$out/runtime" \
    "$target/wasm32-unknown-unknown/release/steerlab_js.wasm"
cp crates/steerlab_js/www/index.html crates/steerlab_js/www/game.js assets/icon.png "$out/runtime/"
cp presets/*.ron "$out/runtime/presets/"
(cd presets && printf '"%s"\n' *.ron | paste -sd, | sed 's/.*/[&]/') > "$out/runtime/presets/index.json"

# Compressed copies: gzip at its best (-9, no name or time stamp: the same bytes each build),
# Brotli at its best (quality 11, a 16 MiB window) by the brotli command or Node's zlib.
brotli_of() {
    if command -v brotli >/dev/null; then
        brotli -f -q 11 --lgwin=24 -o "$1.br" "$1"
    elif command -v node >/dev/null; then
        node -e '
            const zlib = require("zlib"), fs = require("fs"), file = process.argv[1];
            const data = fs.readFileSync(file);
            fs.writeFileSync(file + ".br", zlib.brotliCompressSync(data, { params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }));' "$1"
    else
        return 1
    fi
}
brotli=yes
while IFS= read -r -d '' file; do
    gzip -9 -n -c "$file" > "$file.gz"
    brotli_of "$file" || brotli=no
done < <(find "$out" -type f \( -name '*.wasm' -o -name '*.js' -o -name '*.html' -o -name '*.json' \) -print0)
[ "$brotli" = yes ] || echo "web: no brotli command and no Node: only .gz copies written" >&2

size() { wc -c < "$1" | awk '{ printf "%.0f KB", $1 / 1024 }'; }
packed() {
    local what="$(size "$1.gz") gzip"
    [ -f "$1.br" ] && what="$what, $(size "$1.br") brotli"
    echo "$what"
}
runtime=$out/runtime/steerlab_js_bg.wasm
echo "web: built $out/ ($(du -sh --exclude='*.gz' --exclude='*.br' "$out" | cut -f1) uncompressed); the" \
    "runtime's wasm is $(size "$runtime") ($(packed "$runtime")), the editor's $(size "$wasm")" \
    "($(packed "$wasm"))"
echo "web: serve it with: scripts/serve.py $out (the editor at http://localhost:8080/, the runtime's" \
    "page at /runtime/; it sends the compressed copies)"
