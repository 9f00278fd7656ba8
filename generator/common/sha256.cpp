#include "common/sha256.h"

#include <openssl/evp.h>

#include <new>

namespace frp {

namespace {

std::string to_hex(const unsigned char* digest, unsigned int length) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * length);
  for (unsigned int i = 0; i < length; ++i) {
    out += kHex[digest[i] >> 4];
    out += kHex[digest[i] & 15];
  }
  return out;
}

}  // namespace

Sha256::Sha256() : ctx_(EVP_MD_CTX_new()) {
  if (!ctx_ || EVP_DigestInit_ex(ctx_, EVP_sha256(), nullptr) != 1) throw std::bad_alloc();
}

Sha256::~Sha256() { EVP_MD_CTX_free(ctx_); }

Sha256& Sha256::update(std::string_view data) {
  EVP_DigestUpdate(ctx_, data.data(), data.size());
  return *this;
}

std::string Sha256::hex() {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  EVP_DigestFinal_ex(ctx_, digest, &length);
  return to_hex(digest, length);
}

std::string sha256_hex(std::string_view data) { return Sha256().update(data).hex(); }

}  // namespace frp
