#include <ATen/ops/empty.h>
#include <ATen/ops/zeros.h>
#include <c10/util/Exception.h>

#include <algorithm>
#include <numeric>
#include <optional>
#include <string>
#include <tuple>

#include "opencl/elementwise.h"
#include "opencl/launch.h"
#include "opencl/matmul.h"
#include "opencl/nn.h"
#include "opencl/types.h"
#include "opencl/window.h"

namespace ocl::opencl::nn {
namespace {

// From this many output positions per sample, the weight's gradient from im2col's columns is a
// product per sample.
constexpr int64_t kPositionsPerPart = 1024;
// About how many output positions a part of conv_weight_taps sums over (whole output rows): a
// part's gradient rows (positions x a block of columns, 256 KiB at 32 floats a row) stay in the
// core's cache for the next block of taps. ResNet-18's weight gradients on 2 Xeon cores (2 MiB
// of L2 each): 236 ms in parts of up to 32768 positions, 155-167 in parts of 2048.
constexpr int64_t kPositionsPerTapsPart = 2048;

struct Shapes {
  int64_t batch, channels, height, width;
  int64_t out_channels, kernel_h, kernel_w, out_h, out_w;
  int64_t rows() const { return channels * kernel_h * kernel_w; }  // of the columns
  int64_t positions() const { return out_h * out_w; }
};

// The shapes of `w` sliding over `batch` images of `channels` x `height` x `width`.
Shapes window_shapes(
    int64_t batch,
    int64_t channels,
    int64_t height,
    int64_t width,
    const Window2d& w) {
  Shapes s{};
  s.batch = batch;
  s.channels = channels;
  s.height = height;
  s.width = width;
  s.kernel_h = w.kernel[0];
  s.kernel_w = w.kernel[1];
  s.out_h = (s.height + 2 * w.padding[0] - w.dilation[0] * (s.kernel_h - 1) - 1) / w.stride[0] + 1;
  s.out_w = (s.width + 2 * w.padding[1] - w.dilation[1] * (s.kernel_w - 1) - 1) / w.stride[1] + 1;
  return s;
}

Shapes shapes_of(const at::Tensor& input, const at::Tensor& weight, const Window2d& w) {
  Shapes s = window_shapes(input.size(0), input.size(1), input.size(2), input.size(3), w);
  s.out_channels = weight.size(0);
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
// a length L (matmul::padded_columns for a product's b, which gemm_padded then takes as it is).
enum class Columns {
  kPerSample,   // [N, C * kH * kW, L]: a matrix per sample
  kSideBySide,  // [C * kH * kW, N * L]: one matrix, so that a product sums over the samples too
};

at::Tensor im2col(
    const at::Tensor& input,
    const Shapes& s,
    const Window2d& w,
    Columns columns,
    int64_t length) {
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

// A float32 convolution reads its taps from a zero-padded copy of the input split into phases
// by the stride (one copy the input's size, where im2col writes kH * kW of them) and runs on
// matmul::conv_taps.
bool runs_on_taps(const at::Tensor& input, const Shapes& s) {
  return input.scalar_type() == c10::kFloat && s.kernel_h * s.kernel_w <= matmul::kMaxTaps &&
         s.rows() > 0;
}

// The elements of one channel's phases, for `taps`.
int64_t channel_numel(const matmul::Taps& taps) {
  return taps.kept[0] * taps.kept[1] * taps.phase[0] * taps.phase[1];
}

// The phases of the padded input conv_taps reads, for `taps`: conv_phase (cl/nn.cl) writes each,
// the padding shifted by the phase. Samples lie s.channels * channel_numel(taps) apart.
at::Tensor input_phases(
    const at::Tensor& input,
    const Shapes& s,
    const Window2d& w,
    const matmul::Taps& taps) {
  const int64_t plane = taps.phase[0] * taps.phase[1];
  const int64_t sample = s.channels * channel_numel(taps);
  at::Tensor x = at::empty(
      {s.batch * sample + matmul::taps_slack(input.device().index(), taps)}, input.options());
  for (int64_t a = 0; a < taps.kept[0]; ++a) {
    for (int64_t b = 0; b < taps.kept[1]; ++b) {
      const int64_t first = (a * taps.kept[1] + b) * plane;
      const Window2d phase{{1, 1}, w.stride, {w.padding[0] - a, w.padding[1] - b}, {1, 1}};
      Launch launch(
          input.device().index(), Program::kNn, type_defines(x.scalar_type()), "conv_phase");
      launch.tensor(x.narrow(0, first, s.batch * sample - first)).tensor(input);
      launch.value(
          window_argument(phase, s.channels, s.height, s.width, taps.phase[0], taps.phase[1]));
      launch.value(static_cast<cl_long>(sample)).value(static_cast<cl_long>(channel_numel(taps)));
      const auto rows = static_cast<std::size_t>(taps.phase[0]);
      launch.run(
          {rows, static_cast<std::size_t>(s.channels), static_cast<std::size_t>(s.batch)},
          {std::min<std::size_t>(rows, 16), 1, 1});
    }
  }
  return x;
}

// The taps of a convolution of `s` over `w`, `groups` of channels.
matmul::Taps taps_of(const Shapes& s, const Window2d& w, int64_t groups) {
  const auto phase = [](int64_t size, int64_t pad, int64_t stride) {
    return (size + 2 * pad + stride - 1) / stride;
  };
  const auto kept = [](int64_t kernel, int64_t dilation, int64_t stride) {
    int64_t largest = 0;
    for (int64_t i = 0; i < kernel; ++i) largest = std::max(largest, i * dilation % stride);
    return largest + 1;
  };
  return {
      s.channels / groups,
      {s.kernel_h, s.kernel_w},
      w.stride,
      w.dilation,
      {kept(s.kernel_h, w.dilation[0], w.stride[0]), kept(s.kernel_w, w.dilation[1], w.stride[1])},
      {phase(s.height, w.padding[0], w.stride[0]), phase(s.width, w.padding[1], w.stride[1])},
      {s.out_h, s.out_w}};
}

// out = the convolution of `taps` over `input` with weight2 ([C_out, C / groups * kH * kW]) and
// `bias`, group by group.
void convolution_on_taps(
    const at::Tensor& input,
    const at::Tensor& weight2,
    const at::Tensor* bias,
    const Shapes& s,
    const Window2d& w,
    const matmul::Taps& taps,
    const at::Tensor& out) {
  const at::Tensor x = input_phases(input, s, w, taps);
  const int64_t groups = s.channels / taps.channels;
  const int64_t out_per_group = s.out_channels / groups;
  for (int64_t g = 0; g < groups; ++g) {
    const at::Tensor group_bias =
        bias != nullptr ? bias->narrow(0, g * out_per_group, out_per_group) : at::Tensor();
    const int64_t first = g * taps.channels * channel_numel(taps);
    matmul::conv_taps(
        weight2.narrow(0, g * out_per_group, out_per_group),
        x.narrow(0, first, x.numel() - first),
        s.channels * channel_numel(taps),
        taps,
        out.narrow(1, g * out_per_group, out_per_group),
        bias != nullptr ? &group_bias : nullptr);
  }
}

// The input's gradient at one phase of the input along one dimension, the positions
// stride * u + phase: the taps i = first + step * t (t < taps) reach them, those with
// phase + pad - i * dilation a multiple of the stride, from the output positions u + e_i, where
// e_i falls by `dilation` from tap to tap. So it is a correlation of the gradient with those taps
// reversed, of that dilation and that padding (negative where it starts inside).
struct GradientPhase {
  int64_t positions;  // of the phase: its u
  int64_t first, step, taps;
  int64_t dilation, padding;
};

GradientPhase gradient_phase(
    int64_t phase,
    int64_t size,
    int64_t kernel,
    int64_t stride,
    int64_t pad,
    int64_t dilation) {
  GradientPhase g{};
  g.positions = (size - phase + stride - 1) / stride;
  const int64_t common = std::gcd(stride, dilation);
  g.step = stride / common;
  g.dilation = dilation / common;
  for (g.first = 0; g.first < kernel; ++g.first) {
    if ((phase + pad - g.first * dilation) % stride == 0) break;
  }
  if (g.first == kernel) return g;  // no tap reaches the phase
  g.taps = (kernel - 1 - g.first) / g.step + 1;
  g.padding = (g.taps - 1) * g.dilation - (phase + pad - g.first * dilation) / stride;
  return g;
}

// grad_input = the input's gradient of the convolution of `s` over `w`, from `grad` ([N, C_out,
// out_h, out_w]): a convolution of the gradient on conv_taps for each phase of the input under
// the stride, with the taps that reach it (their channels swapped), into that phase's elements.
void input_gradient_on_taps(
    const at::Tensor& grad,
    const at::Tensor& weight,
    const Shapes& s,
    const Window2d& w,
    int64_t groups,
    const at::Tensor& grad_input) {
  const int64_t out_per_group = s.out_channels / groups;
  for (int64_t a = 0; a < w.stride[0]; ++a) {
    const GradientPhase rows =
        gradient_phase(a, s.height, s.kernel_h, w.stride[0], w.padding[0], w.dilation[0]);
    for (int64_t b = 0; b < w.stride[1]; ++b) {
      const GradientPhase cols =
          gradient_phase(b, s.width, s.kernel_w, w.stride[1], w.padding[1], w.dilation[1]);
      if (rows.positions <= 0 || cols.positions <= 0) continue;
      const at::Tensor phase =
          grad_input.slice(2, a, s.height, w.stride[0]).slice(3, b, s.width, w.stride[1]);
      if (rows.taps == 0 || cols.taps == 0) {
        phase.zero_();
        continue;
      }
      const at::Tensor swapped =
          weight.slice(2, rows.first, s.kernel_h, rows.step)
              .slice(3, cols.first, s.kernel_w, cols.step)
              .reshape({groups, out_per_group, s.channels / groups, rows.taps * cols.taps})
              .transpose(1, 2)
              .reshape({s.channels, out_per_group * rows.taps * cols.taps})
              .contiguous();
      const Shapes phase_shapes{
          s.batch,
          s.out_channels,
          s.out_h,
          s.out_w,
          s.channels,
          rows.taps,
          cols.taps,
          rows.positions,
          cols.positions};
      const Window2d phase_window{
          {rows.taps, cols.taps},
          {1, 1},
          {rows.padding, cols.padding},
          {rows.dilation, cols.dilation}};
      matmul::Taps taps = taps_of(phase_shapes, phase_window, groups);
      // The gradient's planes, as far as the phase's positions read them.
      taps.phase = {
          rows.positions + (rows.taps - 1) * rows.dilation,
          cols.positions + (cols.taps - 1) * cols.dilation};
      taps.reversed = true;
      convolution_on_taps(grad, swapped, nullptr, phase_shapes, phase_window, taps, phase);
    }
  }
}

// grad_weight = the weight's gradient of an ungrouped convolution, from `grad` ([N, C_out, P]),
// on conv_weight_taps, which reads the input's taps from its phases where im2col would write
// columns nine times the input's size (for 3x3) and read them back, in parts of output rows
// summed at the end.
void weight_gradient_on_taps(
    const at::Tensor& grad,
    const at::Tensor& input,
    const Shapes& s,
    const Window2d& w,
    const at::Tensor& grad_weight) {
  const matmul::Taps taps = taps_of(s, w, 1);
  const at::Tensor x = input_phases(input, s, w, taps);
  const int64_t width = matmul::padded_columns(input.device().index(), s.out_channels);
  at::Tensor rows = at::empty({s.batch, s.positions(), width}, input.options());
  rows.narrow(2, 0, s.out_channels).copy_(grad.transpose(1, 2));
  const int64_t out_rows = s.batch * s.out_h;
  const int64_t part_rows = std::clamp(kPositionsPerTapsPart / s.out_w, int64_t{1}, out_rows);
  at::Tensor product = at::empty(
      {(out_rows + part_rows - 1) / part_rows, s.rows(), s.out_channels}, input.options());
  matmul::conv_weight_taps(x, s.channels * channel_numel(taps), taps, rows, part_rows, product);
  grad_weight.view({s.out_channels, s.rows()})
      .copy_((product.size(0) > 1 ? product.sum(0) : product[0]).t());
}

// grad_weight = the weight's gradient from `grad` ([N, C_out, P]) and im2col's columns:
// grad_weight^T = columns @ grad^T, [parts, rows, K] @ [parts, K, C_out] summed over the parts: a
// sample each ([rows, P] @ [P, C_out]), or all of them side by side ([rows, N * P] @ [N * P,
// C_out]). One product over all samples reads the gradient's columns from memory once per block
// of rows; where a sample's positions are many, a product per sample keeps its part in cache.
void weight_gradient_from_columns(
    const at::Tensor& grad,
    const at::Tensor& input,
    const Shapes& s,
    const Window2d& w,
    int64_t groups,
    const at::Tensor& grad_weight) {
  const int64_t out_per_group = s.out_channels / groups;
  const int64_t rows_per_group = s.rows() / groups;
  const bool weight_per_sample = s.positions() >= kPositionsPerPart && s.batch > 1;
  const at::Tensor grad_weight2 = grad_weight.view({s.out_channels, rows_per_group});
  const at::Tensor b = grad.transpose(1, 2).contiguous();
  const at::Tensor a = weight_per_sample
                           ? im2col(input, s, w, Columns::kPerSample, s.positions())
                           : im2col(input, s, w, Columns::kSideBySide, s.positions()).unsqueeze(0);
  at::Tensor product = at::empty({a.size(0), rows_per_group, out_per_group}, input.options());
  for (int64_t g = 0; g < groups; ++g) {
    matmul::gemm(
        a.narrow(1, g * rows_per_group, rows_per_group),
        (weight_per_sample ? b : b.view({1, -1, s.out_channels}))
            .narrow(2, g * out_per_group, out_per_group),
        product,
        1,
        0);
    grad_weight2.narrow(0, g * out_per_group, out_per_group)
        .copy_((weight_per_sample ? product.sum(0) : product[0]).t());
  }
}

}  // namespace

at::Tensor unfold(const at::Tensor& input_, const Window2d& window) {
  const at::Tensor input = input_.contiguous();
  const Shapes s =
      window_shapes(input.size(0), input.size(1), input.size(2), input.size(3), window);
  return im2col(input, s, window, Columns::kPerSample, s.positions());
}

std::optional<int> unfold_device(const at::Tensor& self, const at::Tensor* out) {
  if (!at::isFloatingType(self.scalar_type()) ||
      (out != nullptr && out->scalar_type() != self.scalar_type())) {
    return std::nullopt;
  }
  return elementwise::device_for({&self, out}, elementwise::CpuScalars::kRefused);
}

void check_window_arguments(
    at::IntArrayRef kernel_size,
    at::IntArrayRef dilation,
    at::IntArrayRef padding,
    at::IntArrayRef stride) {
  for (const auto& [name, value] :
       {std::pair{"kernel_size", kernel_size},
        std::pair{"dilation", dilation},
        std::pair{"padding", padding},
        std::pair{"stride", stride}}) {
    TORCH_CHECK(
        value.size() == 2, "It is expected ", name, " equals to 2, but got size ", value.size());
  }
}

at::Tensor fold(
    const at::Tensor& columns_,
    int64_t channels,
    int64_t height,
    int64_t width,
    const Window2d& window) {
  const at::Tensor columns = columns_.contiguous();
  const Shapes s = window_shapes(columns.size(0), channels, height, width, window);
  at::Tensor out = at::empty({s.batch, channels, height, width}, columns.options());
  if (out.numel() > 0) {
    const int64_t length = s.positions();
    run_window_kernel(
        "col2im",
        out,
        columns,
        s,
        window,
        {s.rows() * length, length, length},
        s.batch * channels * height);
  }
  return out;
}

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
  const at::Tensor weight2 = weight.contiguous().view({s.out_channels, -1});
  if (runs_on_taps(input, s)) {
    const at::Tensor bias_c = bias && bias->defined() ? bias->contiguous() : at::Tensor();
    convolution_on_taps(
        input,
        weight2,
        bias_c.defined() ? &bias_c : nullptr,
        s,
        window,
        taps_of(s, window, groups),
        out);
    return out;
  }
  const at::Tensor columns = im2col(
      input,
      s,
      window,
      Columns::kPerSample,
      matmul::padded_columns(input.device().index(), s.positions()));
  const at::Tensor out3 = out.view({s.batch, s.out_channels, s.positions()});
  const int64_t out_per_group = s.out_channels / groups;
  const int64_t rows_per_group = s.rows() / groups;
  // The bias goes in as the product's beta term, added before the sum is rounded to out's dtype
  // (adding it to a rounded half product would round twice, and lose the product's low bits
  // where the bias cancels most of it).
  const bool has_bias = bias && bias->defined();
  if (has_bias) out.copy_(bias->view({1, -1, 1, 1}).expand_as(out));
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
        has_bias ? 1 : 0);
  }
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

