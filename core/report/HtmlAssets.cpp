// SPDX-License-Identifier: Apache-2.0
#include "HtmlAssets.h"

#include "ColourPalette.h"

namespace ds::report {

// Colours: the diff tints and syntax colours come from ColourPalette (the
// window's too), applied to the page's light and dark backgrounds; the state
// colours are the status icons' hues darkened (light) or lightened (dark)
// until text in them is readable.
// Row kinds: tr.r removed, tr.a added, tr.c changed; fillers are td.x.
// Syntax spans: k key, s string, n number, l literal, p anchor/tag,
// c comment, i indicator, m marker; .cc a shown control character.
namespace {

const Rgb kLightBackground{0xff, 0xff, 0xff};
const Rgb kDarkBackground{0x1b, 0x1d, 0x21};

std::string buildStyle()
{
    return std::string(R"CSS(
:root{color-scheme:light dark;--bg:#fff;--fg:#1f2328;--mu:#59636e;--ln:#d1d9e0;--pn:#f6f8fa;--gu:#f3f4f6;--gf:#8c959f;
)CSS") + diffCssVariables(kLightBackground, false) + ";--fill:#eef0f2;\n" + syntaxCssVariables(false) + R"CSS(;
--clean:#1a7f37;--drift:#9a6700;--missing:#c62828;--notpresent:#6e7781;--toomany:#8e44ad;--patched:#1f6fb8;
--error:#a40e26;--manual:#1f4eb4;--unmatched:#6e7781;--skipped:#6e7781;--neutral:#59636e}
@media (prefers-color-scheme:dark){:root{--bg:#1b1d21;--fg:#e6e6e6;--mu:#9aa2ab;--ln:#3a3f46;--pn:#24272c;--gu:#22252a;
--gf:#6e767f;)CSS" + diffCssVariables(kDarkBackground, true) + ";--fill:#26292e;\n" + syntaxCssVariables(true) + R"CSS(;
--clean:#4ac26b;--drift:#e3a008;--missing:#ff6b6b;--notpresent:#9198a1;--toomany:#c58af9;--patched:#58a6ff;
--error:#ff7b72;--manual:#79a0ff;--unmatched:#9198a1;--skipped:#9198a1;--neutral:#9aa2ab}}
*{box-sizing:border-box}
html{background:var(--bg);color:var(--fg)}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","DejaVu Sans",sans-serif}
header.top,main,footer{padding:0 24px}
header.top{padding-top:16px;border-bottom:1px solid var(--ln);background:var(--pn)}
h1{font-size:1.5em;margin:0 0 8px}
h2{font-size:1.2em;margin:28px 0 10px;padding-bottom:4px;border-bottom:1px solid var(--ln)}
h3{font-size:1em;margin:16px 0 6px}
code,pre,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono",monospace;font-size:.92em}
pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:4px 0}
a{color:var(--patched)}
.mu{color:var(--mu)}
dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:0 0 14px}
dl.meta dt{color:var(--mu)}
dl.meta dd{margin:0;overflow-wrap:anywhere}
.verdicts{margin:0 0 14px}
.verdict{display:inline-block;font-weight:600}
nav .tools{display:flex;gap:8px;align-items:center;margin-left:auto}
.s-clean{--st:var(--clean)}.s-drift{--st:var(--drift)}.s-missing{--st:var(--missing)}.s-notpresent{--st:var(--notpresent)}
.s-toomany{--st:var(--toomany)}.s-patched{--st:var(--patched)}.s-error{--st:var(--error)}.s-manual{--st:var(--manual)}
.s-unmatched{--st:var(--unmatched)}.s-skipped{--st:var(--skipped)}.s-neutral{--st:var(--neutral)}
.b{display:inline-block;padding:0 7px;border:1px solid var(--st);border-radius:10px;color:var(--st);font-size:.85em;
white-space:nowrap;background:color-mix(in srgb,var(--st) 10%,transparent);vertical-align:1px}
.g{font-style:normal;color:var(--st)}
.verdict.b{font-size:1em;padding:2px 10px}
ul.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:8px;list-style:none;padding:0;margin:0}
ul.cards li{border:1px solid var(--ln);border-left:5px solid var(--st);border-radius:6px;padding:6px 10px;background:var(--pn)}
ul.cards a{color:inherit;text-decoration:none;display:block}
ul.cards .num{font-size:1.6em;font-weight:600;color:var(--st)}
ul.cards .lbl{display:block}
ul.cards .st{display:block;font-size:.85em;color:var(--st)}
nav.controls{position:sticky;top:0;z-index:2;display:flex;flex-wrap:wrap;gap:6px 10px;align-items:center;padding:8px 24px;
background:var(--bg);border-bottom:1px solid var(--ln);box-shadow:0 1px 3px rgba(0,0,0,.08)}
nav.controls[hidden]{display:none}
nav .fl{display:flex;flex-wrap:wrap;gap:4px;align-items:center}
button{font:inherit;font-size:.9em;color:var(--fg);background:var(--pn);border:1px solid var(--ln);border-radius:6px;
padding:2px 9px;cursor:pointer}
button[aria-pressed=true]{background:color-mix(in srgb,var(--st,var(--patched)) 22%,var(--bg));border-color:var(--st,var(--patched));font-weight:600}
button.fbtn{color:var(--st)}
input[type=search]{font:inherit;font-size:.9em;padding:3px 8px;border:1px solid var(--ln);border-radius:6px;background:var(--bg);
color:var(--fg);min-width:220px}
label.opt{font-size:.9em;color:var(--mu);white-space:nowrap}
ul.tree,ul.tree ul{list-style:none;margin:0;padding:0}
ul.tree ul{padding-left:22px}
ul.tree li{margin:2px 0}
ul.tree summary{cursor:pointer}
ul.tree .part>details>summary{font-weight:600;font-size:1.05em}
ul.tree .comp>details>summary{font-weight:600}
.t{display:flex;flex-wrap:wrap;gap:2px 8px;align-items:baseline}
.t .crs{font-size:.9em}
.desc{color:var(--mu);white-space:pre-wrap;overflow-wrap:anywhere}
.rule{font-weight:normal;color:var(--mu);font-size:.9em}
.issue{font-weight:normal}
.cr{border:1px solid var(--ln);border-radius:6px;margin:8px 0;background:var(--bg)}
.cr>summary,.cr>.hd{padding:6px 10px;background:var(--pn);border-radius:6px;cursor:pointer;overflow-wrap:anywhere}
.cr[open]>summary{border-bottom:1px solid var(--ln);border-radius:6px 6px 0 0}
.cr>.hd{cursor:auto;list-style:none}
.cr .body{padding:6px 10px 10px}
.cr .note{margin:4px 0}
table.fields{border-collapse:collapse;margin:6px 0;font-size:12px;max-width:100%}
table.fields th,table.fields td{border:1px solid var(--ln);padding:1px 6px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
table.fields thead th{background:var(--pn)}
table.fields td.v{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;white-space:pre-wrap}
details.hid>summary{cursor:pointer;color:var(--mu);margin:4px 0}
.arrow{color:var(--mu)}
ul.plain{margin:4px 0;padding-left:22px}
ul.plain li{margin:2px 0;overflow-wrap:anywhere}
ul.cols{columns:2 420px}
.none{color:var(--mu);font-style:italic}
.incomplete{border:2px solid var(--error);border-radius:6px;padding:4px 12px;margin:8px 0}
table.d{width:100%;border-collapse:collapse;table-layout:fixed;margin-top:6px;border:1px solid var(--ln);
font:12px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono",monospace;
-webkit-print-color-adjust:exact;print-color-adjust:exact}
table.d col.n{width:4.2em}
table.d thead th{font:600 12px/1.6 system-ui,sans-serif;text-align:left;color:var(--fg);background:var(--pn);padding:3px 8px;
border-bottom:1px solid var(--ln)}
table.d td{white-space:pre-wrap;overflow-wrap:anywhere;padding:0 8px;vertical-align:top}
table.d tbody th{font-weight:normal;text-align:right;color:var(--gf);background:var(--gu);padding:0 6px;vertical-align:top;
user-select:none;white-space:nowrap;border-right:1px solid var(--ln)}
table.d tbody th+td{border-right:1px solid var(--ln)}
table.d tr.r th:first-child::before{content:"\2212 ";color:var(--missing)}
table.d tr.a th:nth-child(3)::before{content:"+ ";color:var(--clean)}
table.d tr.c th::before{content:"~ ";color:var(--patched)}
tr.r td:nth-child(2){background:var(--rem)}
tr.a td:nth-child(4){background:var(--add)}
tr.c td{background:var(--chg)}
tr.c mark{background:var(--chgc);color:inherit;border-radius:2px}
tr.r mark{background:var(--remc);color:inherit}
tr.a mark{background:var(--addc);color:inherit}
td.x{background:repeating-linear-gradient(135deg,var(--fill) 0 3px,transparent 3px 7px)!important}
.fb td{text-align:center;background:var(--pn);color:var(--mu);padding:1px}
.fb button{border:0;background:none;color:var(--patched);font-size:11px;padding:0 8px}
.fb{display:none}
.js .fb{display:table-row-group}
.js tbody.f{display:none}
.js tbody.f.o,.js .allu tbody.f,.allu tbody.f{display:table-row-group}
.js tbody.fb.o,.allu tbody.fb{display:none}
span.k{color:var(--k)}span.s{color:var(--s)}span.n{color:var(--n)}span.l{color:var(--l)}span.p{color:var(--p)}
span.c{color:var(--c);font-style:italic}span.i{font-weight:700}span.m{color:var(--c);font-weight:700}
.cc{color:var(--error);border:1px solid var(--error);border-radius:3px;padding:0 1px;font-size:.85em}
[hidden]{display:none!important}
.nomatch{color:var(--mu);font-style:italic}
footer{margin:32px 0 24px;color:var(--mu);font-size:.9em}
@media print{
nav.controls,.fb,.noprint,.nomatch{display:none!important}
tbody.f{display:table-row-group!important}
details::details-content{content-visibility:visible!important;display:contents}
details>summary{list-style:none}
details>summary::-webkit-details-marker{display:none}
body{font-size:10pt}
header.top{background:none}
table.d{font-size:7.5pt}
table.d tr{break-inside:avoid}
h2,h3{break-after:avoid}
.cr{break-inside:auto}
.b,ul.cards li{-webkit-print-color-adjust:exact;print-color-adjust:exact}
a{color:inherit;text-decoration:none}
}
)CSS";
}

} // namespace

const std::string &htmlReportStyle()
{
    static const std::string style = buildStyle();
    return style;
}

// Progressive enhancement only: without it every section is expanded and
// readable. Filters come from the controls or the URL fragment
// (#filter=missing,drift&q=text), which the headless browser test uses.
const char *htmlReportScript()
{
    return R"JS(
(function () {
  'use strict';
  var doc = document, root = doc.documentElement;
  root.classList.add('js');
  var nav = doc.getElementById('controls');
  if (!nav) return;
  nav.hidden = false;
  var items = Array.prototype.slice.call(doc.querySelectorAll('[data-s]'));
  var groups = Array.prototype.slice.call(doc.querySelectorAll('[data-g]')).reverse();
  var sections = Array.prototype.slice.call(doc.querySelectorAll('section.flt'));
  var query = doc.getElementById('q');
  var unchanged = doc.getElementById('allu');
  var buttons = Array.prototype.slice.call(nav.querySelectorAll('[data-f]'));
  var active = [];

  items.forEach(function (el) {
    el.dsStates = el.getAttribute('data-s').split(' ');
    var text = '';
    Array.prototype.forEach.call(el.querySelectorAll('.nm'), function (n) { text += ' ' + n.textContent; });
    el.dsText = text.toLowerCase();
  });

  function matches(el, q) {
    var stateOk = active.length === 0 || el.dsStates.some(function (s) { return active.indexOf(s) >= 0; });
    return stateOk && (q === '' || el.dsText.indexOf(q) >= 0);
  }

  function apply(updateUrl) {
    var q = query.value.trim().toLowerCase();
    items.forEach(function (el) { el.hidden = !matches(el, q); });
    groups.forEach(function (g) { g.hidden = !g.querySelector('[data-s]:not([hidden])'); });
    sections.forEach(function (sec) {
      var msg = sec.querySelector('.nomatch');
      var any = sec.querySelector('[data-s]');
      if (msg) msg.hidden = !any || !!sec.querySelector('[data-s]:not([hidden])');
    });
    buttons.forEach(function (b) {
      var f = b.getAttribute('data-f');
      b.setAttribute('aria-pressed', String(f === '' ? active.length === 0 : active.indexOf(f) >= 0));
    });
    if (updateUrl) writeFragment(q);
  }

  function writeFragment(q) {
    var parts = [];
    if (active.length) parts.push('filter=' + active.join(','));
    if (q) parts.push('q=' + encodeURIComponent(q));
    try { history.replaceState(null, '', parts.length ? '#' + parts.join('&') : location.pathname + location.search); }
    catch (e) { /* file: URLs may refuse; filtering still works */ }
  }

  function readFragment() {
    var hash = location.hash.replace(/^#/, '');
    if (!/(^|&)(filter|q)=/.test(hash)) return false;
    hash.split('&').forEach(function (kv) {
      var i = kv.indexOf('='), key = kv.slice(0, i), value = decodeURIComponent(kv.slice(i + 1));
      if (key === 'filter') active = value.split(',').filter(function (s) { return s; });
      if (key === 'q') query.value = value;
    });
    return true;
  }

  buttons.forEach(function (b) {
    b.addEventListener('click', function () {
      var f = b.getAttribute('data-f'), at = active.indexOf(f);
      if (f === '') active = [];
      else if (at >= 0) active.splice(at, 1);
      else active.push(f);
      apply(true);
    });
  });
  query.addEventListener('input', function () { apply(true); });

  function setOpen(open) {
    Array.prototype.forEach.call(doc.querySelectorAll('details.cr'), function (d) { d.open = open; });
  }
  nav.querySelector('[data-act=expand]').addEventListener('click', function () { setOpen(true); });
  nav.querySelector('[data-act=collapse]').addEventListener('click', function () { setOpen(false); });
  unchanged.addEventListener('change', function () { root.classList.toggle('allu', unchanged.checked); });

  // One folded run of unchanged lines: its bar's button shows it.
  doc.addEventListener('click', function (e) {
    var button = e.target.closest && e.target.closest('tbody.fb button');
    if (!button) return;
    var bar = button.closest('tbody');
    bar.classList.add('o');
    if (bar.nextElementSibling) bar.nextElementSibling.classList.add('o');
  });

  // Paper shows every diff: open collapsed ones while printing, then restore.
  var closed = [];
  window.addEventListener('beforeprint', function () {
    closed = Array.prototype.filter.call(doc.querySelectorAll('details'), function (d) { return !d.open; });
    closed.forEach(function (d) { d.open = true; });
  });
  window.addEventListener('afterprint', function () { closed.forEach(function (d) { d.open = false; }); });

  window.addEventListener('hashchange', function () { if (readFragment()) apply(false); });
  readFragment();
  apply(false);
  root.setAttribute('data-ready', '1');
})();
)JS";
}

} // namespace ds::report
