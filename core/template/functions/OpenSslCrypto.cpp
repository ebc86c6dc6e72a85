// SPDX-License-Identifier: Apache-2.0
// CryptoBackend over OpenSSL: what sprig's key, certificate, scrypt and AES
// functions need, with Go's behaviour and error texts; the functions themselves
// are in template/functions/EncodingFunctions.cpp.
#include "template/FunctionError.h"
#include "template/functions/CryptoBackend.h"
#include "go/GoEncoding.h"
#include "text/Utf8.h"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/decoder.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/objects.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace ds::tmpl {

namespace {

using go::encoding::pemEncode;

template <auto Free>
struct Deleter
{
    template <class T>
    void operator()(T *p) const
    {
        Free(p);
    }
};
using CipherCtxPtr = std::unique_ptr<EVP_CIPHER_CTX, Deleter<EVP_CIPHER_CTX_free>>;

// AES-256-CBC for encryptAES/decryptAES (padding is Go's, done by the caller).
std::string aesCbc(bool encrypt, const std::string &password, std::string_view iv, std::string_view input)
{
    unsigned char key[32] = {};
    std::copy_n(password.begin(), std::min<std::size_t>(password.size(), 32), key);
    CipherCtxPtr ctx(EVP_CIPHER_CTX_new());
    std::string out(input.size() + 16, '\0');
    int len = 0, finalLen = 0;
    EVP_CipherInit_ex(ctx.get(), EVP_aes_256_cbc(), nullptr, key, reinterpret_cast<const unsigned char *>(iv.data()),
                      encrypt ? 1 : 0);
    EVP_CIPHER_CTX_set_padding(ctx.get(), 0);
    EVP_CipherUpdate(ctx.get(), reinterpret_cast<unsigned char *>(out.data()), &len,
                     reinterpret_cast<const unsigned char *>(input.data()), int(input.size()));
    EVP_CipherFinal_ex(ctx.get(), reinterpret_cast<unsigned char *>(out.data()) + len, &finalLen);
    out.resize(std::size_t(len + finalLen));
    return out;
}

// ---------------------------------------------------------------------------
// Private keys (sprig's generatePrivateKey, pemBlockForKey, parsePrivateKeyPEM)

using PkeyPtr = std::unique_ptr<EVP_PKEY, Deleter<EVP_PKEY_free>>;
using PkeyCtxPtr = std::unique_ptr<EVP_PKEY_CTX, Deleter<EVP_PKEY_CTX_free>>;
using X509Ptr = std::unique_ptr<X509, Deleter<X509_free>>;
using NamePtr = std::unique_ptr<X509_NAME, Deleter<X509_NAME_free>>;

std::string toDer(int (*encode)(const EVP_PKEY *, unsigned char **), const EVP_PKEY *key)
{
    unsigned char *buf = nullptr;
    const int len = encode(key, &buf);
    if (len <= 0)
        return {};
    std::string der(reinterpret_cast<const char *>(buf), std::size_t(len));
    OPENSSL_free(buf);
    return der;
}

int encodePkcs8(const EVP_PKEY *key, unsigned char **out)
{
    std::unique_ptr<PKCS8_PRIV_KEY_INFO, Deleter<PKCS8_PRIV_KEY_INFO_free>> info(EVP_PKEY2PKCS8(key));
    return info ? i2d_PKCS8_PRIV_KEY_INFO(info.get(), out) : -1;
}

// pemBlockForKey: PKCS#1, SEC 1 and OpenSSL's DSA layout for those types,
// PKCS#8 for everything else (ed25519, x25519).
std::string pemForKey(const EVP_PKEY *key)
{
    if (EVP_PKEY_is_a(key, "RSA"))
        return pemEncode("RSA PRIVATE KEY", toDer(i2d_PrivateKey, key));
    if (EVP_PKEY_is_a(key, "DSA"))
        return pemEncode("DSA PRIVATE KEY", toDer(i2d_PrivateKey, key));
    if (EVP_PKEY_is_a(key, "EC"))
        return pemEncode("EC PRIVATE KEY", toDer(i2d_PrivateKey, key));
    return pemEncode("PRIVATE KEY", toDer(encodePkcs8, key));
}

PkeyPtr generateDsaKey()
{
    PkeyCtxPtr paramCtx(EVP_PKEY_CTX_new_from_name(nullptr, "DSA", nullptr));
    EVP_PKEY *params = nullptr;
    if (!paramCtx || EVP_PKEY_paramgen_init(paramCtx.get()) <= 0
        || EVP_PKEY_CTX_set_dsa_paramgen_bits(paramCtx.get(), 2048) <= 0
        || EVP_PKEY_CTX_set_dsa_paramgen_q_bits(paramCtx.get(), 256) <= 0
        || EVP_PKEY_paramgen(paramCtx.get(), &params) <= 0)
        return nullptr;
    PkeyPtr paramKey(params);
    PkeyCtxPtr keyCtx(EVP_PKEY_CTX_new_from_pkey(nullptr, params, nullptr));
    EVP_PKEY *key = nullptr;
    if (!keyCtx || EVP_PKEY_keygen_init(keyCtx.get()) <= 0 || EVP_PKEY_keygen(keyCtx.get(), &key) <= 0)
        return nullptr;
    return PkeyPtr(key);
}

PkeyPtr generateRsaKey(unsigned bits)
{
    return PkeyPtr(EVP_PKEY_Q_keygen(nullptr, nullptr, "RSA", std::size_t(bits)));
}

std::string genPrivateKey(const std::string &type)
{
    PkeyPtr key;
    if (type.empty() || type == "rsa")
        key = generateRsaKey(4096);
    else if (type == "dsa")
        key = generateDsaKey();
    else if (type == "ecdsa")
        key.reset(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256"));
    else if (type == "ed25519")
        key.reset(EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519"));
    else
        return "Unknown type " + type;
    if (!key)
        return "failed to generate private key: key generation failed";
    return pemForKey(key.get());
}

// The shape of a DER private key, enough to tell the formats apart the way Go's
// "use ParseXxx instead" hints do.
enum class KeyShape { Unknown, Pkcs8, Sec1, Integers };

struct DerElement
{
    std::uint8_t tag = 0;
    std::string_view content;
    std::string_view whole;
};

std::optional<DerElement> readDer(std::string_view &data)
{
    if (data.size() < 2)
        return std::nullopt;
    const auto tag = std::uint8_t(data[0]);
    std::size_t len = std::uint8_t(data[1]), header = 2;
    if (len & 0x80) {
        const std::size_t n = len & 0x7f;
        if (n == 0 || n > 4 || data.size() < 2 + n)
            return std::nullopt;
        len = 0;
        for (std::size_t i = 0; i < n; ++i)
            len = len << 8 | std::uint8_t(data[2 + i]);
        header += n;
    }
    if (data.size() - header < len)
        return std::nullopt;
    DerElement e{tag, data.substr(header, len), data.substr(0, header + len)};
    data.remove_prefix(header + len);
    return e;
}

// SEQUENCE { INTEGER, X, ... }: X is a SEQUENCE in PKCS#8, an OCTET STRING in
// SEC 1 and an INTEGER in PKCS#1 and DSA keys. algorithm receives PKCS#8's OID.
KeyShape keyShape(std::string_view der, std::string_view *algorithm = nullptr)
{
    auto outer = readDer(der);
    if (!outer || outer->tag != 0x30)
        return KeyShape::Unknown;
    std::string_view inner = outer->content;
    auto version = readDer(inner);
    auto second = readDer(inner);
    if (!version || version->tag != 0x02 || !second)
        return KeyShape::Unknown;
    switch (second->tag) {
    case 0x30: {
        std::string_view algId = second->content;
        auto oid = readDer(algId);
        if (!oid || oid->tag != 0x06)
            return KeyShape::Unknown;
        if (algorithm)
            *algorithm = oid->whole;
        return KeyShape::Pkcs8;
    }
    case 0x04: return KeyShape::Sec1;
    case 0x02: return KeyShape::Integers;
    default: return KeyShape::Unknown;
    }
}

std::string oidText(std::string_view der)
{
    const auto *p = reinterpret_cast<const unsigned char *>(der.data());
    std::unique_ptr<ASN1_OBJECT, Deleter<ASN1_OBJECT_free>> obj(d2i_ASN1_OBJECT(nullptr, &p, long(der.size())));
    char buf[128] = {};
    if (obj)
        OBJ_obj2txt(buf, sizeof buf, obj.get(), 1);
    return buf;
}

PkeyPtr decodeKey(std::string_view der, const char *structure, const char *keyType)
{
    EVP_PKEY *key = nullptr;
    std::unique_ptr<OSSL_DECODER_CTX, Deleter<OSSL_DECODER_CTX_free>> ctx(OSSL_DECODER_CTX_new_for_pkey(
        &key, "DER", structure, keyType, OSSL_KEYMGMT_SELECT_KEYPAIR, nullptr, nullptr));
    const auto *data = reinterpret_cast<const unsigned char *>(der.data());
    std::size_t len = der.size();
    if (!ctx || OSSL_DECODER_from_data(ctx.get(), &data, &len) != 1) {
        EVP_PKEY_free(key);
        return nullptr;
    }
    return PkeyPtr(key);
}

// Go's crypto/x509 knows only the NIST curves.
bool isGoCurve(const EVP_PKEY *key)
{
    char group[64] = {};
    if (EVP_PKEY_get_utf8_string_param(key, OSSL_PKEY_PARAM_GROUP_NAME, group, sizeof group, nullptr) != 1)
        return false;
    const std::string_view g(group);
    return g == "prime256v1" || g == "secp384r1" || g == "secp521r1" || g == "secp224r1";
}

// Go's asn1 errors are not reproduced byte for byte; this stands for all of them.
constexpr const char *kMalformedKey = "asn1: structure error: malformed private key";

std::string wrongFormatHint(KeyShape shape)
{
    switch (shape) {
    case KeyShape::Pkcs8: return "x509: failed to parse private key (use ParsePKCS8PrivateKey instead for this key format)";
    case KeyShape::Sec1: return "x509: failed to parse private key (use ParseECPrivateKey instead for this key format)";
    case KeyShape::Integers:
        return "x509: failed to parse private key (use ParsePKCS1PrivateKey instead for this key format)";
    default: return kMalformedKey;
    }
}

// x509.ParsePKCS8PrivateKey: RSA, ECDSA (NIST curves), Ed25519 and X25519 only.
PkeyPtr parsePkcs8(std::string_view der)
{
    std::string_view algorithm;
    const KeyShape shape = keyShape(der, &algorithm);
    if (shape != KeyShape::Pkcs8)
        throw FunctionError(wrongFormatHint(shape));
    const std::string oid = oidText(algorithm);
    struct Known { const char *oid, *type, *error; };
    static constexpr Known known[] = {
        {"1.2.840.113549.1.1.1", "RSA", "x509: failed to parse RSA private key embedded in PKCS#8: "},
        {"1.2.840.10045.2.1", "EC", "x509: failed to parse EC private key embedded in PKCS#8: "},
        {"1.3.101.112", "ED25519", "x509: invalid Ed25519 private key: "},
        {"1.3.101.110", "X25519", "x509: invalid X25519 private key: "},
    };
    for (const Known &k : known) {
        if (oid != k.oid)
            continue;
        PkeyPtr key = decodeKey(der, "PrivateKeyInfo", nullptr);
        if (!key || !EVP_PKEY_is_a(key.get(), k.type))
            throw FunctionError(std::string(k.error) + kMalformedKey);
        if (EVP_PKEY_is_a(key.get(), "EC") && !isGoCurve(key.get()))
            throw FunctionError(std::string(k.error) + "x509: unknown elliptic curve");
        return key;
    }
    throw FunctionError("x509: PKCS#8 wrapping contained private key with unknown algorithm: " + oid);
}

// x509.ParsePKCS1PrivateKey / ParseECPrivateKey (failure: Go's text for a body
// that is none of the known formats).
PkeyPtr parseTypeSpecific(std::string_view der, KeyShape expected, const char *type, const std::string &prefix,
                          const std::string &failure)
{
    const KeyShape shape = keyShape(der);
    if (shape != expected && shape != KeyShape::Unknown)
        throw FunctionError(prefix + wrongFormatHint(shape));
    PkeyPtr key = shape == expected ? decodeKey(der, "type-specific", type) : nullptr;
    if (!key)
        throw FunctionError(prefix + failure);
    if (EVP_PKEY_is_a(key.get(), "EC") && !isGoCurve(key.get()))
        throw FunctionError(prefix + "x509: unknown elliptic curve");
    return key;
}

// ---------------------------------------------------------------------------
// Certificates

// strconv.Quote, for x509's %q in error texts.
std::string goQuote(std::string_view s)
{
    static constexpr char hex[] = "0123456789abcdef";
    std::string out = "\"";
    for (std::size_t i = 0; i < s.size();) {
        int width = 1;
        const char32_t r = utf8::decodeRune(s, i, width);
        if (r == utf8::kRuneError && width == 1) {
            out += "\\x";
            out += hex[std::uint8_t(s[i]) >> 4];
            out += hex[std::uint8_t(s[i]) & 15];
        } else if (r == '"' || r == '\\') {
            out += '\\';
            out += char(r);
        } else if (utf8::isPrint(r)) {
            out += s.substr(i, std::size_t(width));
        } else {
            static constexpr std::string_view escapes = "a\ab\bf\fn\nr\rt\tv\v";
            const auto at = r < 0x80 ? escapes.find(char(r)) : std::string_view::npos;
            if (at != std::string_view::npos && at % 2 == 1) {
                out += '\\';
                out += escapes[at - 1];
            } else {
                const int digits = r < 0x80 ? 2 : r < 0x10000 ? 4 : 8;
                out += r < 0x80 ? "\\x" : r < 0x10000 ? "\\u" : "\\U";
                for (int k = digits - 1; k >= 0; --k)
                    out += hex[(r >> (4 * k)) & 15];
            }
        }
        i += std::size_t(width);
    }
    return out + "\"";
}

// The ASN.1 string type encoding/asn1 chooses for a Name attribute value.
int nameStringType(std::string_view s)
{
    for (unsigned char c : s) {
        const bool printable = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
            || std::string_view(" '()+,-./:=?").find(char(c)) != std::string_view::npos;
        if (!printable)
            return V_ASN1_UTF8STRING;
    }
    return V_ASN1_PRINTABLESTRING;
}

void setSerial(X509 *x, const CryptoBackend::RandomBytes &random)
{
    // rand.Int(rand.Reader, 2^128)
    const std::string bytes = random(16);
    std::unique_ptr<BIGNUM, Deleter<BN_free>> bn(
        BN_bin2bn(reinterpret_cast<const unsigned char *>(bytes.data()), int(bytes.size()), nullptr));
    BN_to_ASN1_INTEGER(bn.get(), X509_get_serialNumber(x));
}

void setValidity(X509 *x, std::int64_t days)
{
    using namespace std::chrono;
    constexpr std::int64_t second = 1'000'000'000;
    const std::int64_t nowNs = duration_cast<nanoseconds>(system_clock::now().time_since_epoch()).count();
    const std::int64_t nowSec = nowNs / second;
    // time.Hour * 24 * time.Duration(days) wraps around like Go's int64 arithmetic.
    const auto d = std::int64_t(std::uint64_t(86'400) * std::uint64_t(second) * std::uint64_t(days));
    const std::int64_t fraction = nowNs % second + d % second; // in (-1s, 2s)
    const std::int64_t after = nowSec + d / second + (fraction < 0 ? -1 : fraction / second);
    ASN1_TIME_set(X509_getm_notBefore(x), time_t(nowSec));
    ASN1_TIME_set(X509_getm_notAfter(x), time_t(after));
}

void addExtension(X509 *x, int nid, void *value, bool critical)
{
    X509_add1_ext_i2d(x, nid, value, critical ? 1 : 0, X509V3_ADD_DEFAULT);
}

std::string nameDer(const X509_NAME *name)
{
    unsigned char *buf = nullptr;
    const int len = i2d_X509_NAME(name, &buf);
    std::string der(reinterpret_cast<const char *>(buf), std::size_t(std::max(len, 0)));
    OPENSSL_free(buf);
    return der;
}

// The extensions x509.CreateCertificate writes for sprig's template, in its order.
void addExtensions(X509 *x, const CertRequest &request, X509 *parent)
{
    std::unique_ptr<ASN1_BIT_STRING, Deleter<ASN1_BIT_STRING_free>> usage(ASN1_BIT_STRING_new());
    ASN1_BIT_STRING_set_bit(usage.get(), 0, 1); // digitalSignature
    ASN1_BIT_STRING_set_bit(usage.get(), 2, 1); // keyEncipherment
    if (request.isCA)
        ASN1_BIT_STRING_set_bit(usage.get(), 5, 1); // keyCertSign
    addExtension(x, NID_key_usage, usage.get(), true);

    std::unique_ptr<EXTENDED_KEY_USAGE, Deleter<EXTENDED_KEY_USAGE_free>> extUsage(sk_ASN1_OBJECT_new_null());
    sk_ASN1_OBJECT_push(extUsage.get(), OBJ_nid2obj(NID_server_auth));
    sk_ASN1_OBJECT_push(extUsage.get(), OBJ_nid2obj(NID_client_auth));
    addExtension(x, NID_ext_key_usage, extUsage.get(), false);

    std::unique_ptr<BASIC_CONSTRAINTS, Deleter<BASIC_CONSTRAINTS_free>> constraints(BASIC_CONSTRAINTS_new());
    constraints->ca = request.isCA ? 0xff : 0;
    addExtension(x, NID_basic_constraints, constraints.get(), true);

    if (request.isCA) { // Go derives the key id of CAs: SHA-1 of the public key bits
        unsigned char md[EVP_MAX_MD_SIZE];
        unsigned int len = 0;
        X509_pubkey_digest(x, EVP_sha1(), md, &len);
        std::unique_ptr<ASN1_OCTET_STRING, Deleter<ASN1_OCTET_STRING_free>> keyId(ASN1_OCTET_STRING_new());
        ASN1_OCTET_STRING_set(keyId.get(), md, int(len));
        addExtension(x, NID_subject_key_identifier, keyId.get(), false);
    }

    const ASN1_OCTET_STRING *parentKeyId = parent ? X509_get0_subject_key_id(parent) : nullptr;
    if (parentKeyId && parentKeyId->length > 0
        && nameDer(X509_get_subject_name(parent)) != nameDer(X509_get_subject_name(x))) {
        std::unique_ptr<AUTHORITY_KEYID, Deleter<AUTHORITY_KEYID_free>> authority(AUTHORITY_KEYID_new());
        authority->keyid = ASN1_OCTET_STRING_dup(parentKeyId);
        addExtension(x, NID_authority_key_identifier, authority.get(), false);
    }

    if (request.dnsNames.empty() && request.ips.empty())
        return;
    std::unique_ptr<GENERAL_NAMES, Deleter<GENERAL_NAMES_free>> names(GENERAL_NAMES_new());
    auto addName = [&](int type, ASN1_STRING *value, const std::string &bytes) {
        ASN1_STRING_set(value, bytes.data(), int(bytes.size()));
        GENERAL_NAME *name = GENERAL_NAME_new();
        GENERAL_NAME_set0_value(name, type, value);
        sk_GENERAL_NAME_push(names.get(), name);
    };
    for (const std::string &dns : request.dnsNames)
        addName(GEN_DNS, ASN1_IA5STRING_new(), dns);
    for (const std::string &ip : request.ips)
        addName(GEN_IPADD, ASN1_OCTET_STRING_new(), ip);
    // RFC 5280: critical when the subject is empty.
    addExtension(x, NID_subject_alt_name, names.get(), request.commonName.empty());
}

bool canSign(const EVP_PKEY *key)
{
    return EVP_PKEY_is_a(key, "RSA") || EVP_PKEY_is_a(key, "EC") || EVP_PKEY_is_a(key, "ED25519");
}

// x509's signingParamsForKey: SHA-256 for RSA, by curve size for ECDSA, none for Ed25519.
const EVP_MD *signingDigest(const EVP_PKEY *key)
{
    if (EVP_PKEY_is_a(key, "ED25519"))
        return nullptr;
    if (EVP_PKEY_is_a(key, "EC")) {
        const int bits = EVP_PKEY_get_bits(key);
        return bits > 384 ? EVP_sha512() : bits > 256 ? EVP_sha384() : EVP_sha256();
    }
    return EVP_sha256();
}

// x509.CreateCertificate's checks, in Go's order.
void checkCreatable(const CertRequest &request, EVP_PKEY *signee, X509 *parent, EVP_PKEY *signer)
{
    if (!canSign(signer))
        throw FunctionError("x509: certificate private key does not implement crypto.Signer");
    if (EVP_PKEY_is_a(signee, "DSA"))
        throw FunctionError("x509: unsupported public key type: *dsa.PublicKey");
    if (!utf8::isValid(request.commonName))
        throw FunctionError("asn1: string not valid UTF-8");
    if (parent && EVP_PKEY_eq(X509_get0_pubkey(parent), signer) != 1)
        throw FunctionError("x509: provided PrivateKey doesn't match parent's PublicKey");
    for (const std::string &dns : request.dnsNames)
        for (unsigned char c : dns)
            if (c >= 0x80)
                throw FunctionError("x509: " + goQuote(dns) + " cannot be encoded as an IA5String");
}

std::string certificateDer(X509 *x)
{
    unsigned char *buf = nullptr;
    const int len = i2d_X509(x, &buf);
    std::string der(reinterpret_cast<const char *>(buf), std::size_t(std::max(len, 0)));
    OPENSSL_free(buf);
    return der;
}

// sprig's getCertAndKey: the PEM certificate of signee's key issued by parent
// (nullptr: self-signed) and signed with signer, plus signee's PEM key.
CertAndKeyPem certAndKey(const CryptoBackend::RandomBytes &random, const CertRequest &request, EVP_PKEY *signee,
                         X509 *parent, EVP_PKEY *signer)
{
    try {
        checkCreatable(request, signee, parent, signer);
    } catch (const FunctionError &e) {
        throw FunctionError(std::string("error creating certificate: ") + e.what());
    }
    X509Ptr x(X509_new());
    X509_set_version(x.get(), X509_VERSION_3);
    setSerial(x.get(), random);
    NamePtr subject(X509_NAME_new());
    const std::string &cn = request.commonName;
    if (!cn.empty())
        X509_NAME_add_entry_by_NID(subject.get(), NID_commonName, nameStringType(cn),
                                   reinterpret_cast<const unsigned char *>(cn.data()), int(cn.size()), -1, 0);
    X509_set_subject_name(x.get(), subject.get());
    X509_set_issuer_name(x.get(), parent ? X509_get_subject_name(parent) : subject.get());
    setValidity(x.get(), request.days);
    X509_set_pubkey(x.get(), signee);
    addExtensions(x.get(), request, parent);
    if (X509_sign(x.get(), signer, signingDigest(signer)) <= 0)
        throw FunctionError("error creating certificate: x509: signing failed");
    return {pemEncode("CERTIFICATE", certificateDer(x.get())), pemForKey(signee)};
}

X509Ptr parseCertificate(std::string_view der)
{
    const auto *p = reinterpret_cast<const unsigned char *>(der.data());
    X509Ptr cert(d2i_X509(nullptr, &p, long(der.size())));
    if (!cert)
        throw FunctionError("x509: malformed certificate");
    if (p != reinterpret_cast<const unsigned char *>(der.data()) + der.size())
        throw FunctionError("x509: trailing data");
    return cert;
}

PkeyPtr newRsaKey2048()
{
    PkeyPtr key = generateRsaKey(2048);
    if (!key)
        throw FunctionError("error generating rsa key: key generation failed");
    return key;
}

// sprig's parsePrivateKeyPEM once the PEM block is found.
PkeyPtr parsePrivateKey(const std::string &type, std::string_view der)
{
    if (type == "PRIVATE KEY") {
        try {
            return parsePkcs8(der);
        } catch (const FunctionError &e) {
            throw FunctionError(std::string("decoding PEM as PKCS#8: ") + e.what());
        }
    }
    if (!type.ends_with(" PRIVATE KEY"))
        throw FunctionError("no private key data in PEM block of type " + type);
    const std::string kind = type.substr(0, type.size() - 12);
    if (kind == "RSA")
        return parseTypeSpecific(der, KeyShape::Integers, "RSA", "parsing RSA private key from PEM: ", kMalformedKey);
    if (kind == "EC")
        return parseTypeSpecific(der, KeyShape::Sec1, "EC", "parsing EC private key from PEM: ",
                                 std::string("x509: failed to parse EC private key: ") + kMalformedKey);
    if (kind == "DSA") {
        PkeyPtr key = keyShape(der) == KeyShape::Integers ? decodeKey(der, "type-specific", "DSA") : nullptr;
        if (!key)
            throw FunctionError(std::string("parsing DSA private key from PEM: ") + kMalformedKey);
        return key;
    }
    throw FunctionError("invalid private key type " + type);
}

class OpenSslKey final : public CryptoKey
{
public:
    explicit OpenSslKey(PkeyPtr key) : pkey(std::move(key)) {}
    PkeyPtr pkey;
};

class OpenSslCertificate final : public CryptoCertificate
{
public:
    explicit OpenSslCertificate(X509Ptr cert) : x509(std::move(cert)) {}
    X509Ptr x509;
};

EVP_PKEY *pkeyOf(const CryptoKey &key)
{
    return static_cast<const OpenSslKey &>(key).pkey.get();
}

class OpenSslCrypto final : public CryptoBackend
{
public:
    bool scrypt(std::string_view password, std::string_view salt, unsigned char (&key)[64]) const override
    {
        // N=32768, r=8 needs 32 MiB plus a little: above OpenSSL's default limit.
        return EVP_PBE_scrypt(password.data(), password.size(), reinterpret_cast<const unsigned char *>(salt.data()),
                              salt.size(), 32768, 8, 2, 64 * 1024 * 1024, key, sizeof key)
            == 1;
    }

    std::string aes256Cbc(bool encrypt, const std::string &password, std::string_view iv,
                          std::string_view input) const override
    {
        return aesCbc(encrypt, password, iv, input);
    }

    std::string genPrivateKey(const std::string &type) const override { return tmpl::genPrivateKey(type); }

    std::unique_ptr<CryptoKey> newRsaKey2048() const override
    {
        return std::make_unique<OpenSslKey>(tmpl::newRsaKey2048());
    }

    std::unique_ptr<CryptoKey> parsePrivateKey(const std::string &pemType, std::string_view der) const override
    {
        return std::make_unique<OpenSslKey>(tmpl::parsePrivateKey(pemType, der));
    }

    std::unique_ptr<CryptoCertificate> parseCertificate(std::string_view der) const override
    {
        return std::make_unique<OpenSslCertificate>(tmpl::parseCertificate(der));
    }

    CertAndKeyPem certificate(const CertRequest &request, const CryptoKey &signee, const CryptoCertificate *parent,
                              const CryptoKey &signer, const RandomBytes &random) const override
    {
        X509 *parentCert = parent ? static_cast<const OpenSslCertificate *>(parent)->x509.get() : nullptr;
        return certAndKey(random, request, pkeyOf(signee), parentCert, pkeyOf(signer));
    }
};

} // namespace

const CryptoBackend &cryptoBackend()
{
    static const OpenSslCrypto backend;
    return backend;
}

} // namespace ds::tmpl
