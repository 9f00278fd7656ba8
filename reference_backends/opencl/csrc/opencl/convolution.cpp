#include <ATen/ops/empty.h>
#include <c10/util/Exception.h>

#include <string>

#include "opencl/elementwise.h"
#include "opencl/launch.h"
#include "opencl/matmul.h"
#include "opencl/nn.h"
#include "opencl/types.h"
#include "opencl/window.h"

namespace ocl::opencl::nn {
namespace {

struct Shapes {
  int64_t batch, channels, height, width;
  int64_t out_channels, kernel_h, kernel_w, out_h, out_w;
  int64_t rows() const { return channels * kernel_h * kernel_w; }  // of the columns
  int64_t positions() const { return out_h * out_w; }
};

Shapes shapes_of(const at::Tensor& input, const at::Tensor& weight, const Window2d& w) {
  Shapes s{};
  s.batch = input.size(0);
  s.channels = input.size(1);
  s.height = input.size(2);
  s.width = input.size(3);
  s.out_channels = weight.size(0);
  s.kernel_h = weight.size(2);
  s.kernel_w = weight.size(3);
  s.out_h = (s.height + 2 * w.padding[0] - w.dilation[0] * (s.kernel_h - 1) - 1) / w.stride[0] + 1;
  s.out_w = (s.width + 2 * w.padding[1] - w.dilation[1] * (s.kernel_w - 1) - 1) / w.stride[1] + 1;
  return s;
}

// The [N, C * kH * kW, OH * OW] columns of a contiguous input.
at::Tensor im2col(const at::Tensor& input, const Shapes& s, const Window2d& w) {
  at::Tensor columns = at::empty({s.batch, s.rows(), s.positions()}, input.options());
  const int64_t total = columns.numel();
  if (total == 0) return columns;
  Launch launch(input.device().index(), Program::kNn, type_defines(input.scalar_type()), "im2col");
  launch.tensor(columns).tensor(input);
  launch.value(window_argument(w, s.channels, s.height, s.width, s.out_h, s.out_w));
  launch.value(static_cast<cl_ulong>(total)).run(static_cast<std::size_t>(total));
  return columns;
}

}  // namespace

bool convolution_takes(
    const at::Tensor& input,
    const at::Tensor& weight,
    const at::Tensor* other,
    bool transposed) {
  return !transposed && input.dim() == 4 && weight.dim() == 4 &&
         at::isFloatingType(input.scalar_type()) && weight.scalar_type() == input.scalar_type() &&
         (other == nullptr || other->scalar_type() == input.scalar_type()) &&
         elementwise::device_for({&input, &weight, other}, elementwise::CpuScalars::kRefused);
}

at::Tensor convolution(
    const at::Tensor& input_,
    const at::Tensor& weight,
    const std::optional<at::Tensor>& bias,
    const Window2d& window,
    int64_t groups) {
  const at::Tensor input = input_.contiguous();
  const Shapes s = shapes_of(input, weight, window);
  at::Tensor out = at::empty({s.batch, s.out_channels, s.out_h, s.out_w}, input.options());
  if (out.numel() == 0) return out;
  const at::Tensor columns = im2col(input, s, window);
  const at::Tensor out3 = out.view({s.batch, s.out_channels, s.positions()});
  const at::Tensor weight2 = weight.contiguous().view({s.out_channels, -1});
  const int64_t out_per_group = s.out_channels / groups;
  const int64_t rows_per_group = s.rows() / groups;
  for (int64_t g = 0; g < groups; ++g) {
    // The group's weight, the same for every sample: a batch stride of 0.
    const at::Tensor w = weight2.narrow(0, g * out_per_group, out_per_group)
                             .unsqueeze(0)
                             .expand({s.batch, out_per_group, rows_per_group});
    matmul::gemm(
        w,
        columns.narrow(1, g * rows_per_group, rows_per_group),
        out3.narrow(1, g * out_per_group, out_per_group),
        1,
        0);
  }
  if (bias && bias->defined()) out.add_(bias->view({1, -1, 1, 1}));
  return out;
}

std::tuple<at::Tensor, at::Tensor, at::Tensor> convolution_backward(
    const at::Tensor& grad_output,
    const at::Tensor& input_,
    const at::Tensor& weight,
    const Window2d& window,
    int64_t groups,
    std::array<bool, 3> output_mask) {
  const at::Tensor input = input_.contiguous();
  const Shapes s = shapes_of(input, weight, window);
  const at::Tensor grad = grad_output.contiguous().view({s.batch, s.out_channels, s.positions()});
  const int64_t out_per_group = s.out_channels / groups;
  const int64_t rows_per_group = s.rows() / groups;
  const at::Tensor weight2 = weight.contiguous().view({s.out_channels, rows_per_group});
  at::Tensor grad_input, grad_weight, grad_bias;

  if (output_mask[0]) {
    at::Tensor columns = at::empty({s.batch, s.rows(), s.positions()}, input.options());
    for (int64_t g = 0; g < groups; ++g) {
      const at::Tensor w_t = weight2.narrow(0, g * out_per_group, out_per_group)
                                 .t()
                                 .unsqueeze(0)
                                 .expand({s.batch, rows_per_group, out_per_group});
      matmul::gemm(
          w_t,
          grad.narrow(1, g * out_per_group, out_per_group),
          columns.narrow(1, g * rows_per_group, rows_per_group),
          1,
          0);
    }
    grad_input = at::empty(input.sizes(), input.options());
    const int64_t total = grad_input.numel();
    if (total > 0) {
      Launch launch(
          input.device().index(), Program::kNn, type_defines(input.scalar_type()), "col2im");
      launch.tensor(grad_input).tensor(columns);
      launch.value(window_argument(window, s.channels, s.height, s.width, s.out_h, s.out_w));
      launch.value(static_cast<cl_ulong>(total)).run(static_cast<std::size_t>(total));
    }
  }
  if (output_mask[1]) {
    // Per sample, grad[n] @ columns[n]^T; then the sum over samples.
    const at::Tensor columns = im2col(input, s, window);
    grad_weight = at::empty(weight.sizes(), weight.options());
    const at::Tensor grad_weight2 = grad_weight.view({s.out_channels, rows_per_group});
    at::Tensor per_sample = at::empty({s.batch, out_per_group, rows_per_group}, input.options());
    for (int64_t g = 0; g < groups; ++g) {
      matmul::gemm(
          grad.narrow(1, g * out_per_group, out_per_group),
          columns.narrow(1, g * rows_per_group, rows_per_group).transpose(1, 2),
          per_sample,
          1,
          0);
      grad_weight2.narrow(0, g * out_per_group, out_per_group).copy_(per_sample.sum(0));
    }
  }
  if (output_mask[2]) grad_bias = grad.sum({0, 2});
  return {grad_input, grad_weight, grad_bias};
}

}  // namespace ocl::opencl::nn
