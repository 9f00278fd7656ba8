// Any operator's CPU implementation run on cpuref tensors, for the kernels that need nothing
// faster (those of the model suite beyond the MLP):
//
//   return cpu_kernel::call<at::_ops::bmm>(self, mat2);
//
// The arguments become CPU views of the device memory (cpu_view.h), so the CPU kernel reads its
// inputs and writes its in-place arguments where they are, without copies. A result that is a
// view of an argument is the same view of the device storage; a new result, which the CPU kernel
// allocated in CPU memory, is copied into device memory once. The CPU implementation is the
// operator's CPU kernel, or frp-gen's generated default for the operators PyTorch has none for
// (convolution_overrideable, ...).
//
// An out= operator may have to resize its out tensor, which a CPU view of device memory cannot;
// out= operators therefore take the generated fallback's path (generated/cpu_call.h: the device
// memory mapped, an out the kernel grows written back through its own geometry, resized as
// PyTorch resizes), without counting as fallbacks. (Header-only: `call` is a template over the
// operator.)
#pragma once

#include <ATen/core/List.h>
#include <ATen/core/Tensor.h>
#include <ATen/native/CPUFallback.h>
#include <c10/core/TensorImpl.h>
#include <c10/util/Exception.h>

#include <algorithm>
#include <cstring>
#include <utility>
#include <vector>

#include "generated/cpu_call.h"
#include "generated/cpu_defaults.h"
#include "kernels/cpu_view.h"

namespace cpuref::kernels::cpu_kernel {
namespace detail {

// The device tensors of one call and the CPU views standing in for them.
class Views {
 public:
  at::Tensor to_cpu(const at::Tensor& tensor) {
    if (!tensor.defined() || tensor.is_cpu()) return tensor;  // a CPU tensor goes along as it is
    at::Tensor view = views_(tensor);
    pairs_.emplace_back(tensor, view);
    return view;
  }

  // The device tensor for a result of the CPU kernel: the argument it is, the same view of that
  // argument's device storage, or a copy in device memory.
  at::Tensor to_device(const at::Tensor& cpu) const {
    if (!cpu.defined() || !cpu.is_cpu()) return cpu;
    for (const auto& [device, view] : pairs_) {
      if (view.is_same(cpu)) return device;
    }
    for (const auto& [device, view] : pairs_) {
      if (!view.storage().is_alias_of(cpu.storage())) continue;
      auto impl = c10::make_intrusive<c10::TensorImpl>(
          c10::Storage(device.storage()),
          c10::DispatchKeySet(c10::DispatchKey::PrivateUse1),
          cpu.dtype());
      impl->set_sizes_and_strides(cpu.sizes(), cpu.strides(), cpu.storage_offset());
      impl->_set_conj(cpu.is_conj());
      impl->_set_neg(cpu.is_neg());
      return at::Tensor(std::move(impl));
    }
    const at::Device device = pairs_.empty() ? at::Device(c10::DeviceType::PrivateUse1, 0)
                                             : pairs_.front().first.device();
    const at::Tensor dense = cpu.is_non_overlapping_and_dense() ? cpu : cpu.contiguous();
    at::Tensor out = empty_device(dense.sizes(), dense.strides(), dense.scalar_type(), device);
    // cpuref's device memory is host memory: one memcpy.
    if (dense.nbytes() > 0) std::memcpy(out.data_ptr(), dense.const_data_ptr(), dense.nbytes());
    return out;
  }

 private:
  CpuViews views_;
  std::vector<std::pair<at::Tensor, at::Tensor>> pairs_;  // (device tensor, its CPU view)
};

inline bool has_out_arguments(const c10::FunctionSchema& schema) {
  return std::any_of(
      schema.arguments().begin(), schema.arguments().end(), [](const c10::Argument& a) {
        return a.kwarg_only() && a.alias_info() != nullptr && a.alias_info()->isWrite();
      });
}

// The boxed form: runs `op` on `stack` as described above.
inline void run(const c10::OperatorHandle& op, torch::jit::Stack* stack) {
  if (has_out_arguments(op.schema())) {
    cpuref::cpu_call::run(op, stack, [&](torch::jit::Stack* cpu_stack) {
      cpuref::cpu_defaults::run_on_cpu(op, cpu_stack);
    });
    return;
  }
  const std::size_t arguments = op.schema().arguments().size();
  const std::size_t first = stack->size() - arguments;
  Views views;
  for (std::size_t i = first; i < stack->size(); ++i) {
    (*stack)[i] =
        cpu_call::map_tensors((*stack)[i], [&](const at::Tensor& t) { return views.to_cpu(t); });
  }
  cpuref::cpu_defaults::run_on_cpu(op, stack);
  const std::size_t results = op.schema().returns().size();
  for (std::size_t i = stack->size() - results; i < stack->size(); ++i) {
    (*stack)[i] =
        cpu_call::map_tensors((*stack)[i], [&](const at::Tensor& t) { return views.to_device(t); });
  }
}

}  // namespace detail

// Unboxed form for kernels: cpu_kernel::call<at::_ops::bmm>(self, mat2).
template <class Op, class... Args>
decltype(auto) call(Args&&... args) {
  return at::native::call_fallback_fn_symint<&detail::run, Op>::call(std::forward<Args>(args)...);
}

}  // namespace cpuref::kernels::cpu_kernel
