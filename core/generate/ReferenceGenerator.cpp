// SPDX-License-Identifier: Apache-2.0
#include "ReferenceGenerator.h"

#include "LiveObjects.h"
#include "MustGatherObjects.h"
#include "input/ArchiveReader.h"
#include "text/Utf8.h"
#include "util/GoFile.h"
#include "yaml/YamlWriter.h"

#include <QDir>

#include <algorithm>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ds::generate {

namespace {

// The fieldsToOmit defaults of kube-compare's generator (g.3.5, g.3.8).
const char *const kDefaultAnnotations[] = {
    "kubernetes.io/metadata.name", "openshift.io/sa.scc.uid-range", "openshift.io/sa.scc.mcs",
    "openshift.io/sa.scc.supplemental-groups", "machineconfiguration.openshift.io/mc-name-suffix",
    "kubectl.kubernetes.io/last-applied-configuration", "nmstate.io/webhook-mutating-timestamp",
    "ran.openshift.io/ztp-gitops-generated", "include.release.openshift.io/ibm-cloud-managed",
    "include.release.openshift.io/self-managed-high-availability",
    "include.release.openshift.io/single-node-developer", "release.openshift.io/create-only",
    "capability.openshift.io/name", "olm.providedAPIs", "operator.sriovnetwork.openshift.io/last-network-namespace",
    "k8s.v1.cni.cncf.io/resourceName", "security.openshift.io/MinimallySufficientPodSecurityStandard"};
const char *const kFirstLabel = "kubernetes.io/metadata.name";
const char *const kLabelPrefixes[] = {"pod-security.kubernetes.io/", "operators.coreos.com/"};
const char *const kOtherLabels[] = {"security.openshift.io/scc.podSecurityLabelSync",
                                    "lca.openshift.io/target-ocp-version", "olm.operatorgroup.uid"};
const char *const kServerManaged[] = {"resourceVersion", "uid", "creationTimestamp", "generation", "managedFields",
                                      "selfLink"};
const char *const kOtherOmitted[] = {"metadata.finalizers", "metadata.ownerReferences", "spec.finalizers",
                                     "spec.ownerReferences", "spec.clusterID", "spec.filters"};

std::string text(const Value &v)
{
    return v.isString() ? v.str() : std::string();
}

// "Kind (apiVersion)[ in namespace ns][ with names [a b]]", as the warning and -v print entries.
std::string describe(const ResourceSpec &spec, bool withNames)
{
    std::string out = spec.kind + " (" + spec.apiVersion + ")";
    if (!spec.ns.empty())
        out += " in namespace " + spec.ns;
    if (withNames && !spec.names.empty()) {
        out += " with names [";
        for (std::size_t i = 0; i < spec.names.size(); ++i)
            out += (i ? " " : "") + spec.names[i];
        out += "]";
    }
    return out;
}

std::vector<Value> select(const std::vector<Value> &objects, const ResourceSpec &spec)
{
    std::vector<Value> out;
    for (const Value &o : objects) {
        if (text(o.get("kind")) != spec.kind || text(o.get("apiVersion")) != spec.apiVersion)
            continue;
        if (!spec.ns.empty() && text(o.at({"metadata", "namespace"})) != spec.ns)
            continue;
        const std::string name = text(o.at({"metadata", "name"}));
        if (!spec.names.empty() && std::find(spec.names.begin(), spec.names.end(), name) == spec.names.end())
            continue;
        out.push_back(o);
    }
    return out;
}

// The annotation and label keys cleaning removes: the defaults, then the config's.
struct OmittedKeys
{
    std::vector<std::string> annotations;
    std::vector<std::string> labels;
    std::vector<std::string> labelPrefixes;

