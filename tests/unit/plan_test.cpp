// Unit tests for the plan stage: op selection from sets, tags and names, and the render model
// (ops JSON, families, kernel files, registration shards, custom ops, policy checks, layout).
// The wrapper plan, the file table and the emitters have tests of their own
// (op_plan_test.cpp, file_table_test.cpp, emitters_test.cpp).
// Uses the fixture yaml and the fixture op sets in schemas/fixtures, not the shipped ones.
#include "plan/plan.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "common/diagnostics.h"
#include "descriptor/descriptor.h"
#include "model/op_registry.h"
#include "plan/file_table.h"

namespace frp::plan {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kFixtures = FRP_FIXTURES;
const std::string kOpSets = kFixtures + "/op_sets";
const std::string kDescriptor = "frp.yaml";
const std::string kFileTable = std::string(FRP_SOURCE_DIR) + "/templates/files.yaml";

class PlanTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(registry_.load_tags(kFixtures + "/tags.yaml", diags_)) << diags_.format();
    ASSERT_TRUE(registry_.load_functions(kFixtures + "/native_functions.yaml", false, diags_))
        << diags_.format();
  }

  void load_custom_ops(const std::string& path = kFixtures + "/custom_ops.yaml") {
    ASSERT_TRUE(registry_.load_functions(path, true, diags_)) << diags_.format();
  }

  // Parses the descriptor text (which must be valid) and fills the inputs.
  Inputs inputs(const std::string& text) {
    Diagnostics parse_diags;
    std::optional<descriptor::Descriptor> d =
        descriptor::parse_descriptor(kDescriptor, text, parse_diags);
    EXPECT_TRUE(d.has_value()) << parse_diags.format();
    descriptor_ = d.value_or(descriptor::Descriptor{});
    Inputs in;
    in.descriptor = &descriptor_;
    in.registry = &registry_;
    in.op_sets_dir = kOpSets;
    in.file_table = kFileTable;
    in.torch_version = "2.13.0";
    in.generator_version = "9.9.9";
    return in;
  }

  // Keys select_ops picks for `text`; empty (with diags_ set) on failure.
  std::vector<std::string> selected(const std::string& text) {
    Inputs in = inputs(text);
    auto fns = select_ops(in, diags_);
    std::vector<std::string> keys;
    if (fns) {
      for (const model::NativeFunction* fn : *fns) keys.push_back(fn->key);
    }
    return keys;
  }

  // The whole render model as one JSON value, as `frp-gen plan` prints it.
  std::optional<json> plan_json(const Inputs& in) {
    std::optional<RenderModel> model = build_render_model(in, diags_);
    if (!model) return std::nullopt;
    return model->to_json();
  }

  json model_ok(const std::string& text) {
    Inputs in = inputs(text);
    std::optional<json> model = plan_json(in);
    EXPECT_TRUE(model.has_value()) << diags_.format();
    EXPECT_FALSE(diags_.has_errors()) << diags_.format();
    return model.value_or(json::object());
  }

  // The single error of a plan that must fail.
  Diagnostic plan_error(const std::string& text) {
    Inputs in = inputs(text);
    EXPECT_FALSE(build_render_model(in, diags_).has_value());
    EXPECT_EQ(diags_.error_count(), 1u) << diags_.format();
    return diags_.has_errors() ? diags_.errors()[0] : Diagnostic{};
  }

  Diagnostics diags_;
  model::OpRegistry registry_;
  descriptor::Descriptor descriptor_;
};

const std::vector<std::string> kMinimal = {"empty.memory_format", "empty_strided", "view",
                                           "_local_scalar_dense"};

std::vector<std::string> with_minimal(std::vector<std::string> keys) {
  // The minimal fixture set comes first in the fixture yaml.
  std::vector<std::string> out = kMinimal;
  out.insert(out.end(), keys.begin(), keys.end());
  return out;
}

const json& op_json(const json& model, const std::string& key) {
  for (const json& op : model["ops"]) {
    if (op["key"] == key) return op;
  }
  ADD_FAILURE() << "no op " << key;
  static const json none = json::object();
  return none;
}

// The arguments an op's wrapper checks the device of, in order; "out!" for one the op writes.
std::vector<std::string> device_checks(const json& op) {
  std::vector<std::string> names;
  for (const json& check : op["device_checks"]) {
    names.push_back(check["argument"].get<std::string>() + (check["written"] ? "!" : ""));
  }
  return names;
}
using Names = std::vector<std::string>;

const json* file_json(const json& model, const std::string& path) {
  for (const json& f : model["files"]) {
    if (f["path"] == path) return &f;
  }
  return nullptr;
}

std::vector<std::string> register_files(const json& model) {
  std::vector<std::string> out;
  for (const json& f : model["files"]) {
    if (f["template"] == "csrc/generated/register_{shard}.cpp.j2")
      out.push_back(f["path"].get<std::string>());
  }
  return out;
}

// The register file whose headers include `family`'s kernel header, or "" (counting how many).
std::string shard_of(const json& model, const std::string& family, int* count = nullptr) {
  std::string found;
  int n = 0;
  const std::string header = "generated/kernels/" + family + ".h";
  for (const json& f : model["files"]) {
    if (f["template"] != "csrc/generated/register_{shard}.cpp.j2") continue;
    for (const json& h : f["headers"]) {
      if (h == header) {
        found = f["path"].get<std::string>();
        ++n;
      }
    }
  }
  if (count) *count = n;
  return found;
}

// ---------------------------------------------------------------------------------------------
// available_op_sets

TEST(AvailableOpSets, ListsTheYamlFilesSorted) {
  EXPECT_EQ(available_op_sets(kOpSets), (std::vector<std::string>{"minimal", "pointwise", "typo"}));
  EXPECT_TRUE(available_op_sets(kFixtures + "/no_such_dir").empty());
}

TEST(AvailableOpSets, ShippedSetsIncludeMinimal) {
  std::vector<std::string> sets = available_op_sets(FRP_OP_SETS);
  EXPECT_NE(std::find(sets.begin(), sets.end(), "minimal"), sets.end());
}

// ---------------------------------------------------------------------------------------------
// select_ops

TEST_F(PlanTest, MinimalIsAlwaysIncluded) {
  EXPECT_EQ(selected("device: mydev\n"), kMinimal);
  EXPECT_FALSE(diags_.has_errors()) << diags_.format();
}

TEST_F(PlanTest, ListingMinimalExplicitlyChangesNothing) {
  EXPECT_EQ(selected("device: mydev\nop_sets: [minimal]\nops: [view]\n"), kMinimal);
  EXPECT_FALSE(diags_.has_errors()) << diags_.format();
}

TEST_F(PlanTest, SelectionFollowsRegistryOrder) {
  EXPECT_EQ(selected("device: mydev\nops: [mm, relu, add.Tensor]\n"),
            with_minimal({"add.Tensor", "relu", "mm"}));
}

TEST_F(PlanTest, AtenPrefixIsAccepted) {
  EXPECT_EQ(selected("device: mydev\nops: ['aten::relu']\n"), with_minimal({"relu"}));
  EXPECT_FALSE(diags_.has_errors()) << diags_.format();
}

TEST_F(PlanTest, NamedSet) {
  EXPECT_EQ(selected("device: mydev\nop_sets: [pointwise]\nops: [relu, mm]\n"),
            with_minimal({"add.Tensor", "add_.Tensor", "add.out", "relu", "relu_", "mm"}));
  EXPECT_FALSE(diags_.has_errors()) << diags_.format();
}

