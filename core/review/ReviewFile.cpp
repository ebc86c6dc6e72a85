// SPDX-License-Identifier: Apache-2.0
#include "ReviewFile.h"

#include "DiffHash.h"
#include "compare/DiffConfigWriter.h"
#include "yaml/YamlReader.h"

#include <QDateTime>
#include <QFile>

#include <algorithm>

namespace ds::review {

namespace {

const char *const kKind = "DriftscopeReview";

std::optional<ReviewMark::Outcome> outcomeFrom(const std::string &name)
{
    if (name == "reviewed")
        return ReviewMark::Outcome::Reviewed;
    if (name == "fix")
        return ReviewMark::Outcome::ToFix;
    return std::nullopt;
}

std::string field(const Value &mark, const char *key)
{
    const Value v = mark.get(key);
    return v.isString() ? v.str() : std::string();
}

// The comment and blank lines the file starts with, as written.
std::string leadingComments(const std::string &text)
{
    std::size_t end = 0;
    while (end < text.size()) {
        const std::size_t next = text.find('\n', end);
        const std::size_t lineEnd = next == std::string::npos ? text.size() : next + 1;
        const std::string_view line(text.data() + end, lineEnd - end);
        const std::size_t first = line.find_first_not_of(" \t\r\n");
        if (first != std::string_view::npos && line[first] != '#')
            break;
        end = lineEnd;
    }
    return text.substr(0, end);
}

std::optional<std::string> readMark(const Value &entry, std::size_t index, ReviewMark &mark)
{
    const std::string where = "mark " + std::to_string(index + 1) + ": ";
    if (!entry.isMap())
        return where + "not a mapping";
    for (const auto &[key, value] : entry.map())
        if (key != "cr" && key != "template" && key != "outcome" && key != "diff" && key != "note" && key != "marked")
            return where + "unknown field \"" + key + "\"";
    mark.crId = field(entry, "cr");
    mark.templatePath = field(entry, "template");
    if (mark.crId.empty() || mark.templatePath.empty())
        return where + "\"cr\" and \"template\" are required";
    const auto outcome = outcomeFrom(field(entry, "outcome").empty() ? "reviewed" : field(entry, "outcome"));
    if (!outcome)
        return where + "outcome must be reviewed or fix, not \"" + field(entry, "outcome") + "\"";
    mark.outcome = *outcome;
    mark.diffHash = field(entry, "diff");
    mark.note = field(entry, "note");
    mark.markedAt = field(entry, "marked");
    return std::nullopt;
}

} // namespace

const char *outcomeName(ReviewMark::Outcome outcome)
{
    return outcome == ReviewMark::Outcome::ToFix ? "fix" : "reviewed";
}

ReviewFile::LoadResult ReviewFile::load(const std::string &path)
{
    QFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::ReadOnly))
        return {{}, "cannot read review file " + path + ": " + file.errorString().toStdString()};
    return parse(file.readAll().toStdString(), path);
}

ReviewFile::LoadResult ReviewFile::parse(const std::string &text, const std::string &path)
{
    const std::string name = path.empty() ? std::string("review file") : "review file " + path;
    LoadResult out;
    out.file.m_leadingComments = leadingComments(text);
    yaml::ReadOptions options;
    options.firstDocumentOnly = true;
    const yaml::ReadResult read = yaml::read(text, options);
    if (!read.ok())
        return {{}, name + ": " + read.error->message};
    if (read.documents.empty() || read.documents.front().isNothing())
        return out; // an empty file holds no marks
    const Value &doc = read.documents.front();
    if (!doc.isMap() || field(doc, "kind") != kKind)
        return {{}, name + ": not a Driftscope review (kind: " + std::string(kKind) + " is missing)"};
    const Value marks = doc.get("marks");
    if (marks.isNothing())
        return out;
    if (!marks.isList())
        return {{}, name + ": \"marks\" must be a list"};
    for (std::size_t i = 0; i < marks.list().size(); ++i) {
        ReviewMark mark;
        if (auto error = readMark(marks.list()[i], i, mark))
            return {{}, name + ": " + *error};
        out.file.set(mark.crId, mark.templatePath, mark);
    }
    return out;
}

const ReviewMark *ReviewFile::find(const std::string &crId, const std::string &templatePath) const
{
    const auto it = std::find_if(m_marks.begin(), m_marks.end(), [&](const ReviewMark &m) {
        return m.crId == crId && m.templatePath == templatePath;
    });
    return it == m_marks.end() ? nullptr : &*it;
}

void ReviewFile::set(const std::string &crId, const std::string &templatePath, std::optional<ReviewMark> mark)
{
    const auto it = std::find_if(m_marks.begin(), m_marks.end(), [&](const ReviewMark &m) {
        return m.crId == crId && m.templatePath == templatePath;
    });
    if (!mark) {
        if (it != m_marks.end())
            m_marks.erase(it);
        return;
    }
    if (it != m_marks.end())
        *it = std::move(*mark);
    else
        m_marks.push_back(std::move(*mark));
}

std::string ReviewFile::toYaml() const
{
    using compare::DiffConfigWriter;
    std::string out = m_leadingComments.empty() ? "# Driftscope review marks (docs/review-file.md)\n" : m_leadingComments;
    out += "kind: " + std::string(kKind) + "\nmarks:";
    if (m_marks.empty())
        return out + " []\n";
    out += '\n';
    for (const ReviewMark &m : m_marks) {
        out += "- cr: " + DiffConfigWriter::scalar(m.crId) + '\n';
        out += "  template: " + DiffConfigWriter::scalar(m.templatePath) + '\n';
        out += "  outcome: " + std::string(outcomeName(m.outcome)) + '\n';
        if (!m.diffHash.empty())
            out += "  diff: " + DiffConfigWriter::scalar(m.diffHash) + '\n';
        if (!m.note.empty())
            out += "  note: " + DiffConfigWriter::scalar(m.note) + '\n';
        if (!m.markedAt.empty())
            out += "  marked: " + DiffConfigWriter::scalar(m.markedAt) + '\n';
    }
    return out;
}

bool isOutdated(const ReviewMark &mark, const report::CrResult &result)
{
    return !mark.diffHash.empty() && mark.diffHash != diffHash(result);
}

ReviewMark markFor(const report::CrResult &result, ReviewMark::Outcome outcome, std::string note)
{
    ReviewMark mark;
    mark.crId = result.crName;
    mark.templatePath = result.correlatedTemplate;
    mark.outcome = outcome;
    mark.note = std::move(note);
    mark.diffHash = diffHash(result);
    mark.markedAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString();
    return mark;
}

ReviewProgress reviewProgress(const report::ComparisonReport &report, const ReviewFile &review)
{
    ReviewProgress p;
    for (const report::CrResult &result : report.diffs) {
        if (!result.hasDiff())
            continue;
        ++p.drifted;
        const ReviewMark *mark = review.find(result.crName, result.correlatedTemplate);
        if (!mark)
            continue;
        if (isOutdated(*mark, result)) {
            ++p.outdated;
            continue;
        }
        ++p.reviewed;
        p.toFix += mark->outcome == ReviewMark::Outcome::ToFix ? 1 : 0;
    }
    return p;
}

} // namespace ds::review
