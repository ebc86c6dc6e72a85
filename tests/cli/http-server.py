#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A loopback HTTP server for tests of references and inputs given by URL.

Serves the files under --root on 127.0.0.1 (a free port), prints
"READY http://127.0.0.1:PORT" once listening, logs each request as
"METHOD PATH" to --log, and exits by itself after --lifetime seconds.
Two path prefixes misbehave on purpose:
  /status/CODE/...   answers CODE (e.g. 404, 500) without a body
  /flaky/N/...       answers 503 to the first N requests of that path, then serves the file
"""
import argparse
import http.server
import os
import sys
import threading

parser = argparse.ArgumentParser()
parser.add_argument("--root", required=True)
parser.add_argument("--log", required=True)
parser.add_argument("--lifetime", type=int, default=300)
args = parser.parse_args()
root = os.path.realpath(args.root)
lock = threading.Lock()
failures = {}


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, fmt, *a):
        pass

    def record(self):
        with lock, open(args.log, "a") as log:
            log.write("%s %s\n" % (self.command, self.path))

    def answer(self, code, body=b""):
        self.send_response(code)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        self.record()
        parts = self.path.split("/")
        path = self.path
        if len(parts) > 3 and parts[1] == "status":
            return self.answer(int(parts[2]))
        if len(parts) > 3 and parts[1] == "flaky":
            with lock:
                seen = failures.get(self.path, 0)
                failures[self.path] = seen + 1
            if seen < int(parts[2]):
                return self.answer(503)
            path = "/" + "/".join(parts[3:])
        full = os.path.realpath(os.path.join(root, path.lstrip("/")))
        if not full.startswith(root + os.sep) or not os.path.isfile(full):
            return self.answer(404, b"404 page not found\n")
        with open(full, "rb") as f:
            self.answer(200, f.read())

    do_HEAD = do_GET


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
threading.Timer(args.lifetime, server.shutdown).start()
print("READY http://127.0.0.1:%d" % server.server_address[1], flush=True)
server.serve_forever()