TEST_F(PlanTest, TagSelectsTaggedOps) {
  EXPECT_EQ(selected("device: mydev\nop_sets: ['tag:pointwise']\n"),
            with_minimal({"add.Tensor", "add_.Tensor", "add.out", "relu", "relu_"}));
  EXPECT_EQ(
      selected("device: mydev\nop_sets: ['tag:core']\n"),
      with_minimal({"add.Tensor", "relu", "cat", "_native_batch_norm_legit", "unbind.int", "mm"}));
  EXPECT_FALSE(diags_.has_errors()) << diags_.format();
}

TEST_F(PlanTest, UnknownOpWithDidYouMean) {
  EXPECT_TRUE(selected("device: mydev\nops:\n  - relu\n  - add.tensor\n").empty());
  ASSERT_EQ(diags_.error_count(), 1u) << diags_.format();
  const Diagnostic& e = diags_.errors()[0];
  EXPECT_EQ(e.message, "unknown operator 'add.tensor'");
  EXPECT_EQ(e.hint, "did you mean 'add.Tensor'?");
  EXPECT_EQ(e.location.file, kDescriptor);
  EXPECT_EQ(e.location.line, 4);
  EXPECT_EQ(e.location.column, 5);
}

TEST_F(PlanTest, UnknownFarOpHasNoHint) {
  EXPECT_TRUE(selected("device: mydev\nops: [convolution_backward_overrideable]\n").empty());
  ASSERT_EQ(diags_.error_count(), 1u);
  EXPECT_EQ(diags_.errors()[0].hint, "");
}

TEST_F(PlanTest, DuplicateInOps) {
  EXPECT_TRUE(selected("device: mydev\nops:\n  - relu\n  - mm\n  - relu\n").empty());
  ASSERT_EQ(diags_.error_count(), 1u) << diags_.format();
  EXPECT_EQ(diags_.errors()[0].message, "operator 'relu' is listed twice in 'ops'");
  EXPECT_EQ(diags_.errors()[0].location.line, 5);
}

TEST_F(PlanTest, DuplicateWithAndWithoutAtenPrefix) {
  EXPECT_TRUE(selected("device: mydev\nops: [relu, 'aten::relu']\n").empty());
  ASSERT_EQ(diags_.error_count(), 1u) << diags_.format();
  EXPECT_EQ(diags_.errors()[0].message, "operator 'aten::relu' is listed twice in 'ops'");
}

TEST_F(PlanTest, OpInASetAndInOpsIsNoDuplicate) {
  EXPECT_EQ(selected("device: mydev\nops: [view, relu]\nop_sets: [pointwise]\n"),
            with_minimal({"add.Tensor", "add_.Tensor", "add.out", "relu", "relu_"}));
  EXPECT_FALSE(diags_.has_errors()) << diags_.format();
}

// _has_compatible_shallow_copy_type is registered by the generated shallow_copy.cpp: a tag that
// includes it leaves it out, and naming it in `ops:` is a located error, not a second
// registration that would stop the library from loading.
TEST_F(PlanTest, AnOpTheIntegrationRegistersIsLeftOutOfSets) {
  const std::vector<std::string> core = selected("device: mydev\nop_sets: ['tag:core']\n");
  EXPECT_EQ(std::count(core.begin(), core.end(), "_has_compatible_shallow_copy_type"), 0);
  EXPECT_FALSE(diags_.has_errors()) << diags_.format();
}

TEST_F(PlanTest, AnOpTheIntegrationRegistersTakesNoKernel) {
  EXPECT_TRUE(
      selected("device: mydev\nops:\n  - relu\n  - _has_compatible_shallow_copy_type\n").empty());
  ASSERT_EQ(diags_.error_count(), 1u) << diags_.format();
  const Diagnostic& e = diags_.errors()[0];
  EXPECT_EQ(e.message,
            "operator '_has_compatible_shallow_copy_type' takes no kernel of the backend's own");
  EXPECT_EQ(e.hint, "csrc/generated/shallow_copy.cpp registers it for every generated device");
  EXPECT_EQ(e.location.line, 4);
  EXPECT_EQ(e.location.column, 5);
}

TEST_F(PlanTest, UnknownSetListsShippedSets) {
  EXPECT_TRUE(selected("device: mydev\nop_sets: [minimal, nosuchset]\n").empty());
  ASSERT_EQ(diags_.error_count(), 1u) << diags_.format();
  const Diagnostic& e = diags_.errors()[0];
  EXPECT_EQ(e.message, "unknown op set 'nosuchset'");
  EXPECT_EQ(
      e.hint,
      "shipped sets: minimal, pointwise, typo; use 'tag:<tag>' for the ops with a tags.yaml tag");
  EXPECT_EQ(e.location.line, 2);
  EXPECT_EQ(e.location.column, 20);
}

TEST_F(PlanTest, ASetNameIsNoPath) {
  // The file is there (../op_sets/typo.yaml is typo.yaml), but a set is named, not found by path.
  EXPECT_TRUE(selected("device: mydev\nop_sets: [../op_sets/typo]\n").empty());
  ASSERT_EQ(diags_.error_count(), 1u) << diags_.format();
  EXPECT_EQ(diags_.errors()[0].message, "unknown op set '../op_sets/typo'");
  EXPECT_EQ(diags_.errors()[0].location.column, 11);
}

TEST_F(PlanTest, MisspeltSetHasDidYouMean) {
  EXPECT_TRUE(selected("device: mydev\nop_sets: [pointwse]\n").empty());
  ASSERT_EQ(diags_.error_count(), 1u);
  EXPECT_EQ(diags_.errors()[0].hint, "did you mean 'pointwise'?");
}

TEST_F(PlanTest, UnknownTag) {
  EXPECT_TRUE(selected("device: mydev\nop_sets: ['tag:cor']\n").empty());
  ASSERT_EQ(diags_.error_count(), 1u);
  EXPECT_EQ(diags_.errors()[0].message, "unknown tag 'cor'");
  EXPECT_EQ(diags_.errors()[0].hint, "did you mean 'core'?");
  EXPECT_EQ(diags_.errors()[0].location.line, 2);
}

TEST_F(PlanTest, ErrorInsideAnOpSetPointsIntoTheSetFile) {
  EXPECT_TRUE(selected("device: mydev\nop_sets: [typo]\n").empty());
  ASSERT_EQ(diags_.error_count(), 1u) << diags_.format();
  const Diagnostic& e = diags_.errors()[0];
  EXPECT_EQ(e.message, "unknown operator 'add.tensor'");
  EXPECT_EQ(e.hint, "did you mean 'add.Tensor'?");
  EXPECT_EQ(e.location.file, kOpSets + "/typo.yaml");
  EXPECT_EQ(e.location.line, 5);
  EXPECT_EQ(e.location.column, 5);
}

TEST_F(PlanTest, MissingMinimalSetIsAnError) {
  fs::path empty = fs::path(::testing::TempDir()) / ("frp_plan_empty_" + std::to_string(getpid()));
  fs::create_directories(empty);
  Inputs in = inputs("device: mydev\n");
  in.op_sets_dir = empty.string();
  EXPECT_FALSE(select_ops(in, diags_).has_value());
  ASSERT_EQ(diags_.error_count(), 1u);
  EXPECT_EQ(diags_.errors()[0].message, "unknown op set 'minimal'");
  fs::remove_all(empty);
}

TEST_F(PlanTest, CustomOpsAreAlwaysSelected) {
  load_custom_ops();
  EXPECT_EQ(selected("device: mydev\n"),
            with_minimal({"myops::fused_gelu", "myops::fused_gelu_", "myops::make_on"}));
}

// ---------------------------------------------------------------------------------------------
// build_render_model: ops

