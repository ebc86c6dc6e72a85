// SPDX-License-Identifier: Apache-2.0
#include "CompareCommand.h"

#include "DriftscopeVersion.h"
#include "FlagParser.h"
#include "GenerateCommand.h"
#include "KlogLog.h"
#include "pipeline/ComparisonRun.h"
#include "image/ImageName.h"
#include "util/UrlReader.h"
#include "pipeline/SampleComparison.h"
#include "report/ReportWriters.h"
#include "review/FixVerifier.h"
#include "review/ReviewDecisions.h"
#include "template/FunctionRegistry.h"

#include <QFileInfo>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <optional>
#include <ostream>
#include <set>

namespace ds::cli {

namespace {

const char *kSeeHelp = "See 'cluster-compare -h' for help and examples";

struct Exit
{
    int code;
};

FlagParser makeFlags()
{
    using K = FlagParser::Kind;
    FlagParser f;
    f.add("all-resources", 'A', K::Bool,
          "If present, In live mode will try to match all resources that are from the types mentioned in the "
          "reference. In local mode will try to match all resources passed to the command");
    f.add("concurrency", 0, K::Int, "Accepted for compatibility; Driftscope schedules work itself (default 4)");
    f.add("diff-config", 'c', K::String, "Path to the user config file");
    f.add("context", 0, K::String,
          "Without -f: the kubeconfig context of the cluster to compare (default: the current context)");
    f.add("filename", 'f', K::StringSlice, "Filename, directory, or glob of files containing the cluster CRs");
    f.add("generate-override-for", 0, K::StringSlice, "Path for template file you wish to generate a override for");
    f.add("help", 'h', K::Bool, "help for driftscope-cli");
    f.add("kubeconfig", 0, K::String,
          "Without -f: path to the kubeconfig file (default: $KUBECONFIG, else ~/.kube/config)");
    f.add("keep-going", 0, K::Bool,
          "Compare every CR even when some fail to render; failed CRs are listed and the exit code is 2");
    f.add("input-format", 0, K::String,
          "How folders given with -f are read: auto (default; recognises must-gathers and ConfigDirs), files or "
          "configdir (the oc extract / Hive ConfigDir layout)");
    f.add("kustomize", 'k', K::String, "Process the kustomization directory. This flag can't be used together with -f or -R.");
    f.add("namespace", 0, K::String,
          "Namespace of the Secrets and ConfigMaps read from a ConfigDir (default: the HiveConfig's "
          "targetNamespace, else hive)");
    f.add("output", 'o', K::String,
          "Output format. One of: (json, yaml, generate-patches, junit, html, fields, fixes, fixes-script). fields: "
          "one tab-separated line per changed field (CR, template, path, kind, reference value, cluster value); "
          "fixes: per drifted CR the patch that brings the cluster back to the reference (and manifests of missing "
          "CRs) as YAML documents; fixes-script: the same as kubectl commands");
    f.add("override-reason", 0, K::String, "Reason for generating the override");
    f.add("overrides", 'p', K::String, "Path to user overrides");
    f.add("sample", 0, K::Bool,
          "Driftscope extension: compare the bundled sample (the telco core reference with its overrides file, and "
          "its CRs with a few changes); other flags, such as -o, still apply");
    f.add("review", 0, K::String,
          "With -o html: the review file of the window (docs/review-file.md); the report shows its marks, notes "
          "and the fixes of CRs marked to fix");
    f.add("recursive", 'R', K::Bool,
          "Process the directory used in -f, --filename recursively. Useful when you want to manage related "
          "manifests organized within the same directory.");
    f.add("reference", 'r', K::String, "Path to reference config file.");
    f.add("no-image-cache", 0, K::Bool,
          "With -r container://…: ask the registry again and download every layer instead of using the image cache");
    f.add("insecure-registry", 0, K::StringSlice,
          "With -r container://…: registries (host[:port]) that may be reached over plain HTTP (loopback ones always may)");
    f.add("request-timeout", 0, K::String,
          "Without -f: how long to wait for each request to the cluster before giving up, e.g. 30s or 2m "
          "(default 30s)");
    f.add("show-managed-fields", 0, K::Bool, "If true, include managed fields in the diff.");
    f.add("show-template-functions", 0, K::Bool, "Show a list of all available template functions");
    f.add("verbose", 'v', K::Bool, "Increases the verbosity of the tool");
    f.add("generate-config", 'g', K::String,
          "Generate a reference from a must-gather (-f DIR) with this config file (refgen/v1)");
    f.add("output-dir", 0, K::String, "Generate mode: the folder the reference is written to (overrides the config's "
                                      "outputDir)");
    f.add("version", 0, K::Bool, "Print the version and exit");
    return f;
}

[[noreturn]] void usageError(std::ostream &err, const std::string &message)
{
    err << "error: " << message << "\n" << kSeeHelp << "\n";
    throw Exit{2};
}

[[noreturn]] void fatal(std::ostream &err, const std::string &message)
{
    err << "error: " << message << "\n";
    throw Exit{2};
}

// --input-format; nullopt when the value is not one of them.
std::optional<input::FileInputSource::Format> inputFormat(const std::string &value)
{
    if (value.empty() || value == "auto")
        return input::FileInputSource::Format::Auto;
    if (value == "files")
        return input::FileInputSource::Format::Files;
    if (value == "configdir")
        return input::FileInputSource::Format::ConfigDir;
    return std::nullopt;
}

std::string helpText(const FlagParser &flags)
{
    return "Compare a known valid reference configuration and a set of specific cluster configuration CRs.\n"
           "Driftscope's command line, compatible with kubectl cluster-compare.\n\n"
           "Examples:\n"
           "  # Compare a reference with the cluster of the current kubeconfig context:\n"
           "  driftscope-cli -r ./reference/metadata.yaml\n\n"
           "  # ... or with another context of another kubeconfig:\n"
           "  driftscope-cli -r ./reference/metadata.yaml --kubeconfig ~/.kube/prod --context admin\n\n"
           "  # Compare a reference with a local set of CRs:\n"
           "  driftscope-cli -r ./reference/metadata.yaml -f ./crsdir -R\n\n"
           "  # Compare with a must-gather (a folder or an archive, as received):\n"
           "  driftscope-cli -r ./reference/metadata.yaml -f ./must-gather.local.123\n"
           "  driftscope-cli -r ./reference/metadata.yaml -f ./must-gather.tar.gz\n\n"
           "  # kube-compare's documented must-gather form works too:\n"
           "  driftscope-cli -r ./reference/metadata.yaml -f \"must-gather*/*/cluster-scoped-resources\","
           "\"must-gather*/*/namespaces\" -R\n\n"
           "  # Compare with an oc extract / Hive ConfigDir:\n"
           "  driftscope-cli -r ./reference/metadata.yaml -f ./config-dir --namespace hive\n\n"
           "  # Write a self-contained HTML report to share:\n"
           "  driftscope-cli -r ./reference/metadata.yaml -f ./crsdir -R -o html > report.html\n\n"
           "  # Render one template for authoring:\n"
           "  driftscope-cli render --template t.yaml --data cr.yaml\n\n"
           "Exit status: 0 no differences, 1 differences or validation issues, 2 errors.\n\n"
           "Usage:\n  driftscope-cli -r <Reference File> [flags]\n  driftscope-cli render [flags]\n"
           "  driftscope-cli lint -r <Reference File> [flags]      check a reference (see lint --help)\n"
           "  driftscope-cli fleet -r <Reference File> CLUSTER...  many clusters at once (see fleet --help)\n"
           "  driftscope-cli rbac -r <Reference File> [flags]      the RBAC a live comparison needs\n\nFlags:\n"
        + flags.usage();
}

std::string tmpDir()
{
    const char *t = std::getenv("TMPDIR");
    std::string dir = t && *t ? t : "/tmp";
    while (dir.size() > 1 && dir.back() == '/')
        dir.pop_back();
    return dir;
}

// "30s", "2m", "1h" or plain seconds (kubectl's --request-timeout); 0 when invalid.
int parseTimeoutMs(const std::string &text)
{
    std::size_t used = 0;
    double value = 0;
    try {
        value = std::stod(text, &used);
    } catch (const std::exception &) {
        return 0;
    }
    const std::string unit = text.substr(used);
    const double scale = unit.empty() || unit == "s" ? 1000 : unit == "ms" ? 1 : unit == "m" ? 60000
                                                                               : unit == "h" ? 3600000 : 0;
    const double ms = value * scale;
    return ms >= 1 && ms < 1e9 ? static_cast<int>(ms) : 0;
}

// Where the CRs come from: -f, else the cluster of the kubeconfig's (current)
// context, as kube-compare does. Flags checked later in kube-compare's order
// (an invalid --input-format or --request-timeout) leave the kind at None.
pipeline::ClusterDataSource clusterData(const FlagParser &flags)
{
    pipeline::ClusterDataSource data;
    data.paths = flags.sliceValue("filename");
    data.kustomizeDirectory = flags.stringValue("kustomize");
    if (!data.paths.empty() || !data.kustomizeDirectory.empty()) {
        const auto format = inputFormat(flags.stringValue("input-format"));
        data.kind = format ? pipeline::ClusterDataSource::Kind::Files : pipeline::ClusterDataSource::Kind::None;
        data.format = format.value_or(input::FileInputSource::Format::Auto);
        data.recursive = flags.boolValue("recursive");
        data.configDirNamespace = flags.stringValue("namespace");
        return data;
    }
    data.cluster.kubeconfig = flags.stringValue("kubeconfig");
    data.cluster.context = flags.stringValue("context");
    data.kind = pipeline::ClusterDataSource::Kind::LiveCluster;
    if (flags.isSet("request-timeout")) {
        data.cluster.api.requestTimeoutMs = parseTimeoutMs(flags.stringValue("request-timeout"));
        if (data.cluster.api.requestTimeoutMs == 0)
            data.kind = pipeline::ClusterDataSource::Kind::None;
    }
    return data;
}

compare::CompareOptions compareOptions(const FlagParser &flags)
{
    compare::CompareOptions options;
    options.verbose = flags.boolValue("verbose");
    options.allResources = flags.boolValue("all-resources");
    options.showManagedFields = flags.boolValue("show-managed-fields");
    // The HTML report always lists failed CRs next to every other result (as the GUI does).
    options.keepGoing = flags.boolValue("keep-going") || flags.stringValue("output") == "html";
    options.explain = flags.stringValue("output") == "html"; // the report explains every verdict
    options.overridesPath = flags.stringValue("overrides");
    options.generateOverrideFor = flags.sliceValue("generate-override-for");
    options.overrideReason = flags.stringValue("override-reason");
    if (const char *ext = std::getenv("KUBECTL_EXTERNAL_DIFF"))
        options.externalDiff = ext;
    options.tmpDir = tmpDir();
    return options;
}

// The checks kube-compare makes once the engine is set up, before reading the CRs.
void checkBeforeReading(const FlagParser &flags, std::ostream &err)
{
    if (!flags.positional().empty())
        usageError(err, "Unexpected args: " + goSliceString(flags.positional()));
    if (!flags.sliceValue("filename").empty()) {
        const std::string format = flags.stringValue("input-format");
        if (!inputFormat(format))
            usageError(err, "invalid --input-format \"" + format + "\": use auto, files or configdir");
    } else if (flags.isSet("request-timeout") && parseTimeoutMs(flags.stringValue("request-timeout")) == 0) {
        usageError(err, "invalid argument \"" + flags.stringValue("request-timeout")
                            + "\" for \"--request-timeout\" flag: expected a duration such as 30s or 2m");
    }
}

review::FixInputs fixInputs(const pipeline::ComparisonRun &run)
{
    return {run.reference(), run.objects(), run.request().options, run.request().overrides};
}

// The HTML report's header names the files the comparison used; a review file
// adds its decisions.
report::HtmlOptions htmlOptions(const FlagParser &flags, const pipeline::ComparisonRun &run,
                                const std::optional<review::ReviewFile> &review)
{
    report::HtmlOptions html;
    html.manualCorrelations = run.manualCorrelations();
    html.version = DRIFTSCOPE_VERSION_STRING;
    html.diffConfigPath = flags.stringValue("diff-config");
    html.overridesPath = flags.stringValue("overrides");
    html.reviewPath = flags.stringValue("review");
    if (review)
        html.decisions = review::htmlDecisions(*run.report(), fixInputs(run), *review);
    return html;
}

// --review FILE, read before the comparison so that a broken file costs no wait.
std::optional<review::ReviewFile> reviewFile(const FlagParser &flags, const std::string &output, std::ostream &err)
{
    const std::string path = flags.stringValue("review");
    if (path.empty())
        return std::nullopt;
    if (output != "html")
        usageError(err, "--review only applies to -o html (the other formats are kube-compare's)");
    review::ReviewFile::LoadResult loaded = review::ReviewFile::load(path);
    if (!loaded.ok())
        fatal(err, *loaded.error);
    return std::move(loaded.file);
}

int compare(const FlagParser &flags, std::ostream &out, std::ostream &err)
{
    const std::string output = flags.stringValue("output");
    if (output == "generate-patches") {
        if (flags.sliceValue("generate-override-for").empty())
            usageError(err, "Requested user override generation but no entires for which template to generate overrides for");
        if (flags.stringValue("override-reason").empty())
            usageError(err, "Reason required when generating overrides");
    }
    const std::optional<review::ReviewFile> review = reviewFile(flags, output, err);
    pipeline::ComparisonRequest request;
    request.reference.metadataPath = flags.stringValue("reference");
    if (request.reference.metadataPath.empty())
        usageError(err, "\"Reference config file is required\"");
    request.reference.refreshImage = flags.boolValue("no-image-cache");
    request.reference.insecureRegistries = flags.sliceValue("insecure-registry");
    // kube-compare skips the check for URLs and images
    if (!isHttpUrl(request.reference.metadataPath) && !image::isContainerReference(request.reference.metadataPath)
        && !QFileInfo::exists(QString::fromStdString(request.reference.metadataPath)))
        fatal(err, "\"Reference config file doesn't exist\"");
    request.clusterData = clusterData(flags);
    if (flags.isSet("diff-config"))
        request.diffConfigPath = flags.stringValue("diff-config");
    request.options = compareOptions(flags);
    // Fixes (also the HTML report's, for CRs a review marks to fix) are proven on the CRs read.
    request.keepObjects = output == "fixes" || output == "fixes-script" || review.has_value();
    request.exitsAfterRun = true;

    KlogLog log(err, request.options.verbose ? 1 : 0);
    pipeline::ComparisonRun run(std::move(request), log);
    for (auto step : {&pipeline::ComparisonRun::loadReference, &pipeline::ComparisonRun::prepareEngine})
        if (auto error = (run.*step)())
            fatal(err, *error);
    checkBeforeReading(flags, err);
    for (auto step : {&pipeline::ComparisonRun::readClusterData, &pipeline::ComparisonRun::compare})
        if (auto error = (run.*step)())
            fatal(err, *error);

    const report::ComparisonReport &compared = *run.report();
    if (output == "fixes" || output == "fixes-script") {
        const std::vector<review::Fix> fixes = review::provenFixes(compared, fixInputs(run));
        out << (output == "fixes" ? review::fixesYaml(fixes) : review::fixesScript(fixes));
    } else {
        report::WriteOptions writeOptions;
        writeOptions.format = output;
        writeOptions.verbose = run.request().options.verbose;
        writeOptions.html = htmlOptions(flags, run, review);
        out << report::writeReport(compared, *run.reference(), writeOptions);
    }
    out.flush();
    // With --keep-going an input can be incomplete (a kind the cluster refused):
    // the report is written, and the exit code says something went wrong.
    if (!compared.failures.empty() || run.inputIncomplete()) {
        for (const auto &f : compared.failures)
            err << "error: " << f.crName << ": " << f.error << "\n";
        return 2;
    }
    if (output == "generate-patches")
        return 0;
    const auto &s = compared.summary;
    return s.numDiffCRs != 0 || !s.validationIssues.empty() ? 1 : 0;
}

} // namespace

std::string templateFunctionListing()
{
    static const std::vector<std::pair<std::string, std::string>> custom = {
        {"doNotMatch", "Skip matching this target against the current CR"},
        {"fromJson", "Parse the incoming string as a structured JSON object"},
        {"fromJsonArray", "Parse the incoming string as a structured JSON array"},
        {"fromYaml", "Parse the incoming string as a structured YAML object"},
        {"fromYamlArray", "Parse the incoming string as a structured YAML array"},
        {"lookupCR", "Lookup an external CR and return exactly one matching object"},
        {"lookupCRs", "Lookup an external CR and return an array of matching objects"},
        {"toJson", "Render incoming data of any type as a JSON string"},
        {"toToml", "Render incoming data of any type as a TOML document string"},
        {"toYaml", "Render incoming data of any type as a YAML document string"},
    };
    static const std::set<std::string> builtins = {"and", "or", "not", "len", "index", "print", "printf", "println",
                                                   "html", "js", "urlquery", "call", "eq", "ne", "lt", "le", "gt", "ge"};
    std::set<std::string> customNames;
    std::string out = "Available Template Functions\n============================\n";
    for (const auto &[name, help] : custom) {
        out += name + ":\n  " + help + "\n";
        customNames.insert(name);
    }
    out += "\nImported from https://masterminds.github.io/sprig/\n"
           "--------------------------------------------------\n";
    std::string names;
    for (const auto &name : tmpl::FunctionRegistry::kubeCompare().names())
        if (!builtins.count(name) && !customNames.count(name))
            names += (names.empty() ? "" : ", ") + name;
    return out + names + "\n";
}

// --sample: the bundled sample's -r, -f, -R and -p, before the flags given
// (which, coming later, win).
std::vector<std::string> withSample(const std::vector<std::string> &args, std::ostream &err)
{
    const std::optional<pipeline::SampleComparison> sample = pipeline::sampleComparison();
    if (!sample)
        fatal(err, "the sample comparison is not installed (share/driftscope/sample next to the program); set "
                   "DRIFTSCOPE_SAMPLE_DIR to its folder");
    std::vector<std::string> out{"-r", sample->metadata, "-f", sample->cluster, "-R", "-p", sample->overrides};
    out.insert(out.end(), args.begin(), args.end());
    return out;
}

int runCompare(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    FlagParser flags = makeFlags();
    try {
        std::vector<std::string> given(args.begin() + 1, args.end());
        if (auto e = flags.parse(given))
            usageError(err, *e);
        if (flags.boolValue("sample") && !flags.boolValue("help")) {
            flags = makeFlags();
            if (auto e = flags.parse(withSample(given, err)))
                usageError(err, *e);
        }
        if (flags.boolValue("help")) {
            out << helpText(flags);
            return 0;
        }
        if (flags.boolValue("version")) {
            out << "driftscope-cli version " << DRIFTSCOPE_VERSION_STRING << "\n";
            return 0;
        }
        if (flags.boolValue("show-template-functions")) {
            out << templateFunctionListing();
            return 0;
        }
        if (!flags.stringValue("generate-config").empty()) {
            if (auto e = generateUsageError(flags))
                usageError(err, *e);
            return runGenerate(flags, out, err);
        }
        return compare(flags, out, err);
    } catch (const Exit &e) {
        return e.code;
    }
}

} // namespace ds::cli
