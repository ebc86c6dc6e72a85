#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Test fixture: a real OCI registry (Debian's docker-registry) on loopback,
holding a reference image built with umoci and pushed with skopeo.

  registry-fixture.py --work DIR --reference REFDIR [--auth USER:PASS [--token-auth]] [--tls]

Builds the image `telco/ref` with the reference at /usr/share/ref in two layers:
the first also holds stale.yaml and old/, which the second deletes (whiteouts).
Pushes it as :v1 (an image manifest) and :v1-index (an OCI index for this
machine's platform and arm/v7), then prints `READY host:port LOGOFFSET` and
waits until stdin closes or --timeout seconds pass. The registry dies with this
process (PR_SET_PDEATHSIG). With --tls, DIR/ca.crt is the CA of the server's
certificate; with --auth, the registry wants basic auth (htpasswd, bcrypt), or
with --token-auth bearer tokens from a token server in this process (Docker's
token protocol: GET /token?service=…&scope=… with basic auth, an RS256 JWT).
The registry's log is DIR/registry.log; LOGOFFSET is where the pulls start.
"""
import argparse
import ctypes
import hashlib
import json
import os
import platform
import select
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import ssl
import base64
import threading
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

def die_with_parent():
    ctypes.CDLL("libc.so.6").prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG

def run(*cmd, **kw):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, **kw)
    if r.returncode != 0:
        sys.exit("fixture: %s failed:\n%s" % (" ".join(cmd), r.stdout.decode(errors="replace")))
    return r.stdout

def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port

def make_certificates(work):
    run("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=driftscope test CA",
        "-keyout", f"{work}/ca.key", "-out", f"{work}/ca.crt")
    run("openssl", "req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1",
        "-keyout", f"{work}/server.key", "-out", f"{work}/server.csr")
    with open(f"{work}/san.ext", "w") as f:
        f.write("subjectAltName=IP:127.0.0.1,DNS:localhost\n")
    run("openssl", "x509", "-req", "-in", f"{work}/server.csr", "-CA", f"{work}/ca.crt", "-CAkey", f"{work}/ca.key",
        "-CAcreateserial", "-days", "2", "-extfile", f"{work}/san.ext", "-out", f"{work}/server.crt")

def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

def libtrust_key_id(work):
    """The key id distribution looks a token's signing key up by (libtrust's format)."""
    pub = run("openssl", "x509", "-in", f"{work}/token.crt", "-pubkey", "-noout")
    der = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "DER"], input=pub, stdout=subprocess.PIPE,
                         check=True).stdout
    b32 = base64.b32encode(hashlib.sha256(der).digest()[:30]).decode().rstrip("=")
    return ":".join(b32[i:i + 4] for i in range(0, len(b32), 4))

def start_token_server(work, user, password, service):
    """Docker's token protocol: basic auth in, a JWT granting the scope out."""
    run("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=token signer",
        "-keyout", f"{work}/token.key", "-out", f"{work}/token.crt")
    kid = libtrust_key_id(work)
    expected = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            query = parse_qs(urlparse(self.path).query)
            if self.headers.get("Authorization") != expected:
                self.send_response(401)
                self.end_headers()
                return
            access = []
            for scope in query.get("scope", []):
                kind, name, actions = scope.split(":")
                access.append({"type": kind, "name": name, "actions": actions.split(",")})
            now = int(time.time())
            header = {"typ": "JWT", "alg": "RS256", "kid": kid}
            claims = {"iss": "driftscope-test-issuer", "sub": user, "aud": query.get("service", [""])[0],
                      "exp": now + 300, "nbf": now - 10, "iat": now, "jti": str(uuid.uuid4()), "access": access}
            signing = (b64url(json.dumps(header).encode()) + "." + b64url(json.dumps(claims).encode())).encode()
            signature = subprocess.run(["openssl", "dgst", "-sha256", "-sign", f"{work}/token.key"], input=signing,
                                       stdout=subprocess.PIPE, check=True).stdout
            body = json.dumps({"token": signing.decode() + "." + b64url(signature), "expires_in": 300}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/token"

def goarch():
    m = platform.machine()
    return {"x86_64": "amd64", "aarch64": "arm64", "armv7l": "arm", "ppc64le": "ppc64le", "s390x": "s390x"}.get(m, m)

def build_image(work, reference):
    layout, bundle = f"{work}/layout", f"{work}/bundle"
    run("umoci", "init", "--layout", layout)
    run("umoci", "new", "--image", f"{layout}:v1")
    run("umoci", "unpack", "--rootless", "--image", f"{layout}:v1", bundle)
    target = f"{bundle}/rootfs/usr/share/ref"
    shutil.copytree(reference, target)
    with open(f"{target}/stale.yaml", "w") as f:
        f.write("kind: Stale\n")
    os.makedirs(f"{target}/old")
    with open(f"{target}/old/a.yaml", "w") as f:
        f.write("kind: Old\n")
    run("umoci", "repack", "--image", f"{layout}:v1", bundle)
    shutil.rmtree(bundle)
    # A second layer that deletes: umoci writes .wh. entries for what is gone.
    run("umoci", "unpack", "--rootless", "--image", f"{layout}:v1", bundle)
    os.remove(f"{bundle}/rootfs/usr/share/ref/stale.yaml")
    shutil.rmtree(f"{bundle}/rootfs/usr/share/ref/old")
    run("umoci", "repack", "--image", f"{layout}:v1", bundle)
    # An index naming the image for this platform and for another one.
    with open(f"{layout}/index.json") as f:
        index = json.load(f)
    manifest = dict(index["manifests"][0])
    manifest.pop("annotations", None)
    entries = [dict(manifest, platform={"os": "linux", "architecture": "arm", "variant": "v7"}),
               dict(manifest, platform={"os": "linux", "architecture": goarch()})]
    if goarch() == "arm":
        entries = entries[1:]
    doc = json.dumps({"schemaVersion": 2, "mediaType": "application/vnd.oci.image.index.v1+json",
                      "manifests": entries}).encode()
    digest = hashlib.sha256(doc).hexdigest()
    with open(f"{layout}/blobs/sha256/{digest}", "wb") as f:
        f.write(doc)
    index["manifests"].append({"mediaType": "application/vnd.oci.image.index.v1+json", "digest": "sha256:" + digest,
                               "size": len(doc), "annotations": {"org.opencontainers.image.ref.name": "v1-index"}})
    with open(f"{layout}/index.json", "w") as f:
        json.dump(index, f)
    return layout

def main():
    p = argparse.ArgumentParser()
    p.add_argument("--work", required=True)
    p.add_argument("--reference", required=True)
    p.add_argument("--auth")
    p.add_argument("--token-auth", action="store_true")
    p.add_argument("--tls", action="store_true")
    p.add_argument("--timeout", type=int, default=300)
    a = p.parse_args()
    work = os.path.abspath(a.work)
    os.makedirs(work, exist_ok=True)
    port = free_port()
    host = f"127.0.0.1:{port}"
    config = [f"version: 0.1", "log:", "  level: info", "  formatter: text", "storage:", "  filesystem:",
              f"    rootdirectory: {work}/storage", "  delete:", "    enabled: false", "http:", f"  addr: {host}"]
    if a.tls:
        make_certificates(work)
        config += ["  tls:", f"    certificate: {work}/server.crt", f"    key: {work}/server.key"]
    if a.auth and a.token_auth:
        user, password = a.auth.split(":", 1)
        realm = start_token_server(work, user, password, "driftscope-test")
        config += ["auth:", "  token:", f"    realm: {realm}", "    service: driftscope-test",
                   "    issuer: driftscope-test-issuer", f"    rootcertbundle: {work}/token.crt"]
    elif a.auth:
        user, password = a.auth.split(":", 1)
        with open(f"{work}/htpasswd", "wb") as f:
            f.write(run("htpasswd", "-Bbn", user, password))
        config += ["auth:", "  htpasswd:", "    realm: driftscope-test", f"    path: {work}/htpasswd"]
    with open(f"{work}/config.yml", "w") as f:
        f.write("\n".join(config) + "\n")
    log = open(f"{work}/registry.log", "wb")
    registry = subprocess.Popen(["docker-registry", "serve", f"{work}/config.yml"], stdout=log, stderr=log,
                                preexec_fn=die_with_parent)
    scheme = "https" if a.tls else "http"
    context = ssl.create_default_context(cafile=f"{work}/ca.crt") if a.tls else None
    for _ in range(200):
        try:
            urllib.request.urlopen(f"{scheme}://{host}/v2/", timeout=1, context=context)
            break
        except urllib.error.HTTPError:
            break  # 401: up, wants credentials
        except Exception:
            if registry.poll() is not None:
                sys.exit("fixture: docker-registry exited:\n" + open(f"{work}/registry.log").read())
            time.sleep(0.05)
    layout = build_image(work, a.reference)
    push = ["skopeo", "copy", "--quiet"]
    if a.tls:
        os.makedirs(f"{work}/certs", exist_ok=True)
        shutil.copy(f"{work}/ca.crt", f"{work}/certs/ca.crt")
        push += ["--dest-cert-dir", f"{work}/certs"]
    else:
        push += ["--dest-tls-verify=false"]
    if a.auth:
        push += ["--dest-creds", a.auth]
    run(*push, f"oci:{layout}:v1", f"docker://{host}/telco/ref:v1")
    run(*push, "--all", f"oci:{layout}:v1-index", f"docker://{host}/telco/ref:v1-index")
    log.flush()
    time.sleep(0.2)
    print(f"READY {host} {os.path.getsize(work + '/registry.log')}", flush=True)
    deadline = time.time() + a.timeout
    while time.time() < deadline:
        ready, _, _ = select.select([sys.stdin], [], [], 1)
        if ready and not sys.stdin.buffer.read1(4096):
            break
    registry.terminate()
    registry.wait()

if __name__ == "__main__":
    main()
