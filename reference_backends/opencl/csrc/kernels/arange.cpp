// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: arange.start_out (cl/copy.cl), which every arange on the device ends in.
#include "generated/kernels/arange.h"

#include <ATen/ops/arange_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/indexing.h"
#include "opencl/types.h"

namespace ocl::kernels {

// arange.start_out(Scalar start, Scalar end, Scalar step=1, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& arange_start_out(
    const at::Scalar& start,
    const at::Scalar& end,
    const at::Scalar& step,
    at::Tensor& out) {
  if (!out.is_privateuseone() || out.scalar_type() == at::kBool ||
      !opencl::supported(out.scalar_type(), out.device().index())) {
    return cpu_fallback::call<at::_ops::arange_start_out>(start, end, step, out);
  }
  opencl::indexing::arange(start, end, step, out);
  return out;
}

}  // namespace ocl::kernels