    explicit OmittedKeys(const GenerateConfig &config)
        : annotations(std::begin(kDefaultAnnotations), std::end(kDefaultAnnotations)),
          labels{kFirstLabel},
          labelPrefixes(std::begin(kLabelPrefixes), std::end(kLabelPrefixes))
    {
        annotations.insert(annotations.end(), config.omitAnnotations.begin(), config.omitAnnotations.end());
        labels.insert(labels.end(), std::begin(kOtherLabels), std::end(kOtherLabels));
        labels.insert(labels.end(), config.omitLabels.begin(), config.omitLabels.end());
    }
};

// Removes the exact keys, then every key with one of the prefixes; an emptied map goes.
void strip(Value &metadata, const char *field, const std::vector<std::string> &exact,
           const std::vector<std::string> &prefixes)
{
    Value map = metadata.get(field);
    if (!map.isMap())
        return;
    for (const std::string &key : exact)
        map.remove(key);
    std::vector<std::string> prefixed;
    for (const auto &[key, value] : map.map())
        for (const std::string &prefix : prefixes)
            if (key.starts_with(prefix))
                prefixed.push_back(key);
    for (const std::string &key : prefixed)
        map.remove(key);
    if (map.map().empty())
        metadata.remove(field);
}

// g.3.5: server-managed metadata, the default and configured annotations and
// labels, and status.
Value cleaned(const Value &object, const OmittedKeys &omitted)
{
    Value copy = object.deepCopy();
    Value metadata = copy.get("metadata");
    if (metadata.isMap()) {
        for (const char *key : kServerManaged)
            metadata.remove(key);
        strip(metadata, "annotations", omitted.annotations, {});
        strip(metadata, "labels", omitted.labels, omitted.labelPrefixes);
    }
    copy.remove("status");
    return copy;
}

Value omitEntry(const std::string &path, bool isPrefix = false)
{
    Value entry = Value::emptyMap();
    entry.insert("pathToKey", Value(path));
    if (isPrefix)
        entry.insert("isPrefix", Value(true));
    return entry;
}

Value fieldsToOmit(const GenerateConfig &config)
{
    Value defaults = Value::emptyList();
    ValueList &d = defaults.mutableList();
    const auto quoted = [](const char *field, const std::string &key) {
        return std::string("metadata.") + field + ".\"" + key + "\"";
    };
    for (const char *key : kDefaultAnnotations)
        d.push_back(omitEntry(quoted("annotations", key)));
    d.push_back(omitEntry(quoted("labels", kFirstLabel)));
    for (const char *prefix : kLabelPrefixes)
        d.push_back(omitEntry(quoted("labels", prefix), true));
    for (const char *key : kOtherLabels)
        d.push_back(omitEntry(quoted("labels", key)));
    for (const char *key : kServerManaged)
        d.push_back(omitEntry(std::string("metadata.") + key));
    for (const char *path : kOtherOmitted)
        d.push_back(omitEntry(path));
    for (const std::string &key : config.omitAnnotations)
        d.push_back(omitEntry(quoted("annotations", key)));
    for (const std::string &key : config.omitLabels)
        d.push_back(omitEntry(quoted("labels", key)));
    Value include = Value::emptyMap();
    include.insert("include", Value("defaults"));
    Value all = Value::emptyList();
    all.mutableList() = {include, omitEntry("status")};
    Value items = Value::emptyMap();
    items.insert("all", all);
    items.insert("defaults", defaults);
    Value out = Value::emptyMap();
    out.insert("defaultOmitRef", Value("all"));
    out.insert("items", items);
    return out;
}

std::string lower(std::string s)
{
    for (char &c : s)
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
    return s;
}

struct Captured
{
    const ResourceSpec *spec = nullptr;
    std::vector<Value> objects;
};

// Creates `dir/base.yaml`, else `base-1.yaml`, `base-2.yaml`…, exclusively.
int reserve(const std::string &dir, const std::string &base, std::string &path, std::string &error)
{
    for (int n = 0;; ++n) {
        path = dir + "/" + base + (n ? "-" + std::to_string(n) : std::string()) + ".yaml";
        const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (fd >= 0)
            return fd;
        if (errno != EEXIST) {
            error = "failed to reserve output path " + path + ": open " + path + ": " + goErrnoText(errno);
            return -1;
        }
    }
}

bool writeAll(int fd, const std::string &bytes)
{
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return false;
        done += std::size_t(n);
    }
    return true;
}

std::string marshalError(const std::string &name, const std::string &error)
{
    return "failed to marshal " + name + ": "
        + (error.starts_with("error marshaling into JSON") ? error : "error marshaling into JSON: " + error);
}

