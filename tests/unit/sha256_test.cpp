// common/sha256.h: the digest, whole or fed in parts.
#include "common/sha256.h"

#include <gtest/gtest.h>

#include <string>

namespace frp {
namespace {

TEST(Sha256, KnownValues) {
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex(std::string_view("a\0b", 3)).size(), 64u);
}

TEST(Sha256, PartsHashAsTheirConcatenation) {
  const std::string text(100000, 'x');
  Sha256 parts;
  parts.update("ab").update("").update("c");
  EXPECT_EQ(parts.hex(), sha256_hex("abc"));
  Sha256 halves;
  halves.update(std::string_view(text).substr(0, 12345))
      .update(std::string_view(text).substr(12345));
  EXPECT_EQ(halves.hex(), sha256_hex(text));
}

}  // namespace
}  // namespace frp
