// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: index.Tensor (cl/copy.cl), advanced indexing with one or two int64 index
// tensors (x[i], x[:, i], x[i, j], broadcast as ATen broadcasts them). ATen's meta function
// shapes the result and builds the iterator. The kernel checks the indices (an index out of
// range raises when the host next waits for the device). Boolean masks (which need nonzero), more
// index tensors and other index dtypes take the CPU's path.
#include "generated/kernels/index.h"

#include <ATen/ops/index_meta.h>
#include <ATen/ops/index_ops.h>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/structured.h"

namespace ocl::kernels {
namespace {

using Indices = c10::List<std::optional<at::Tensor>>;
using Meta = at::meta::structured_index_Tensor;

constexpr int kMaxIndices = 2;  // the index tensors the kernel takes
constexpr int64_t kMaxDims = 8;

// The device the kernel runs on for these operands, if it takes them.
std::optional<int> device_for(
    const at::Tensor& self,
    const Indices& indices,
    const at::Tensor* out = nullptr) {
  int count = 0;
  int64_t index_dims = 0;
  for (const std::optional<at::Tensor>& index : indices) {
    if (!index || !index->defined()) continue;
    // CPU indices are allowed: the meta function moves them to the device.
    if (index->scalar_type() != at::kLong || ++count > kMaxIndices) return std::nullopt;
    index_dims = std::max(index_dims, index->dim());
  }
  if (count == 0 || self.dim() + index_dims > kMaxDims) return std::nullopt;
  return opencl::elementwise::device_for({&self, out}, opencl::elementwise::CpuScalars::kRefused);
}

template <class Op>
void gather(Op& op, const at::Tensor& self, const Indices& indices) {
  // A result without elements reads no index and, as on the CPU, checks none.
  const auto info = op.meta(self, at::IOptTensorListRef(indices));
  opencl::elementwise::index(op, info.sizes, info.strides);
}

}  // namespace

// index.Tensor(Tensor self, Tensor?[] indices) -> Tensor
at::Tensor index_Tensor(
    const at::Tensor& self,
    const c10::List<::std::optional<at::Tensor>>& indices) {
  const std::optional<int> device = device_for(self, indices);
  if (!device) return cpu_fallback::call<at::_ops::index_Tensor>(self, indices);
  opencl::Structured<Meta> op(at::Device(c10::DeviceType::PrivateUse1, *device));
  gather(op, self, indices);
  return op.take();
}

// index.Tensor_out(Tensor self, Tensor?[] indices, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& index_Tensor_out(
    const at::Tensor& self,
    const c10::List<::std::optional<at::Tensor>>& indices,
    at::Tensor& out) {
  if (!device_for(self, indices, &out)) {
    return cpu_fallback::call<at::_ops::index_Tensor_out>(self, indices, out);
  }
  opencl::Structured<Meta> op({&out}, opencl::Output::kOut);
  gather(op, self, indices);
  op.finish();
  return out;
}

}  // namespace ocl::kernels
