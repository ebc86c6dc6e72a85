#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the seed corpus of one fuzz target (tests/fuzz/fuzz_TARGET) into a directory.

    tools/fuzz-seeds.py TARGET OUTDIR

Seeds come from kube-compare's conformance cases (tests/data/shared/conformance/cases),
the spec vectors (tests/data/shared/spec/vectors) and the benchmark reference and CRs
(tests/data/shared/bench), shaped as each target's input format (tests/fuzz/*.cpp).
"""
import io
import json
import os
import sys
import tarfile
import zipfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
SHARED = os.path.join(ROOT, "tests", "data", "shared")
CASES = os.path.join(SHARED, "conformance", "cases")
VECTORS = os.path.join(SHARED, "spec", "vectors")
BENCH = os.path.join(SHARED, "bench")
MAX_SEED = 64 * 1024


def files_under(directory, extensions=(".yaml", ".yml", ".json")):
    for dirpath, dirnames, filenames in os.walk(directory):
        dirnames.sort()
        for name in sorted(filenames):
            if name.endswith(extensions):
                yield os.path.join(dirpath, name)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def vector_cases():
    for name in sorted(os.listdir(VECTORS)):
        if not name.endswith(".json"):
            continue
        cases = json.load(open(os.path.join(VECTORS, name)))
        for case in cases if isinstance(cases, list) else cases.get("cases", []):
            if isinstance(case, dict):
                yield case


def template_seeds():
    # "template NUL data", as the existing fuzz_template harness reads them.
    for case in vector_cases():
        text = case.get("template")
        if isinstance(text, str):
            data = case.get("data")
            yield text.encode() + (b"\0" + json.dumps(data).encode() if data is not None else b"")
    for path in files_under(os.path.join(BENCH, "reference-core"), (".yaml", ".tmpl")):
        yield read(path)
    for path in files_under(CASES):
        if "/reference/" in path and not path.endswith("metadata.yaml"):
            yield read(path)


def yaml_seeds():
    for path in files_under(CASES):
        if "/reference/" not in path:  # templates are not YAML before rendering
            yield read(path)
    for case in vector_cases():
        for key in ("input_yaml", "input_json", "output", "yaml", "input"):
            if isinstance(case.get(key), str):
                yield case[key].encode()
    for path in files_under(os.path.join(BENCH, "seed-core")):
        yield read(path)


def reference_seeds():
    # metadata.yaml NUL "path\ncontent" NUL ... (fuzz_reference.cpp).
    references = [os.path.dirname(p) for p in files_under(CASES) if p.endswith("/metadata.yaml")]
    references.append(os.path.join(BENCH, "reference-core"))
    for ref in sorted(set(references)):
        parts = [read(os.path.join(ref, "metadata.yaml"))]
        for path in files_under(ref, (".yaml", ".yml", ".json", ".tmpl")):
            rel = os.path.relpath(path, ref)
            if rel != "metadata.yaml":
                parts.append(rel.encode() + b"\n" + read(path))
        blob = b"\0".join(parts[:16])
        yield blob[:MAX_SEED]


def diffconfig_seeds():
    for path in files_under(CASES, (".yaml", ".patch")):
        base = os.path.basename(path)
        if base.endswith(".patch") or "config" in base.lower():
            yield read(path)
    yield (b"# kept\ncorrelationSettings:\n  manualCorrelation:\n    correlationPairs:\n"
           b"      v1_ConfigMap_ns_a: cm-a.yaml  # why\n    other: 1\nextra: [1, 2]\n")
    yield b"correlationSettings: {manualCorrelation: {correlationPairs: {x: y}}}\n"
    yield (b"- apiVersion: v1\n  kind: ConfigMap\n  name: a\n  namespace: ns\n  reason: r\n  type: mergepatch\n"
           b"  patch: '{\"data\":{\"key\":null}}'\n- exactMatch: v1_ConfigMap_ns_a\n  reason: r\n  type: rfc6902\n"
           b"  patch: '[{\"op\":\"replace\",\"path\":\"/data/key\",\"value\":\"x\"}]'\n")


def archive_seeds():
    trees = {}
    for case in sorted(os.listdir(CASES)):
        resources = os.path.join(CASES, case, "resources")
        if os.path.isdir(resources):
            trees[case] = [(os.path.relpath(p, resources), read(p)) for p in files_under(resources)]
    mustgather = [
        ("must-gather/quay-io-image/cluster-scoped-resources/core/nodes/n1.yaml",
         b"apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\n"),
        ("must-gather/quay-io-image/namespaces/ns/core/configmaps.yaml",
         b"apiVersion: v1\nkind: ConfigMapList\nitems:\n- metadata:\n    name: a\n    namespace: ns\n  data: {k: v}\n"),
        ("must-gather/quay-io-image/namespaces/ns/ns.tar.gz", b"not really"),
        ("must-gather/timestamp", b"x"),
    ]
    layouts = [("mustgather", mustgather)] + sorted(trees.items())[:6]
    for name, members in layouts:
        for mode in ("w", "w:gz", "w:xz", "w:bz2"):
            buf = io.BytesIO()
            with tarfile.open(fileobj=buf, mode=mode, format=tarfile.GNU_FORMAT) as tar:
                for path, data in members:
                    info = tarfile.TarInfo(path)
                    info.size = len(data)
                    tar.addfile(info, io.BytesIO(data))
            yield buf.getvalue()
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
            for path, data in members:
                z.writestr(path, data)
        yield buf.getvalue()


def kubeconfig_seeds():
    yield b"""apiVersion: v1
