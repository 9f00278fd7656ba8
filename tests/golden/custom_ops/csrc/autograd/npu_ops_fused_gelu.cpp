// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Custom autograd Functions of npu_demo: npu_ops_fused_gelu. The generated forward runs the kernel
// and then save(); PyTorch calls backward() with the gradients of the outputs.
#include "generated/autograd.h"
#include "generated/not_implemented.h"

namespace npu_demo::autograd {

// fused_gelu(Tensor self, *, str approximate='none') -> Tensor
void NpuOpsFusedGeluFunction::save(
    [[maybe_unused]] AutogradContext* ctx,
    [[maybe_unused]] const at::Tensor& self,
    [[maybe_unused]] c10::string_view approximate,
    [[maybe_unused]] const at::Tensor& result) {
  // Keep what backward needs, e.g. ctx->save_for_backward({...});
}

variable_list NpuOpsFusedGeluFunction::backward(AutogradContext* ctx, variable_list grad_outputs) {
  kernels::not_implemented("the backward of npu_ops::fused_gelu", __FILE__, ctx, grad_outputs);
}

}  // namespace npu_demo::autograd
