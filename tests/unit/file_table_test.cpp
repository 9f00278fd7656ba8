// Unit tests for the file table (plan/file_table.h): the shipped templates/files.yaml parses and
// matches the templates folder one to one, paths expand, and a bad row is a located error.
#include "plan/file_table.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <string>

#include "common/diagnostics.h"

namespace frp::plan {
namespace {

namespace fs = std::filesystem;

const fs::path kTemplates = fs::path(FRP_SOURCE_DIR) / "templates";
const std::string kTable = (kTemplates / "files.yaml").string();

FileTable shipped_table() {
  Diagnostics diags;
  std::optional<FileTable> table = read_file_table(kTable, diags);
  EXPECT_TRUE(table.has_value()) << diags.format();
  EXPECT_FALSE(diags.has_errors()) << diags.format();
  return table.value_or(FileTable{});
}

// ---------------------------------------------------------------------------------------------
// The shipped table

TEST(FileTable, ShippedTableParses) {
  const FileTable table = shipped_table();
  ASSERT_FALSE(table.files.empty());
  const FileSpec* runtime = table.find("csrc/runtime/{runtime}.cpp");
  ASSERT_NE(runtime, nullptr);
  EXPECT_EQ(runtime->owner, Owner::Scaffold);
  EXPECT_EQ(runtime->build, Build::Core);
  EXPECT_EQ(runtime->emitter, kIntegrationEmitter);  // no `emitter:`
  EXPECT_EQ(runtime->template_name, "csrc/runtime/{runtime}.cpp.j2");
  EXPECT_FALSE(runtime->about.empty());
  const FileSpec* tutorial = table.find("docs/tutorial.md");
  ASSERT_NE(tutorial, nullptr);
  ASSERT_FALSE(tutorial->quotes.empty());
  EXPECT_EQ(tutorial->quotes[0].pattern, "pyproject.toml");
  ASSERT_TRUE(table.find("CMakeLists.txt")->extend_in);
  EXPECT_EQ(table.find("CMakeLists.txt")->extend_in->pattern, "extensions.cmake");
  EXPECT_FALSE(table.find("csrc/generated/guard.cpp")->extend_in);
  const FileSpec* shard = table.find("csrc/generated/register_{shard}.cpp");
  ASSERT_NE(shard, nullptr);
  EXPECT_EQ(shard->emitter, "registrations");
  EXPECT_EQ(table.find("tests/test_autocast.py")->feature, "autocast");
  EXPECT_EQ(table.find("csrc/python/module.cpp")->build, Build::Python);
  EXPECT_EQ(table.find("tests/cpp/test_device.cpp")->build, Build::Test);
  EXPECT_EQ(table.find("README.md")->build, Build::None);
  EXPECT_EQ(table.find("no/such/file"), nullptr);
}

TEST(FileTable, EveryRowHasItsTemplate) {
  for (const FileSpec& spec : shipped_table().files) {
    EXPECT_TRUE(fs::is_regular_file(kTemplates / spec.template_name)) << spec.template_name;
  }
}

// Partials (_macros.j2) are imported by templates, not rendered as files of their own: their
// names start with one underscore. Python's dunder files (__init__.py.j2) are files.
bool is_partial(const fs::path& path) {
  const std::string name = path.filename().string();
  return name.starts_with("_") && !name.starts_with("__");
}

TEST(FileTable, EveryTemplateHasExactlyOneRow) {
  std::map<std::string, int> rows;  // template -> rows naming it
  for (const FileSpec& spec : shipped_table().files) ++rows[spec.template_name];
  int templates = 0;
  for (const auto& entry : fs::recursive_directory_iterator(kTemplates)) {
    const fs::path& path = entry.path();
    if (!entry.is_regular_file() || path.extension() != ".j2") continue;
    if (is_partial(path)) continue;
    const std::string name = fs::relative(path, kTemplates).generic_string();
    EXPECT_EQ(rows[name], 1) << name;
    ++templates;
  }
  EXPECT_EQ(static_cast<std::size_t>(templates), shipped_table().files.size());
}

// ---------------------------------------------------------------------------------------------
// Paths

TEST(FileTablePaths, TemplateIsThePatternWithJ2) {
  EXPECT_EQ(template_for("{package}/device.py"), "{package}/device.py.j2");
  EXPECT_EQ(template_for(".clang-format"), ".clang-format.j2");
}

TEST(FileTablePaths, Placeholders) {
  EXPECT_EQ(placeholders("csrc/generated/register_{shard}.cpp"),
            (std::vector<std::string_view>{"shard"}));
  EXPECT_EQ(placeholders("{package}/x_{family}.h"),
            (std::vector<std::string_view>{"package", "family"}));
  EXPECT_TRUE(placeholders("setup.py").empty());
}

TEST(FileTablePaths, ExpandBindsWhatItIsGivenAndKeepsTheRest) {
  EXPECT_EQ(expand("{package}/device.py", {{"package", "torch_npu"}}), "torch_npu/device.py");
  EXPECT_EQ(expand("csrc/kernels/{kernel_file}.cpp", {{"package", "torch_npu"}}),
            "csrc/kernels/{kernel_file}.cpp");
  EXPECT_EQ(expand("{package}_loader.py", {{"package", "p"}, {"runtime", "r"}}), "p_loader.py");
  EXPECT_EQ(expand("{a}{b}", {{"b", "2"}, {"a", "1"}}), "12");
}

// ---------------------------------------------------------------------------------------------
// Errors: each at its place in the table

class BadTable : public ::testing::Test {
 protected:
  // The first error of reading `rows` (YAML under `files:`) as a table.
  Diagnostic error_of(const std::string& rows) {
    path_ = fs::temp_directory_path() / ("frp_table_" + std::to_string(getpid()) + ".yaml");
    std::ofstream(path_) << "files:\n" << rows;
    EXPECT_FALSE(read_file_table(path_.string(), diags_).has_value());
    EXPECT_TRUE(diags_.has_errors());
    return diags_.has_errors() ? diags_.errors()[0] : Diagnostic{};
  }
  void TearDown() override { fs::remove(path_); }

