// Reductions over any dimensions with the kernels of cl/reduce.cl: the reduced dimensions are
// moved last (a copy when that leaves the input strided), so that every output element reduces
// one contiguous row.
#pragma once

#include <ATen/core/Tensor.h>
#include <c10/util/OptionalArrayRef.h>

namespace ocl::opencl::reduce {

// Reduces `self` over `dims` (none or empty: all of them) with kernel `op` of cl/reduce.cl
// ("sum", "mean", "amax", "amin", "argmax", "argmin") into `out`, which the caller has shaped (the
// kept dimensions, with or without the reduced ones as size 1) and typed (sums and means of another
// dtype read `self` converted to it). For argmax and argmin, the index counts along the reduced
// dimensions of `self` in order.
void run(
    const at::Tensor& self,
    at::OptionalIntArrayRef dims,
    const at::Tensor& out,
    const char* op);

}  // namespace ocl::opencl::reduce
