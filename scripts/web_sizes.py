#!/usr/bin/env python3
"""The sizes of a built page against the figures the docs give for them.

Usage: scripts/web_sizes.py DIST [--write]

Reads the editor's and the runtime's .wasm and .js in DIST (as scripts/web.sh builds it, with
their .gz and .br copies) and the figures docs/web.md and docs/embedding.md state for them.
Prints both; exits 1 when a figure is more than 5% away from the build's, naming it, so that
the docs never drift from what the page weighs. --write puts the build's figures into the docs
instead.
"""
import os
import re
import sys

TOLERANCE = 0.05


def size(path):
    return os.path.getsize(path) if os.path.exists(path) else None


def thousands(n):
    return f"{n:,}"


def kb(n):
    return f"{round(n / 1024):,}"


def number(text):
    return int(text.replace(",", ""))


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    dist, write = sys.argv[1], "--write" in sys.argv[2:]
    editor = os.path.join(dist, "steerlab_web_bg.wasm")
    editor_js = os.path.join(dist, "steerlab_web.js")
    runtime = os.path.join(dist, "runtime", "steerlab_js_bg.wasm")
    built = {
        "editor": size(editor),
        "editor.gz": size(editor + ".gz"),
        "editor.br": size(editor + ".br"),
        "editor.js": size(editor_js),
        "editor.js.gz": size(editor_js + ".gz"),
        "editor.js.br": size(editor_js + ".br"),
        "runtime": size(runtime),
        "runtime.gz": size(runtime + ".gz"),
    }
    missing = [k for k, v in built.items() if v is None]
    if missing:
        print(f"web_sizes: {dist} lacks {', '.join(missing)}", file=sys.stderr)
        return 2
    # Each figure: the file, a pattern whose groups are the numbers, and what each number is
    # (a key of `built`, in bytes or in KB).
    figures = [
        (
            "docs/web.md",
            r"\| \*\*`web`\*\* \(what `scripts/web.sh` builds\) \| \*\*([\d,]+)\*\* \| \*\*([\d,]+)\*\* \| \*\*([\d,]+)\*\* \|",
            [("editor", "bytes"), ("editor.gz", "bytes"), ("editor.br", "bytes")],
        ),
        (
            "docs/web.md",
            r"`steerlab_web\.js` is ([\d,]+) bytes \(([\d,]+) gzip, ([\d,]+) Brotli\)",
            [("editor.js", "bytes"), ("editor.js.gz", "bytes"), ("editor.js.br", "bytes")],
        ),
        (
            "docs/embedding.md",
            r"prints the module's size: ([\d,]+) KB \(([\d,]+) KB gzipped\), against the editor's ([\d,]+) KB \(([\d,]+) KB\s+gzipped\)",
            [("runtime", "KB"), ("runtime.gz", "KB"), ("editor", "KB"), ("editor.gz", "KB")],
        ),
    ]
    off = []
    for doc, pattern, keys in figures:
        with open(doc, encoding="utf-8") as f:
            text = f.read()
        found = re.search(pattern, text)
        if not found:
            off.append(f"{doc}: no figure matching {pattern}")
            continue
        spans = []
        for k, ((key, unit), said) in enumerate(zip(keys, found.groups())):
            actual = built[key] if unit == "bytes" else built[key] / 1024
            stated = number(said)
            print(f"{doc}: {key} {said} {unit} stated, {actual:,.0f} built")
            if abs(stated - actual) > TOLERANCE * actual:
                off.append(f"{doc}: {key} is {said} {unit} there, {actual:,.0f} in this build")
            text_now = thousands(built[key]) if unit == "bytes" else kb(built[key])
            spans.append((found.start(k + 1), found.end(k + 1), text_now))
        if write:
            for start, end, new in reversed(spans):
                text = text[:start] + new + text[end:]
            with open(doc, "w", encoding="utf-8") as f:
                f.write(text)
    if off and not write:
        print("web_sizes: the docs' sizes are off by more than 5% (scripts/web_sizes.py DIST "
              "--write puts this build's in):", file=sys.stderr)
        for line in off:
            print(f"  {line}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
