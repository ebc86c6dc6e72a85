// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "compare/CompareOptions.h"
#include "compare/UserOverrides.h"
#include "input/FileInputSource.h"
#include "live/LiveInputSource.h"

#include <QString>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ds::pipeline {

// Where the reference comes from: a metadata.yaml on disk, an http(s) URL or
// container://IMAGE:TAG:/path/metadata.yaml. A new kind of reference source is
// one more field here and one more branch in ComparisonRun::loadReference.
struct ReferenceSource
{
    std::string metadataPath; // metadata.yaml
    // container:// only
    bool refreshImage = false; // --no-image-cache
    std::vector<std::string> insecureRegistries; // --insecure-registry
    QString imageCacheRoot;    // empty: the user's cache directory
    // Files of the reference read from here instead of the disk (fs paths →
    // text): the template editor's unsaved buffer.
    std::shared_ptr<const std::map<std::string, std::string>> overlay;
};

// Where the cluster's CRs come from. A new kind of input is one more Kind here
// and one more branch in ComparisonRun::makeInputSource.
struct ClusterDataSource
{
    enum class Kind {
        None,        // nothing to read (yet)
        Files,       // -f: files, directories, globs, must-gathers, archives, ConfigDirs, URLs, stdin; -k
        LiveCluster, // no -f: the cluster of a kubeconfig context, read-only
    };
    Kind kind = Kind::None;

    // Files
    std::vector<std::string> paths;
    bool recursive = false;
    input::FileInputSource::Format format = input::FileInputSource::Format::Auto;
    std::string configDirNamespace;
    std::string kustomizeDirectory; // -k: `kubectl kustomize DIR`'s output

    // LiveCluster
    live::LiveSettings cluster;
};

// Everything between "the user asked" and "a report exists", as plain data:
// the CLI fills it from flags, the window from what is open.
struct ComparisonRequest
{
    ReferenceSource reference;
    ClusterDataSource clusterData;
    // -c: manual correlations read from this file replace options.manualCorrelations.
    std::optional<std::string> diffConfigPath;
    // options.overridesPath (-p) is read and applied as user overrides, unless
    // `overrides` holds them already (the window's, with unsaved edits); the
    // path still names them in reports ("Patched with …").
    compare::CompareOptions options;
    std::shared_ptr<const compare::UserOverrides> overrides;

    // The window keeps what it read to show it and compare again: objects()
    // then holds every CR once (the first of an id wins, as in the engine) and
    // the engine compares copies. Without it the CRs are handed to the engine.
    bool keepObjects = false;
    // The process ends after this run (the CLI's compare): CRs handed to the
    // engine are left for the operating system to take back instead of being
    // freed one by one.
    bool exitsAfterRun = false;
    // A manual pair naming a template the reference does not have is an error
    // that stops the CLI (kube-compare's behaviour); the window logs it and
    // compares without the manual pairs so an edited reference still shows.
    bool compareWithoutBrokenPairs = false;
    // A template that does not parse or pre-render stops kube-compare (and the
    // CLI); the window logs the error, keeps every other template and shows the
    // broken one as an error (ReferenceTemplate::loadError).
    bool keepBrokenTemplates = false;
};

} // namespace ds::pipeline
