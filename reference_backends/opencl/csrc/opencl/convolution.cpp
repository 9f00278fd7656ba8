#include <ATen/ops/empty.h>
#include <ATen/ops/zeros.h>
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

// Where im2col writes sample n's row r of columns: `length` elements (the positions, then zeros)
// at n * sample_stride + r * row_stride.
struct ColumnsLayout {
  int64_t sample_stride, row_stride, length;
};

// Runs im2col or col2im (they take the same arguments) over `total` work-items.
void run_window_kernel(
    const char* name,
    const at::Tensor& out,
    const at::Tensor& in,
    const Shapes& s,
    const Window2d& w,
    ColumnsLayout layout,
    int64_t total) {
  Launch launch(out.device().index(), Program::kNn, type_defines(out.scalar_type()), name);
  launch.tensor(out).tensor(in);
  launch.value(window_argument(w, s.channels, s.height, s.width, s.out_h, s.out_w));
  launch.value(static_cast<cl_long>(layout.sample_stride));
  launch.value(static_cast<cl_long>(layout.row_stride));
  launch.value(static_cast<cl_long>(layout.length));
  launch.value(static_cast<cl_ulong>(total)).run(static_cast<std::size_t>(total));
}

// How im2col lays the columns of a contiguous input out, each sample's positions zero-padded to
// the length L that matmul::gemm_padded takes as it is.
enum class Columns {
  kPerSample,   // [N, C * kH * kW, L]: a matrix per sample
  kSideBySide,  // [C * kH * kW, N * L]: one matrix, so that a product sums over the samples too
};

at::Tensor im2col(const at::Tensor& input, const Shapes& s, const Window2d& w, Columns columns) {
  const int64_t length = matmul::padded_columns(input.device().index(), s.positions());
  const bool per_sample = columns == Columns::kPerSample;
  at::Tensor out = per_sample ? at::empty({s.batch, s.rows(), length}, input.options())
                              : at::empty({s.rows(), s.batch * length}, input.options());
  if (out.numel() > 0) {
    const ColumnsLayout layout = per_sample ? ColumnsLayout{s.rows() * length, length, length}
                                            : ColumnsLayout{length, s.batch * length, length};
    run_window_kernel("im2col", out, input, s, w, layout, s.batch * s.rows() * s.out_h);
  }
  return out;
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
  const at::Tensor columns = im2col(input, s, window, Columns::kPerSample);
  const at::Tensor out3 = out.view({s.batch, s.out_channels, s.positions()});
  const at::Tensor weight2 = weight.contiguous().view({s.out_channels, -1});
  const int64_t out_per_group = s.out_channels / groups;
  const int64_t rows_per_group = s.rows() / groups;
  for (int64_t g = 0; g < groups; ++g) {
    // The group's weight, the same for every sample: a batch stride of 0.
    const at::Tensor w = weight2.narrow(0, g * out_per_group, out_per_group)
                             .unsqueeze(0)
                             .expand({s.batch, out_per_group, rows_per_group});
    matmul::gemm_padded(
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

  // Both products take the samples side by side, as one matrix: the gradient as [C_out, N * L],
  // the columns as [rows, N * L], each sample's positions zero-padded to L.
  const int64_t length = matmul::padded_columns(input.device().index(), s.positions());
  at::Tensor grad_samples2;
  if (output_mask[0] || output_mask[1]) {
    at::Tensor grad_samples = at::zeros({s.out_channels, s.batch, length}, input.options());
    grad_samples.narrow(2, 0, s.positions()).copy_(grad.transpose(0, 1));
    grad_samples2 = grad_samples.view({s.out_channels, s.batch * length});
  }
  if (output_mask[0]) {
    // columns = weight^T @ grad for every sample at once, then each input element gathers its
    // entries.
    const at::Tensor weight_t = weight2.t().contiguous();
    at::Tensor columns = at::empty({s.rows(), s.batch * length}, input.options());
    for (int64_t g = 0; g < groups; ++g) {
      matmul::gemm(
          weight_t.narrow(1, g * out_per_group, out_per_group),
          grad_samples2.narrow(0, g * out_per_group, out_per_group),
          columns.narrow(0, g * rows_per_group, rows_per_group),
          1,
          0);
    }
    grad_input = at::empty(input.sizes(), input.options());
    if (grad_input.numel() > 0) {
      run_window_kernel(
          "col2im",
          grad_input,
          columns,
          s,
          window,
          {length, s.batch * length, length},
          s.batch * s.channels * s.height);
    }
  }
  if (output_mask[1]) {
    // grad_weight^T = columns @ grad^T over samples and positions at once: [rows, N * L] times
    // [N * L, C_out].
    const at::Tensor columns = im2col(input, s, window, Columns::kSideBySide);
    const at::Tensor grad_t = grad_samples2.t().contiguous();
    grad_weight = at::empty(weight.sizes(), weight.options());
    const at::Tensor grad_weight2 = grad_weight.view({s.out_channels, rows_per_group});
    at::Tensor product = at::empty({rows_per_group, out_per_group}, input.options());
    for (int64_t g = 0; g < groups; ++g) {
      matmul::gemm(
          columns.narrow(0, g * rows_per_group, rows_per_group),
          grad_t.narrow(1, g * out_per_group, out_per_group),
          product,
          1,
          0);
      grad_weight2.narrow(0, g * out_per_group, out_per_group).copy_(product.t());
    }
  }
  if (output_mask[2]) grad_bias = grad.sum({0, 2});
  return {grad_input, grad_weight, grad_bias};
}

}  // namespace ocl::opencl::nn
