// Unit tests for the emitters (plan/emitters.h), run against the shipped file table: each one
// writes only its own rows, every file takes its owner and template from its row, placeholders
// are all bound, and the grouping into families, kernel files and shards holds.
#include "plan/emitters.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/diagnostics.h"
#include "descriptor/descriptor.h"
#include "model/op_registry.h"
#include "plan/render_json.h"

namespace frp::plan {
namespace {

using nlohmann::json;

const std::string kFixtures = FRP_FIXTURES;
const std::string kTable = std::string(FRP_SOURCE_DIR) + "/templates/files.yaml";
const std::vector<Binding> kGlobals = {{"package", "torch_npu"}, {"runtime", "npu_runtime"}};

class EmittersTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(registry_.load_tags(kFixtures + "/tags.yaml", diags_)) << diags_.format();
    ASSERT_TRUE(registry_.load_functions(kFixtures + "/native_functions.yaml", false, diags_));
    ASSERT_TRUE(registry_.load_functions(kFixtures + "/custom_ops.yaml", true, diags_));
    std::optional<FileTable> table = read_file_table(kTable, diags_);
    ASSERT_TRUE(table.has_value()) << diags_.format();
    table_ = std::move(*table);
    // Every kind of op: minimal (empty, view), CPU fallback (add, relu, mm), custom (myops), one
    // with an autograd Function (relu).
    for (const char* key : {"empty.memory_format", "view", "add.Tensor", "add_.Tensor", "add.out",
                            "relu", "mm", "myops::fused_gelu", "myops::fused_gelu_"}) {
      std::optional<model::Op> op = model::build_op(*registry_.find(key), diags_);
      ASSERT_TRUE(op.has_value()) << key;
      const std::string k = key;
      PlannedOp planned;
      planned.op = std::move(*op);
      planned.wrapper =
          plan_wrapper(planned.op, {.minimal = k == "view" || k.starts_with("empty")});
      planned.autograd = k == "relu";
      if (planned.autograd) planned.autograd_function = plan_autograd_function(planned.op);
      ops_.push_back(std::move(planned));
    }
    families_ = group_families(ops_);
  }

  // The entries one emitter writes.
  std::vector<FileEntry> run(const Emitter& emitter) {
    std::vector<FileEntry> files;
    FileSink sink(table_, emitter.name, kGlobals, files);
    emitter.emit(input(), sink);
    return files;
  }

  EmitInput input() { return {ops_, families_, 4, true}; }

  std::vector<FileEntry> all_files(std::map<std::string, bool> features = {}) {
    if (features.empty()) features = descriptor::default_features();
    return emit_files(table_, input(), kGlobals, features);
  }

  const FileEntry* entry(const std::vector<FileEntry>& files, const std::string& path) {
    for (const FileEntry& f : files) {
      if (f.path == path) return &f;
    }
    return nullptr;
  }

  Diagnostics diags_;
  model::OpRegistry registry_;
  FileTable table_;
  std::vector<PlannedOp> ops_;
  std::vector<Family> families_;
};

TEST_F(EmittersTest, TableRowsAndEmitterPatternsAgree) {
  for (const Emitter& emitter : emitters()) {
    for (std::string_view pattern : emitter.patterns) {
      const FileSpec* row = table_.find(pattern);
      ASSERT_NE(row, nullptr) << pattern;
      EXPECT_EQ(row->emitter, emitter.name) << pattern;
    }
  }
  for (const FileSpec& row : table_.files) {
    const Emitter* emitter = find_emitter(row.emitter);
    ASSERT_NE(emitter, nullptr) << row.pattern;
    if (emitter->name == kIntegrationEmitter) continue;
    EXPECT_NE(std::find(emitter->patterns.begin(), emitter->patterns.end(), row.pattern),
              emitter->patterns.end())
        << row.pattern;
  }
}

TEST_F(EmittersTest, EachEmitterWritesOnlyItsOwnRows) {
  for (const Emitter& emitter : emitters()) {
    const std::vector<FileEntry> files = run(emitter);
    EXPECT_FALSE(files.empty()) << emitter.name;  // every emitter has work with these ops
    for (const FileEntry& file : files) {
      ASSERT_NE(file.spec, nullptr);
      EXPECT_EQ(file.spec->emitter, emitter.name) << file.path;
      EXPECT_EQ(file.spec, table_.find(file.spec->pattern)) << file.path;
    }
  }
}

