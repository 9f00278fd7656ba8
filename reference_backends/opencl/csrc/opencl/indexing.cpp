#include "opencl/indexing.h"

#include <ATen/ops/empty.h>
#include <c10/core/WrapDimMinimal.h>
#include <c10/util/Exception.h>

#include <vector>

#include "opencl/launch.h"
#include "opencl/types.h"

namespace ocl::opencl::indexing {

at::Tensor index_select(const at::Tensor& self_, int64_t dim, const at::Tensor& index_) {
  dim = c10::maybe_wrap_dim(dim, self_.dim());
  const at::Tensor self = self_.contiguous();
  const at::Tensor index = index_.reshape({-1}).contiguous();
  const int64_t size = self.size(dim);
  {
    const at::Tensor values = index.cpu();
    const int64_t* data = values.const_data_ptr<int64_t>();
    for (int64_t i = 0; i < values.numel(); ++i) {
      TORCH_CHECK_INDEX(data[i] >= 0 && data[i] < size, "index out of range in self");
    }
  }
  std::vector<int64_t> sizes(self.sizes().begin(), self.sizes().end());
  sizes[dim] = index.numel();
  at::Tensor out = at::empty(sizes, self.options());
  const int64_t total = out.numel();
  if (total == 0) return out;
  int64_t inner = 1;
  for (int64_t d = dim + 1; d < self.dim(); ++d) inner *= self.size(d);
  Launch launch(
      self.device().index(), Program::kCopy, type_defines(self.scalar_type()), "index_select");
  launch.tensor(out).tensor(self).tensor(index);
  launch.value(static_cast<cl_long>(size))
      .value(static_cast<cl_long>(index.numel()))
      .value(static_cast<cl_long>(inner));
  launch.value(static_cast<cl_ulong>(total)).run(static_cast<std::size_t>(total));
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
  Launch launch(
      grad.device().index(), Program::kNn, type_defines(grad.scalar_type()), "embedding_backward");
  launch.tensor(grad_weight);
  launch.tensor(grad.numel() > 0 ? grad : grad_weight)
      .tensor(index.numel() > 0 ? index : grad_weight);
  launch.value(static_cast<cl_long>(index.numel()))
      .value(static_cast<cl_long>(dim))
      .value(static_cast<cl_long>(padding_idx))
      .value(static_cast<cl_int>(scale_grad_by_freq));
  launch.value(static_cast<cl_ulong>(total)).run(static_cast<std::size_t>(total));
  return grad_weight;
}

}  // namespace ocl::opencl::indexing