  // The gradient by the input as convolutions of the gradient, or by col2im.
  const bool input_on_taps =
      output_mask[0] && input.numel() > 0 && grad.numel() > 0 && runs_on_taps(input, s);

  if (input_on_taps) {
    grad_input = at::empty(input.sizes(), input.options());
    input_gradient_on_taps(
        grad.view({s.batch, s.out_channels, s.out_h, s.out_w}),
        weight.contiguous(),
        s,
        window,
        groups,
        grad_input);
  } else if (output_mask[0]) {
    // The samples side by side, as one matrix: the gradient as [C_out, N * L], each sample's
    // positions zero-padded to L; columns = weight^T @ grad for every sample at once, then each
    // input element gathers its entries.
    const int64_t length = matmul::padded_columns(input.device().index(), s.positions());
    at::Tensor grad_samples = at::zeros({s.out_channels, s.batch, length}, input.options());
    grad_samples.narrow(2, 0, s.positions()).copy_(grad.transpose(0, 1));
    const at::Tensor grad_samples2 = grad_samples.view({s.out_channels, s.batch * length});
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
    grad_weight = at::empty(weight.sizes(), weight.options());
    if (groups == 1 && input.numel() > 0 && grad.numel() > 0 && runs_on_taps(input, s)) {
      weight_gradient_on_taps(grad, input, s, window, grad_weight);
    } else {
      weight_gradient_from_columns(grad, input, s, window, groups, grad_weight);
    }
  }
  if (output_mask[2]) grad_bias = grad.sum({0, 2});
  return {grad_input, grad_weight, grad_bias};
}

}  // namespace ocl::opencl::nn
