// SPDX-License-Identifier: Apache-2.0
#include "TemplateRendering.h"

#include "template/TemplateSet.h"
#include "yaml/SigsYaml.h"

namespace ds::ref {

RenderedTemplate renderTemplate(const ReferenceTemplate &t, const Value &data, tmpl::FunctionContext &context)
{
    RenderedTemplate out;
    if (!t.templates) { // a broken template the window kept (a manual pin can still name it)
        out.error = "template " + t.path + " did not load: " + t.loadError;
        return out;
    }
    const tmpl::RenderResult r = t.templates->execute(t.name, data, context);
    if (!r.ok()) {
        out.error = "failed to constuct template: " + *r.error;
        out.doNotMatch = r.doNotMatch;
        out.doNotMatchReason = r.doNotMatchReason;
        return out;
    }
    out.text = r.output;
    std::string cleaned = r.output;
    static const std::string noValue = "<no value>";
    std::string::size_type pos = 0;
    std::string result;
    result.reserve(cleaned.size());
    while (true) {
        const auto next = cleaned.find(noValue, pos);
        result.append(cleaned, pos, next == std::string::npos ? std::string::npos : next - pos);
        if (next == std::string::npos)
            break;
        pos = next + noValue.size();
    }
    const yaml::UnmarshalResult u = yaml::unmarshalObject(result);
    if (!u.ok()) {
        out.error = "template: " + t.path + " isn't a yaml file after injection. yaml unmarshal error: " + *u.error
            + ". The Template After Execution: " + r.output;
        return out;
    }
    out.object = u.value;
    return out;
}

} // namespace ds::ref