TEST_F(EmittersTest, OwnerAndTemplateComeFromTheTable) {
  for (const FileEntry& file : all_files()) {
    const json written = json::parse(file_entry_json_text(file));
    EXPECT_EQ(written["path"], file.path);
    EXPECT_EQ(written["owner"], to_string(file.spec->owner)) << file.path;
    EXPECT_EQ(written["template"], file.spec->pattern + ".j2") << file.path;
    EXPECT_EQ(written["ops"].get<std::vector<std::size_t>>(), file.ops) << file.path;
    EXPECT_EQ(file.path.find('{'), std::string::npos) << file.path;  // every placeholder bound
  }
}

TEST_F(EmittersTest, PathsAreUnique) {
  std::set<std::string> paths;
  for (const FileEntry& file : all_files())
    EXPECT_TRUE(paths.insert(file.path).second) << file.path;
}

TEST_F(EmittersTest, APatternOfAnotherEmitterIsAProgrammingError) {
  std::vector<FileEntry> files;
  FileSink sink(table_, "families", kGlobals, files);
  EXPECT_THROW(sink.add("csrc/kernels/{kernel_file}.cpp", {{"kernel_file", "x"}}),
               std::logic_error);
  EXPECT_THROW(sink.add("setup.py"), std::logic_error);
  EXPECT_TRUE(files.empty());
}

TEST_F(EmittersTest, IntegrationFilesResolvePackageAndRuntime) {
  const std::vector<FileEntry> files = run(*find_emitter(kIntegrationEmitter));
  ASSERT_NE(entry(files, "torch_npu/__init__.py"), nullptr);
  ASSERT_NE(entry(files, "torch_npu_loader.py"), nullptr);
  const FileEntry* runtime = entry(files, "csrc/runtime/npu_runtime.cpp");
  ASSERT_NE(runtime, nullptr);
  EXPECT_EQ(runtime->spec->owner, Owner::Scaffold);
  EXPECT_TRUE(runtime->ops.empty());
}

TEST_F(EmittersTest, FamiliesOfMinimalOpsShareTheMinimalKernelFile) {
  std::map<std::string, std::string> kernel_file;
  for (const Family& f : families_) kernel_file[f.name] = f.kernel_file;
  EXPECT_EQ(kernel_file["empty"], "minimal");
  EXPECT_EQ(kernel_file["view"], "minimal");
  EXPECT_EQ(kernel_file["add"], "add");
  EXPECT_EQ(kernel_file["myops_fused_gelu"], "myops_fused_gelu");

  const std::vector<FileEntry> files = run(*find_emitter("kernel_files"));
  const FileEntry* minimal = entry(files, "csrc/kernels/minimal.cpp");
  ASSERT_NE(minimal, nullptr);
  const auto& fields = std::get<KernelFileFields>(minimal->fields);
  EXPECT_EQ(fields.name, "minimal");
  EXPECT_EQ(fields.includes,
            (std::vector<std::string>{"generated/kernels/empty.h", "generated/kernels/view.h"}));
  EXPECT_EQ(fields.default_kernels, (std::set<DefaultKernel>{DefaultKernel::Minimal}));
  EXPECT_TRUE(fields.aten_ops_headers.empty());
  const auto& custom =
      std::get<KernelFileFields>(entry(files, "csrc/kernels/myops_fused_gelu.cpp")->fields);
  EXPECT_EQ(custom.default_kernels, (std::set<DefaultKernel>{DefaultKernel::NotImplemented}));
  EXPECT_EQ(entry(files, "csrc/kernels/view.cpp"), nullptr);

  const std::vector<FileEntry> headers = run(*find_emitter("families"));
  const FileEntry* view = entry(headers, "csrc/generated/kernels/view.h");
  ASSERT_NE(view, nullptr);
  EXPECT_EQ(std::get<FamilyHeaderFields>(view->fields).kernel_file, "csrc/kernels/minimal.cpp");
}

TEST_F(EmittersTest, ShardsHoldWholeFamiliesAndEveryOpOnce) {
  std::multiset<std::size_t> covered;
  for (const FileEntry& file : run(*find_emitter("registrations"))) {
    const auto& fields = std::get<ShardFields>(file.fields);
    EXPECT_EQ(file.path, "csrc/generated/register_" + std::to_string(fields.shard) + ".cpp");
    EXPECT_LT(fields.shard, 4);
    covered.insert(file.ops.begin(), file.ops.end());
    for (std::size_t i : file.ops) {
      EXPECT_TRUE(fields.namespaces.contains(ops_[i].op.ns));
      const std::string header = "generated/kernels/" + ops_[i].op.family + ".h";
      EXPECT_NE(std::find(fields.headers.begin(), fields.headers.end(), header),
                fields.headers.end());
    }
  }
  ASSERT_EQ(covered.size(), ops_.size());
  for (std::size_t i = 0; i < ops_.size(); ++i) EXPECT_EQ(covered.count(i), 1u) << i;
}

