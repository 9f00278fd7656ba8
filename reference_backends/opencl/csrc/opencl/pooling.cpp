#include <ATen/ops/empty.h>

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
  Launch launch(
      in.device().index(),
      Program::kNn,
      type_defines(in.scalar_type(), out.scalar_type()),
      "max_pool2d");
  launch.tensor(values).tensor(where).tensor(in);
  launch.value(window_argument(window, 1, h, w, out.size(-2), out.size(-1)));
  const int64_t rows = out.numel() / out.size(-1);
  launch.value(static_cast<cl_ulong>(rows)).run(static_cast<std::size_t>(rows));
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
  Launch launch(
      grad_input.device().index(),
      Program::kNn,
      type_defines(grad.scalar_type(), grad_input.scalar_type()),
      "max_pool2d_backward");
  launch.tensor(target)
      .tensor(grad.numel() > 0 ? grad : target)
      .tensor(where.numel() > 0 ? where : target);
  launch.value(window_argument(
      window, 1, grad_input.size(-2), grad_input.size(-1), grad.size(-2), grad.size(-1)));
  const int64_t width = grad_input.size(-1);
  const int64_t spans = row_spans(target.numel() / width, width);
  launch.value(static_cast<cl_ulong>(spans)).run(static_cast<std::size_t>(spans));
  copy_back(target, grad_input);
}

}  // namespace ocl::opencl::nn
