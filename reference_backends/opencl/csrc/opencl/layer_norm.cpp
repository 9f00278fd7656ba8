#include <ATen/ops/empty.h>
#include <ATen/ops/zeros.h>

#include <algorithm>
#include <vector>

#include "opencl/launch.h"
#include "opencl/nn.h"
#include "opencl/types.h"

namespace ocl::opencl::nn {
namespace {

// The rows a work-item of layer_norm_parameter_grads sums before the parts are added.
constexpr int64_t kRowsPerPart = 256;

bool given(const std::optional<at::Tensor>& t) {
  return t && t->defined();
}

// Rows and their length: the input as [rows, inner], inner being the normalized dimensions.
std::pair<int64_t, int64_t> rows_of(const at::Tensor& input, int64_t normalized) {
  int64_t inner = 1;
  for (int64_t d = input.dim() - normalized; d < input.dim(); ++d) inner *= input.size(d);
  return {inner == 0 ? 0 : input.numel() / inner, inner};
}

}  // namespace

std::tuple<at::Tensor, at::Tensor, at::Tensor> layer_norm(
    const at::Tensor& input_,
    int64_t normalized,
    const std::optional<at::Tensor>& weight_,
    const std::optional<at::Tensor>& bias_,
    double eps) {
  const at::Tensor input = input_.contiguous();
  const auto [rows, inner] = rows_of(input, normalized);
  std::vector<int64_t> stats_shape(input.sizes().begin(), input.sizes().end());
  for (int64_t d = input.dim() - normalized; d < input.dim(); ++d) stats_shape[d] = 1;
  at::Tensor out = at::empty(input.sizes(), input.options());
  at::Tensor mean = at::empty(stats_shape, input.options());
  at::Tensor rstd = at::empty(stats_shape, input.options());
  if (rows == 0 || inner == 0) return {out, mean, rstd};
  const at::Tensor weight = given(weight_) ? weight_->contiguous() : at::Tensor();
  const at::Tensor bias = given(bias_) ? bias_->contiguous() : at::Tensor();
  const int device = input.device().index();
  Launch launch(device, Program::kNn, type_defines(input.scalar_type()), "layer_norm");
  launch.tensor(out).tensor(mean).tensor(rstd).tensor(input);
  launch.tensor(weight.defined() ? weight : input).tensor(bias.defined() ? bias : input);
  launch.value(static_cast<cl_int>(weight.defined())).value(static_cast<cl_int>(bias.defined()));
  launch.value(static_cast<cl_long>(inner));
  if (input.scalar_type() == c10::kDouble) {
    launch.value(eps);
  } else {
    launch.value(static_cast<float>(eps));
  }
  launch.value(static_cast<cl_ulong>(rows)).run_rows(static_cast<std::size_t>(rows));
  return {out, mean, rstd};
}

std::tuple<at::Tensor, at::Tensor, at::Tensor> layer_norm_backward(
    const at::Tensor& grad_out,
    const at::Tensor& input_,
    int64_t normalized,
    const at::Tensor& mean_,
    const at::Tensor& rstd_,
    const std::optional<at::Tensor>& weight_,
    std::array<bool, 3> output_mask) {
  const at::Tensor input = input_.contiguous();
  const at::Tensor grad = grad_out.contiguous();
  const at::Tensor mean = mean_.contiguous();
  const at::Tensor rstd = rstd_.contiguous();
  const at::Tensor weight = given(weight_) ? weight_->contiguous() : at::Tensor();
  const auto [rows, inner] = rows_of(input, normalized);
  at::Tensor grad_input, grad_weight, grad_bias;
  if (output_mask[0]) {
    grad_input = at::empty(input.sizes(), input.options());
    if (rows > 0 && inner > 0) {
      const int device = input.device().index();
      Launch launch(device, Program::kNn, type_defines(input.scalar_type()), "layer_norm_backward");
      launch.tensor(grad_input).tensor(grad).tensor(input).tensor(mean).tensor(rstd);
      launch.tensor(weight.defined() ? weight : input);
      launch.value(static_cast<cl_int>(weight.defined())).value(static_cast<cl_long>(inner));
      launch.value(static_cast<cl_ulong>(rows)).run_rows(static_cast<std::size_t>(rows));
    }
  }
  if (output_mask[1] || output_mask[2]) {
    // Both sums over the rows in one kernel, in parts of rows, then the parts added in the
    // accumulation dtype (each gradient rounded to its dtype once, a storage of its own).
    const int64_t parts = std::max<int64_t>((rows + kRowsPerPart - 1) / kRowsPerPart, 1);
    const at::TensorOptions options = input.options().dtype(accumulate_type(input.scalar_type()));
    const at::Tensor sums = rows > 0 && inner > 0 ? at::empty({parts, 2, inner}, options)
                                                  : at::zeros({parts, 2, inner}, options);
    if (rows > 0 && inner > 0) {
      Launch launch(
          input.device().index(),
          Program::kNn,
          type_defines(input.scalar_type()),
          "layer_norm_parameter_grads");
      launch.tensor(sums).tensor(grad).tensor(input).tensor(mean).tensor(rstd);
      launch.value(static_cast<cl_long>(rows))
          .value(static_cast<cl_long>(inner))
          .value(static_cast<cl_long>(kRowsPerPart));
      launch.run({static_cast<std::size_t>(inner), static_cast<std::size_t>(parts), 1}, {1, 1, 1});
    }
    const at::IntArrayRef shape = input.sizes().slice(input.dim() - normalized);
    const auto summed = [&](int64_t which) {
      return sums.select(1, which).sum(0).to(input.scalar_type()).view(shape);
    };
    if (output_mask[1]) grad_weight = summed(0);
    if (output_mask[2]) grad_bias = summed(1);
  }
  return {grad_input, grad_weight, grad_bias};
}

}  // namespace ocl::opencl::nn