kind: Config
current-context: dev
clusters:
- name: dev
  cluster:
    server: https://api.dev.example.com:6443
    certificate-authority-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCg==
    tls-server-name: api
    proxy-url: http://proxy:3128
- name: local
  cluster:
    server: http://127.0.0.1:8080
    insecure-skip-tls-verify: true
users:
- name: admin
  user:
    token: sha256~abc
- name: cert
  user:
    client-certificate: certs/client.crt
    client-key: certs/client.key
- name: plugin
  user:
    exec:
      apiVersion: client.authentication.k8s.io/v1
      command: oc
      args: [whoami, -t]
      env: [{name: A, value: b}]
      interactiveMode: Never
contexts:
- name: dev
  context: {cluster: dev, user: admin, namespace: openshift-config}
- name: local
  context: {cluster: local, user: plugin}
preferences: {}
"""
    yield b"apiVersion: v1\nkind: Config\nclusters: []\nusers: []\ncontexts: []\n\0current-context: x\n"
    yield (b"clusters:\n- name: a\n  cluster: {server: 'https://a'}\nusers:\n- name: u\n  user:\n"
           b"    username: u\n    password: p\n    auth-provider: {name: oidc, config: {id-token: t}}\n"
           b"contexts:\n- name: c\n  context: {cluster: a, user: u}\n")


def schema_seeds():
    """The bench's real CRDs (whole and as bare schemas) and hand-made edge cases."""
    crds = os.path.join(ROOT, "tests", "data", "shared", "bench", "crds")
    for path in files_under(crds):
        yield read(path)
    yield (b"type: object\nproperties:\n  spec:\n    type: object\n    required: [a]\n    properties:\n"
           b"      a: {type: integer, minimum: 1, maximum: 3, enum: [1, 2]}\n"
           b"      b: {x-kubernetes-int-or-string: true, pattern: '^(?!x)[a-z]+$'}\n"
           b"      c: {type: array, maxItems: 2, items: {type: object, x-kubernetes-embedded-resource: true}}\n"
           b"      d: {type: object, additionalProperties: {type: string}, x-kubernetes-preserve-unknown-fields: true}\n"
           b"      e: {anyOf: [{type: integer}, {type: string}], allOf: [{maxLength: 3}]}\n"
           b"spec: {a: 5, b: true, c: [{apiVersion: v1, kind: Pod, metadata: {x: 1}}, 2, 3], d: {k: 1}, e: abcd}\n")
    yield b"{" * 300 + b"}" * 300


GENERATORS = {
    "template": template_seeds,
    "yaml": yaml_seeds,
    "roundtrip": yaml_seeds,
    "identity": yaml_seeds,
    "reference": reference_seeds,
    "diffconfig": diffconfig_seeds,
    "archive": archive_seeds,
    "kubeconfig": kubeconfig_seeds,
    "schema": schema_seeds,
}


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in GENERATORS:
        sys.exit("usage: fuzz-seeds.py {%s} OUTDIR" % "|".join(GENERATORS))
    target, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    seen = set()
    for blob in GENERATORS[target]():
        blob = blob[:MAX_SEED]
        if blob in seen:
            continue
        seen.add(blob)
        with open(os.path.join(out, "seed%05d" % len(seen)), "wb") as f:
            f.write(blob)
    print("%d seeds for %s in %s" % (len(seen), target, out))


if __name__ == "__main__":
    main()
