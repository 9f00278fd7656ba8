// Reductions over any dimensions with the kernels of cl/reduce.cl: the reduced dimensions are
// moved last (a copy when that leaves the input strided), so that every output element reduces
// one contiguous row.
#pragma once

#include <ATen/core/Tensor.h>
#include <c10/core/Device.h>
#include <c10/util/OptionalArrayRef.h>

#include <cstdint>
#include <tuple>

#include "opencl/structured.h"

namespace ocl::opencl::reduce {

// Reduces `self` over `dims` (none or empty: all of them) with kernel `op` of cl/reduce.cl
// ("sum", "mean", "amax", "amin", "argmax", "argmin", "all", "any") into `out`, which the caller
// has shaped (the kept dimensions, with or without the reduced ones as size 1) and typed (sums and
// means of another dtype read `self` converted to it). For argmax and argmin, the index counts
// along the reduced dimensions of `self` in order.
void run(
    const at::Tensor& self,
    at::OptionalIntArrayRef dims,
    const at::Tensor& out,
    const char* op);

// max.dim and min.dim: the extreme values along `dim` (kernel `values_op`: "amax", "amin") and the
// index of their first occurrence (`indices_op`: "argmax", "argmin"), shaped and checked by the
// structured operator's meta function `Meta` (at::meta::structured_max_dim, ...).
template <class Meta>
std::tuple<at::Tensor, at::Tensor> values_and_indices(
    const at::Tensor& self,
    int64_t dim,
    bool keepdim,
    int device,
    const char* values_op,
    const char* indices_op) {
  Structured<Meta, 2> op(c10::Device(c10::DeviceType::PrivateUse1, device));
  const int64_t along[] = {op.meta(self, dim, keepdim).dim};
  run(self, along, op.output(0), values_op);
  run(self, along, op.output(1), indices_op);
  return {op.take(0), op.take(1)};
}

// max() and min() (`name`): kernel `op` over every element of a non-empty `self`, a 0-d result.
at::Tensor over_all(const at::Tensor& self, const char* op, const char* name);

}  // namespace ocl::opencl::reduce
