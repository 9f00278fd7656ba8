// Template overlays as the manifest records them (write/overlays.h).
#include "write/overlays.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

namespace frp::write {
namespace {

namespace fs = std::filesystem;
using Folders = std::vector<std::string>;

class OverlaysTest : public ::testing::Test {
 protected:
  void SetUp() override {
    parent_ = fs::temp_directory_path() / ("frp-overlays-test-" + std::to_string(::getpid()));
    fs::remove_all(parent_);
    root_ = parent_ / "repo";
    fs::create_directories(root_ / "my_templates");
    fs::create_directories(parent_ / "shared_templates");
  }
  void TearDown() override { fs::remove_all(parent_); }

  std::string manifest_path() const { return (root_ / ".frp/manifest.json").string(); }

  fs::path parent_;
  fs::path root_;
};

TEST_F(OverlaysTest, NoOverlaysNoRecord) {
  EXPECT_TRUE(overlay_record({}, root_.string()).empty());
}

TEST_F(OverlaysTest, RecordsInsideRelativeOutsideAbsoluteInOrder) {
  const Folders record =
      overlay_record({(parent_ / "shared_templates").string(), (root_ / "my_templates").string(),
                      (root_ / "my_templates" / ".." / "my_templates").string()},
                     root_.string());
  const std::string shared = fs::weakly_canonical(parent_ / "shared_templates").generic_string();
  EXPECT_EQ(record, Folders({shared, "my_templates", "my_templates"}));
}

TEST_F(OverlaysTest, RecordsFoldersGivenRelativeToTheWorkingFolder) {
  const fs::path before = fs::current_path();
  fs::current_path(parent_);
  const Folders record = overlay_record({"repo/my_templates", "shared_templates"}, "repo");
  fs::current_path(before);
  EXPECT_EQ(record, Folders({"my_templates",
                             fs::weakly_canonical(parent_ / "shared_templates").generic_string()}));
}

TEST_F(OverlaysTest, TheRepoItselfIsRecordedAsDot) {
  EXPECT_EQ(overlay_record({root_.string()}, root_.string()), Folders({"."}));
  EXPECT_EQ(overlay_record({(root_ / "").string()}, root_.string()), Folders({"."}));
}

TEST_F(OverlaysTest, ReadsTheRecordBack) {
  const std::string shared = (parent_ / "shared_templates").string();
  Manifest manifest;
  manifest.templates = overlay_record({(root_ / "my_templates").string(), shared}, root_.string());
  Diagnostics diags;
  std::optional<std::vector<std::string>> dirs = recorded_overlays(manifest, root_.string(), diags);
  ASSERT_TRUE(dirs) << diags.format();
  ASSERT_EQ(dirs->size(), 2u);
  EXPECT_EQ(fs::weakly_canonical((*dirs)[0]), fs::weakly_canonical(root_ / "my_templates"));
  EXPECT_EQ(fs::weakly_canonical((*dirs)[1]), fs::weakly_canonical(shared));
}

TEST_F(OverlaysTest, NoRecordNoOverlays) {
  Diagnostics diags;
  EXPECT_EQ(recorded_overlays(Manifest{}, root_.string(), diags), Folders{});
  EXPECT_FALSE(diags.has_errors());
}

TEST_F(OverlaysTest, EveryMissingFolderIsAnErrorAtTheManifest) {
  Manifest manifest;
  manifest.templates = {"my_templates", "gone", (parent_ / "gone_too").string()};
  Diagnostics diags;
  EXPECT_FALSE(recorded_overlays(manifest, root_.string(), diags));
  ASSERT_EQ(diags.error_count(), 2u) << diags.format();
  EXPECT_EQ(diags.errors()[0].location.file, manifest_path());
  EXPECT_NE(diags.errors()[0].message.find("'gone' recorded here does not exist"),
            std::string::npos)
      << diags.format();
  EXPECT_NE(diags.errors()[1].message.find("gone_too"), std::string::npos) << diags.format();
  EXPECT_NE(diags.errors()[0].hint.find("--no-templates"), std::string::npos);
}

}  // namespace
}  // namespace frp::write
