#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The HTML report in a real browser (headless Chromium).

Writes reports with driftscope-cli -o html, opens them headless and checks the
DOM Chromium dumps after the page's script ran:
  * #filter=missing (the fragment the filter buttons write) hides every drifted
    CR and shows the missing templates;
  * #q=<text> (the text filter) keeps only matching CRs;
  * with JavaScript disabled the controls stay hidden and nothing is folded away;
  * a report built from hostile input (<script>, </pre>, quotes, U+2028, bidi
    controls, control characters in names, descriptions, CR data and render
    errors) has exactly its own script, no injected element, an unchanged
    title, and its script runs under the page's Content-Security-Policy;
  * a report with a review (--review) shows each mark's note, the fix of the
    CR to fix and the reason of the accepted one, as text, in the CR's entry;
  * a screenshot is taken (left in --out for CI artifacts; docs/html-report.md
    says how docs/images/html-report.png is made).

Exit status 0 pass, 1 fail, 77 skipped (no Chromium: CI installs Debian's
`chromium` through packaging/setup.sh).

Usage: browser_test.py --cli build/app/driftscope-cli --data tests/data --out DIR
"""

import argparse
import html.parser
import os
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent, self.children, self.text = tag, dict(attrs), parent, [], ""

    def visible(self):
        node = self
        while node is not None:
            if "hidden" in node.attrs:
                return False
            node = node.parent
        return True

    def states(self):
        return (self.attrs.get("data-s") or "").split()

    def all(self):
        yield self
        for c in self.children:
            yield from c.all()

    def all_text(self):
        return self.text + "".join(c.all_text() for c in self.children)


class DomBuilder(html.parser.HTMLParser):
    """Chromium's serialised DOM closes every non-void element, so a stack suffices."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", [], None)
        self.current = self.root

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs, self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag, attrs):
        self.current.children.append(Node(tag, attrs, self.current))

    def handle_endtag(self, tag):
        node = self.current
        while node is not self.root and node.tag != tag:
            node = node.parent
        if node is not self.root:
            self.current = node.parent

    def handle_data(self, data):
        self.current.text += data


def parse(dom):
    builder = DomBuilder()
    builder.feed(dom)
    return builder.root


def find_chromium():
    if os.environ.get("CHROMIUM"):
        return os.environ["CHROMIUM"]
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


class Browser:
    def __init__(self, binary, workdir):
        self.binary, self.workdir = binary, workdir

    def run(self, url, *extra):
        # A fresh profile per run, nothing fetched in the background.
        with tempfile.TemporaryDirectory(dir=self.workdir, prefix="profile-") as profile:
            cmd = [self.binary, "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + profile,
                   "--disable-background-networking", "--disable-component-update", "--disable-sync",
                   "--disable-default-apps", "--disable-extensions", "--no-first-run", "--no-default-browser-check",
                   "--metrics-recording-only", "--mute-audio", "--hide-scrollbars", *extra, url]
            result = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if result.returncode != 0:
            raise RuntimeError("chromium failed (%d): %s" % (result.returncode, result.stderr[-2000:]))
        return result.stdout

    def dom(self, path, fragment="", *extra):
        return parse(self.run("file://" + path + fragment, "--dump-dom", *extra))

    def screenshot(self, path, png, size="1280,1800"):
        self.run("file://" + path, "--screenshot=" + png, "--window-size=" + size)


class Checks:
    def __init__(self):
        self.failures = 0

    def check(self, condition, message):
        print(("PASS " if condition else "FAIL ") + message)
        if not condition:
            self.failures += 1


def write_report(cli, args, out_path):
    with open(out_path, "wb") as out:
        result = subprocess.run([cli, *args, "-o", "html"], stdout=out, stderr=subprocess.PIPE, timeout=120)
    if result.returncode not in (0, 1, 2) or os.path.getsize(out_path) == 0:
        raise RuntimeError("driftscope-cli failed: " + result.stderr.decode(errors="replace"))


