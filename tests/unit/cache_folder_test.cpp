#include "common/cache_folder.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
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

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// More parts than one writev takes (IOV_MAX, 1024 on Linux), empty ones among them.
TEST(ReplaceCacheFile, WritesManyPartsInOrder) {
  namespace fs = std::filesystem;
  const fs::path dir =
      fs::path(::testing::TempDir()) / ("frp_cache_parts_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  std::vector<std::string> texts;
  for (int i = 0; i < 3000; ++i) texts.push_back(i % 7 == 0 ? "" : std::to_string(i) + ";");
  const std::vector<std::string_view> parts(texts.begin(), texts.end());
  std::string whole;
  for (const std::string& text : texts) whole += text;
  const fs::path path = dir / "sub" / "entry.txt";
  ASSERT_TRUE(replace_cache_file(path.string(), parts));
  EXPECT_EQ(read_file(path), whole);
  ASSERT_TRUE(replace_cache_file(path.string(), std::string_view("shorter")));
  EXPECT_EQ(read_file(path), "shorter");
  EXPECT_EQ(std::distance(fs::directory_iterator(path.parent_path()), fs::directory_iterator()),
            1);  // no temporary left beside it
  fs::remove_all(dir);
}

TEST(ReplaceCacheFile, FalseWhereTheFolderCannotBeMade) {
  EXPECT_FALSE(replace_cache_file("/proc/self/frp-cache/entry.txt", std::string_view("x")));
}

}  // namespace
}  // namespace frp
