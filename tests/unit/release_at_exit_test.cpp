// common/release_at_exit.h: what is handed over outlives the caller's scope.
#include "common/release_at_exit.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace frp {
namespace {

struct Watched {
  bool* destroyed;
  explicit Watched(bool* flag) : destroyed(flag) {}
  Watched(Watched&& other) noexcept : destroyed(other.destroyed) { other.destroyed = nullptr; }
  ~Watched() {
    if (destroyed) *destroyed = true;
  }
};

TEST(ReleaseAtExit, HandedOverValuesAreNotDestroyed) {
  bool destroyed = false;
  {
    Watched value(&destroyed);
    std::vector<std::string> texts(1000, std::string(100, 'x'));
    release_at_exit(std::move(value), std::move(texts));
  }
  EXPECT_FALSE(destroyed);
}

}  // namespace
}  // namespace frp
