// The typed manifest (write/manifest.h): reading, its shape check, the byte-exact writer, and
// the schema comparison. Reading it from a repo (links, permissions) is tested in writer_test.
#include "write/manifest.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace frp::write {
namespace {

using nlohmann::json;

Manifest sample() {
  Manifest m;
  m.generator_version = "0.1.0";
  m.torch_version = "2.13.0";
  m.device = "mydevice";
  m.inputs = {{"frp.yaml", "abc"}, {"torch:tags.yaml", "def"}};
  m.ops = OpSchemas{{"add.Tensor",
                     "add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> "
                     "Tensor"},
                    {"myops::scale", "myops::scale(Tensor x) -> Tensor"}};
  m.templates = {"my templates", "/abs/t"};
  m.files = {{"z/last.txt", {Owner::Generated, "00"}},
             {"a \"quoted\"\\path\t\u00e9.txt", {Owner::Generated, "11"}},
             {"csrc/kernels/add.cpp", {Owner::Scaffold, "22", {"add.Tensor", "a\"b"}}},
             {"frp.yaml", {Owner::Input, "33"}},
             {"B-upper.txt", {Owner::Generated, "44"}}};
  return m;
}

std::optional<Manifest> parse(const std::string& text, Diagnostics& diags) {
  return parse_manifest(text, "repo/.frp/manifest.json", diags);
}

TEST(Manifest, RoundTrips) {
  const Manifest m = sample();
  Diagnostics diags;
  std::optional<Manifest> back = parse(manifest_text(m), diags);
  ASSERT_TRUE(back.has_value()) << diags.format();
  EXPECT_EQ(*back, m);
}

// The text is written without building "files" as json values: it must still be byte for byte
// what nlohmann's dump(2) writes for the same value (the manifests in the golden trees).
TEST(Manifest, IsWhatNlohmannsDumpWrites) {
  for (Manifest m : {sample(), Manifest{}}) {
    const std::string text = manifest_text(m);
    const json parsed = json::parse(text);
    EXPECT_EQ(text, parsed.dump(2) + "\n");
    EXPECT_EQ(parsed["generator"], (json{{"name", "frp-gen"}, {"version", m.generator_version}}));
  }
  const json empty = json::parse(manifest_text(Manifest{}));
  EXPECT_EQ(empty["files"], json::object());
  // No record of ops or overlays is written as none, not as an empty one.
  EXPECT_FALSE(empty.contains("ops"));
  EXPECT_FALSE(empty.contains("templates"));
  EXPECT_EQ(json::parse(manifest_text(sample()))["files"]["csrc/kernels/add.cpp"],
            (json{{"ops", {"add.Tensor", "a\"b"}}, {"owner", "scaffold"}, {"sha256", "22"}}));
}

// A repo made by an older frp-gen: no "ops", "templates" or "inputs", files without "ops", and
// members this one does not know. It reads, and says it has no record of schemas.
TEST(Manifest, AnOlderManifestReads) {
  const std::string text = R"({
    "generator": {"name": "frp-gen", "version": "0.0.9"},
    "device": "mydevice",
    "torch_version": "2.12.0",
    "written_at": "2026-01-01",
    "files": {"CMakeLists.txt": {"owner": "generated", "sha256": "aa"},
              "csrc/kernels/add.cpp": {"owner": "scaffold", "sha256": "bb"}}
  })";
  Diagnostics diags;
  std::optional<Manifest> m = parse(text, diags);
  ASSERT_TRUE(m.has_value()) << diags.format();
  EXPECT_EQ(m->generator_version, "0.0.9");
  EXPECT_FALSE(m->ops.has_value());
  EXPECT_TRUE(m->templates.empty());
  EXPECT_TRUE(m->inputs.empty());
  EXPECT_EQ(m->files.at("csrc/kernels/add.cpp"), (ManifestFile{Owner::Scaffold, "bb"}));
  // Nothing to compare the new schemas with: no change is claimed.
  Manifest next = *m;
  next.ops = OpSchemas{{"add.Tensor", "add.Tensor(Tensor self) -> Tensor"}};
  EXPECT_TRUE(schema_changes(*m, next).empty());
}