def html_element(root):
    return next(n for n in root.all() if n.tag == "html")


def check_filter_missing(browser, report, c):
    root = browser.dom(report, "#filter=missing")
    c.check(html_element(root).attrs.get("data-ready") == "1", "filter=missing: the report's script ran")
    nodes = list(root.all())
    button = [n for n in nodes if n.attrs.get("data-f") == "missing"]
    c.check(button and button[0].attrs.get("aria-pressed") == "true", "filter=missing: the Missing button is pressed")
    drifted = [n for n in nodes if n.tag == "details" and "drift" in n.states()]
    c.check(len(drifted) >= 3, "filter=missing: the demo has drifted CRs (%d)" % len(drifted))
    c.check(all(not n.visible() for n in drifted), "filter=missing: every drifted CR is hidden")
    shown = [n for n in nodes if "data-s" in n.attrs and n.visible()]
    c.check(shown and all("missing" in n.states() for n in shown), "filter=missing: only missing entries show")
    missing = [n for n in shown if "dns/dns-default.yaml" in n.all_text()]
    c.check(len(missing) >= 2, "filter=missing: the missing template shows in the tree and in the list")
    diffs = next(n for n in nodes if n.attrs.get("id") == "diffs")
    note = [n for n in diffs.all() if n.attrs.get("class") == "nomatch"]
    c.check(note and note[0].visible(), "filter=missing: the Differences section says nothing matches")


def check_text_filter(browser, report, c):
    root = browser.dom(report, "#q=router-tuning")
    crs = [n for n in root.all() if n.tag == "details" and "cr" in (n.attrs.get("class") or "").split()]
    visible = [n for n in crs if n.visible()]
    c.check(len(crs) >= 3 and len(visible) == 1 and "router-tuning" in visible[0].all_text(),
            "q=router-tuning: only that CR's diff shows (%d of %d)" % (len(visible), len(crs)))
    templates = [n for n in root.all() if n.tag == "li" and (n.attrs.get("id") or "").startswith("t-")]
    c.check(any(not n.visible() for n in templates), "q=router-tuning: templates without that name are hidden")


def check_without_script(browser, report, c):
    # --dump-dom itself needs JavaScript, so "disabled" is the same page without its script.
    with open(report, encoding="utf-8") as f:
        page = f.read()
    start, end = page.index("<script>"), page.index("</script>") + len("</script>")
    without = report.replace(".html", "-noscript.html")
    with open(without, "w", encoding="utf-8") as f:
        f.write(page[:start] + page[end:])
    root = browser.dom(without, "#filter=missing")
    html_node = html_element(root)
    c.check("js" not in (html_node.attrs.get("class") or "").split(), "no JS: the page is not in script mode")
    nav = next(n for n in root.all() if n.attrs.get("id") == "controls")
    c.check(not nav.visible(), "no JS: the filter controls are hidden")
    entries = [n for n in root.all() if "data-s" in n.attrs]
    c.check(entries and all(n.visible() for n in entries), "no JS: every entry shows (%d)" % len(entries))


def check_hostile(browser, report, c):
    root = browser.dom(report)
    nodes = list(root.all())
    c.check(html_element(root).attrs.get("data-ready") == "1", "hostile: the report's own script ran under its CSP")
    scripts = [n for n in nodes if n.tag == "script"]
    c.check(len(scripts) == 1, "hostile: exactly one script element (%d)" % len(scripts))
    injected = [n.tag for n in nodes if n.tag in ("img", "iframe", "object", "embed", "style", "link", "base")
                and not (n.tag == "style" and n.parent.tag == "head")]
    c.check(not injected, "hostile: no injected elements (%s)" % injected)
    styles = [n for n in nodes if n.tag == "style"]
    c.check(len(styles) == 1, "hostile: exactly one style element")
    title = next(n for n in nodes if n.tag == "title").all_text()
    c.check("pwned" not in title, "hostile: the title is unchanged (%r)" % title)
    handlers = [k for n in nodes for k in n.attrs if k.startswith("on")]
    c.check(not handlers, "hostile: no event handler attributes (%s)" % handlers)
    text = root.all_text()
    c.check("document.title='pwned-live'" in text and "</pre></td></tr></table>" in text,
            "hostile: the hostile values show as text")


