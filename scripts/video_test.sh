#!/usr/bin/env bash
# A video take in headless Chromium (tests/web/video.mjs): `steerlab render` writes two seconds
# of hunter and prey as an MP4 and as PNG frames, and the browser's <video> element must load
# the MP4, report its duration and show, at frame k, the picture of frame k's PNG.
# Needs Chromium, Node 20 and tests/web's playwright-core: scripts/web_test.sh installs them.
# STEERLAB=path/to/steerlab skips the build.
set -euo pipefail
cd "$(dirname "$0")/.."
steerlab=${STEERLAB:-}
if [ -z "$steerlab" ]; then
    cargo build -q --release
    steerlab="${CARGO_TARGET_DIR:-target}/release/steerlab"
fi
for tool in chromium node; do
    command -v "$tool" >/dev/null || { echo "video_test: needs $tool (scripts/web_test.sh installs it)" >&2; exit 2; }
done
[ -d tests/web/node_modules/playwright-core ] ||
    { echo "video_test: needs playwright-core (scripts/web_test.sh installs it)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$steerlab" render hunter_and_prey.ron --frames 60 --fps 30 --size 640x360 --out "$work/clip.mp4"
"$steerlab" render hunter_and_prey.ron --frames 60 --fps 30 --size 640x360 --out "$work/frames/"
node tests/web/video.mjs "$work/clip.mp4" "$work/frames" 30 60 640 360