TEST(Manifest, AWrongShapeIsOneLocatedError) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"[1,2,3]", "expected a JSON object"},
      {"{ not json", "corrupt manifest: "},
      {R"({"files": "oops"})", "expected \"files\" to be an object"},
      {R"({"files": {"a.cpp": 3}})", "the entry of \"a.cpp\" in \"files\" is not"},
      {R"({"files": {"a.cpp": {"owner": "scaffold"}}})", "the entry of \"a.cpp\""},
      {R"({"files": {"a.cpp": {"owner": "scaffold", "sha256": "x", "ops": [1]}}})",
       "the entry of \"a.cpp\""},
      {R"({"files": {"a.cpp": {"owner": "mine", "sha256": "x"}}})",
       "the entry of \"a.cpp\" in \"files\" has the owner \"mine\", not \"generated\""},
      {R"({"files": {"../a.cpp": {"owner": "generated", "sha256": "x"}}})",
       "the path \"../a.cpp\" in \"files\" is not a relative path inside the repo"},
      {R"({"ops": {"mm": 1}})", "expected \"ops\" to be an object of strings"},
      {R"({"inputs": []})", "expected \"inputs\" to be an object of strings"},
      {R"({"torch_version": 2})", "expected \"torch_version\" to be a string"},
      {R"({"device": null})", "expected \"device\" to be a string"},
      {R"({"generator": "frp-gen"})", "expected \"generator\" to be"},
      {R"({"generator": {"version": 1}})", "expected \"generator\" to be"},
      {R"({"templates": "mine"})", "expected \"templates\" to be a list of folders"},
      {R"({"templates": [1]})", "expected \"templates\" to be a list of folders"},
      {R"({"templates": [""]})", "expected \"templates\" to be a list of folders"},
      {std::string("{\"files\": {}}\0", 14), "a NUL byte at byte 14"},
      {std::string(100000, '[') + std::string(100000, ']'), "nested deeper"},
  };
  for (const auto& [text, message] : cases) {
    Diagnostics diags;
    EXPECT_FALSE(parse(text, diags).has_value()) << text.substr(0, 40);
    ASSERT_EQ(diags.error_count(), 1u) << text.substr(0, 40);
    EXPECT_NE(diags.errors()[0].message.find(message), std::string::npos)
        << diags.errors()[0].message;
    EXPECT_EQ(diags.errors()[0].location.file, "repo/.frp/manifest.json");
    EXPECT_NE(diags.errors()[0].hint.find("git checkout -- .frp/manifest.json"), std::string::npos);
  }
  // Strings may hold brackets: only real nesting counts.
  Diagnostics diags;
  EXPECT_TRUE(parse(R"({"device": ")" + std::string(100, '[') + R"("})", diags)) << diags.format();
}

TEST(Manifest, SchemaChangesNameWhatChangedCameAndWent) {
  Manifest before, after;
  before.ops = OpSchemas{{"a", "a(Tensor x) -> Tensor"}, {"b", "b(Tensor x) -> Tensor"}};
  after.ops = OpSchemas{{"a", "a(Tensor y) -> Tensor"}, {"c", "c(Tensor x) -> Tensor"}};
  const std::vector<SchemaChange> all = schema_changes(before, after);
  EXPECT_EQ(all, (std::vector<SchemaChange>{{"a", "a(Tensor x) -> Tensor", "a(Tensor y) -> Tensor"},
                                            {"b", "b(Tensor x) -> Tensor", ""},
                                            {"c", "", "c(Tensor x) -> Tensor"}}));
  const std::vector<std::string> only = {"b", "d"};
  EXPECT_EQ(schema_changes(before, after, &only),
            (std::vector<SchemaChange>{{"b", "b(Tensor x) -> Tensor", ""}}));
  EXPECT_EQ(schemas_of(*before.ops, *after.ops, {"d"}), (std::vector<SchemaChange>{{"d", "", ""}}));
}

}  // namespace
}  // namespace frp::write