TEST_F(PlanTest, OpJsonOfATensorOp) {
  json model = model_ok("device: mydev\nops: [add.Tensor]\n");
  const json& add = op_json(model, "add.Tensor");
  EXPECT_EQ(add["impl_name"], "add.Tensor");
  EXPECT_EQ(add["ns"], "aten");
  EXPECT_EQ(add["name"], "add");
  EXPECT_EQ(add["overload"], "Tensor");
  EXPECT_EQ(add["cpp_name"], "add_Tensor");
  EXPECT_EQ(add["family"], "add");
  EXPECT_EQ(add["kind"], "functional");
  EXPECT_EQ(add["custom"], false);
  EXPECT_EQ(add["schema"], "add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor");
  EXPECT_FALSE(add.contains("schema_literal"));  // torch defines it; the generated code does not
  EXPECT_EQ(add["signature"],
            "const at::Tensor& self, const at::Tensor& other, const at::Scalar& alpha");
  EXPECT_EQ(add["call_arguments"], "self, other, alpha");
  EXPECT_EQ(add["return_type"], "at::Tensor");
  EXPECT_EQ(add["guard"], (json{{"kind", "optional"}, {"expr", "device_of(self)"}}));
  // device_check: NoCheck, but a pointwise op: TensorIterator checks on CPU, the wrapper here.
  EXPECT_EQ(device_checks(add), Names({"self", "other"}));
  EXPECT_EQ(device_checks(op_json(model, "view")), Names{});  // NoCheck, not pointwise
  EXPECT_EQ(add["default_kernel"], "cpu_fallback");
  EXPECT_EQ(add["autograd"], false);
  // Arguments one by one are only the autograd Function's business (its forward's names).
  EXPECT_FALSE(add.contains("arguments"));
}

TEST_F(PlanTest, OpJsonOfAFactory) {
  json model = model_ok("device: mydev\n");
  const json& empty = op_json(model, "empty.memory_format");
  EXPECT_EQ(empty["guard"], (json{{"kind", "optional"}, {"expr", "device"}}));
  EXPECT_EQ(device_checks(empty), Names{});  // no tensor arguments
  EXPECT_EQ(empty["call_arguments"], "size, dtype, layout, device, pin_memory, memory_format");
}

TEST_F(PlanTest, DeviceChecksCoverPositionalAndOutTensors) {
  // Keyword-only inputs (here an optional scale) are the kernel's business, as in torchgen;
  // out tensors are checked.
  std::filesystem::path dir = std::filesystem::temp_directory_path() / "frp_plan_checks";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "ops.yaml") << "- func: myops::scaled(Tensor self, *, Tensor? scale=None, "
                                     "Tensor(a!) out) -> Tensor(a!)\n";
  load_custom_ops((dir / "ops.yaml").string());
  json model = model_ok("device: mydev\nops: [mm]\n");
  EXPECT_EQ(device_checks(op_json(model, "myops::scaled")), Names({"self", "out!"}));
}

TEST_F(PlanTest, MixedDeviceOpsSkipTheCheck) {
  std::filesystem::path list = std::filesystem::temp_directory_path() / "frp_mixed_device.yaml";
  std::ofstream(list) << "description: test\nops: [mm]\n";
  Inputs in = inputs("device: mydev\nops: [mm, _local_scalar_dense]\n");
  in.mixed_device_ops = list.string();
  std::optional<json> model = plan_json(in);
  ASSERT_TRUE(model.has_value()) << diags_.format();
  EXPECT_EQ(device_checks(op_json(*model, "mm")), Names{});
  EXPECT_EQ(device_checks(op_json(*model, "_local_scalar_dense")), Names({"self"}));
}

TEST_F(PlanTest, MixedDeviceListIgnoresOpsThisTorchLacks) {
  // The list is frp-gen's, written for one torch; another torch's yaml may not have every op.
  std::filesystem::path list = std::filesystem::temp_directory_path() / "frp_mixed_other.yaml";
  std::ofstream(list) << "ops: [mm, _op_of_another_torch]\n";
  Inputs in = inputs("device: mydev\nops: [mm]\n");
  in.mixed_device_ops = list.string();
  std::optional<json> model = plan_json(in);
  ASSERT_TRUE(model.has_value()) << diags_.format();
  EXPECT_EQ(device_checks(op_json(*model, "mm")), Names{});
}

TEST_F(PlanTest, OpJsonGuardsAndChecks) {
  json model = model_ok("device: mydev\nops: [mm, add.out, _native_batch_norm_legit, cat]\n");
  // device_check defaults to ExactSame: every tensor argument is checked.
  EXPECT_EQ(device_checks(op_json(model, "mm")), Names({"self", "mat2"}));
  EXPECT_EQ(device_checks(op_json(model, "_local_scalar_dense")), Names({"self"}));
  EXPECT_EQ(device_checks(op_json(model, "_native_batch_norm_legit")),
            Names({"input", "weight", "bias", "running_mean!", "running_var!"}));
  EXPECT_EQ(device_checks(op_json(model, "add.out")), Names({"self", "other", "out!"}));
  EXPECT_EQ(op_json(model, "_native_batch_norm_legit")["guard"]["expr"], "device_of(input)");
  EXPECT_EQ(op_json(model, "_native_batch_norm_legit")["kind"], "mutable");
  EXPECT_EQ(op_json(model, "cat")["guard"]["expr"], "device_of(tensors)");
  // device_guard: False gives no guard.
  EXPECT_TRUE(op_json(model, "view")["guard"].is_null());
  const json& out = op_json(model, "add.out");
  EXPECT_EQ(out["kind"], "out");
  EXPECT_EQ(out["return_type"], "at::Tensor&");
  EXPECT_EQ(out["signature"],
            "const at::Tensor& self, const at::Tensor& other, const at::Scalar& alpha, "
            "at::Tensor& out");
}

TEST_F(PlanTest, OpsKeepRegistryOrder) {
  json model = model_ok("device: mydev\nops: [mm, relu]\n");
  std::vector<std::string> keys;
  for (const json& op : model["ops"]) keys.push_back(op["key"].get<std::string>());
  EXPECT_EQ(keys, with_minimal({"relu", "mm"}));
}

TEST_F(PlanTest, OpToJsonDirectly) {
  Diagnostics diags;
  std::optional<model::Op> op = model::build_op(*registry_.find("view"), diags);
  ASSERT_TRUE(op.has_value());
  json j = op_to_json(*op);
  EXPECT_EQ(j["kind"], "view");
  EXPECT_EQ(j["signature"], "const at::Tensor& self, c10::SymIntArrayRef size");
  EXPECT_EQ(device_checks(j), Names{});
  EXPECT_FALSE(j.contains("autograd"));  // added by build_render_model only
}

// ---------------------------------------------------------------------------------------------
// build_render_model: families, files, shards

TEST_F(PlanTest, FamiliesAndKernelFiles) {
  json model = model_ok("device: mydev\nop_sets: [pointwise]\n");
  std::map<std::string, json> headers;  // by family
  for (const json& f : model["files"]) {
    if (f["template"] == "csrc/generated/kernels/{family}.h.j2") {
      headers[f["family"].get<std::string>()] = f;
    }
  }
  // empty, empty_strided, view, _local_scalar_dense, add, relu
  EXPECT_EQ(headers.size(), 6u);
  ASSERT_TRUE(headers.contains("add"));
  const json& add = headers["add"];
  EXPECT_EQ(add["path"], "csrc/generated/kernels/add.h");
  EXPECT_EQ(add["owner"], "generated");
  EXPECT_EQ(add["kernel_file"], "csrc/kernels/add.cpp");
  ASSERT_EQ(add["ops"].size(), 3u);  // add.Tensor, add_.Tensor, add.out
  for (const json& i : add["ops"]) EXPECT_EQ(model["ops"][i.get<std::size_t>()]["family"], "add");
  EXPECT_EQ(headers["relu"]["ops"].size(), 2u);
  EXPECT_EQ(headers["empty"]["ops"].size(), 1u);

  const json* kernel = file_json(model, "csrc/kernels/add.cpp");
  ASSERT_NE(kernel, nullptr);
  EXPECT_EQ((*kernel)["owner"], "scaffold");
  EXPECT_EQ((*kernel)["template"], "csrc/kernels/{kernel_file}.cpp.j2");
  EXPECT_EQ((*kernel)["includes"], json::array({"generated/kernels/add.h"}));
  EXPECT_EQ((*kernel)["aten_ops_headers"], json::array({"ATen/ops/add_ops.h"}));
  EXPECT_EQ((*kernel)["name"], "add");
  EXPECT_EQ((*kernel)["ops"], add["ops"]);
  EXPECT_EQ((*kernel)["default_kernels"],
            (json{{"minimal", false}, {"cpu_fallback", true}, {"not_implemented", false}}));
}

