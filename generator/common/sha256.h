// SHA-256 in hex (OpenSSL's, which uses the CPU's SHA instructions where it has them): the
// manifest's content hashes, and the name a kept rendering is found by.
#pragma once

#include <string>
#include <string_view>

typedef struct evp_md_ctx_st EVP_MD_CTX;

namespace frp {

// A hash fed in parts: a text of megabytes made of many pieces is hashed without being
// assembled first.
class Sha256 {
 public:
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;

  Sha256& update(std::string_view data);
  // The digest of everything fed so far, in lowercase hex; the hash is spent afterwards.
  std::string hex();

 private:
  EVP_MD_CTX* ctx_;
};

std::string sha256_hex(std::string_view data);

}  // namespace frp
