// Whether ocl's OpenCL kernels take an operator's tensors, checked before the operator commits to
// them; the CPU fallback takes everything else.
#pragma once

#include <ATen/core/Tensor.h>
#include <c10/util/ArrayRef.h>

#include <initializer_list>
#include <optional>
#include <vector>

#include "opencl/elementwise.h"

namespace ocl::kernels::operands {

// The tensor of an optional argument, nullptr when absent.
inline const at::Tensor* defined(const std::optional<at::Tensor>& t) {
  return t && t->defined() ? &*t : nullptr;
}

// `input` and `others` (null: absent) share one floating dtype, one of `dtypes` if given, and one
// ocl device, none a CPU scalar.
inline bool floating_on_one_device(
    const at::Tensor& input,
    std::initializer_list<const at::Tensor*> others,
    std::initializer_list<at::ScalarType> dtypes = {}) {
  const at::ScalarType dtype = input.scalar_type();
  if (!at::isFloatingType(dtype)) return false;
  if (dtypes.size() > 0 && std::find(dtypes.begin(), dtypes.end(), dtype) == dtypes.end()) {
    return false;
  }
  std::vector<const at::Tensor*> all{&input};
  for (const at::Tensor* t : others) {
    if (t != nullptr && t->scalar_type() != dtype) return false;
    all.push_back(t);
  }
  return opencl::elementwise::device_for(all, opencl::elementwise::CpuScalars::kRefused)
      .has_value();
}

}  // namespace ocl::kernels::operands