// The minimal op set's ops (the fixtures': empty.memory_format, empty_strided, view and
// _local_scalar_dense) start from the generated kernels and share one kernel file.
TEST_F(PlanTest, TheMinimalSetsFamiliesShareOneKernelFile) {
  std::optional<json> model = plan_json(inputs("device: mydev\nops: [add.Tensor]\n"));
  ASSERT_TRUE(model.has_value()) << diags_.format();
  EXPECT_EQ(op_json(*model, "view")["default_kernel"], "minimal");
  EXPECT_EQ(op_json(*model, "add.Tensor")["default_kernel"], "cpu_fallback");
  const json* basics = file_json(*model, "csrc/kernels/minimal.cpp");
  ASSERT_NE(basics, nullptr);
  EXPECT_EQ((*basics)["includes"],
            json::array({"generated/kernels/_local_scalar_dense.h", "generated/kernels/empty.h",
                         "generated/kernels/empty_strided.h", "generated/kernels/view.h"}));
  EXPECT_EQ((*basics)["aten_ops_headers"], json::array());
  EXPECT_EQ(file_json(*model, "csrc/kernels/view.cpp"), nullptr);
  EXPECT_NE(file_json(*model, "csrc/kernels/add.cpp"), nullptr);
  const json* minimal_header = file_json(*model, "csrc/generated/minimal_kernels.h");
  ASSERT_NE(minimal_header, nullptr);
  EXPECT_EQ((*minimal_header)["ops"].size(), 4u);
}

TEST_F(PlanTest, FixedFiles) {
  json model = model_ok("device: mydev\n");
  for (const char* path :
       {"csrc/generated/cpu_fallback.h", "csrc/generated/cpu_fallback.cpp", "CMakeLists.txt"}) {
    const json* f = file_json(model, path);
    ASSERT_NE(f, nullptr) << path;
    EXPECT_EQ((*f)["owner"], "generated") << path;
  }
  EXPECT_EQ(file_json(model, "csrc/generated/custom_ops.cpp"), nullptr);
  // Every file path is unique.
  std::set<std::string> paths;
  for (const json& f : model["files"]) {
    EXPECT_TRUE(paths.insert(f["path"].get<std::string>()).second) << f["path"];
  }
}

TEST_F(PlanTest, IntegrationFilesAndTheirOwners) {
  json model = model_ok("device: my_npu\n");
  const std::map<std::string, std::string> expected = {
      {"csrc/generated/runtime.h", "generated"},
      {"csrc/runtime/host_runtime.cpp", "scaffold"},
      {"csrc/generated/allocator.cpp", "generated"},
      {"csrc/generated/guard.cpp", "generated"},
      {"csrc/generated/hooks.cpp", "generated"},
      {"csrc/generated/generator.cpp", "generated"},
      {"csrc/generated/serialization.cpp", "generated"},
      {"csrc/generated/shallow_copy.cpp", "generated"},
      {"csrc/generated/autocast.cpp", "generated"},
      {"csrc/python/module.cpp", "generated"},
      {"torch_my_npu/__init__.py", "generated"},  // "{package}" resolved
      {"setup.py", "generated"},
      {"tests/test_autocast.py", "generated"},
      {"tests/cpp/test_device.cpp", "generated"},
  };
  for (const auto& [path, owner] : expected) {
    const json* f = file_json(model, path);
    ASSERT_NE(f, nullptr) << path;
    EXPECT_EQ((*f)["owner"], owner) << path;
  }
  // Each source goes to the library it belongs to; headers and Python files to none.
  auto listed = [&](const char* list, const std::string& path) {
    const json& sources = model["build"][list];
    return std::find(sources.begin(), sources.end(), path) != sources.end();
  };
  EXPECT_TRUE(listed("sources", "csrc/runtime/host_runtime.cpp"));
  EXPECT_TRUE(listed("sources", "csrc/generated/autocast.cpp"));
  EXPECT_FALSE(listed("sources", "csrc/generated/runtime.h"));
  EXPECT_EQ(model["build"]["python_sources"], json::array({"csrc/python/module.cpp"}));
  EXPECT_EQ(model["build"]["test_sources"], json::array({"tests/cpp/test_device.cpp"}));
}

TEST_F(PlanTest, FeaturesThatAreOffLeaveTheirFilesOut) {
  json model = model_ok("device: mydev\nfeatures: {autocast: false}\n");
  EXPECT_EQ(file_json(model, "csrc/generated/autocast.cpp"), nullptr);
  EXPECT_EQ(file_json(model, "tests/test_autocast.py"), nullptr);
  EXPECT_EQ(model["autocast"]["kernels"], json::array());
  const json& sources = model["build"]["sources"];
  EXPECT_EQ(std::find(sources.begin(), sources.end(), "csrc/generated/autocast.cpp"),
            sources.end());
}

TEST_F(PlanTest, AutocastListsExpandToOpsWithOverrides) {
  std::filesystem::path list = std::filesystem::temp_directory_path() / "frp_autocast.yaml";
  std::ofstream(list) << "lower_precision_fp: [mm]\nfp32: [add, _op_of_another_torch]\n"
                         "promote: []\n";
  Inputs in = inputs("device: mydev\nautocast: {promote: [mm], fp32: [relu_]}\n");
  in.autocast_policy = list.string();
  std::optional<json> model = plan_json(in);
  ASSERT_TRUE(model.has_value()) << diags_.format();
  std::map<std::string, std::string> policy;
  for (const json& k : (*model)["autocast"]["kernels"]) {
    policy[k["key"].get<std::string>()] = k["policy"].get<std::string>();
  }
  // The descriptor moves mm to promote; a bare name covers only the functional overloads
  // (add.Tensor, not add_ or add.out); an explicit in-place key is taken as written.
  EXPECT_EQ(policy, (std::map<std::string, std::string>{
                        {"mm", "promote"}, {"add.Tensor", "fp32"}, {"relu_", "fp32"}}));
  const json* kernel = nullptr;
  for (const json& k : (*model)["autocast"]["kernels"]) {
    if (k["key"] == "add.Tensor") kernel = &k;
  }
  ASSERT_NE(kernel, nullptr);
  EXPECT_EQ((*kernel)["name"], "add");
  EXPECT_EQ((*kernel)["overload"], "Tensor");
  EXPECT_EQ((*kernel)["aten_ops_header"], "ATen/ops/add_ops.h");
  EXPECT_EQ((*model)["autocast"]["headers"],
            json::array({"ATen/ops/add_ops.h", "ATen/ops/mm_ops.h", "ATen/ops/relu_ops.h"}));
}

