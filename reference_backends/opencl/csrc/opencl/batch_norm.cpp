#include <ATen/ops/empty.h>
#include <ATen/ops/rsqrt.h>

#include <string>

#include "opencl/launch.h"
#include "opencl/nn.h"
#include "opencl/types.h"

namespace ocl::opencl::nn {
namespace {

bool given(const std::optional<at::Tensor>& t) {
  return t && t->defined();
}

// The kernels index per-channel tensors as contiguous ones.
std::optional<at::Tensor> dense(const std::optional<at::Tensor>& t) {
  return given(t) ? std::optional<at::Tensor>(t->contiguous()) : std::nullopt;
}

// Options for per-channel statistics and sums in the kernels' accumulation dtype.
at::TensorOptions accumulated(const at::Tensor& input) {
  return input.options().dtype(accumulate_type(input.scalar_type()));
}

// A scalar argument in the kernels' arithmetic type (float, or double for double tensors).
void push_real(Launch& launch, const at::Tensor& like, double value) {
  if (like.scalar_type() == c10::kDouble) {
    launch.value(value);
  } else {
    launch.value(static_cast<float>(value));
  }
}

// Evaluation's inverse standard deviations, from the running variance, in the accumulation
// dtype of `statistics`.
at::Tensor running_invstd(
    const at::Tensor& running_var,
    const at::TensorOptions& statistics,
    double eps) {
  return running_var.to(statistics.dtype()).add(eps).rsqrt();
}

}  // namespace

std::tuple<at::Tensor, at::Tensor, at::Tensor> batch_norm(
    const at::Tensor& input_,
    const std::optional<at::Tensor>& weight_,
    const std::optional<at::Tensor>& bias_,
    const std::optional<at::Tensor>& running_mean_,
    const std::optional<at::Tensor>& running_var_,
    bool training,
    double momentum,
    double eps) {
  const at::Tensor input = input_.contiguous();
  const std::optional<at::Tensor> weight = dense(weight_), bias = dense(bias_);
  // Updated in place: a strided one is updated through a contiguous copy.
  const std::optional<at::Tensor> running_mean = dense(running_mean_);
  const std::optional<at::Tensor> running_var = dense(running_var_);
  const int64_t batch = input.size(0), channels = input.size(1);
  const int64_t spatial = input.numel() / std::max<int64_t>(batch * channels, 1);
  const int device = input.device().index();
  const bool running = given(running_mean) && given(running_var);
  // Statistics are computed in the accumulation dtype (see cl/nn.cl).
  const at::TensorOptions statistics = accumulated(input);
  at::Tensor mean, invstd, save_mean, save_invstd;
  if (training) {
    mean = at::empty({channels}, statistics);
    invstd = at::empty({channels}, statistics);
    if (channels > 0) {
      Launch launch(device, Program::kNn, type_defines(input.scalar_type()), "batch_norm_stats");
      launch.tensor(input.numel() > 0 ? input : mean).tensor(mean).tensor(invstd);
      launch.tensor(running ? *running_mean : mean).tensor(running ? *running_var : mean);
      launch.value(static_cast<cl_int>(running));
      launch.value(static_cast<cl_long>(batch))
          .value(static_cast<cl_long>(channels))
          .value(static_cast<cl_long>(spatial));
      push_real(launch, input, momentum);
      push_real(launch, input, eps);
      launch.run_groups(static_cast<std::size_t>(channels), group_size(device));
    }
    if (running && !running_mean->is_same(*running_mean_)) running_mean_->copy_(*running_mean);
    if (running && !running_var->is_same(*running_var_)) running_var_->copy_(*running_var);
    // Like the CPU, the output is computed with the statistics as saved, rounded to the
    // input's dtype (no copies for float and double).
    save_mean = mean.to(input.scalar_type());
    save_invstd = invstd.to(input.scalar_type());
    mean = save_mean.to(statistics.dtype());
    invstd = save_invstd.to(statistics.dtype());
  } else {
    // Evaluation normalizes with the running statistics; like the CPU, it saves none.
    mean = running_mean->to(statistics.dtype());
    invstd = running_invstd(*running_var, statistics, eps);
    save_mean = at::empty({0}, input.options());
    save_invstd = at::empty({0}, input.options());
  }
  at::Tensor out = at::empty(input.sizes(), input.options());
  const int64_t planes = batch * channels;  // a work-item each
  if (out.numel() > 0) {
    Launch launch(device, Program::kNn, type_defines(input.scalar_type()), "batch_norm_apply");
    launch.tensor(out).tensor(input).tensor(mean).tensor(invstd);
    launch.tensor(given(weight) ? *weight : mean).tensor(given(bias) ? *bias : mean);
    launch.value(static_cast<cl_int>(given(weight))).value(static_cast<cl_int>(given(bias)));
    launch.value(static_cast<cl_long>(channels)).value(static_cast<cl_long>(spatial));
    launch.value(static_cast<cl_ulong>(planes)).run(static_cast<std::size_t>(planes));
  }
  return {out, save_mean, save_invstd};
}

std::tuple<at::Tensor, at::Tensor, at::Tensor> batch_norm_backward(
    const at::Tensor& grad_out,
    const at::Tensor& input_,
    const std::optional<at::Tensor>& weight_,
    const std::optional<at::Tensor>& running_mean,
    const std::optional<at::Tensor>& running_var,
    const std::optional<at::Tensor>& save_mean,
    const std::optional<at::Tensor>& save_invstd,
    bool training,
    double eps,
    std::array<bool, 3> output_mask) {
  const at::Tensor input = input_.contiguous();
  const std::optional<at::Tensor> weight = dense(weight_);
  const at::Tensor grad = grad_out.contiguous();
  const int64_t batch = input.size(0), channels = input.size(1);
  const int64_t spatial = input.numel() / std::max<int64_t>(batch * channels, 1);
  const int device = input.device().index();
  const at::TensorOptions statistics = accumulated(input);
  const at::Tensor mean = (training ? *save_mean : *running_mean).to(statistics).contiguous();
  const at::Tensor invstd = training ? save_invstd->to(statistics).contiguous()
                                     : running_invstd(*running_var, statistics, eps);

  // sum(dy) and sum(dy * (x - mean)) per channel.
  at::Tensor sums = at::empty({2 * channels}, statistics);
  if (channels > 0) {
    Launch launch(
        device, Program::kNn, type_defines(input.scalar_type()), "batch_norm_backward_sums");
    launch.tensor(sums)
        .tensor(input.numel() > 0 ? grad : sums)
        .tensor(input.numel() > 0 ? input : sums);
    launch.tensor(mean);
    launch.value(static_cast<cl_long>(batch))
        .value(static_cast<cl_long>(channels))
        .value(static_cast<cl_long>(spatial));
    launch.run_groups(static_cast<std::size_t>(channels), group_size(device));
  }
  at::Tensor grad_input, grad_weight, grad_bias;
  if (output_mask[0]) {
    grad_input = at::empty(input.sizes(), input.options());
    const int64_t planes = batch * channels;  // a work-item each
    if (grad_input.numel() > 0) {
      Launch launch(
          device, Program::kNn, type_defines(input.scalar_type()), "batch_norm_backward_input");
      launch.tensor(grad_input).tensor(grad).tensor(input).tensor(mean).tensor(invstd);
      launch.tensor(given(weight) ? *weight : mean).tensor(sums);
      launch.value(static_cast<cl_int>(given(weight))).value(static_cast<cl_int>(training));
      launch.value(static_cast<cl_long>(batch))
          .value(static_cast<cl_long>(channels))
          .value(static_cast<cl_long>(spatial));
      launch.value(static_cast<cl_ulong>(planes)).run(static_cast<std::size_t>(planes));
    }
  }
  // Each a storage of its own, rounded to the input's dtype once.
  if (output_mask[1]) {
    grad_weight = sums.narrow(0, channels, channels).mul(invstd).to(input.scalar_type());
  }
  if (output_mask[2]) {
    grad_bias = sums.narrow(0, 0, channels).to(input.scalar_type(), false, /*copy=*/true);
  }
  return {grad_input, grad_weight, grad_bias};
}

}  // namespace ocl::opencl::nn
