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

Every other argument is passed to fake-apiserver.py unchanged.
"""
import importlib.util
import os
import sys
from urllib.parse import urlsplit

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


def patch(mod, forbid, flags):
    orig_make = mod.make_handler

    def make_handler(store, opts, lock, log_fh):
        base = orig_make(store, opts, lock, log_fh)

        class Handler(base):
            def _get(self):
                target = forbidden_target(self.path, forbid)
                authorized = not opts.token or self.headers.get('Authorization') == 'Bearer ' + opts.token
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
