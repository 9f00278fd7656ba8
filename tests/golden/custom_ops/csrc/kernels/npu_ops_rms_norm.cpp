// Scaffolded by frp-gen 0.1.0. This file is yours: frp-gen wrote it once
// and will never overwrite it.
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
