// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: cat. ATen's meta function checks the tensors and shapes the result (dtype
// promotion, memory format, the legacy empty tensors it skips); each input is then copied into
// its slice of the result with the device's copy kernel, converting its dtype on the way.
#include "generated/kernels/cat.h"

#include <ATen/MemoryOverlap.h>
#include <ATen/WrapDimUtils.h>
#include <ATen/ops/cat_meta.h>
#include <ATen/ops/cat_ops.h>

#include <vector>

#include "generated/cpu_fallback.h"
#include "opencl/elementwise.h"
#include "opencl/structured.h"

namespace ocl::kernels {
namespace {

using Meta = at::meta::structured_cat;

// The device every tensor is on, out= included, if the kernels take them all.
std::optional<int> device_for(const at::ITensorListRef& tensors, const at::Tensor* out = nullptr) {
  std::vector<const at::Tensor*> all;
  for (const at::Tensor& tensor : tensors) all.push_back(&tensor);
  if (out != nullptr) all.push_back(out);
  if (all.empty()) return std::nullopt;  // the CPU's path raises ATen's error
  return opencl::elementwise::device_for(all, opencl::elementwise::CpuScalars::kRefused);
}

void copy_slices(const at::ITensorListRef& tensors, int64_t dim, const at::Tensor& out) {
  at::assert_no_internal_overlap(out);
  for (const at::Tensor& tensor : tensors) at::assert_no_overlap(out, tensor);
  int64_t offset = 0;
  for (const at::Tensor& tensor : tensors) {
    // A 1-d empty tensor is skipped, whatever the other tensors' shape (legacy behaviour).
    if (tensor.dim() == 1 && tensor.numel() == 0) continue;
    const int64_t size = tensor.size(dim);
    if (out.numel() > 0) out.narrow(dim, offset, size).copy_(tensor);
    offset += size;
  }
}

}  // namespace

// cat(Tensor[] tensors, int dim=0) -> Tensor
at::Tensor cat(const at::ITensorListRef& tensors, int64_t dim) {
  const std::optional<int> device = device_for(tensors);
  if (!device) return cpu_fallback::call<at::_ops::cat>(tensors, dim);
  opencl::Structured<Meta> op(at::Device(c10::DeviceType::PrivateUse1, *device));
  const auto shape = op.meta(tensors, dim);
  copy_slices(tensors, shape.dim, op.output());
  return op.take();
}

// cat.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out) -> Tensor(a!)
at::Tensor& cat_out(const at::ITensorListRef& tensors, int64_t dim, at::Tensor& out) {
  if (!device_for(tensors, &out)) return cpu_fallback::call<at::_ops::cat_out>(tensors, dim, out);
  opencl::Structured<Meta> op({&out}, opencl::Output::kOut);
  const auto shape = op.meta(tensors, dim);
  copy_slices(tensors, shape.dim, op.output());
  op.finish();
  return out;
}

}  // namespace ocl::kernels
