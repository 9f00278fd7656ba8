// Unit tests for the per-op plan (plan/op_plan.h): the wrapper plan (device checks, device guard,
// default kernel) and the autograd Function of representative ops, as values. Uses the fixture
// yaml in schemas/fixtures.
#include "plan/op_plan.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "common/diagnostics.h"
#include "model/op_registry.h"

namespace frp::plan {
namespace {

namespace fs = std::filesystem;

const std::string kFixtures = FRP_FIXTURES;
using Strings = std::vector<std::string>;

// The arguments a wrapper checks the device of, in order; "out!" for one the op writes.
Strings checked(const WrapperPlan& plan) {
  Strings names;
  for (const DeviceCheck& check : plan.device_checks) {
    names.push_back(check.argument + (check.written ? "!" : ""));
  }
  return names;
}

class OpPlanTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(registry_.load_tags(kFixtures + "/tags.yaml", diags_)) << diags_.format();
    ASSERT_TRUE(registry_.load_functions(kFixtures + "/native_functions.yaml", false, diags_))
        << diags_.format();
    ASSERT_TRUE(registry_.load_functions(kFixtures + "/custom_ops.yaml", true, diags_))
        << diags_.format();
  }

  // Custom ops from yaml text, as a descriptor's custom_ops file would give them.
  void load_custom_ops(const std::string& yaml) {
    const fs::path path =
        fs::temp_directory_path() / ("frp_op_plan_" + std::to_string(getpid()) + ".yaml");
    std::ofstream(path) << yaml;
    ASSERT_TRUE(registry_.load_functions(path.string(), true, diags_)) << diags_.format();
    fs::remove(path);
  }

  model::Op op(const std::string& key) {
    const model::NativeFunction* fn = registry_.find(key);
    EXPECT_NE(fn, nullptr) << key;
    std::optional<model::Op> built = fn ? model::build_op(*fn, diags_) : std::nullopt;
    EXPECT_TRUE(built.has_value()) << diags_.format();
    return built.value_or(model::Op{});
  }

  WrapperPlan wrapper(const std::string& key, OpFacts facts = {}) {
    return plan_wrapper(op(key), facts);
  }

  Diagnostics diags_;
  model::OpRegistry registry_;
};

// ---------------------------------------------------------------------------------------------
// plan_wrapper

TEST_F(OpPlanTest, PointwiseOpChecksSelfAndOtherUnderSelfsDevice) {
  // `device_check: NoCheck` because CPU checks inside TensorIterator; a backend's wrapper checks.
  const WrapperPlan plan = wrapper("add.Tensor");
  EXPECT_EQ(checked(plan), (Strings{"self", "other"}));
  EXPECT_EQ(plan.guard, (Guard{Guard::Kind::Optional, "device_of(self)"}));
  EXPECT_EQ(plan.default_kernel, DefaultKernel::CpuFallback);
}

TEST_F(OpPlanTest, OutOpChecksTheOutTensorToo) {
  // `out` is keyword-only but written: it must be on the inputs' device, even when 0-dim.
  const WrapperPlan plan = wrapper("add.out");
  EXPECT_EQ(checked(plan), (Strings{"self", "other", "out!"}));
  EXPECT_EQ(plan.guard, (Guard{Guard::Kind::Optional, "device_of(self)"}));
}

TEST_F(OpPlanTest, FactoryRunsUnderItsDeviceArgument) {
  const WrapperPlan plan = wrapper("empty.memory_format");
  EXPECT_TRUE(plan.device_checks.empty());                          // no tensor arguments
  EXPECT_EQ(plan.guard, (Guard{Guard::Kind::Optional, "device"}));  // Device? device=None
}

TEST_F(OpPlanTest, RequiredDeviceArgumentGivesARequiredGuard) {
  EXPECT_EQ(wrapper("myops::make_on").guard, (Guard{Guard::Kind::Required, "device"}));
}

TEST_F(OpPlanTest, MixedDeviceOpIsNotChecked) {
  EXPECT_EQ(checked(wrapper("mm")), (Strings{"self", "mat2"}));
  const WrapperPlan mixed = wrapper("mm", {.mixed_device = true});
  EXPECT_TRUE(mixed.device_checks.empty());
  EXPECT_EQ(mixed.guard, (Guard{Guard::Kind::Optional, "device_of(self)"}));  // still guarded
}

