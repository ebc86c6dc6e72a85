// SPDX-License-Identifier: Apache-2.0
#include "Certificate.h"

#include <memory>

namespace ds::tmpl {

Certificate::Certificate(std::string cert, std::string key) : m_cert(std::move(cert)), m_key(std::move(key)) {}

Value Certificate::makeValue(std::string cert, std::string key)
{
    return Value(std::shared_ptr<const GoObject>(std::make_shared<Certificate>(std::move(cert), std::move(key))));
}

const Certificate *Certificate::fromValue(const Value &v)
{
    if (!v.isObject())
        return nullptr;
    return dynamic_cast<const Certificate *>(&v.object());
}

std::string Certificate::toString() const
{
    return "{" + m_cert + " " + m_key + "}";
}

bool Certificate::equals(const GoObject &other) const
{
    const auto *c = dynamic_cast<const Certificate *>(&other);
    return c && c->m_cert == m_cert && c->m_key == m_key;
}

std::optional<Value> Certificate::field(std::string_view name) const
{
    if (name == "Cert")
        return Value(m_cert);
    if (name == "Key")
        return Value(m_key);
    return std::nullopt;
}

Value Certificate::jsonValue() const
{
    return Value(ValueMap{{"Cert", Value(m_cert)}, {"Key", Value(m_key)}});
}

} // namespace ds::tmpl
