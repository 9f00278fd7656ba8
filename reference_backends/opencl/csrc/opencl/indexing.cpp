#include "opencl/indexing.h"

#include <ATen/Dispatch.h>
#include <ATen/native/RangeUtils.h>
#include <ATen/ops/empty.h>
#include <c10/core/WrapDimMinimal.h>
#include <c10/util/Exception.h>

#include <algorithm>
#include <vector>

#include "opencl/launch.h"
#include "opencl/types.h"

namespace ocl::opencl::indexing {

at::Tensor index_select(const at::Tensor& self_, int64_t dim, const at::Tensor& index_) {
  dim = c10::maybe_wrap_dim(dim, self_.dim());
  const at::Tensor self = self_.contiguous();
  const at::Tensor index = index_.reshape({-1}).contiguous();
  const int64_t size = self.size(dim);
  std::vector<int64_t> sizes(self.sizes().begin(), self.sizes().end());
  sizes[dim] = index.numel();
  at::Tensor out = at::empty(sizes, self.options());
  const int64_t total = out.numel();
  if (total == 0) {
    // No kernel runs to check the indices: they are read on the host, a wait that only this
    // empty case pays.
    const at::Tensor values = index.cpu();
    const int64_t* data = values.const_data_ptr<int64_t>();
    for (int64_t i = 0; i < values.numel(); ++i) {
      TORCH_CHECK_INDEX(data[i] >= 0 && data[i] < size, "index out of range in self");
    }
    return out;
  }
  int64_t inner = 1;
  for (int64_t d = dim + 1; d < self.dim(); ++d) inner *= self.size(d);
  Launch launch(
      self.device().index(), Program::kCopy, type_defines(self.scalar_type()), "index_select");
  launch.tensor(out).tensor(self).tensor(index);
  launch.value(static_cast<cl_long>(size))
      .value(static_cast<cl_long>(index.numel()))
      .value(static_cast<cl_long>(inner));
  const int64_t items = row_spans(total / inner, inner);
  launch.value(static_cast<cl_ulong>(items)).error_word("index out of range in self");
  launch.run(static_cast<std::size_t>(items));
  return out;
}

at::Tensor embedding_backward(
    const at::Tensor& grad_output,
    const at::Tensor& indices,
    int64_t num_weights,
    int64_t padding_idx,
    bool scale_grad_by_freq) {
  const int64_t dim = grad_output.size(-1);
  const at::Tensor grad = grad_output.reshape({-1, dim}).contiguous();
  const at::Tensor index = indices.reshape({-1}).contiguous();
  at::Tensor grad_weight = at::empty({num_weights, dim}, grad_output.options());
  const int64_t total = grad_weight.numel();
  if (total == 0) return grad_weight;
  const int device = grad.device().index();
  const at::TensorOptions longs = index.options().dtype(at::kLong);
  const at::Tensor starts = at::empty({num_weights + 1}, longs);
  const at::Tensor cursor = at::empty({num_weights}, longs);
  const at::Tensor positions = at::empty({std::max<int64_t>(index.numel(), 1)}, longs);
  Launch group(device, Program::kNn, type_defines(grad.scalar_type()), "embedding_positions");
  group.tensor(starts).tensor(cursor).tensor(positions);
  group.tensor(index.numel() > 0 ? index : positions);
  group.value(static_cast<cl_long>(index.numel()))
      .value(static_cast<cl_long>(num_weights))
      .value(static_cast<cl_long>(padding_idx));
  group.run_groups(1, 1);  // one work-item: the sort is serial
  Launch launch(device, Program::kNn, type_defines(grad.scalar_type()), "embedding_backward");
  launch.tensor(grad_weight).tensor(grad.numel() > 0 ? grad : grad_weight);
  launch.tensor(starts).tensor(positions);
  launch.value(static_cast<cl_long>(dim)).value(static_cast<cl_int>(scale_grad_by_freq));
  const int64_t items = row_spans(num_weights, dim);
  launch.value(static_cast<cl_ulong>(items)).run(static_cast<std::size_t>(items));
  return grad_weight;
}

void triangle(const at::Tensor& self, int64_t diagonal, Triangle keep, const at::Tensor& out) {
  if (out.numel() == 0) return;
  const at::Tensor input = self.contiguous();
  const at::Tensor target = out.is_contiguous() ? out : at::empty(out.sizes(), out.options());
  const int64_t rows = self.size(-2);
  const int64_t cols = self.size(-1);
  const int64_t total_rows = self.numel() / cols;
  {
    Launch launch(
        self.device().index(), Program::kCopy, type_defines(self.scalar_type()), "triangle");
    launch.tensor(target).tensor(input);
    launch.value(static_cast<cl_long>(rows))
        .value(static_cast<cl_long>(cols))
        .value(static_cast<cl_long>(diagonal))
        .value(static_cast<cl_int>(keep == Triangle::kUpper));
    launch.value(static_cast<cl_ulong>(total_rows)).run(static_cast<std::size_t>(total_rows));
  }  // the launch lock is released before the copy launches its own kernel
  if (!target.is_same(out)) out.copy_(target);
}

void arange(
    const at::Scalar& start,
    const at::Scalar& end,
    const at::Scalar& step,
    at::Tensor& out) {
  const int64_t size =
      AT_DISPATCH_ALL_TYPES_AND2(at::kHalf, at::kBFloat16, out.scalar_type(), "arange", [&] {
        return at::native::compute_arange_size<scalar_t>(start, end, step);
      });
  if (out.numel() != size) {
    if (out.numel() > 0) {
      TORCH_WARN(
          "arange: the out tensor holds ",
          out.numel(),
          " elements and the range ",
          size,
          " (rounding can cause this); it is resized to (",
          size,
          ",).");
    }
    out.resize_({size});
  }
  if (size == 0) return;
  // The CPU's accumulation type: double for float and double (float on a device without
  // double), float for half and bfloat16, long for the integers.
  const int device = out.device().index();
  c10::ScalarType acc = at::isIntegralType(out.scalar_type(), false) ? c10::kLong
                        : out.scalar_type() == c10::kHalf || out.scalar_type() == c10::kBFloat16
                            ? c10::kFloat
                            : c10::kDouble;
  if (!supported(acc, device)) acc = c10::kFloat;
  const at::Tensor target = out.is_contiguous() ? out : at::empty(out.sizes(), out.options());
  {
    Launch launch(device, Program::kCopy, type_defines(acc, out.scalar_type()), "arange");
    launch.tensor(target).scalar(acc, start).scalar(acc, step);
    launch.value(static_cast<cl_ulong>(size)).run(static_cast<std::size_t>(size));
  }  // the launch lock is released before the copy launches its own kernel
  if (!target.is_same(out)) out.copy_(target);
}

}  // namespace ocl::opencl::indexing