TEST_F(OpPlanTest, CustomOpStartsFromNotImplemented) {
  const WrapperPlan plan = wrapper("myops::fused_gelu");
  EXPECT_EQ(plan.default_kernel, DefaultKernel::NotImplemented);
  EXPECT_EQ(checked(plan), (Strings{"self"}));  // ExactSame by default
  // The minimal list is for aten ops: a custom op has no generated default.
  EXPECT_EQ(wrapper("myops::fused_gelu", {.minimal = true}).default_kernel,
            DefaultKernel::NotImplemented);
}

TEST_F(OpPlanTest, MinimalOpStartsFromTheGeneratedKernelWithoutGuard) {
  const WrapperPlan plan = wrapper("view", {.minimal = true});
  EXPECT_EQ(plan.default_kernel, DefaultKernel::Minimal);
  EXPECT_TRUE(plan.device_checks.empty());  // NoCheck and not pointwise
  EXPECT_EQ(plan.guard, std::nullopt);      // device_guard: False
}

TEST_F(OpPlanTest, OptionalTensorKeywordIsTheKernelsBusiness) {
  // Like torchgen: keyword-only inputs are not checked, written ones are.
  load_custom_ops(
      "- func: myops::scaled(Tensor self, *, Tensor? scale=None, Tensor(a!) out) -> Tensor(a!)\n");
  EXPECT_EQ(checked(wrapper("myops::scaled")), (Strings{"self", "out!"}));
}

TEST_F(OpPlanTest, OptionalTensorsArePositionalChecksAndGuardTheFirstTensor) {
  const WrapperPlan plan = wrapper("_native_batch_norm_legit");
  EXPECT_EQ(checked(plan),
            (Strings{"input", "weight", "bias", "running_mean!", "running_var!"}));
  EXPECT_EQ(plan.guard, (Guard{Guard::Kind::Optional, "device_of(input)"}));
}

TEST_F(OpPlanTest, TensorListIsGuardedByItsDevice) {
  EXPECT_EQ(wrapper("cat").guard, (Guard{Guard::Kind::Optional, "device_of(tensors)"}));
}

TEST(OpPlanNames, EnumsAsTemplatesSeeThem) {
  EXPECT_EQ(to_string(DefaultKernel::Minimal), "minimal");
  EXPECT_EQ(to_string(DefaultKernel::CpuFallback), "cpu_fallback");
  EXPECT_EQ(to_string(DefaultKernel::NotImplemented), "not_implemented");
  EXPECT_EQ(to_string(Guard::Kind::Optional), "optional");
  EXPECT_EQ(to_string(Guard::Kind::Required), "required");
}

// ---------------------------------------------------------------------------------------------
// autograd Functions

TEST_F(OpPlanTest, AutogradFunctionOfAFunctionalOp) {
  const model::Op relu = op("relu");
  EXPECT_EQ(why_no_autograd_function(relu), "");
  const AutogradFunction f = plan_autograd_function(relu);
  EXPECT_EQ(f.class_name, "ReluFunction");
  EXPECT_EQ(f.schema_name, "aten::relu");
  EXPECT_EQ(f.forward_type, "at::Tensor");
  EXPECT_EQ(f.outputs, 1u);
}

TEST_F(OpPlanTest, AutogradFunctionOfACustomOp) {
  const AutogradFunction f = plan_autograd_function(op("myops::fused_gelu"));
  EXPECT_EQ(f.class_name, "MyopsFusedGeluFunction");
  EXPECT_EQ(f.schema_name, "myops::fused_gelu");
}

TEST_F(OpPlanTest, NoAutogradFunctionForInPlaceOrNonTensorResults) {
  EXPECT_EQ(why_no_autograd_function(op("relu_")), "it is inplace, not functional");
  EXPECT_EQ(why_no_autograd_function(op("_local_scalar_dense")),
            "it returns something other than fresh tensors");
  EXPECT_EQ(why_no_autograd_function(op("add.out")), "it is out, not functional");
}

}  // namespace
}  // namespace frp::plan
