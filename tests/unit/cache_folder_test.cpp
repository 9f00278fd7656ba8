#include "common/cache_folder.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <iterator>
#include <optional>
#include <string>
#include <vector>

namespace frp {
namespace {

// Sets the three variables the folder is chosen by for one test, and restores them after it.
class CacheFolderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const char* name : kVariables) {
      const char* value = std::getenv(name);
      saved_.push_back(value ? std::optional<std::string>(value) : std::nullopt);
      unsetenv(name);
    }
  }
  void TearDown() override {
    for (std::size_t i = 0; i < std::size(kVariables); ++i) {
      if (saved_[i]) {
        setenv(kVariables[i], saved_[i]->c_str(), 1);
      } else {
        unsetenv(kVariables[i]);
      }
    }
  }

  static constexpr const char* kVariables[] = {"FRP_CACHE_DIR", "XDG_CACHE_HOME", "HOME"};
  std::vector<std::optional<std::string>> saved_;
};

TEST_F(CacheFolderTest, ChosenByFrpCacheDirThenXdgThenHome) {
  setenv("HOME", "/home/u", 1);
  EXPECT_EQ(CacheFolder::from_environment().root(), "/home/u/.cache/frp-gen");
  setenv("XDG_CACHE_HOME", "/xdg", 1);
  EXPECT_EQ(CacheFolder::from_environment().root(), "/xdg/frp-gen");
  setenv("FRP_CACHE_DIR", "/mine", 1);
  EXPECT_EQ(CacheFolder::from_environment().root(), "/mine");
  setenv("FRP_CACHE_DIR", "off", 1);
  EXPECT_FALSE(CacheFolder::from_environment().enabled());
}

TEST_F(CacheFolderTest, NoneWithoutAnyVariable) {
  EXPECT_FALSE(CacheFolder::from_environment().enabled());
}

TEST_F(CacheFolderTest, TheLayout) {
  const CacheFolder cache("/c");
  EXPECT_EQ(cache.templates(), "/c/templates");
  EXPECT_EQ(cache.python(), "/c/python");
  EXPECT_EQ(cache.registry("ab12"), "/c/registry/ab12.txt");
  EXPECT_EQ(cache.torch_locations(), "/c/torch-locations.json");
}

TEST_F(CacheFolderTest, WithoutAFolderEveryEntryIsEmpty) {
  const CacheFolder none;
  EXPECT_EQ(none.templates(), "");
  EXPECT_EQ(none.python(), "");
  EXPECT_EQ(none.registry("ab12"), "");
  EXPECT_EQ(none.torch_locations(), "");
}

}  // namespace
}  // namespace frp
