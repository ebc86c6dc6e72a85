// SPDX-License-Identifier: Apache-2.0
#include "RenderCommand.h"

#include "json/JsonReader.h"
#include "reference/ReferenceLoader.h"
#include "template/TemplateSet.h"
#include "yaml/YamlReader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <optional>
#include <ostream>

namespace ds::cli {

namespace {

struct RenderOptions
{
    bool help = false;
    std::string templateFile;
    std::string dataFile;
    std::vector<std::string> functionFiles;
    std::string reference; // -r: its templateFunctionFiles join the set, as in a comparison
    std::string name;
    tmpl::MissingKey missingKey = tmpl::MissingKey::Default;
};

constexpr const char *kUsage =
    "Usage: driftscope-cli render --template FILE [--data FILE] [--function-file FILE]...\n"
    "                             [--name NAME] [--option missingkey=default|zero|error]\n"
    "                             [-r REFERENCE/metadata.yaml]\n";

std::optional<std::string> readFile(const std::string &path, std::string &error)
{
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly)) {
        error = "cannot read " + path + ": " + f.errorString().toStdString();
        return std::nullopt;
    }
    return f.readAll().toStdString();
}

std::string baseName(const std::string &path)
{
    return QFileInfo(QString::fromStdString(path)).fileName().toStdString();
}

// Parses the flags; returns an error message for bad usage.
std::optional<std::string> parseArgs(const std::vector<std::string> &args, RenderOptions &o)
{
    for (std::size_t i = 2; i < args.size(); ++i) {
        std::string flag = args[i];
        std::string value;
        const auto eq = flag.find('=');
        const bool inlineValue = flag.rfind("--", 0) == 0 && eq != std::string::npos;
        if (inlineValue) {
            value = flag.substr(eq + 1);
            flag = flag.substr(0, eq);
        }
        auto takeValue = [&]() -> std::optional<std::string> {
            if (inlineValue)
                return value;
            if (i + 1 >= args.size())
                return std::nullopt;
            return args[++i];
        };
        if (flag == "-h" || flag == "--help") {
            o.help = true;
            return std::nullopt;
        }
        if (flag == "--template" || flag == "--data" || flag == "--function-file" || flag == "--name"
            || flag == "--option" || flag == "-r" || flag == "--reference") {
            auto v = takeValue();
            if (!v)
                return "flag needs an argument: " + flag;
            if (flag == "--template")
                o.templateFile = *v;
            else if (flag == "--data")
                o.dataFile = *v;
            else if (flag == "--function-file")
                o.functionFiles.push_back(*v);
            else if (flag == "--name")
                o.name = *v;
            else if (flag == "-r" || flag == "--reference")
                o.reference = *v;
            else if (*v == "missingkey=default" || *v == "missingkey=invalid")
                o.missingKey = tmpl::MissingKey::Default;
            else if (*v == "missingkey=zero")
                o.missingKey = tmpl::MissingKey::Zero;
            else if (*v == "missingkey=error")
                o.missingKey = tmpl::MissingKey::Error;
            else
                return "unrecognized option: " + *v;
        } else {
            return "unknown flag: " + args[i];
        }
    }
    if (o.templateFile.empty() && !o.help)
        return std::string("--template is required");
    return std::nullopt;
}

// Data decoded as Kubernetes decodes objects: integers int64, other numbers float64.
std::optional<Value> loadData(const std::string &path, std::string &error)
{
    auto text = readFile(path, error);
    if (!text)
        return std::nullopt;
    const bool isJson = json::looksLikeJson(*text) || QFileInfo(QString::fromStdString(path)).suffix() == QLatin1String("json");
    yaml::ReadOptions options;
    options.firstDocumentOnly = true;
    const yaml::ReadResult r = isJson ? json::read(*text) : yaml::read(*text, options);
    if (!r.ok()) {
        error = path + ": " + r.error->describe();
        return std::nullopt;
    }
    return r.documents.empty() ? Value::null() : r.documents.front();
}

class CliFunctionContext : public tmpl::FunctionContext
{
public:
    explicit CliFunctionContext(std::ostream &err) : m_err(err) {}
    void warn(const std::string &message) override { m_err << "warning: " << message << "\n"; }

private:
    std::ostream &m_err;
};

// -r: the reference's templateFunctionFiles (globs relative to its folder), and
// a --template given relative to the reference's folder rather than to here.
std::optional<std::string> useReference(RenderOptions &o)
{
    ref::ReferenceLoader loader;
    const ref::LoadResult metadata = loader.loadMetadata(o.reference);
    if (!metadata.ok())
        return *metadata.error;
    const QDir root(QString::fromStdString(metadata.reference->directory));
    for (const std::string &pattern : metadata.reference->templateFunctionFiles) {
        const QFileInfo glob(root.filePath(QString::fromStdString(pattern)));
        const QDir dir(glob.path());
        for (const QString &file : dir.entryList({glob.fileName()}, QDir::Files, QDir::Name))
            o.functionFiles.push_back(dir.filePath(file).toStdString());
    }
    if (!QFileInfo::exists(QString::fromStdString(o.templateFile)) && QDir::isRelativePath(QString::fromStdString(o.templateFile)))
        o.templateFile = root.filePath(QString::fromStdString(o.templateFile)).toStdString();
    return std::nullopt;
}

} // namespace

int runRender(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    RenderOptions o;
    if (auto usage = parseArgs(args, o)) {
        err << "error: " << *usage << "\n" << kUsage;
        return 2;
    }
    if (o.help) {
        out << "Renders one reference template with the given data, as kube-compare renders it.\n\n" << kUsage;
        return 0;
    }
    if (!o.reference.empty())
        if (auto error = useReference(o)) {
            err << "error: " << *error << "\n";
            return 2;
        }
    std::string error;
    Value data = Value::emptyMap();
    if (!o.dataFile.empty()) {
        auto d = loadData(o.dataFile, error);
        if (!d) {
            err << "error: " << error << "\n";
            return 2;
        }
        data = *d;
    }
    tmpl::TemplateSet set;
    set.setMissingKey(o.missingKey);
    const std::string name = o.name.empty() ? baseName(o.templateFile) : o.name;
    auto mainText = readFile(o.templateFile, error);
    if (!mainText) {
        err << "error: " << error << "\n";
        return 2;
    }
    if (auto e = set.parse(name, *mainText)) {
        err << "error: " << *e << "\n";
        return 2;
    }
    for (const auto &file : o.functionFiles) {
        auto text = readFile(file, error);
        if (!text) {
            err << "error: " << error << "\n";
            return 2;
        }
        if (auto e = set.parse(baseName(file), *text)) {
            err << "error: " << *e << "\n";
            return 2;
        }
    }
    CliFunctionContext context(err);
    const tmpl::RenderResult result = set.execute(name, data, context);
    if (!result.ok()) {
        err << "error: " << *result.error << "\n";
        return 2;
    }
    out << result.output;
    return 0;
}

} // namespace ds::cli
