// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
//
// Kernels of ocl: index_select.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/index_select.h"

#include <ATen/ops/index_select_ops.h>

#include "generated/cpu_fallback.h"

namespace ocl::kernels {

// index_select(Tensor self, int dim, Tensor index) -> Tensor
at::Tensor index_select(const at::Tensor& self, int64_t dim, const at::Tensor& index) {
  // Until then the operator runs on the CPU.
  return cpu_fallback::call<at::_ops::index_select>(self, dim, index);
}

}  // namespace ocl::kernels
