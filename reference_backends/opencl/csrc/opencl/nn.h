// The host side of cl/nn.cl: softmax and log_softmax with their backwards, and nll_loss.
// Arguments are those the operators' meta functions have checked; outputs come allocated.
#pragma once

#include <ATen/core/Tensor.h>

#include <cstdint>
#include <optional>

namespace ocl::opencl::nn {

// softmax (or log_softmax) of `self` along `dim` into `out` (self's sizes, out's dtype).
void softmax(const at::Tensor& self, int64_t dim, bool log, const at::Tensor& out);

// Their backward from the forward's `output` and the gradient `grad`, into `grad_input`.
void softmax_backward(
    const at::Tensor& grad,
    const at::Tensor& output,
    int64_t dim,
    bool log,
    const at::Tensor& grad_input);

// nll_loss of `self` ([batch, classes] or [classes]) for int64 `target`; throws for a target out
// of bounds (a check that reads the targets on the host).
void nll_loss_forward(
    const at::Tensor& self,
    const at::Tensor& target,
    const std::optional<at::Tensor>& weight,
    int64_t reduction,
    int64_t ignore_index,
    const at::Tensor& output,
    const at::Tensor& total_weight);

void nll_loss_backward(
    const at::Tensor& grad_output,
    const at::Tensor& self,
    const at::Tensor& target,
    const std::optional<at::Tensor>& weight,
    int64_t reduction,
    int64_t ignore_index,
    const at::Tensor& total_weight,
    const at::Tensor& grad_input);

}  // namespace ocl::opencl::nn
