// Plan stage: what is decided for each operator, as values a test can look at: its kernel
// wrapper (device checks, device guard, the kernel its scaffold starts from) and, when the
// descriptor asks for one, its custom autograd Function. render_json writes them out.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/op.h"

namespace frp::plan {

// The kernel a scaffolded kernel body starts from, until the backend team writes its own.
enum class DefaultKernel {
  Minimal,         // the generated kernels of the minimal op set (minimal_kernels.h)
  CpuFallback,     // the op run on the CPU through the fallback
  NotImplemented,  // a custom op: there is no CPU implementation to fall back to
};
std::string_view to_string(DefaultKernel kernel);

// The device a wrapper makes current before calling the kernel.
struct Guard {
  enum class Kind {
    Optional,  // c10::OptionalDeviceGuard: the expression may name no device
    Required,  // c10::DeviceGuard
  };
  Kind kind = Kind::Optional;
  std::string expr;  // "device_of(self)", "device"
  bool operator==(const Guard&) const = default;
};
std::string_view to_string(Guard::Kind kind);

// An argument whose tensors the wrapper checks against the call's common device.
struct DeviceCheck {
  std::string argument;
  // out= and in-place arguments: as for TensorIterator's outputs, a 0-dim CPU tensor is no
  // exception here (one that is read may accompany tensors on any device).
  bool written = false;
  bool operator==(const DeviceCheck&) const = default;
};

// What the generated wrapper of one op does around its kernel call.
struct WrapperPlan {
  std::vector<DeviceCheck> device_checks;  // the tensors that must share one device
  std::optional<Guard> guard;              // none for ops with `device_guard: False`
  DefaultKernel default_kernel = DefaultKernel::CpuFallback;
};

// What decides an op's wrapper besides the op itself.
struct OpFacts {
  bool mixed_device = false;  // on frp-gen's mixed-device list: its tensors may differ in device
  bool minimal = false;       // on frp-gen's minimal-kernels list: has a generated default kernel
};

WrapperPlan plan_wrapper(const model::Op& op, const OpFacts& facts);

// Whether an op's tensors must share a device, so that its kernel wrapper (and the CPU fallback)
// checks them. `listed_mixed`: the op is on frp-gen's mixed-device list.
bool checks_devices(const model::NativeFunction& fn, bool listed_mixed);

// A generated custom autograd Function (see csrc/generated/autograd.h.j2).
struct AutogradFunction {
  std::string class_name;    // "ReluFunction"
  std::string schema_name;   // "aten::relu"
  std::string forward_type;  // what forward returns: "at::Tensor" or "variable_list"
  std::size_t outputs = 0;
};

// Why `op` cannot get a generated autograd Function, or "" if it can.
std::string why_no_autograd_function(const model::Op& op);
// The Function of an op that can have one (why_no_autograd_function(op) is "").
AutogradFunction plan_autograd_function(const model::Op& op);

// One selected op and everything decided for it.
struct PlannedOp {
  model::Op op;
  WrapperPlan wrapper;
  bool autograd = false;                              // the descriptor's autograd list has it
  std::optional<AutogradFunction> autograd_function;  // set when autograd and it can have one
};

}  // namespace frp::plan
