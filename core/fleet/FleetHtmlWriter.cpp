// SPDX-License-Identifier: Apache-2.0
#include "FleetHtmlWriter.h"

#include "report/HtmlEscape.h"

#include <QByteArray>
#include <QCryptographicHash>

#include <algorithm>
#include <map>

namespace ds::fleet {

namespace {

using report::escapeHtml;
using report::HtmlContext;

// Sorting a column orders states by severity; the filter hides template rows;
// a group's button shows only its clusters' columns (again: all of them).
constexpr const char *kScript = R"JS(
(function () {
  var rank = {'failed': 0, 'drift': 1, 'missing': 2, 'patched': 3, 'clean': 4, 'not-present': 5, '': 6};
  var matrix = document.getElementById('matrix');
  var body = matrix.tBodies[0];
  var headers = matrix.tHead.rows[0].cells;
  Array.prototype.forEach.call(headers, function (th, col) {
    th.addEventListener('click', function () {
      var rows = Array.prototype.slice.call(body.rows);
      var down = th.getAttribute('aria-sort') !== 'ascending';
      rows.sort(function (a, b) {
        var x = a.cells[col].textContent, y = b.cells[col].textContent;
        var c = col === 0 ? x.localeCompare(y) : (rank[x] - rank[y]) || a.cells[0].textContent.localeCompare(b.cells[0].textContent);
        return down ? c : -c;
      });
      Array.prototype.forEach.call(headers, function (h) { h.removeAttribute('aria-sort'); });
      th.setAttribute('aria-sort', down ? 'ascending' : 'descending');
      rows.forEach(function (r) { body.appendChild(r); });
    });
  });
  document.getElementById('filter').addEventListener('input', function (e) {
    var words = e.target.value.toLowerCase().split(/\s+/).filter(Boolean);
    Array.prototype.forEach.call(body.rows, function (r) {
      var text = r.cells[0].textContent.toLowerCase();
      r.hidden = !words.every(function (w) { return text.indexOf(w) >= 0; });
    });
  });
  function showColumns(cols) {
    Array.prototype.forEach.call(matrix.rows, function (r) {
      Array.prototype.forEach.call(r.cells, function (cell, i) {
        cell.hidden = i > 0 && cols !== null && cols.indexOf(i) < 0;
      });
    });
  }
  Array.prototype.forEach.call(document.querySelectorAll('button.only'), function (b) {
    b.addEventListener('click', function () {
      var on = b.getAttribute('aria-pressed') !== 'true';
      Array.prototype.forEach.call(document.querySelectorAll('button.only'), function (o) { o.setAttribute('aria-pressed', 'false'); });
      b.setAttribute('aria-pressed', on ? 'true' : 'false');
      showColumns(on ? b.getAttribute('data-cols').split(' ').map(Number) : null);
      if (on) matrix.scrollIntoView();
    });
  });
})();
)JS";

constexpr const char *kStyle = R"CSS(
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#1d2430}
table{border-collapse:collapse;margin:.5em 0}th,td{border:1px solid #d0d7de;padding:.2em .5em;text-align:left}
th{background:#f3f5f8;cursor:pointer;white-space:nowrap}th[aria-sort=ascending]::after{content:" \25B2"}
th[aria-sort=descending]::after{content:" \25BC"}td.n{text-align:right}
td.s-clean{background:#e3f4e8}td.s-drift{background:#fde2c8}td.s-missing{background:#f9d0d0}
td.s-failed{background:#e8c8f0}td.s-patched{background:#dbe8fb}td.s-not-present{color:#8a939e}
pre{background:#f6f8fa;padding:.6em;overflow:auto}span.cc{color:#b00;font-weight:bold}
input#filter{width:28em;padding:.3em}li{margin-bottom:1em}.err{color:#b00}
)CSS";

std::string contentSecurityPolicy()
{
    const QByteArray hash = QCryptographicHash::hash(QByteArray(kScript), QCryptographicHash::Sha256).toBase64();
    return "default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-" + hash.toStdString()
        + "'; base-uri 'none'; form-action 'none'";
}

std::string esc(const std::string &s)
{
    return escapeHtml(s);
}

std::string attr(const std::string &s)
{
    return escapeHtml(s, HtmlContext::Attribute);
}

void clustersTable(const FleetReport &report, std::string &out)
{
    out += "<h2>Clusters</h2>\n<table><thead><tr><th>Cluster</th><th>Source</th><th>CRs compared</th><th>With drift</th>"
           "<th>Missing</th><th>Unmatched</th><th>Failed</th><th>Patched</th></tr></thead><tbody>\n";
    for (const auto &c : report.clusters()) {
        out += "<tr><td>" + esc(c.name) + "</td><td><code>" + esc(c.source) + "</code></td>";
        if (!c.error.empty()) {
            out += "<td colspan=6 class=err>" + esc(c.error) + "</td></tr>\n";
            continue;
        }
        const ClusterOutcome &o = c.outcome;
        for (int n : {o.crsCompared, o.crsWithDiffs, o.missing, o.unmatched, o.failed, o.patched})
            out += "<td class=n>" + std::to_string(n) + "</td>";
        out += "</tr>\n";
    }
    out += "</tbody></table>\n";
}

void matrixTable(const FleetReport &report, const std::vector<std::string> &templates, std::string &out)
{
    out += "<h2>Templates \u00D7 clusters</h2>\n<input id=filter type=search placeholder=\"Filter templates\u2026\" "
           "aria-label=\"Filter templates\">\n<table id=matrix><thead><tr><th>Template</th>";
    for (const auto &c : report.clusters())
        out += "<th>" + esc(c.name) + "</th>";
    out += "</tr></thead><tbody>\n";
    for (const std::string &path : templates) {
        out += "<tr><td>" + esc(path) + "</td>";
        for (const auto &c : report.clusters()) {
            const std::string state = report.state(path, c);
            out += "<td class=\"s-" + attr(state) + "\" title=\"" + attr(c.name + ": " + (state.empty() ? "error" : state))
                + "\">" + esc(state) + "</td>";
        }
        out += "</tr>\n";
    }
    out += "</tbody></table>\n";
}

void groupsList(const FleetReport &report, std::string &out)
{
    const auto groups = report.driftGroups();
    std::map<std::string, int> column; // cluster → matrix column
    int compared = 0;
    for (std::size_t i = 0; i < report.clusters().size(); ++i) {
        column[report.clusters()[i].name] = int(i) + 1;
        compared += report.clusters()[i].error.empty() ? 1 : 0;
    }
    out += "<h2>Drift groups (" + std::to_string(groups.size()) + ")</h2>\n<ol>\n";
    for (const auto &g : groups) {
        std::string names, cols;
        for (const std::string &n : g.clusters) {
            names += (names.empty() ? "" : ", ") + n;
            cols += (cols.empty() ? "" : " ") + std::to_string(column[n]);
        }
        out += "<li><h3>" + esc(g.templatePath) + " \u2014 on " + std::to_string(g.clusters.size()) + " of "
            + std::to_string(compared) + " clusters</h3>\n<p>" + esc(names)
            + " <button class=only aria-pressed=false data-cols=\"" + attr(cols)
            + "\">Show only these clusters</button></p>\n<pre>" + esc(g.diff) + "</pre></li>\n";
    }
    out += "</ol>\n";
}

} // namespace

std::string fleetHtml(const FleetReport &report, const std::string &referenceName)
{
    std::string out = "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>\n<meta http-equiv=Content-Security-Policy "
                      "content=\"" + contentSecurityPolicy() + "\">\n<title>Fleet drift: " + attr(referenceName)
        + "</title>\n<style>" + kStyle + "</style></head><body>\n<h1>Fleet drift: " + esc(referenceName) + "</h1>\n";
    clustersTable(report, out);
    matrixTable(report, report.templatePaths(), out);
    groupsList(report, out);
    out += "<script>" + std::string(kScript) + "</script>\n</body></html>\n";
    return out;
}

} // namespace ds::fleet
