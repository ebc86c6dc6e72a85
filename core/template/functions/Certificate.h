// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "template/TemplateObject.h"

#include <string>

namespace ds::tmpl {

// sprig's `certificate` struct returned by genCA, genSelfSignedCert, genSignedCert
// and buildCustomCert: two exported PEM string fields, Cert and Key.
class Certificate : public TemplateObject
{
public:
    Certificate(std::string cert, std::string key);

    // A template value holding a new certificate.
    static Value makeValue(std::string cert, std::string key);
    // The certificate inside v, or nullptr when v holds something else.
    static const Certificate *fromValue(const Value &v);

    const std::string &cert() const { return m_cert; }
    const std::string &key() const { return m_key; }

    std::string typeName() const override { return "sprig.certificate"; }
    // Go's %v of a struct: `{<Cert> <Key>}`.
    std::string toString() const override;
    // Struct equality (reflect.DeepEqual compares the fields).
    bool equals(const GoObject &other) const override;
    std::string kindName() const override { return "struct"; }
    std::optional<Value> field(std::string_view name) const override;
    // encoding/json: {"Cert": ..., "Key": ...}.
    Value jsonValue() const override;

private:
    std::string m_cert;
    std::string m_key;
};

} // namespace ds::tmpl
