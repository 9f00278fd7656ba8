// Unit tests for the debris of killed runs and the lock that keeps two regens apart.
#include "write/debris.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/file.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "write/repo_lock.h"

namespace frp::write {
namespace {

namespace fs = std::filesystem;

// A pid no process has: past the kernel's largest.
constexpr int kGonePid = 4194304 + 7;

class DebrisTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(::testing::TempDir()) / ("frp_debris_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / ".frp");
  }
  void TearDown() override { fs::remove_all(dir_); }
  void touch(const std::string& name) { std::ofstream(dir_ / name) << "x"; }
  fs::path dir_;
};

TEST_F(DebrisTest, OnlyAFinishedRunsEntriesGo) {
  const std::string gone = std::to_string(kGonePid), mine = std::to_string(::getpid());
  touch("add.cpp.frp-new-" + gone + "-12");
  touch("add.cpp.frp-new-" + mine + "-12");  // a run still going (this one)
  touch("add.cpp.frp-new-notapid");
  touch("add.cpp");
  fs::create_directories(dir_ / (".repo.frp-staging-" + gone + "-3/csrc"));
  EXPECT_EQ(remove_debris(dir_, kNewContentMark), 1u);
  EXPECT_EQ(remove_debris(dir_, kStagingMark), 1u);
  EXPECT_FALSE(fs::exists(dir_ / ("add.cpp.frp-new-" + gone + "-12")));
  EXPECT_FALSE(fs::exists(dir_ / (".repo.frp-staging-" + gone + "-3")));
  EXPECT_TRUE(fs::exists(dir_ / ("add.cpp.frp-new-" + mine + "-12")));
  EXPECT_TRUE(fs::exists(dir_ / "add.cpp.frp-new-notapid"));
  EXPECT_TRUE(fs::exists(dir_ / "add.cpp"));
  EXPECT_TRUE(debris_suffix(kNewContentMark).starts_with(".frp-new-" + mine + "-"));
}

TEST_F(DebrisTest, TheLockKeepsASecondWriterOut) {
  std::ostringstream err;
  auto try_lock = [&](int kind) {
    const int fd = ::open((dir_ / ".frp").c_str(), O_RDONLY | O_DIRECTORY);
    const bool got = ::flock(fd, kind | LOCK_NB) == 0;
    ::close(fd);
    return got;
  };
  {
    RepoLock lock = RepoLock::acquire(dir_.string(), true, err);
    EXPECT_FALSE(try_lock(LOCK_EX));
    EXPECT_FALSE(try_lock(LOCK_SH));
  }
  EXPECT_TRUE(try_lock(LOCK_EX));
  {
    RepoLock reader = RepoLock::acquire(dir_.string(), false, err);
    EXPECT_TRUE(try_lock(LOCK_SH));  // readers share it
    EXPECT_FALSE(try_lock(LOCK_EX));
  }
  EXPECT_EQ(err.str(), "");  // it never had to wait
  RepoLock none = RepoLock::acquire((dir_ / "not_a_repo").string(), true, err);  // no .frp
}

}  // namespace
}  // namespace frp::write
