// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of npu_demo: npu_ops_rms_norm.
// Replace each body with your device's kernel when you are ready.
#include "generated/kernels/npu_ops_rms_norm.h"

#include "generated/not_implemented.h"

namespace npu_demo::kernels {

// rms_norm(Tensor input, int[1] normalized_shape, Tensor? weight=None, float eps=1e-06) -> (Tensor
// output, Tensor rstd)
::std::tuple<at::Tensor, at::Tensor> npu_ops_rms_norm(
    const at::Tensor& input,
    at::IntArrayRef normalized_shape,
    const ::std::optional<at::Tensor>& weight,
    double eps) {
  not_implemented("npu_ops::rms_norm", __FILE__, input, normalized_shape, weight, eps);
}

}  // namespace npu_demo::kernels