def check_review(browser, report, c):
    root = browser.dom(report)
    nodes = list(root.all())
    c.check(html_element(root).attrs.get("data-ready") == "1", "review: the report's script ran")
    c.check(len([n for n in nodes if n.tag == "script"]) == 1, "review: a note's <script> stays text")
    crs = {n.attrs.get("id"): n for n in nodes if n.tag == "details" and "cr" in (n.attrs.get("class") or "").split()}

    def entry(name):
        return next((n for n in crs.values() if name in n.all_text()), None)

    fix = entry("v1_IngressController_openshift-ingress-operator_default")
    c.check(fix is not None and "Back to the reference before the next release" in fix.all_text()
            and "kubectl patch ingresscontroller.v1.operator.openshift.io" in fix.all_text(),
            "review: the CR to fix shows its note and its kubectl patch")
    pre = [n for n in fix.all() if n.tag == "pre" and "kubectl patch" in n.all_text()] if fix else []
    c.check(pre and pre[0].visible(), "review: the fix is shown, not folded away")
    seen = entry("v1_ConfigMap_openshift-sdn_sdn-config")
    c.check(seen is not None and "OVN migration (CHG-2001) <script>alert(1)</script>" in seen.all_text(),
            "review: the reviewed CR shows its note as text")
    outdated = entry("v1_ConfigMap_openshift-ingress_router-tuning")
    c.check(outdated is not None and "earlier drift" in outdated.all_text(),
            "review: a mark made for another drift says so")
    text = root.all_text()
    c.check("Payments clusters page their own on-call team (CHG-1234)" in text,
            "review: the accepted CR shows its override's reason")
    c.check("review.yaml" in text, "review: the header names the review file")


def check_screenshot(browser, report, png, c):
    browser.screenshot(report, png)
    with open(png, "rb") as f:
        data = f.read()
    c.check(data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20000, "screenshot: %s (%d bytes)" % (png, len(data)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", required=True)
    parser.add_argument("--data", required=True, help="tests/data")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()

    chromium = find_chromium()
    if not chromium:
        print("SKIP: no Chromium found (install Debian's chromium package or set CHROMIUM=/path); "
              "packaging/setup.sh installs it for CI")
        return SKIP
    os.makedirs(args.out, exist_ok=True)
    out = os.path.abspath(args.out)
    demo_dir = os.path.join(os.path.abspath(args.data), "html", "demo")
    hostile_dir = os.path.join(os.path.abspath(args.data), "html", "hostile")
    demo = os.path.join(out, "demo.html")
    hostile = os.path.join(out, "hostile.html")
    reviewed = os.path.join(out, "demo-review.html")
    demo_args = ["-A", "-R", "-r", demo_dir + "/platform-reference/metadata.yaml", "-f", demo_dir + "/resources",
                 "-c", demo_dir + "/diff-config.yaml", "-p", demo_dir + "/overrides.yaml"]
    write_report(args.cli, demo_args, demo)
    write_report(args.cli, demo_args + ["--review", demo_dir + "/review.yaml"], reviewed)
    write_report(args.cli, ["-A", "-r", hostile_dir + "/reference/metadata.yaml", "-f",
                            hostile_dir + "/resources"], hostile)

    browser = Browser(chromium, out)
    c = Checks()
    check_filter_missing(browser, demo, c)
    check_text_filter(browser, demo, c)
    check_without_script(browser, demo, c)
    check_hostile(browser, hostile, c)
    check_review(browser, reviewed, c)
    png = os.path.join(out, "html-report.png")
    check_screenshot(browser, demo, png, c)
    print("%d failed" % c.failures)
    return 1 if c.failures else 0


if __name__ == "__main__":
    sys.exit(main())
