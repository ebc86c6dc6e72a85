// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace ds::tmpl {

// A private key or certificate held by the backend.
class CryptoKey
{
public:
    virtual ~CryptoKey() = default;
};
class CryptoCertificate
{
public:
    virtual ~CryptoCertificate() = default;
};

// sprig's certificate template (getBaseCertTemplate) once its arguments are checked.
struct CertRequest
{
    std::string commonName;
    std::vector<std::string> ips; // 4 or 16 bytes each, as x509 marshals net.IP
    std::vector<std::string> dnsNames;
    std::int64_t days = 0;
    bool isCA = false;
};

struct CertAndKeyPem
{
    std::string cert;
    std::string key;
};

// What sprig's crypto functions need from OpenSSL, kept behind this interface
// so the functions keep Go's order of checks while OpenSSL's API stays in one
// file. Failures are thrown as FunctionError in Go's words.
class CryptoBackend
{
public:
    using RandomBytes = std::function<std::string(std::size_t)>;

    virtual ~CryptoBackend() = default;

    // scrypt (N=32768, r=8, p=2) into 64 bytes; false when it fails.
    virtual bool scrypt(std::string_view password, std::string_view salt, unsigned char (&key)[64]) const = 0;
    // AES-256-CBC without padding, the key zero-padded (or cut) to 32 bytes.
    virtual std::string aes256Cbc(bool encrypt, const std::string &password, std::string_view iv,
                                  std::string_view input) const = 0;
    // genPrivateKey: the PEM key, or sprig's error text.
    virtual std::string genPrivateKey(const std::string &type) const = 0;
    // A 2048-bit RSA key (genCA, genSelfSignedCert, genSignedCert).
    virtual std::unique_ptr<CryptoKey> newRsaKey2048() const = 0;
    // parsePrivateKeyPEM once the PEM block is found.
    virtual std::unique_ptr<CryptoKey> parsePrivateKey(const std::string &pemType, std::string_view der) const = 0;
    // x509.ParseCertificate.
    virtual std::unique_ptr<CryptoCertificate> parseCertificate(std::string_view der) const = 0;
    // getCertAndKey: signee's certificate issued by parent (nullptr: self-signed)
    // and signed with signer, and signee's PEM key. The serial number's 16 bytes
    // come from `random`.
    virtual CertAndKeyPem certificate(const CertRequest &request, const CryptoKey &signee,
                                      const CryptoCertificate *parent, const CryptoKey &signer,
                                      const RandomBytes &random) const = 0;
};

// OpenSSL (OpenSslCrypto.cpp).
const CryptoBackend &cryptoBackend();

} // namespace ds::tmpl
