// Unit tests for path checks on resolved paths: a symlink must not lead an input or a write out
// of its folder.
#include "common/paths.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace frp {
namespace {

namespace fs = std::filesystem;

class ResolvesInsideTest : public ::testing::Test {
 protected:
  void SetUp() override {
    top_ = fs::path(::testing::TempDir()) / ("frp_paths_" + std::to_string(::getpid()));
    fs::remove_all(top_);
    fs::create_directories(top_ / "repo/csrc");
    fs::create_directories(top_ / "elsewhere");
    std::ofstream(top_ / "repo/csrc/a.cpp") << "a";
    std::ofstream(top_ / "elsewhere/secret.txt") << "s";
  }
  void TearDown() override { fs::remove_all(top_); }
  std::string repo() const { return (top_ / "repo").string(); }
  fs::path top_;
};

TEST_F(ResolvesInsideTest, PlainPathsInsideAndNotYetMadeOnes) {
  EXPECT_TRUE(resolves_inside(repo(), "csrc/a.cpp"));
  EXPECT_TRUE(resolves_inside(repo(), "csrc/new/deeper/b.cpp"));
  EXPECT_TRUE(resolves_inside(repo(), "."));
  EXPECT_FALSE(resolves_inside(repo(), "../elsewhere/secret.txt"));
}

TEST_F(ResolvesInsideTest, SymlinksAreFollowed) {
  fs::create_symlink(top_ / "elsewhere/secret.txt", top_ / "repo/link.yaml");
  fs::create_directory_symlink(top_ / "elsewhere", top_ / "repo/csrc/generated");
  fs::create_symlink(top_ / "repo/csrc/a.cpp", top_ / "repo/inner_link.cpp");
  EXPECT_FALSE(resolves_inside(repo(), "link.yaml"));
  EXPECT_FALSE(resolves_inside(repo(), "csrc/generated"));
  EXPECT_FALSE(resolves_inside(repo(), "csrc/generated/new_file.cpp"));
  EXPECT_TRUE(resolves_inside(repo(), "inner_link.cpp"));
  // A folder named like the repo's prefix is not inside it.
  fs::create_directories(top_ / "repo2");
  fs::create_directory_symlink(top_ / "repo2", top_ / "repo/sibling");
  EXPECT_FALSE(resolves_inside(repo(), "sibling/x"));
  // A dangling link cannot be shown to stay inside.
  fs::create_symlink(top_ / "gone", top_ / "repo/dangling");
  EXPECT_FALSE(resolves_inside(repo(), "dangling"));
}

}  // namespace
}  // namespace frp
