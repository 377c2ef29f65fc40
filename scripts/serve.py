#!/usr/bin/env python3
"""Serves the web pages that scripts/web.sh builds (dist/ by default) on a local address.

What `python3 -m http.server` does not: every file goes out precompressed when scripts/web.sh
wrote a .br (Brotli) or .gz (gzip) beside it and the browser accepts that encoding
(Content-Encoding, the same bytes the browser would have had), the editor's .wasm as
application/wasm (which lets the browser compile it while it downloads), and no page is cached
stale: every response says `Cache-Control: no-cache` (the browser asks again and gets 304 Not
Modified when the file has not changed).

Usage: scripts/serve.py [DIR] [--port PORT] [--bind ADDRESS]
       (defaults: dist, 8080, 127.0.0.1), then open http://localhost:8080
"""

import argparse
import email.utils
import http.server
import mimetypes
import os
import posixpath
import sys
import urllib.parse

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".ron": "text/plain; charset=utf-8",
    ".png": "image/png",
    ".gif": "image/gif",
    ".css": "text/css; charset=utf-8",
    ".ts": "text/plain; charset=utf-8",
}

# The encodings written beside a file, best first.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


def accepted(header):
    """The content codings an Accept-Encoding header accepts (q > 0)."""
    out = set()
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if name and q > 0:
            out.add(name.strip().lower())
    return out


class Handler(http.server.BaseHTTPRequestHandler):
    root = "dist"
    server_version = "steerlab-serve"
    # Connections kept open between requests, as any web server does (every response says
    # its length).
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        if os.environ.get("STEERLAB_SERVE_QUIET") != "1":
            super().log_message(format, *args)

    def local_path(self):
        """The file the request names under the root, or None when it leaves the root."""
        path = urllib.parse.urlsplit(self.path).path
        path = posixpath.normpath(urllib.parse.unquote(path))
        parts = [p for p in path.split("/") if p and p not in (".", "..")]
        full = os.path.join(self.root, *parts)
        if os.path.isdir(full):
            full = os.path.join(full, "index.html")
        real_root = os.path.realpath(self.root)
        if os.path.commonpath([os.path.realpath(full), real_root]) != real_root:
            return None
        return full

    def do_HEAD(self):
        self.respond(body=False)

    def do_GET(self):
        self.respond(body=True)

    def respond(self, body):
        path = self.local_path()
        if path is None or not os.path.isfile(path):
            self.send_error(404, "Not Found")
            return
        kind = TYPES.get(os.path.splitext(path)[1]) or (
            mimetypes.guess_type(path)[0] or "application/octet-stream"
        )
        encoding, sent = None, path
        wanted = accepted(self.headers.get("Accept-Encoding"))
        for name, suffix in ENCODINGS:
            if name in wanted and os.path.isfile(path + suffix):
                # A compressed copy older than its file is stale: the file itself goes.
                if os.path.getmtime(path + suffix) >= os.path.getmtime(path):
                    encoding, sent = name, path + suffix
                    break
        stat = os.stat(sent)
        modified = email.utils.formatdate(stat.st_mtime, usegmt=True)
        tag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}{"-" + encoding if encoding else ""}"'
        if self.headers.get("If-None-Match") == tag:
            self.send_response(304)
            self.send_header("ETag", tag)
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(stat.st_size))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Last-Modified", modified)
        self.send_header("ETag", tag)
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        if body:
            with open(sent, "rb") as f:
                while chunk := f.read(1 << 16):
                    self.wfile.write(chunk)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dir", nargs="?", default="dist", help="the built pages (default dist)")
    parser.add_argument("--port", type=int, default=8080, help="port (default 8080; 0 picks one)")
    parser.add_argument("--bind", default="127.0.0.1", help="address (default 127.0.0.1)")
    args = parser.parse_args()
    if not os.path.isfile(os.path.join(args.dir, "index.html")):
        sys.exit(f"serve: {args.dir}/index.html is missing: build the pages with scripts/web.sh")
    Handler.root = args.dir
    server = http.server.ThreadingHTTPServer((args.bind, args.port), Handler)
    host, port = server.server_address[:2]
    print(f"serve: {args.dir}/ at http://{host}:{port}/ (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