// mkdir -p with mode 0755; Go's error text.
std::optional<std::string> makeDirectories(const std::string &path)
{
    std::string partial;
    for (std::size_t i = 1; i <= path.size(); ++i) {
        if (i != path.size() && path[i] != '/')
            continue;
        partial = path.substr(0, i);
        if (::mkdir(partial.c_str(), 0755) != 0 && errno != EEXIST)
            return "mkdir " + partial + ": " + goErrnoText(errno);
        struct stat st {};
        if (::stat(partial.c_str(), &st) == 0 && !S_ISDIR(st.st_mode))
            return "mkdir " + partial + ": not a directory";
    }
    return std::nullopt;
}

} // namespace

std::string sanitizeName(const std::string &name, const std::string &fallback)
{
    std::string out;
    for (std::size_t i = 0; i < name.size();) {
        int width = 1;
        const char32_t r = utf8::decodeRune(name, i, width); // an invalid byte is one character
        i += std::size_t(std::max(width, 1));
        const bool keep = (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') || r == '_'
            || r == '-' || r == '.';
        const char next = keep ? char(r) : '-';
        if (next == '-' && !out.empty() && out.back() == '-')
            continue;
        out += next;
    }
    const std::size_t first = out.find_first_not_of("-.");
    out = first == std::string::npos ? std::string() : out.substr(first, out.find_last_not_of("-.") - first + 1);
    return out.empty() || out.find("..") != std::string::npos ? fallback : out;
}

struct ReferenceGenerator::Fetched
{
    std::vector<Value> objects;
    std::optional<std::string> error;
    std::string failedName;
};

// Every entry's objects, from the must-gather (folder or archive) or the live
// cluster; an error here ends the run before anything is written.
std::optional<std::string> ReferenceGenerator::fetchAll(const GenerateRequest &request, const GenerateConfig &config,
                                                        std::vector<Fetched> &fetched)
{
    if (!request.mustGather) {
        m_log.info(1, "Connected to Kubernetes cluster");
        LiveObjects live = LiveObjects::fetch(request.cluster, config.resources);
        if (live.error)
            return live.error;
        for (LiveObjects::Entry &e : live.entries)
            fetched.push_back(Fetched{std::move(e.objects), std::move(e.error), e.failedName});
        return std::nullopt;
    }
    const std::string &given = *request.mustGather;
    struct stat st {};
    if (::stat(given.c_str(), &st) != 0)
        return errno == ENOENT ? "must-gather directory does not exist: " + given
                               : "failed to stat must-gather directory: stat " + given + ": " + goErrnoText(errno);
    const bool archive = S_ISREG(st.st_mode) && input::ArchiveReader::isArchive(given);
    if (!S_ISDIR(st.st_mode) && !archive)
        return "must-gather path is not a directory: " + given;
    m_log.info(1, "Using must-gather directory: " + given);
    const std::string root = QDir::cleanPath(QDir::current().absoluteFilePath(QString::fromStdString(given))).toStdString();
    const MustGatherObjects gathered = archive ? MustGatherObjects::loadArchive(root) : MustGatherObjects::load(root);
    for (const ResourceSpec &spec : config.resources) {
        Fetched f;
        f.error = gathered.error;
        if (!f.error && gathered.noData)
            f.error = "no must-gather data found under " + root + " (expected cluster-scoped-resources/ or namespaces/)";
        if (!f.error)
            f.objects = select(gathered.objects, spec);
        fetched.push_back(std::move(f));
    }
    return std::nullopt;
}

GenerateOutcome ReferenceGenerator::run(const GenerateRequest &request)
{
    GenerateOutcome outcome;
    const auto fail = [&outcome](std::string error) {
        outcome.exitCode = 1;
        outcome.error = std::move(error);
        return outcome;
    };
    const GenerateConfig::Loaded loaded = GenerateConfig::load(request.configPath);
    if (!loaded.ok())
        return fail(*loaded.error);
    const GenerateConfig &config = loaded.config;
    m_log.info(1, "Loaded configuration from " + request.configPath);
    m_log.info(1, "  Resources to capture: " + std::to_string(config.resources.size()));
    std::vector<Fetched> fetched;
    if (auto error = fetchAll(request, config, fetched))
        return fail(*error);
    std::vector<Captured> captured;
    std::vector<const ResourceSpec *> empty;
    for (std::size_t i = 0; i < config.resources.size(); ++i) {
        const ResourceSpec &spec = config.resources[i];
        Fetched &f = fetched[i];
        m_log.info(1, "Fetching " + describe(spec, false) + "...");
        if (f.error) {
            if (spec.required)
                return fail("failed to fetch " + spec.kind
                            + (f.failedName.empty() ? std::string() : " \"" + f.failedName + "\"") + ": " + *f.error);
            m_log.warning("failed to fetch optional resource " + spec.kind + " (" + spec.apiVersion + "): " + *f.error);
            empty.push_back(&spec);
            continue;
        }
        m_log.info(1, "  Found " + std::to_string(f.objects.size()) + " resource(s)");
        if (f.objects.empty())
            empty.push_back(&spec);
        else
            captured.push_back(Captured{&spec, std::move(f.objects)});
    }

    const std::string output = QDir::cleanPath(QDir::current().absoluteFilePath(QString::fromStdString(
                                                   request.outputDir.empty() ? config.outputDir : request.outputDir)))
                                   .toStdString();
    if (auto error = makeDirectories(output))
        return fail("failed to create output directory: " + *error);
    Value parts = Value::emptyList();
    std::size_t total = 0;
    const OmittedKeys omitted(config);
    for (const Captured &c : captured) {
        std::string kind = c.spec->kind;
        for (char &ch : kind)
            ch = ch == '/' || ch == '\\' ? '-' : ch;
        const std::string kindDir = sanitizeName(kind, "resource");
        const std::string dir = output + "/" + kindDir;
        if (auto error = makeDirectories(dir))
            return fail("failed to create directory " + dir + ": " + *error);
        Value paths = Value::emptyList();
        for (const Value &object : c.objects) {
            const std::string name = text(object.at({"metadata", "name"}));
            const yaml::WriteResult marshalled = yaml::writeCanonical(cleaned(object, omitted));
            if (!marshalled.ok())
                return fail(marshalError(name, *marshalled.error));
            std::string path, error;
            const int fd = reserve(dir, sanitizeName(name, "unnamed"), path, error);
            if (fd < 0)
                return fail(error);
            const bool written = writeAll(fd, marshalled.text);
            const int saved = errno;
            ::close(fd);
            if (!written)
                return fail("failed to write " + path + ": write " + path + ": " + goErrnoText(saved));
            Value entry = Value::emptyMap();
            entry.insert("path", Value(kindDir + "/" + path.substr(dir.size() + 1)));
            paths.mutableList().push_back(entry);
            ++total;
        }
        const std::string level = c.spec->required ? "required" : "optional";
        Value component = Value::emptyMap();
        component.insert("name", Value(lower(kindDir)));
        component.insert(c.spec->required ? "allOf" : "anyOf", paths);
        Value part = Value::emptyMap();
        part.insert("name", Value(level + "-" + lower(kindDir)));
        part.insert("description",
                    Value(std::string(c.spec->required ? "Required " : "Optional ") + c.spec->kind + " resources"));
        Value components = Value::emptyList();
        components.mutableList().push_back(component);
        part.insert("components", components);
        parts.mutableList().push_back(part);
    }
    Value metadata = Value::emptyMap();
    metadata.insert("apiVersion", Value("v2"));
    metadata.insert("fieldsToOmit", fieldsToOmit(config));
    metadata.insert("parts", parts);
    const yaml::WriteResult marshalled = yaml::writeCanonical(metadata);
    const std::string metadataPath = output + "/metadata.yaml";
    const int fd = ::open(metadataPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0 || !marshalled.ok() || !writeAll(fd, marshalled.text)) {
        const std::string why = fd < 0 ? "open " + metadataPath + ": " + goErrnoText(errno)
                                       : marshalled.error.value_or("write " + metadataPath + ": " + goErrnoText(errno));
        if (fd >= 0)
            ::close(fd);
        return fail("failed to write metadata.yaml: " + why);
    }
    ::close(fd);

    outcome.out = "Generated reference at: " + output + "\n  Total resources captured: " + std::to_string(total)
        + "\n  Resource types: " + std::to_string(captured.size()) + "\n";
    if (!empty.empty()) {
        outcome.warnings = "Warning: No resources found for:\n";
        for (const ResourceSpec *spec : empty)
            outcome.warnings += "  - " + describe(*spec, true) + "\n";
    }
    return outcome;
}

} // namespace ds::generate
