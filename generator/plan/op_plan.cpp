#include "plan/op_plan.h"

#include <algorithm>
#include <cctype>

namespace frp::plan {

std::string_view to_string(DefaultKernel kernel) {
  switch (kernel) {
    case DefaultKernel::Minimal:
      return "minimal";
    case DefaultKernel::CpuFallback:
      return "cpu_fallback";
    case DefaultKernel::NotImplemented:
      return "not_implemented";
  }
  return "cpu_fallback";
}

std::string_view to_string(Guard::Kind kind) {
  return kind == Guard::Kind::Required ? "required" : "optional";
}

bool checks_devices(const model::NativeFunction& fn, bool listed_mixed) {
  // CPU and CUDA check the devices of pointwise and reduction ops inside TensorIterator, hence
  // their `device_check: NoCheck`; a backend's kernels may never build one, so wrappers check.
  const bool tensor_iterator_op =
      std::any_of(fn.tags.begin(), fn.tags.end(),
                  [](const std::string& tag) { return tag == "pointwise" || tag == "reduction"; });
  return (fn.device_check || tensor_iterator_op) && !listed_mixed;
}

namespace {

// Like torchgen: the positional and out tensors must share a device; other keyword tensors
// (e.g. optional weights of fused ops) are the kernel's business.
std::vector<DeviceCheck> device_checks(const model::Op& op, bool mixed_device) {
  std::vector<DeviceCheck> checked;
  if (!checks_devices(*op.fn, mixed_device)) return checked;
  for (const model::CppArgument& a : op.arguments) {
    if (a.tensor != model::TensorArg::None && (!a.kwarg_only || a.is_write)) {
      checked.push_back({a.name, a.is_write});
    }
  }
  return checked;
}

// The device every wrapper runs under: the first tensor argument (self first), else the
// `device` argument of a factory function.
std::optional<Guard> guard(const model::Op& op) {
  if (!op.fn->device_guard) return std::nullopt;
  const model::CppArgument* pick = nullptr;
  for (const model::CppArgument& a : op.arguments) {
    if (a.name == "self" && a.tensor == model::TensorArg::Tensor) pick = &a;
  }
  for (const model::CppArgument& a : op.arguments) {
    if (!pick && a.tensor != model::TensorArg::None &&
        a.tensor != model::TensorArg::OptionalTensorList) {
      pick = &a;
    }
  }
  if (pick) return Guard{Guard::Kind::Optional, "device_of(" + pick->name + ")"};
  for (const model::CppArgument& a : op.arguments) {
    if (a.type == "::std::optional<at::Device>") return Guard{Guard::Kind::Optional, a.name};
    if (a.type == "at::Device") return Guard{Guard::Kind::Required, a.name};
  }
  return std::nullopt;
}

// aten ops start out running on the CPU through the fallback, except those with a generated
// default kernel; a custom op has no CPU implementation to fall back to until the user writes
// one.
DefaultKernel default_kernel(const model::Op& op, bool minimal) {
  if (op.fn->custom) return DefaultKernel::NotImplemented;
  return minimal ? DefaultKernel::Minimal : DefaultKernel::CpuFallback;
}

// "ReluFunction" for relu: the op's C++ name in CamelCase.
std::string function_class_name(const std::string& cpp_name) {
  return model::camel_case(cpp_name) + "Function";
}

}  // namespace

WrapperPlan plan_wrapper(const model::Op& op, const OpFacts& facts) {
  return {device_checks(op, facts.mixed_device), guard(op), default_kernel(op, facts.minimal)};
}

// The Function's forward returns fresh tensors, so in-place, out= and view ops (which would
// need mark_dirty or view tracking) and ops returning anything but tensors are out.
std::string why_no_autograd_function(const model::Op& op) {
  if (op.kind != model::OpKind::Functional) {
    return "it is " + std::string(model::to_string(op.kind)) + ", not functional";
  }
  const auto& returns = op.fn->func.returns;
  if (returns.empty()) return "it returns nothing";
  for (const schema::Return& r : returns) {
    if (!r.type->is_base(schema::BaseType::Tensor) || r.alias) {
      return "it returns something other than fresh tensors";
    }
  }
  return "";
}

AutogradFunction plan_autograd_function(const model::Op& op) {
  const std::size_t outputs = op.fn->func.returns.size();
  return {.class_name = function_class_name(op.cpp_name),
          .schema_name = op.ns + "::" + op.name,
          // A Function's forward returns one tensor or a list of them.
          .forward_type = outputs == 1 ? "at::Tensor" : "variable_list",
          .outputs = outputs};
}

}  // namespace frp::plan