TEST_F(PlanTest, RegisterShardsCoverEveryOpOnce) {
  json model = model_ok("device: mydev\nop_sets: ['tag:core', pointwise]\n");
  std::vector<std::string> shards = register_files(model);
  ASSERT_FALSE(shards.empty());
  EXPECT_LE(shards.size(), 4u);  // registration_shards defaults to 4
  std::multiset<std::size_t> covered;
  for (const json& f : model["files"]) {
    if (f["template"] != "csrc/generated/register_{shard}.cpp.j2") continue;
    EXPECT_EQ(f["owner"], "generated");
    const int shard = f["shard"].get<int>();
    EXPECT_EQ(f["path"], "csrc/generated/register_" + std::to_string(shard) + ".cpp");
    EXPECT_FALSE(f["ops"].empty());
    EXPECT_EQ(f["namespaces"], json::array({"aten"}));
    for (const json& i : f["ops"]) covered.insert(i.get<std::size_t>());
  }
  ASSERT_EQ(covered.size(), model["ops"].size());
  for (std::size_t i = 0; i < model["ops"].size(); ++i) EXPECT_EQ(covered.count(i), 1u) << i;
  // Each family sits in exactly one shard, with all of its ops.
  for (const json& f : model["files"]) {
    if (f["template"] != "csrc/generated/kernels/{family}.h.j2") continue;
    int count = 0;
    shard_of(model, f["family"].get<std::string>(), &count);
    EXPECT_EQ(count, 1) << f["family"];
  }
}

TEST_F(PlanTest, RegisterShardsAndSourcesAreListedForTheBuild) {
  json model = model_ok("device: mydev\nops: [relu]\n");
  auto sources = model["build"]["sources"].get<std::vector<std::string>>();
  EXPECT_TRUE(std::is_sorted(sources.begin(), sources.end()));
  for (const std::string& shard : register_files(model)) {
    EXPECT_NE(std::find(sources.begin(), sources.end(), shard), sources.end()) << shard;
  }
  EXPECT_NE(std::find(sources.begin(), sources.end(), "csrc/kernels/relu.cpp"), sources.end());
  EXPECT_NE(std::find(sources.begin(), sources.end(), "csrc/generated/cpu_fallback.cpp"),
            sources.end());
}

TEST_F(PlanTest, SameFamilyAlwaysInTheSameShard) {
  json few = model_ok("device: mydev\nops: [add.Tensor]\n");
  const std::string shard = shard_of(few, "add");
  ASSERT_FALSE(shard.empty());
  diags_ = Diagnostics();
  json many = model_ok(
      "device: mydev\nop_sets: [pointwise, 'tag:core']\nops: [__iand__.Tensor, cat.out]\n");
  EXPECT_EQ(shard_of(many, "add"), shard);
  diags_ = Diagnostics();
  json other_order = model_ok("device: mydev\nops: [mm, relu, add.out, add.Tensor]\n");
  EXPECT_EQ(shard_of(other_order, "add"), shard);
}

TEST_F(PlanTest, OneRegistrationShard) {
  json model = model_ok("device: mydev\nop_sets: ['tag:core']\nbuild:\n  registration_shards: 1\n");
  EXPECT_EQ(register_files(model), (std::vector<std::string>{"csrc/generated/register_0.cpp"}));
  EXPECT_EQ(file_json(model, "csrc/generated/register_0.cpp")->at("ops").size(),
            model["ops"].size());
}

TEST_F(PlanTest, BackendAndPolicySections) {
  json model = model_ok(
      "device: my_npu\n"
      "ops: [mm, relu]\n"
      "autocast:\n"
      "  lower_precision_fp: ['aten::mm', relu]\n"
      "  fp32: [add]\n"
      "amp_dtypes: [bfloat16]\n"
      "fallback:\n"
      "  policy: error\n"
      "  deny: ['aten::relu']\n"
      "features:\n"
      "  autoload: false\n"
      "runtime:\n"
      "  devices: 3\n");
  EXPECT_EQ(model["generator"], (json{{"name", "frp-gen"}, {"version", "9.9.9"}}));
  EXPECT_EQ(model["torch"]["version"], "2.13.0");
  const json& backend = model["backend"];
  EXPECT_EQ(backend["device"], "my_npu");
  EXPECT_EQ(backend["python_package"], "torch_my_npu");
  EXPECT_EQ(backend["cpp_namespace"], "my_npu");
  EXPECT_EQ(backend["class_prefix"], "MyNpu");
  EXPECT_EQ(backend["dispatch_key"], "PrivateUse1");
  EXPECT_EQ(backend["nested_dispatch_key"], "NestedTensorPrivateUse1");
  EXPECT_EQ(backend["core_library"], "torch_my_npu");
  EXPECT_EQ(backend["env_prefix"], "MY_NPU");
  EXPECT_EQ(model["torch"]["requirement"], "torch>=2.13,<2.14");
  EXPECT_EQ(backend["devices"], 3);
  std::map<std::string, std::string> policy;
  for (const json& k : model["autocast"]["kernels"]) {
    policy[k["key"].get<std::string>()] = k["policy"].get<std::string>();
  }
  // A bare name covers the functional overloads.
  EXPECT_EQ(policy, (std::map<std::string, std::string>{{"mm", "lower_precision_fp"},
                                                        {"relu", "lower_precision_fp"},
                                                        {"add.Tensor", "fp32"}}));
  EXPECT_EQ(model["amp_dtypes"], json::array({"bfloat16"}));
  EXPECT_EQ(model["fallback"]["policy"], "error");
  EXPECT_EQ(model["fallback"]["policy_enum"], "Error");
  EXPECT_EQ(model["fallback"]["deny"], json::array({"relu"}));
  EXPECT_EQ(model["features"]["autoload"], false);
  EXPECT_EQ(model["features"]["events"], true);
}

// ---------------------------------------------------------------------------------------------
// build_render_model: what the CPU fallback, the generated defaults and the conformance test get

// Writes `text` to a file of its own in the temp folder and returns its path.
std::string temp_file(const std::string& name, const std::string& text) {
  const fs::path path = fs::temp_directory_path() / ("frp_plan_" + std::to_string(getpid()) + name);
  std::ofstream(path) << text;
  return path.string();
}

TEST_F(PlanTest, FallbackLeavesUncheckedOpsAlone) {
  // The fallback checks devices as the wrappers would: every op whose wrapper would not check
  // is listed, sorted, for its binary search.
  Inputs in = inputs("device: mydev\n");
  in.mixed_device_ops = temp_file("mixed.yaml", "ops: [mm]\n");
  std::optional<json> model = plan_json(in);
  ASSERT_TRUE(model.has_value()) << diags_.format();
  const json& unchecked = (*model)["fallback"]["mixed_device_ops"];
  EXPECT_EQ(unchecked, json::array({"__iand__.Tensor", "mm", "unbind.int", "view"}));
}

TEST_F(PlanTest, UnmarkedWritesKeepWhatThisTorchHas) {
  Inputs in = inputs("device: mydev\n");
  in.unmarked_writes = temp_file("writes.yaml",
                                 "description: test\n"
                                 "writes:\n"
                                 "  _native_batch_norm_legit: [input, no_such_argument]\n"
                                 "  op_of_another_torch: [x]\n");
  std::optional<json> model = plan_json(in);
  ASSERT_TRUE(model.has_value()) << diags_.format();
  EXPECT_EQ((*model)["fallback"]["unmarked_writes"],
            json::array({{{"key", "_native_batch_norm_legit"}, {"argument", "input"}}}));
}

TEST_F(PlanTest, GeneratedDefaultsAreRegisteredUnlessTheDescriptorGivesAKernel) {
  Inputs in = inputs("device: mydev\nops: [relu]\n");
  in.cpu_defaults = temp_file("defaults.yaml",
                              "equivalents: [mm, op_of_another_torch]\n"
                              "cpu_kernels: [relu, cat]\n");
  std::optional<json> model = plan_json(in);
  ASSERT_TRUE(model.has_value()) << diags_.format();
  const json& defaults = (*model)["cpu_defaults"];
  EXPECT_EQ(defaults["names"], json::array({"cat", "mm", "relu"}));
  EXPECT_EQ(defaults["equivalents"], json::array({{{"key", "mm"}, {"cpp_name", "mm"}}}));
  // relu has the descriptor's kernel, whose scaffold starts from the default.
  EXPECT_EQ(defaults["registered"], json::array({"cat", "mm"}));
}