  fs::path path_;
  Diagnostics diags_;
};

TEST_F(BadTable, UnknownKey) {
  Diagnostic e = error_of("  setup.py:\n    owner: generated\n    ownr: scaffold\n");
  EXPECT_EQ(e.message, "unknown key 'ownr' in a file of the table");
  EXPECT_EQ(e.location.file, path_.string());
  EXPECT_EQ(e.location.line, 4);
  EXPECT_EQ(e.location.column, 5);
}

TEST_F(BadTable, UnknownOwner) {
  Diagnostic e = error_of("  setup.py:\n    owner: generatd\n");
  EXPECT_EQ(e.message, "expected 'owner' to be generated or scaffold");
  EXPECT_EQ(e.hint, "did you mean 'generated'?");
  EXPECT_EQ(e.location.line, 3);
  EXPECT_EQ(e.location.column, 12);
}

TEST_F(BadTable, MissingOwner) {
  Diagnostic e = error_of("  setup.py:\n    about: the build\n");
  EXPECT_EQ(e.message, "'setup.py' has no 'owner'");
  EXPECT_EQ(e.location.line, 2);
}

TEST_F(BadTable, UnknownBuild) {
  Diagnostic e = error_of("  a.cpp:\n    owner: generated\n    build: library\n");
  EXPECT_EQ(e.message, "expected 'build' to be core or python or test");
  EXPECT_EQ(e.location.line, 4);
}

TEST_F(BadTable, UnknownFeature) {
  Diagnostic e = error_of("  a.cpp:\n    owner: generated\n    feature: autocst\n");
  EXPECT_EQ(e.message, "unknown feature 'autocst'");
  EXPECT_EQ(e.hint, "did you mean 'autocast'?");
  EXPECT_EQ(e.location.line, 4);
  EXPECT_EQ(e.location.column, 14);
}

TEST_F(BadTable, UnknownEmitter) {
  Diagnostic e = error_of("  a.cpp:\n    owner: generated\n    emitter: familes\n");
  EXPECT_EQ(e.message, "unknown emitter 'familes'");
  EXPECT_EQ(e.hint, "did you mean 'families'?");
  EXPECT_EQ(e.location.line, 4);
}

TEST_F(BadTable, EmitterThatDoesNotWriteThePattern) {
  Diagnostic e =
      error_of("  csrc/kernels/{family}.cpp:\n    owner: scaffold\n    emitter: families\n");
  EXPECT_EQ(e.message, "emitter 'families' does not write 'csrc/kernels/{family}.cpp'");
  EXPECT_EQ(e.hint, "it writes csrc/generated/kernels/{family}.h");
  EXPECT_EQ(e.location.line, 2);
  EXPECT_EQ(e.location.column, 3);
}

TEST_F(BadTable, PerFilePlaceholderWithoutEmitter) {
  Diagnostic e = error_of("  csrc/{family}.cpp:\n    owner: generated\n");
  EXPECT_EQ(e.message, "unknown placeholder '{family}' in 'csrc/{family}.cpp'");
  EXPECT_EQ(e.location.line, 2);
}

TEST_F(BadTable, PathListedTwice) {
  Diagnostic e = error_of("  setup.py:\n    owner: generated\n  setup.py:\n    owner: scaffold\n");
  EXPECT_EQ(e.message, "'setup.py' is listed twice");
  EXPECT_EQ(e.location.line, 4);
}

TEST_F(BadTable, AnEmittersPatternWithoutRow) {
  // Every other row is well formed: the table lacks what the emitters write.
  Diagnostic e = error_of("  setup.py:\n    owner: generated\n");
  EXPECT_NE(e.message.find("the table has no row for '"), std::string::npos) << e.message;
  EXPECT_EQ(e.location.file, path_.string());
}

// The rows of the shipped table: with one more row after them, the only fault is in that row.
std::string shipped_rows() {
  std::ifstream in(kTable);
  const std::string shipped((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return shipped.substr(shipped.find("files:\n") + 7);
}

TEST_F(BadTable, AQuoteOfAPathNotInTheTable) {
  const std::string rows = shipped_rows();
  Diagnostic e = error_of(rows + "  docs/page.md:\n    owner: generated\n    quotes: [READM.md]\n");
  EXPECT_EQ(e.message, "'docs/page.md' quotes 'READM.md', which is not in the table");
  EXPECT_EQ(e.hint, "did you mean 'README.md'?");
  EXPECT_EQ(e.location.file, path_.string());
  EXPECT_GT(e.location.line, 0);
  EXPECT_EQ(e.location.column, 14);
}

TEST_F(BadTable, AQuoteOfAFilePerOperator) {
  const std::string rows = shipped_rows();
  Diagnostic e = error_of(rows +
                          "  docs/page.md:\n    owner: generated\n"
                          "    quotes: [README.md, \"csrc/kernels/{kernel_file}.cpp\"]\n");
  EXPECT_EQ(e.message,
            "'docs/page.md' quotes 'csrc/kernels/{kernel_file}.cpp', which is a file per "
            "{kernel_file}, not one file");
}

TEST_F(BadTable, ExtendedInAPathNotInTheTable) {
  Diagnostic e = error_of(
      shipped_rows() + "  docs/page.md:\n    owner: generated\n    extend_in: extension.cmake\n");
  EXPECT_EQ(e.message,
            "'docs/page.md' is extended in 'extension.cmake', which is not in the table");
  EXPECT_EQ(e.hint, "did you mean 'extensions.cmake'?");
}

TEST_F(BadTable, ExtendedInAGeneratedFile) {
  Diagnostic e = error_of(shipped_rows() +
                          "  docs/page.md:\n    owner: generated\n    extend_in: README.md\n");
  EXPECT_EQ(e.message,
            "'docs/page.md' is extended in 'README.md', which is generated: name a scaffold");
}

TEST_F(BadTable, AScaffoldIsNotExtendedElsewhere) {
  Diagnostic e = error_of(
      shipped_rows() + "  docs/page.md:\n    owner: scaffold\n    extend_in: extensions.cmake\n");
  EXPECT_EQ(e.message,
            "'docs/page.md' is extended in 'extensions.cmake', but it is a scaffold: the team "
            "changes it in place");
  EXPECT_GT(e.location.line, 0);
}

TEST_F(BadTable, QuotesMustBeAList) {
  Diagnostic e = error_of("  a.md:\n    owner: generated\n    quotes: README.md\n");
  EXPECT_EQ(e.message, "expected 'quotes' to be a list of the table's paths");
  EXPECT_EQ(e.location.line, 4);
}

TEST_F(BadTable, FilesMustBeAMapping) {
  Diagnostic e = error_of("  - setup.py\n");
  EXPECT_EQ(e.message,
            "expected 'files' to be a mapping of paths to their owner, build and emitter");
  EXPECT_EQ(e.location.line, 2);
}

}  // namespace
}  // namespace frp::plan
