// The kept copy of PyTorch's operators (model/registry_cache.h): read back exactly as the yaml
// reads, used only while it matches its files, and never trusted when damaged.
#include "model/registry_cache.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "model/op_registry.h"

namespace frp::model {
namespace {

namespace fs = std::filesystem;

const std::string kFixtures = FRP_FIXTURES;

class RegistryCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("frp_registry_cache_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "native");
    // Copies: the tests change the files a kept copy must match.
    fs::copy_file(kFixtures + "/native_functions.yaml", functions());
    fs::copy_file(kFixtures + "/tags.yaml", tags());
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string functions() const { return (dir_ / "native/native_functions.yaml").string(); }
  std::string tags() const { return (dir_ / "native/tags.yaml").string(); }
  std::string cache() const { return (dir_ / "cache").string(); }
  KeptRegistry kept() const { return KeptRegistry(CacheFolder(cache()), functions(), tags()); }

  // A registry loaded through the kept copy (made on first use).
  OpRegistry load() const {
    OpRegistry registry;
    Diagnostics diags;
    EXPECT_TRUE(registry.load_tags(tags(), diags)) << diags.format();
    EXPECT_TRUE(registry.load_torch_functions(kept(), diags)) << diags.format();
    return registry;
  }

  fs::path dir_;
};

void expect_same(const NativeFunction& a, const NativeFunction& b) {
  EXPECT_EQ(a.key, b.key);
  EXPECT_EQ(a.schema_text, b.schema_text);
  EXPECT_EQ(a.location.file, b.location.file);
  EXPECT_EQ(a.location.line, b.location.line) << a.key;
  EXPECT_EQ(a.location.column, b.location.column) << a.key;
  EXPECT_EQ(a.func.arguments.size(), b.func.arguments.size());
  for (std::size_t i = 0; i < a.func.arguments.size() && i < b.func.arguments.size(); ++i) {
    EXPECT_EQ(a.func.arguments[i].name_offset, b.func.arguments[i].name_offset) << a.key;
  }
  EXPECT_EQ(a.variants, b.variants) << a.key;
  EXPECT_EQ(a.dispatch, b.dispatch) << a.key;
  EXPECT_EQ(a.structured, b.structured) << a.key;
  EXPECT_EQ(a.structured_delegate, b.structured_delegate) << a.key;
  EXPECT_EQ(a.autogen, b.autogen) << a.key;
  EXPECT_EQ(a.tags, b.tags) << a.key;
  EXPECT_EQ(a.device_check, b.device_check) << a.key;
  EXPECT_EQ(a.device_guard, b.device_guard) << a.key;
  EXPECT_EQ(a.use_const_ref_for_mutable_tensors, b.use_const_ref_for_mutable_tensors) << a.key;
}

TEST_F(RegistryCacheTest, AKeptCopyReadsBackAsTheYamlDoes) {
  OpRegistry from_yaml;
  Diagnostics diags;
  ASSERT_TRUE(from_yaml.load_tags(tags(), diags));
  ASSERT_TRUE(from_yaml.load_functions(functions(), false, diags)) << diags.format();
  EXPECT_FALSE(kept().read());      // nothing kept yet
  const OpRegistry first = load();  // from the yaml, and kept
  ASSERT_TRUE(kept().read());
  const OpRegistry second = load();  // from the copy
  ASSERT_EQ(second.all().size(), from_yaml.all().size());
  ASSERT_GT(second.all().size(), 10u);
  for (std::size_t i = 0; i < second.all().size(); ++i) {
    expect_same(*second.all()[i], *from_yaml.all()[i]);
    expect_same(*first.all()[i], *from_yaml.all()[i]);
  }
}

TEST_F(RegistryCacheTest, AChangedYamlOrTagsFileIsReadAgain) {
  load();
  ASSERT_TRUE(kept().read());
  {
    std::ofstream out(functions(), std::ios::app);
    out << "\n- func: added_later(Tensor self) -> Tensor\n";
  }
  EXPECT_FALSE(kept().read());
  EXPECT_NE(load().find("added_later"), nullptr);
  ASSERT_TRUE(kept().read());
  {
    std::ofstream out(tags(), std::ios::app);
    out << "\n";
  }
  EXPECT_FALSE(kept().read());
}

TEST_F(RegistryCacheTest, ADamagedCopyIsNotTrusted) {
  const std::size_t count = load().all().size();
  std::string text;
  {
    std::ifstream in(kept().path);
    std::ostringstream buffer;
    buffer << in.rdbuf();
    text = buffer.str();
  }
  for (const std::string& damaged :
       {text.substr(0, text.size() / 2),                            // cut short
        text.substr(0, text.find('\n') + 1) + "add(Tensor self\n",  // a broken line
        std::string("another format\n")}) {
    std::ofstream(kept().path, std::ios::trunc) << damaged;
    EXPECT_FALSE(kept().read());
  }
  // Read from the yaml again, and kept anew.
  EXPECT_EQ(load().all().size(), count);
  EXPECT_TRUE(kept().read());
}

TEST_F(RegistryCacheTest, ACopyThatIsNotARegularFileIsNotReadAndDoesNotBlock) {
  const std::size_t count = load().all().size();
  fs::remove(kept().path);
  ASSERT_EQ(::mkfifo(kept().path.c_str(), 0600), 0);  // a read of it would wait for a writer
  EXPECT_FALSE(kept().read());
  EXPECT_EQ(load().all().size(), count);  // from the yaml
}

TEST_F(RegistryCacheTest, NothingIsKeptWithoutACacheFolderOrForAFileWithErrors) {
  EXPECT_EQ(KeptRegistry(CacheFolder(), functions(), tags()).path, "");
  std::ofstream(functions(), std::ios::app) << "\n- func: broken(Tensor self ->\n";
  OpRegistry registry;
  Diagnostics diags;
  EXPECT_FALSE(registry.load_torch_functions(kept(), diags));
  EXPECT_FALSE(fs::exists(kept().path));
}

}  // namespace
}  // namespace frp::model