TEST_F(PlanTest, RegisteredCpuKernelsAreTheOpsThatWouldFallBackWithACpuKernel) {
  // Off by default: nothing is registered, and the file is not written.
  std::optional<json> off = plan_json(inputs("device: mydev\n"));
  ASSERT_TRUE(off.has_value()) << diags_.format();
  EXPECT_EQ((*off)["fallback"]["cpu_kernels"], json::array());
  for (const json& file : (*off)["files"])
    EXPECT_NE(file["path"], "csrc/generated/cpu_kernels.cpp");

  // The fixture: add.out has ufunc loops (CPU and CUDA kernels) and add.Tensor/add_.Tensor
  // delegate to it; relu and cat.out name CPU, and cat delegates to cat.out (the structured
  // groups' functional and in-place operators run their CPU kernels whole, which allocate in
  // device memory); empty.memory_format names CPU but is in the minimal set; native_layer_norm
  // has a composite-explicit kernel beside its CPU one, whose gradient formula still applies;
  // native_channel_shuffle's composite-implicit one is also its autograd; unbind.int has no CPU
  // kernel; relu_ and the others have no dispatch entry, so a composite-implicit kernel. The
  // generated default mm moves here.
  Inputs in = inputs("device: mydev\nfallback:\n  register_cpu_kernels: true\n");
  in.cpu_defaults = temp_file("defaults.yaml", "equivalents: [mm]\n");
  std::optional<json> on = plan_json(in);
  ASSERT_TRUE(on.has_value()) << diags_.format();
  EXPECT_EQ((*on)["fallback"]["cpu_kernels"],
            json::array({"add.Tensor", "add.out", "add_.Tensor", "cat", "cat.out", "mm",
                         "native_layer_norm", "relu"}));
  EXPECT_EQ((*on)["fallback"]["ops_by_name"], json::object());  // registered above instead
  EXPECT_EQ((*on)["cpu_defaults"]["registered"], json::array());
  // add.Tensor also has a kernel for nested tensors on the CPU.
  EXPECT_EQ((*on)["fallback"]["nested_cpu_kernels"], json::array({"add.Tensor"}));
  int written = 0;
  for (const json& file : (*on)["files"])
    written += file["path"] == "csrc/generated/cpu_kernels.cpp";
  EXPECT_EQ(written, 1);
  EXPECT_NE(std::find((*on)["build"]["sources"].begin(), (*on)["build"]["sources"].end(),
                      "csrc/generated/cpu_kernels.cpp"),
            (*on)["build"]["sources"].end());

  // A kernel of the team's and the deny list (a base name covers its overloads) take ops out;
  // the team's add.out serves add_.Tensor through the structured kernel; the team's add.Tensor
  // is for dense tensors, so its nested registration stays.
  std::optional<json> fewer = plan_json(
      inputs("device: mydev\nops: [relu, add.out, add.Tensor]\nfallback:\n  deny: [cat]\n  "
             "register_cpu_kernels: true\n"));
  ASSERT_TRUE(fewer.has_value()) << diags_.format();
  EXPECT_EQ((*fewer)["fallback"]["cpu_kernels"], json::array({"native_layer_norm"}));
  EXPECT_EQ((*fewer)["fallback"]["nested_cpu_kernels"], json::array({"add.Tensor"}));
}

TEST_F(PlanTest, TheFallbackTakesByNameWhatTheCpuRunsWhole) {
  const auto by_name = [&](const std::string& descriptor, const std::string& defaults) {
    Inputs in = inputs(descriptor);
    if (!defaults.empty()) in.cpu_defaults = temp_file("defaults.yaml", defaults);
    std::optional<json> model = plan_json(in);
    EXPECT_TRUE(model.has_value()) << diags_.format();
    return model ? (*model)["fallback"]["ops_by_name"] : json();
  };
  // Each entry: the operator's key to its group's out= operator.
  const auto table = [](std::initializer_list<std::pair<const char*, const char*>> entries) {
    json object = json::object();
    for (const auto& [key, out] : entries) object[key] = out;
    return object;
  };
  const std::pair<const char*, const char*> add = {"add.Tensor", "add.out"};
  const std::pair<const char*, const char*> add_ = {"add_.Tensor", "add.out"};
  const std::pair<const char*, const char*> cat = {"cat", "cat.out"};
  const std::pair<const char*, const char*> layer_norm = {"native_layer_norm", ""};
  // Each functional and in-place operator whose out= operator has a CPU kernel, with that
  // operator, and each operator with a composite-explicit kernel beside its CPU one, sorted by
  // key (relu has a CPU kernel only: the catch-all runs it whole already).
  EXPECT_EQ(by_name("device: mydev\n", ""), table({add, add_, cat, layer_norm}));
  // A kernel of the team's for any operator of a group leaves the group to PyTorch's structured
  // kernel, which calls the team's out= kernel; a kernel for the functional operator alone keeps
  // the in-place one. A kernel for a composite-explicit operator replaces its entry.
  EXPECT_EQ(by_name("device: mydev\nops: [add.out]\n", ""), table({cat, layer_norm}));
  EXPECT_EQ(by_name("device: mydev\nops: [add.Tensor]\n", ""), table({add_, cat, layer_norm}));
  EXPECT_EQ(by_name("device: mydev\nops: [native_layer_norm]\n", ""), table({add, add_, cat}));
  // The deny list takes out what it names, and a group whose out= operator it names.
  EXPECT_EQ(by_name("device: mydev\nfallback:\n  deny: [cat.out, native_layer_norm]\n", ""),
            table({add, add_}));
  EXPECT_EQ(by_name("device: mydev\nfallback:\n  deny: [add.Tensor]\n", ""),
            table({add_, cat, layer_norm}));
  // A generated default registers the fallback itself.
  EXPECT_EQ(by_name("device: mydev\n", "cpu_kernels: [cat]\n"), table({add, add_, layer_norm}));
}

TEST_F(PlanTest, ConformancePolicyReachesTheModel) {
  Inputs in = inputs("device: mydev\n");
  in.conformance = temp_file("conformance.yaml",
                             "dtypes: [float32, int64]\n"
                             "quick: [add, nn.functional.conv2d]\n"
                             "not_comparable:\n"
                             "  bernoulli: random numbers (by construction)\n"
                             "  narrow_copy/out: the CPU's out= kernel is wrong\n");
  std::optional<json> model = plan_json(in);
  ASSERT_TRUE(model.has_value()) << diags_.format();
  const json& conformance = (*model)["conformance"];
  EXPECT_EQ(conformance["dtypes"], json::array({"float32", "int64"}));
  EXPECT_EQ(conformance["quick"], json::array({"add", "nn.functional.conv2d"}));
  EXPECT_EQ(conformance["not_comparable"][1],
            (json{{"name", "narrow_copy/out"}, {"reason", "the CPU's out= kernel is wrong"}}));
}

TEST_F(PlanTest, ConformancePolicyTextMustNeedNoEscaping) {
  // Names and reasons become Python string literals: anything that would need escaping is an
  // error at its place in the file.
  Inputs in = inputs("device: mydev\n");
  in.conformance = temp_file("bad_conformance.yaml",
                             "quick: [add, 'a\"b']\n"
                             "not_comparable:\n"
                             "  bernoulli: \"random \\\\ numbers\"\n");
  EXPECT_FALSE(plan_json(in).has_value());
  const std::string errors = diags_.format();
  EXPECT_NE(errors.find(":1:14: error: expected an OpInfo name"), std::string::npos) << errors;
  EXPECT_NE(errors.find(":3:14: error: a reason must be plain prose"), std::string::npos) << errors;
}

