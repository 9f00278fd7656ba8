#include "opencl/nn.h"

#include <ATen/core/Reduction.h>
#include <ATen/ops/empty.h>
#include <c10/util/Exception.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "opencl/launch.h"
#include "opencl/types.h"

namespace ocl::opencl::nn {
namespace {

// `t` with `dim` moved last, contiguous: rows of the softmax dimension.
at::Tensor rows_of(const at::Tensor& t, int64_t dim) {
  return t.dim() == 0 ? t.reshape({1}) : t.movedim(dim, -1).contiguous();
}

// Where a kernel writes rows for `out`: `out` itself if its layout is already that of the rows,
// else a new tensor that finish_rows() copies into `out`.
at::Tensor rows_target(const at::Tensor& out, int64_t dim) {
  const bool direct = out.is_contiguous() && (out.dim() == 0 || dim == out.dim() - 1);
  if (direct) return out;
  return at::empty(rows_of(out, dim).sizes(), out.options());
}

void finish_rows(const at::Tensor& rows, const at::Tensor& out, int64_t dim) {
  if (rows.is_same(out)) return;
  out.copy_(out.dim() == 0 ? rows.reshape({}) : rows.movedim(-1, dim));
}

}  // namespace

namespace {

void softmax_rows(const at::Tensor& self, int64_t dim, const char* kernel, const at::Tensor& out) {
  if (self.numel() == 0) return;
  dim = self.dim() == 0 ? 0 : c10::maybe_wrap_dim(dim, self.dim());
  const at::Tensor in = rows_of(self, dim);
  const at::Tensor target = rows_target(out, dim);
  const int64_t inner = in.size(-1);
  const int device = out.device().index();
  Launch launch(device, Program::kNn, type_defines(in.scalar_type(), target.scalar_type()), kernel);
  const auto rows = static_cast<std::size_t>(in.numel() / inner);
  launch.tensor(target).tensor(in).value(static_cast<cl_ulong>(inner));
  launch.value(static_cast<cl_ulong>(rows)).run_rows(rows);
  finish_rows(target, out, dim);
}

}  // namespace

void softmax(const at::Tensor& self, int64_t dim, bool log, const at::Tensor& out) {
  softmax_rows(self, dim, log ? "log_softmax" : "softmax", out);
}

void safe_softmax(const at::Tensor& self, int64_t dim, const at::Tensor& out) {
  softmax_rows(self, dim, "safe_softmax", out);
}

void softmax_backward(
    const at::Tensor& grad,
    const at::Tensor& output,
    int64_t dim,
    bool log,
    const at::Tensor& grad_input) {
  if (grad_input.numel() == 0) return;
  dim = grad.dim() == 0 ? 0 : c10::maybe_wrap_dim(dim, grad.dim());
  const at::Tensor g = rows_of(grad, dim);
  const at::Tensor y = rows_of(output, dim);
  const at::Tensor target = rows_target(grad_input, dim);
  const int64_t inner = g.size(-1);
  const int device = grad_input.device().index();
  Launch launch(
      device,
      Program::kNn,
      type_defines(g.scalar_type(), target.scalar_type()),
      log ? "log_softmax_backward" : "softmax_backward");
  const auto rows = static_cast<std::size_t>(g.numel() / inner);
  launch.tensor(target).tensor(g).tensor(y).value(static_cast<cl_ulong>(inner));
  launch.value(static_cast<cl_ulong>(rows)).run_rows(rows);
  finish_rows(target, grad_input, dim);
}

void nll_loss_forward(
    const at::Tensor& self,
    const at::Tensor& target,
    const std::optional<at::Tensor>& weight,
    int64_t reduction,
    int64_t ignore_index,
    const at::Tensor& output,
    const at::Tensor& total_weight) {
  const int64_t classes = self.size(-1);
  const int64_t batch = self.dim() == 2 ? self.size(0) : 1;
  const at::Tensor in = self.contiguous();
  const at::Tensor t = target.contiguous();
  const bool has_weight = weight && weight->defined();
  const at::Tensor w = has_weight ? weight->contiguous() : in;
  const bool per_row = reduction == at::Reduction::None && self.dim() == 2;
  const at::Tensor target_out =
      output.is_contiguous() ? output : at::empty(output.sizes(), output.options());
  if (per_row) total_weight.zero_();
  if (batch == 0) {
    // Nothing to sum: a sum is 0 and a mean 0 / 0, as on the CPU.
    if (!per_row) {
      total_weight.zero_();
      output.fill_(
          reduction == at::Reduction::Mean ? std::numeric_limits<double>::quiet_NaN() : 0.);
    }
    return;
  }

  const int device = output.device().index();
  Launch launch(
      device,
      Program::kNn,
      type_defines(in.scalar_type(), target_out.scalar_type()),
      per_row ? "nll_loss_none" : "nll_loss_reduce");
  launch.tensor(target_out).tensor(total_weight).tensor(in).tensor(t);
  launch.tensor(w).value(static_cast<cl_int>(has_weight)).value(static_cast<cl_long>(ignore_index));
  launch.value(static_cast<cl_ulong>(batch)).value(static_cast<cl_ulong>(classes));
  launch.error_word("Target {} is out of bounds.");
  if (per_row) {
    launch.run(static_cast<std::size_t>(batch));
  } else {
    launch.value(static_cast<cl_int>(reduction == at::Reduction::Mean));
    launch.run_groups(1, group_size(device));
  }
  if (!target_out.is_same(output)) output.copy_(target_out);
}

void nll_loss_backward(
    const at::Tensor& grad_output,
    const at::Tensor& self,
    const at::Tensor& target,
    const std::optional<at::Tensor>& weight,
    int64_t reduction,
    int64_t ignore_index,
    const at::Tensor& total_weight,
    const at::Tensor& grad_input) {
  if (grad_input.numel() == 0) return;
  const int64_t classes = self.size(-1);
  const int64_t batch = self.dim() == 2 ? self.size(0) : 1;
  const at::Tensor g = grad_output.contiguous();
  const at::Tensor t = target.contiguous();
  const bool has_weight = weight && weight->defined();
  const at::Tensor w = has_weight ? weight->contiguous() : g;
  const at::Tensor target_out =
      grad_input.is_contiguous() ? grad_input : at::empty(grad_input.sizes(), grad_input.options());
  const int code = reduction == at::Reduction::None ? 0 : reduction == at::Reduction::Mean ? 1 : 2;

  const int device = grad_input.device().index();
  Launch launch(
      device,
      Program::kNn,
      type_defines(g.scalar_type(), target_out.scalar_type()),
      "nll_loss_backward");
  launch.tensor(target_out).tensor(g).tensor(total_weight).tensor(t).tensor(w);
  launch.value(static_cast<cl_int>(has_weight)).value(static_cast<cl_long>(ignore_index));
  launch.value(static_cast<cl_ulong>(batch)).value(static_cast<cl_ulong>(classes));
  launch.value(static_cast<cl_int>(code));
  launch.run(static_cast<std::size_t>(batch * classes));
  if (!target_out.is_same(grad_input)) grad_input.copy_(target_out);
}

namespace {

// 1 / sqrt(head_size) as the CPU's kernel computes it: in float for every dtype but double.
double query_scale(c10::ScalarType dtype, int64_t head_size) {
  if (dtype == c10::kDouble) return 1.0 / std::sqrt(static_cast<double>(head_size));
  return static_cast<float>(1.0 / std::sqrt(static_cast<float>(head_size)));
}

}  // namespace

void transform_bias_rescale_qkv(
    const at::Tensor& qkv,
    const at::Tensor& bias,
    int64_t heads,
    const at::Tensor& out) {
  const int64_t batch = qkv.size(0), tokens = qkv.size(1);
  const int64_t head_size = qkv.size(2) / 3 / heads;
  if (out.numel() == 0) return;
  const c10::ScalarType dtype = qkv.scalar_type();
  Launch launch(
      out.device().index(), Program::kNn, type_defines(dtype), "transform_bias_rescale_qkv");
  launch.tensor(out).tensor(qkv).tensor(bias);
  for (const int64_t value : {batch, tokens, heads, head_size}) {
    launch.value(static_cast<cl_long>(value));
  }
  launch.scalar(accumulate_type(dtype), query_scale(dtype, head_size));
  // Blocks of about 4096 elements a work-item.
  const int64_t per_item = std::max<int64_t>(1, 4096 / head_size);
  launch.value(static_cast<cl_long>(per_item));
  launch.run(
      {static_cast<std::size_t>(3 * batch * heads),
       static_cast<std::size_t>((tokens + per_item - 1) / per_item),
       1},
      {1, 1, 1});
}

}  // namespace ocl::opencl::nn
