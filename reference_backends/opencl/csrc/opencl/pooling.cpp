#include <ATen/ops/empty.h>

#include <algorithm>
#include <string>

#include "opencl/launch.h"
#include "opencl/nn.h"
#include "opencl/types.h"
#include "opencl/window.h"

namespace ocl::opencl::nn {
namespace {

// A tensor to write `out`'s elements into as a contiguous one: `out` itself when it is.
at::Tensor contiguous_target(const at::Tensor& out) {
  return out.is_contiguous() ? out : at::empty(out.sizes(), out.options());
}

void copy_back(const at::Tensor& written, const at::Tensor& out) {
  if (!written.is_same(out)) out.copy_(written);
}

// The kernel for this window and its defines: max_pool2d_small (cl/nn.cl) for a window of at
// most 4 x 4 taps, compiled in (one program build per size met), over planes of fewer than 2^30
// elements (its 32-bit positions reach a window's height past the plane's end); on a CPU device
// in float32 with a horizontal stride of 1 or 2, max_pool2d_lanes, which computes a row of
// outputs in vector lanes (a GPU's work-items are its lanes); otherwise max_pool2d.
struct PoolKernel {
  const char* name;
  std::string defines;
  bool whole_rows;  // a work-item per output row, not per output
};

PoolKernel pool_kernel(const Window2d& window, const at::Tensor& in, const at::Tensor& out) {
  const auto [kh, kw] = window.kernel;
  std::string defines = type_defines(in.scalar_type(), out.scalar_type());
  if (kh > 4 || kw > 4 || in.size(-2) * in.size(-1) >= (int64_t{1} << 30)) {
    return {"max_pool2d", defines, false};
  }
  defines += " -DPOOL_KH=" + std::to_string(kh) + " -DPOOL_KW=" + std::to_string(kw);
  const int64_t stride_w = window.stride[1];
  if (is_cpu(in.device().index()) && in.scalar_type() == at::kFloat &&
      out.scalar_type() == at::kFloat && (stride_w == 1 || stride_w == 2)) {
    return {"max_pool2d_lanes", defines + " -DPOOL_SW=" + std::to_string(stride_w), true};
  }
  return {"max_pool2d_small", defines, false};
}

}  // namespace

Window2d window2d(
    at::IntArrayRef kernel,
    at::IntArrayRef stride,
    at::IntArrayRef padding,
    at::IntArrayRef dilation) {
  const auto both = [](at::IntArrayRef v) {
    return std::array<int64_t, 2>{v[0], v.size() > 1 ? v[1] : v[0]};
  };
  return {
      both(kernel), stride.empty() ? both(kernel) : both(stride), both(padding), both(dilation)};
}

void max_pool2d(
    const at::Tensor& self,
    const Window2d& window,
    const at::Tensor& out,
    const at::Tensor& indices) {
  if (out.numel() == 0) return;
  const at::Tensor in = self.contiguous();
  const at::Tensor values = contiguous_target(out);
  const at::Tensor where = contiguous_target(indices);
  const int64_t h = in.size(-2), w = in.size(-1);
  const PoolKernel pool = pool_kernel(window, in, out);
  Launch launch(in.device().index(), Program::kNn, pool.defines, pool.name);
  launch.tensor(values).tensor(where).tensor(in);
  launch.value(window_argument(window, 1, h, w, out.size(-2), out.size(-1)));
  const auto across = static_cast<std::size_t>(pool.whole_rows ? 1 : out.size(-1));
  launch.run(
      {across,
       static_cast<std::size_t>(out.size(-2)),
       static_cast<std::size_t>(out.numel() / (out.size(-1) * out.size(-2)))},
      {std::min<std::size_t>(across, 64), 1, 1});
  copy_back(values, out);
  copy_back(where, indices);
}

void max_pool2d_backward(
    const at::Tensor& grad_output,
    const at::Tensor& indices,
    const Window2d& window,
    const at::Tensor& grad_input) {
  if (grad_input.numel() == 0) return;
  const at::Tensor grad = grad_output.contiguous();
  const at::Tensor where = indices.contiguous();
  const at::Tensor target = contiguous_target(grad_input);
  target.zero_();
  if (grad.numel() == 0) {
    copy_back(target, grad_input);
    return;
  }
  const int64_t out_h = grad.size(-2), out_w = grad.size(-1);
  const int64_t planes = grad.numel() / (out_h * out_w);
  // Windows this many apart never share an element.
  const auto passes = [&](int d) {
    const int64_t extent = (window.kernel[d] - 1) * window.dilation[d] + 1;
    return (extent + window.stride[d] - 1) / window.stride[d];
  };
  const int64_t passes_h = passes(0), passes_w = passes(1);
  for (int64_t pass_h = 0; pass_h < std::min(passes_h, out_h); ++pass_h) {
    for (int64_t pass_w = 0; pass_w < std::min(passes_w, out_w); ++pass_w) {
      Launch launch(
          grad_input.device().index(),
          Program::kNn,
          type_defines(grad.scalar_type(), grad_input.scalar_type()),
          "max_pool2d_backward");
      launch.tensor(target).tensor(grad).tensor(where);
      launch.value(
          window_argument(window, 1, grad_input.size(-2), grad_input.size(-1), out_h, out_w));
      for (const int64_t value : {pass_h, pass_w, passes_h, passes_w}) {
        launch.value(static_cast<cl_long>(value));
      }
      const auto count = [](int64_t extent, int64_t first, int64_t step) {
        return static_cast<std::size_t>((extent - first + step - 1) / step);
      };
      const std::size_t across = count(out_w, pass_w, passes_w);
      launch.run(
          {across, count(out_h, pass_h, passes_h), static_cast<std::size_t>(planes)},
          {std::min<std::size_t>(across, 64), 1, 1});
    }
  }
  copy_back(target, grad_input);
}

}  // namespace ocl::opencl::nn