TEST_F(PlanTest, LoaderModuleIsPlannedBesideThePackage) {
  // The check that PrivateUse1 is free (and the autoload entry point) live outside the package.
  json model = model_ok("device: mydev\n");
  const json* loader = file_json(model, "torch_mydev_loader.py");
  ASSERT_NE(loader, nullptr);
  EXPECT_EQ((*loader)["owner"], "generated");
}

TEST_F(PlanTest, LayoutIsTheTableAsThisBackendHasIt) {
  // One row per table entry that this backend gets, in table order: {package} and {runtime}
  // bound, per-file placeholders kept for the ownership tables.
  json model = model_ok("device: my_npu\nfeatures: {autocast: false}\n");
  std::map<std::string, json> rows;
  std::vector<std::string> paths;
  for (const json& row : model["layout"]) {
    paths.push_back(row["path"].get<std::string>());
    rows[paths.back()] = row;
  }
  EXPECT_EQ(rows["csrc/runtime/host_runtime.cpp"]["owner"], "scaffold");
  EXPECT_FALSE(rows["csrc/runtime/host_runtime.cpp"]["about"].get<std::string>().empty());
  EXPECT_EQ(rows["torch_my_npu/__init__.py"]["owner"], "generated");
  EXPECT_EQ(rows["csrc/kernels/{kernel_file}.cpp"]["owner"], "scaffold");
  EXPECT_TRUE(rows.contains("csrc/generated/register_{shard}.cpp"));
  EXPECT_FALSE(rows.contains("csrc/generated/autocast.cpp"));    // feature off
  EXPECT_FALSE(rows.contains("csrc/autograd/{family}.cpp"));     // no autograd ops
  EXPECT_FALSE(rows.contains("csrc/generated/custom_ops.cpp"));  // no custom ops
  EXPECT_EQ(rows.size(), paths.size());
  // Table order.
  Diagnostics diags;
  std::vector<std::string> table_order;
  const std::optional<FileTable> table = read_file_table(kFileTable, diags);
  ASSERT_TRUE(table.has_value()) << diags.format();
  for (const FileSpec& spec : table->files) {
    const std::string path =
        expand(spec.pattern, {{"package", "torch_my_npu"}, {"runtime", "host_runtime"}});
    if (rows.contains(path)) table_order.push_back(path);
  }
  EXPECT_EQ(paths, table_order);
}

TEST_F(PlanTest, LayoutHasAutogradAndCustomRowsWhenTheyAreWritten) {
  load_custom_ops();
  json model = model_ok("device: mydev\nops: [relu]\nautograd: [relu]\n");
  std::set<std::string> paths;
  for (const json& row : model["layout"]) paths.insert(row["path"].get<std::string>());
  EXPECT_TRUE(paths.contains("csrc/autograd/{family}.cpp"));
  EXPECT_TRUE(paths.contains("csrc/generated/custom_ops.cpp"));
  EXPECT_TRUE(paths.contains("csrc/generated/autocast.cpp"));
}

TEST_F(PlanTest, ABrokenFileTableFailsThePlan) {
  Inputs in = inputs("device: mydev\n");
  in.file_table = temp_file("table.yaml", "files:\n  setup.py:\n    owner: theirs\n");
  EXPECT_FALSE(build_render_model(in, diags_).has_value());
  ASSERT_TRUE(diags_.has_errors());
  EXPECT_EQ(diags_.errors()[0].message, "expected 'owner' to be generated or scaffold");
  EXPECT_EQ(diags_.errors()[0].location.line, 3);
}

// ---------------------------------------------------------------------------------------------
// build_render_model: custom ops

TEST_F(PlanTest, CustomOps) {
  load_custom_ops();
  json model = model_ok("device: mydev\n");
  const json& gelu = op_json(model, "myops::fused_gelu");
  EXPECT_EQ(gelu["custom"], true);
  EXPECT_EQ(gelu["default_kernel"], "not_implemented");
  EXPECT_EQ(gelu["cpp_name"], "myops_fused_gelu");
  EXPECT_EQ(gelu["family"], "myops_fused_gelu");
  EXPECT_EQ(gelu["ns"], "myops");
  EXPECT_EQ(gelu["impl_name"], "fused_gelu");
  EXPECT_EQ(gelu["schema"], "fused_gelu(Tensor self, float alpha=1.0) -> Tensor");
  EXPECT_EQ(gelu["schema_literal"], "\"fused_gelu(Tensor self, float alpha=1.0) -> Tensor\"");
  EXPECT_EQ(op_json(model, "myops::fused_gelu_")["kind"], "inplace");
  EXPECT_EQ(op_json(model, "myops::make_on")["guard"],
            (json{{"kind", "required"}, {"expr", "device"}}));
  EXPECT_EQ(op_json(model, "view")["default_kernel"], "minimal");  // an aten op keeps its own

  const json* custom = file_json(model, "csrc/generated/custom_ops.cpp");
  ASSERT_NE(custom, nullptr);
  EXPECT_EQ((*custom)["owner"], "generated");
  EXPECT_EQ((*custom)["template"], "csrc/generated/custom_ops.cpp.j2");
  EXPECT_EQ((*custom)["namespaces"], json::array({"myops"}));
  std::set<std::string> custom_keys;
  for (const json& i : (*custom)["ops"]) {
    custom_keys.insert(model["ops"][i.get<std::size_t>()]["key"].get<std::string>());
  }
  EXPECT_EQ(custom_keys,
            (std::set<std::string>{"myops::fused_gelu", "myops::fused_gelu_", "myops::make_on"}));
  auto sources = model["build"]["sources"].get<std::vector<std::string>>();
  EXPECT_NE(std::find(sources.begin(), sources.end(), "csrc/generated/custom_ops.cpp"),
            sources.end());

  const json* kernel = file_json(model, "csrc/kernels/myops_fused_gelu.cpp");
  ASSERT_NE(kernel, nullptr);
  EXPECT_EQ((*kernel)["ops"].size(), 2u);
  EXPECT_EQ((*kernel)["aten_ops_headers"], json::array());
  // The register shard holding the custom family lists the custom namespace.
  const std::string shard = shard_of(model, "myops_fused_gelu");
  ASSERT_FALSE(shard.empty());
  const json& namespaces = file_json(model, shard)->at("namespaces");
  EXPECT_NE(std::find(namespaces.begin(), namespaces.end(), "myops"), namespaces.end());
}

TEST_F(PlanTest, CustomOpsWithTheSameCppName) {
  fs::path dir = fs::path(::testing::TempDir()) / ("frp_plan_custom_" + std::to_string(getpid()));
  fs::create_directories(dir);
  const std::string path = (dir / "clash.yaml").string();
  std::ofstream(path) << "- func: a::b_c(Tensor self) -> Tensor\n"
                         "- func: a_b::c(Tensor self) -> Tensor\n";
  load_custom_ops(path);
  Diagnostic e = plan_error("device: mydev\n");
  EXPECT_EQ(e.message, "operators 'a::b_c' and 'a_b::c' map to the same C++ name 'a_b_c'");
  EXPECT_EQ(e.location.file, path);
  EXPECT_EQ(e.location.line, 2);
  fs::remove_all(dir);
}

TEST_F(PlanTest, CustomOpWithoutCppTypeFailsThePlan) {
  fs::path dir = fs::path(::testing::TempDir()) / ("frp_plan_bad_" + std::to_string(getpid()));
  fs::create_directories(dir);
  const std::string path = (dir / "bad.yaml").string();
  std::ofstream(path) << "- func: myops::f(Tensor self, int new) -> Tensor\n";
  load_custom_ops(path);
  Diagnostic e = plan_error("device: mydev\n");
  EXPECT_EQ(e.message, "argument name 'new' of 'myops::f' is reserved in C++");
  EXPECT_EQ(e.location.file, path);
  EXPECT_EQ(e.location.line, 1);
  EXPECT_EQ(e.location.column, 9 + 26);  // at 'new' inside the func string
  fs::remove_all(dir);
}

