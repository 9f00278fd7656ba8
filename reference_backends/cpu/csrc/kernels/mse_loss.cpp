// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of cpuref: mse_loss, run by ATen's CPU kernel on the device memory.
#include "generated/kernels/mse_loss.h"

#include <ATen/core/Reduction.h>
#include <ATen/ops/mse_loss_cpu_dispatch.h>
#include <ATen/ops/mse_loss_meta_dispatch.h>

#include "generated/kernels/mean.h"
#include "generated/kernels/sum.h"
#include "kernels/cpu_view.h"

namespace cpuref::kernels {

// mse_loss(Tensor self, Tensor target, int reduction=Mean) -> Tensor
at::Tensor mse_loss(const at::Tensor& self, const at::Tensor& target, int64_t reduction) {
  if (reduction != at::Reduction::None) {
    // The CPU's out= kernel first writes the elementwise loss into `out` and then reduces it
    // into `out`, resizing it twice, which a view over device memory cannot do. So: the same two
    // steps, each into a tensor of its own.
    // Qualified: at::mse_loss is a candidate too, found through the arguments' namespace.
    const at::Tensor loss = kernels::mse_loss(self, target, at::Reduction::None);
    return reduction == at::Reduction::Mean
               ? mean_dim(loss, std::nullopt, /*keepdim=*/false, std::nullopt)
               : sum_dim_IntList(loss, std::nullopt, /*keepdim=*/false, std::nullopt);
  }
  at::Tensor out = empty_device_like(
      at::meta::mse_loss(meta_twin(self), meta_twin(target), reduction),
      result_device(self, target));
  CpuViews cpu;
  at::Tensor out_view = cpu(out);
  at::cpu::mse_loss_out(out_view, cpu(self), cpu(target), reduction);
  return out;
}

}  // namespace cpuref::kernels
