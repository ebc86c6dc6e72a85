#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""fake-apiserver-ext.py - Driftscope's extensions of the vendored fake-apiserver.py.

Loads tests/data/shared/tools/fake-apiserver.py as a module (it is vendored and
must stay unmodified) and adds two behaviours the live tests need:

  --forbid PLURAL           answer 403 Forbidden (a metav1.Status like the real
                            RBAC message) to list/get requests of this resource
                            (repeatable)
  --blank-response-groups   aggregated discovery without responseKind.group, the
                            cluster kube-compare's "Bad API Resources" test fakes
  --first-document-only     read only the first document of each YAML file, as
                            the fake cluster of kube-compare's Go tests does
                            (its live goldens depend on it)
  --no-synthesized-namespaces  serve only the Namespace objects the fixtures
                            hold (fake-apiserver.py adds one per namespace used),
                            so the cluster holds exactly the files' objects
  --rbac FILE               authorize resource requests as Kubernetes RBAC would
                            for a subject bound to the ClusterRole and Roles in
                            FILE (YAML, e.g. `driftscope-cli rbac` output):
                            list/get by apiGroups, resources and resourceNames (a
                            list's name comes from fieldSelector=metadata.name=X,
                            as the API server's RequestInfo does); a Role only
                            counts in its namespace; discovery stays open
                            (system:discovery); anything else gets 403

Every other argument is passed to fake-apiserver.py unchanged.
"""
import importlib.util
import os
import sys
from urllib.parse import parse_qs, urlsplit

HERE = os.path.dirname(os.path.abspath(__file__))
SERVER = os.environ.get('FAKE_APISERVER') or os.path.join(HERE, '..', 'data', 'shared', 'tools',
                                                          'fake-apiserver.py')


def load_server():
    spec = importlib.util.spec_from_file_location('fake_apiserver', SERVER)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def split_args(argv):
    forbid, flags, rest, i = set(), set(), [], 0
    while i < len(argv):
        if argv[i] == '--forbid' and i + 1 < len(argv):
            forbid.add(argv[i + 1])
            i += 2
            continue
        if argv[i] == '--rbac' and i + 1 < len(argv):
            flags.add(('rbac', argv[i + 1]))
            i += 2
            continue
        if argv[i] in ('--blank-response-groups', '--first-document-only', '--no-synthesized-namespaces'):
            flags.add(argv[i])
        else:
            rest.append(argv[i])
        i += 1
    return forbid, flags, rest


def forbidden_target(path, forbid):
    """(resource, group, namespace) when path lists or gets a forbidden resource."""
    seg = [s for s in urlsplit(path).path.split('/') if s]
    if len(seg) < 3 or seg[0] not in ('api', 'apis'):
        return None
    group, rest = ('', seg[2:]) if seg[0] == 'api' else (seg[1], seg[3:])
    ns = ''
    if len(rest) >= 3 and rest[0] == 'namespaces':
        ns, rest = rest[1], rest[2:]
    if rest and rest[0] in forbid:
        return rest[0], group, ns
    return None


def resource_request(path):
    """(verb, group, namespace, resource, name) of a resource GET, else None (discovery)."""
    parts = urlsplit(path)
    seg = [s for s in parts.path.split('/') if s]
    if len(seg) < 3 or seg[0] not in ('api', 'apis') or (seg[0] == 'apis' and len(seg) < 4):
        return None
    group, rest = ('', seg[2:]) if seg[0] == 'api' else (seg[1], seg[3:])
    ns = ''
    if len(rest) >= 3 and rest[0] == 'namespaces':
        ns, rest = rest[1], rest[2:]
    if len(rest) == 2:
        return 'get', group, ns, rest[0], rest[1]
    name = ''
    for selector in parse_qs(parts.query).get('fieldSelector', []):
        for term in selector.split(','):
            if term.startswith('metadata.name='):
                name = term[len('metadata.name='):]
    return 'list', group, ns, rest[0], name


def rbac_allows(rules_by_ns, verb, group, ns, resource, name):
    for scope in ('', ns) if ns else ('',):
        for rule in rules_by_ns.get(scope, []):
            if verb not in rule.get('verbs', []) and '*' not in rule.get('verbs', []):
                continue
            if group not in rule.get('apiGroups', []) and '*' not in rule.get('apiGroups', []):
                continue
            if resource not in rule.get('resources', []) and '*' not in rule.get('resources', []):
                continue
            names = rule.get('resourceNames') or []
            if names and name not in names:
                continue
            return True
    return False


def load_rbac(mod, path):
    rules = {}
    with open(path) as fh:
        for doc in mod.load_yaml_docs(fh.read()):
            if not isinstance(doc, dict) or doc.get('kind') not in ('ClusterRole', 'Role'):
                continue
            ns = (doc.get('metadata') or {}).get('namespace', '') if doc['kind'] == 'Role' else ''
            rules.setdefault(ns, []).extend(doc.get('rules') or [])
    return rules


def patch(mod, forbid, flags):
    orig_make = mod.make_handler
    rbac = [f[1] for f in flags if isinstance(f, tuple) and f[0] == 'rbac']
    rbac_rules = load_rbac(mod, rbac[0]) if rbac else None

    def make_handler(store, opts, lock, log_fh):
        base = orig_make(store, opts, lock, log_fh)

        class Handler(base):
            def _get(self):
                target = forbidden_target(self.path, forbid)
                authorized = not opts.token or self.headers.get('Authorization') == 'Bearer ' + opts.token
                request = resource_request(self.path) if rbac_rules is not None and authorized else None
                if request and not rbac_allows(rbac_rules, *request):
                    verb, group, ns, res, name = request
                    scope = 'in the namespace "%s"' % ns if ns else 'at the cluster scope'
                    return self._status(403, 'Forbidden',
                                        '%s%s is forbidden: User "system:serviceaccount:driftscope:driftscope" '
                                        'cannot %s resource "%s" in API group "%s" %s'
                                        % (res, ' "%s"' % name if name else '', verb, res, group, scope),
                                        {'kind': res, 'group': group, 'name': name})
                if target and authorized:
                    res, group, ns = target
                    scope = 'in the namespace "%s"' % ns if ns else 'at the cluster scope'
                    return self._status(403, 'Forbidden',
                                        '%s is forbidden: User "fake" cannot list resource "%s" in API group "%s" %s'
                                        % (res, res, group, scope), {'kind': res, 'group': group})
                return base._get(self)
        return Handler
    mod.make_handler = make_handler

    if '--first-document-only' in flags:
        orig_load = mod.load_yaml_docs
        mod.load_yaml_docs = lambda text, builtin=False: orig_load(text, builtin)[:1]

    if '--no-synthesized-namespaces' in flags:
        orig_init, orig_flatten, loaded = mod.Store.__init__, mod.Store._flatten, set()

        def flatten(doc):
            out = orig_flatten(doc)
            loaded.update(id(o) for o in out)
            return out

        def init(self, *args, **kwargs):
            orig_init(self, *args, **kwargs)
            namespaces = self.objs.get(('', 'v1', 'namespaces'), {})
            for key in [k for k, o in namespaces.items() if id(o) not in loaded]:
                del namespaces[key]
        mod.Store._flatten = staticmethod(flatten)
        mod.Store.__init__ = init

    if '--blank-response-groups' in flags:
        orig_aggregated = mod.Store.aggregated

        def aggregated(self, core):
            items = orig_aggregated(self, core)
            for item in items:
                for version in item['versions']:
                    for r in version['resources']:
                        r['responseKind']['group'] = ''
            return items
        mod.Store.aggregated = aggregated


def main():
    forbid, flags, rest = split_args(sys.argv[1:])
    mod = load_server()
    patch(mod, forbid, flags)
    sys.argv = [SERVER] + rest
    mod.main()


if __name__ == '__main__':
    main()