// ---------------------------------------------------------------------------------------------
// build_render_model: policy lists

TEST_F(PlanTest, AutogradOpMarked) {
  json model = model_ok("device: mydev\nops: [relu, mm]\nautograd: ['aten::relu']\n");
  EXPECT_EQ(op_json(model, "relu")["autograd"], true);
  EXPECT_EQ(op_json(model, "mm")["autograd"], false);
}

TEST_F(PlanTest, AutogradFunctionIsPlanned) {
  json model = model_ok("device: mydev\nops: [relu, mm]\nautograd: [relu]\n");
  EXPECT_EQ(op_json(model, "relu")["autograd_function"], (json{{"arguments", {"self"}},
                                                               {"class_name", "ReluFunction"},
                                                               {"schema_name", "aten::relu"},
                                                               {"forward_type", "at::Tensor"},
                                                               {"outputs", 1}}));
  EXPECT_FALSE(op_json(model, "mm").contains("autograd_function"));
  const json* generated = file_json(model, "csrc/generated/autograd.cpp");
  ASSERT_NE(generated, nullptr);
  EXPECT_EQ((*generated)["owner"], "generated");
  EXPECT_EQ((*generated)["namespaces"], json::array({"aten"}));
  const json* scaffold = file_json(model, "csrc/autograd/relu.cpp");
  ASSERT_NE(scaffold, nullptr);
  EXPECT_EQ((*scaffold)["owner"], "scaffold");
  EXPECT_EQ((*scaffold)["template"], "csrc/autograd/{family}.cpp.j2");
  EXPECT_NE(file_json(model, "csrc/generated/autograd.h"), nullptr);
  EXPECT_NE(file_json(model, "tests/test_autograd_functions.py"), nullptr);
  const json& sources = model["build"]["sources"];
  for (const char* source : {"csrc/generated/autograd.cpp", "csrc/autograd/relu.cpp"}) {
    EXPECT_NE(std::find(sources.begin(), sources.end(), source), sources.end()) << source;
  }
}

TEST_F(PlanTest, NoAutogradFilesWithoutAutogradOps) {
  json model = model_ok("device: mydev\nops: [relu]\n");
  EXPECT_EQ(file_json(model, "csrc/generated/autograd.cpp"), nullptr);
  EXPECT_EQ(file_json(model, "tests/test_autograd_functions.py"), nullptr);
}

TEST_F(PlanTest, AutogradFunctionOfATupleReturningOp) {
  fs::path dir = fs::path(::testing::TempDir()) / ("frp_plan_tuple_" + std::to_string(getpid()));
  fs::create_directories(dir);
  const std::string path = (dir / "ops.yaml").string();
  std::ofstream(path) << "- func: myops::halves(Tensor self) -> (Tensor first, Tensor second)\n";
  load_custom_ops(path);
  json model = model_ok("device: mydev\nautograd: ['myops::halves']\n");
  const json& function = op_json(model, "myops::halves")["autograd_function"];
  EXPECT_EQ(function["class_name"], "MyopsHalvesFunction");
  EXPECT_EQ(function["schema_name"], "myops::halves");
  EXPECT_EQ(function["forward_type"], "variable_list");
  EXPECT_EQ(function["outputs"], 2);
  EXPECT_EQ((*file_json(model, "csrc/generated/autograd.cpp"))["namespaces"],
            json::array({"myops"}));
  fs::remove_all(dir);
}

TEST_F(PlanTest, AutogradFunctionNeedsAFunctionalOp) {
  Diagnostic e = plan_error("device: mydev\nops: [relu_]\nautograd: [relu_]\n");
  EXPECT_EQ(e.message, "'relu_' cannot get an autograd Function: it is inplace, not functional");
  EXPECT_EQ(e.hint,
            "autograd Functions are generated for functional operators that return tensors");
  EXPECT_EQ(e.location.line, 3);
  EXPECT_EQ(e.location.column, 12);
}

TEST_F(PlanTest, AutogradFunctionNeedsTensorResults) {
  Diagnostic e = plan_error("device: mydev\nautograd: [_local_scalar_dense]\n");
  EXPECT_EQ(e.message,
            "'_local_scalar_dense' cannot get an autograd Function: it returns something other "
            "than fresh tensors");
}

TEST_F(PlanTest, AutogradOpNotSelected) {
  Diagnostic e = plan_error("device: mydev\nops: [mm]\nautograd:\n  - relu\n");
  EXPECT_EQ(e.message, "'relu' has an autograd Function but no kernel");
  EXPECT_EQ(e.hint, "add it to 'ops' as well");
  EXPECT_EQ(e.location.line, 4);
  EXPECT_EQ(e.location.column, 5);
}

TEST_F(PlanTest, AutogradUnknownOp) {
  Diagnostic e = plan_error("device: mydev\nops: [relu]\nautograd: [reluu]\n");
  EXPECT_EQ(e.message, "unknown operator 'reluu' in 'autograd'");
  EXPECT_EQ(e.hint, "did you mean 'relu'?");
  EXPECT_EQ(e.location.line, 3);
}

TEST_F(PlanTest, AutogradNeedsAFullKey) {
  // Unlike autocast, autograd names one overload.
  Diagnostic e = plan_error("device: mydev\nops: [add.Tensor]\nautograd: [add]\n");
  EXPECT_EQ(e.message, "unknown operator 'add' in 'autograd'");
}

TEST_F(PlanTest, AutocastUnknownOp) {
  Diagnostic e = plan_error("device: mydev\nautocast:\n  promote: [catt]\n");
  EXPECT_EQ(e.message, "unknown operator 'catt' in 'autocast'");
  EXPECT_EQ(e.hint, "did you mean 'cat'?");
  EXPECT_EQ(e.location.line, 3);
}

TEST_F(PlanTest, AutocastBareNameTypoGetsAHint) {
  Diagnostic e = plan_error("device: mydev\nautocast:\n  fp32: [catt]\n");
  EXPECT_EQ(e.hint, "did you mean 'cat'?");
}

TEST_F(PlanTest, PolicyListsNameEachOpOnce) {
  Diagnostic e = plan_error("device: mydev\nops: [mm]\nautograd: [mm, aten::mm]\n");
  EXPECT_EQ(e.message, "operator 'aten::mm' is listed twice in 'autograd'");
  EXPECT_EQ(e.location.line, 3);
  EXPECT_EQ(e.location.column, 16);
}

TEST_F(PlanTest, FallbackDenyNamesEachOpOnce) {
  Diagnostic e = plan_error("device: mydev\nfallback:\n  deny: [mm, mm]\n");
  EXPECT_EQ(e.message, "operator 'mm' is listed twice in 'fallback.deny'");
}

TEST_F(PlanTest, AnOpUnderTwoAutocastPolicies) {
  Diagnostic e = plan_error("device: mydev\nautocast:\n  fp32: [mm]\n  promote: [cat, mm]\n");
  EXPECT_EQ(e.message, "operator 'mm' is under two autocast policies, 'fp32' and 'promote'");
  EXPECT_EQ(e.location.line, 4);
  EXPECT_EQ(e.location.column, 18);
}

TEST_F(PlanTest, FallbackDenyUnknownOp) {
  Diagnostic e = plan_error("device: mydev\nfallback:\n  deny: [mm.out]\n");
  EXPECT_EQ(e.message, "unknown operator 'mm.out' in 'fallback.deny'");
  EXPECT_EQ(e.location.line, 3);
  EXPECT_EQ(e.location.column, 10);
}

}  // namespace
}  // namespace frp::plan