TEST_F(EmittersTest, CustomOpsAndAutogradAndMinimalKernels) {
  const std::vector<FileEntry> custom = run(*find_emitter("custom_ops"));
  ASSERT_EQ(custom.size(), 1u);
  EXPECT_EQ(std::get<NamespacesFields>(custom[0].fields).namespaces,
            (std::set<std::string>{"myops"}));
  EXPECT_EQ(custom[0].ops.size(), 2u);

  std::vector<std::string> paths;
  for (const FileEntry& f : run(*find_emitter("autograd"))) paths.push_back(f.path);
  EXPECT_EQ(paths, (std::vector<std::string>{"csrc/autograd/relu.cpp", "csrc/generated/autograd.h",
                                             "csrc/generated/autograd.cpp",
                                             "tests/test_autograd_functions.py"}));

  const std::vector<FileEntry> minimal = run(*find_emitter("minimal_kernels"));
  ASSERT_EQ(minimal.size(), 1u);
  EXPECT_EQ(minimal[0].path, "csrc/generated/minimal_kernels.h");
  EXPECT_EQ(minimal[0].ops.size(), 2u);  // empty.memory_format, view
}

TEST_F(EmittersTest, NothingToWriteWithoutCustomOrAutogradOps) {
  std::vector<PlannedOp> aten;
  for (const PlannedOp& op : ops_) {
    if (!op.op.fn->custom && !op.autograd) aten.push_back(op);
  }
  const std::vector<Family> families = group_families(aten);
  std::vector<FileEntry> files;
  for (const char* name : {"custom_ops", "autograd"}) {
    FileSink sink(table_, name, kGlobals, files);
    find_emitter(name)->emit({aten, families, 4}, sink);
  }
  EXPECT_TRUE(files.empty());
}

TEST_F(EmittersTest, RowsOfAFeatureThatIsOffAreLeftOut) {
  std::map<std::string, bool> features = descriptor::default_features();
  EXPECT_NE(entry(all_files(features), "tests/test_autocast.py"), nullptr);
  features["autocast"] = false;
  const std::vector<FileEntry> files = all_files(features);
  EXPECT_EQ(entry(files, "tests/test_autocast.py"), nullptr);
  EXPECT_EQ(entry(files, "csrc/generated/autocast.cpp"), nullptr);
}

TEST_F(EmittersTest, BuildSourcesFollowTheRows) {
  const BuildSources sources = build_sources(all_files());
  EXPECT_TRUE(std::is_sorted(sources.core.begin(), sources.core.end()));
  for (const char* path : {"csrc/runtime/npu_runtime.cpp", "csrc/kernels/add.cpp",
                           "csrc/autograd/relu.cpp", "csrc/generated/custom_ops.cpp"}) {
    EXPECT_NE(std::find(sources.core.begin(), sources.core.end(), path), sources.core.end())
        << path;
  }
  EXPECT_EQ(sources.python, (std::vector<std::string>{"csrc/python/module.cpp"}));
  EXPECT_EQ(sources.test, (std::vector<std::string>{"tests/cpp/test_device.cpp"}));
}

TEST_F(EmittersTest, LayoutKeepsTableOrderAndPerFilePlaceholders) {
  std::map<std::string, bool> features = descriptor::default_features();
  features["autocast"] = false;
  const std::vector<LayoutRow> rows = layout(table_, all_files(features), kGlobals);
  std::vector<std::string> paths;
  for (const LayoutRow& row : rows) paths.push_back(row.path);
  EXPECT_EQ(paths.front(), "csrc/generated/runtime.h");  // the table's first row
  auto at = [&](const std::string& path) {
    return std::find(paths.begin(), paths.end(), path) - paths.begin();
  };
  EXPECT_LT(at("csrc/runtime/npu_runtime.cpp"), at("csrc/kernels/{kernel_file}.cpp"));
  EXPECT_LT(at("csrc/kernels/{kernel_file}.cpp"), at("torch_npu/__init__.py"));
  EXPECT_LT(at("torch_npu/__init__.py"), static_cast<long>(paths.size()));
  EXPECT_EQ(at("csrc/generated/autocast.cpp"), static_cast<long>(paths.size()));  // feature off
  const LayoutRow& kernels = rows[at("csrc/kernels/{kernel_file}.cpp")];
  EXPECT_EQ(kernels.owner, Owner::Scaffold);
  EXPECT_FALSE(kernels.about.empty());
}

}  // namespace
}  // namespace frp::plan
