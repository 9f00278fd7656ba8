// The elementwise kernels of cl/elementwise.cl run over a TensorIterator: PyTorch's own
// broadcasting, type promotion, output allocation and resizing, and memory-overlap checks (the
// iterator), with the arithmetic on the device.
#pragma once

#include <ATen/TensorIterator.h>
#include <ATen/core/Tensor.h>
#include <c10/core/Scalar.h>
#include <c10/util/ArrayRef.h>

#include <optional>

namespace ocl::opencl::elementwise {

enum class CpuScalars { kAllowed, kRefused };

// The ocl device the kernels would run on for these operands: each defined tensor is on one ocl
// device or (if allowed: TensorIterator passes them to the kernel as values) is a 0-dim CPU
// tensor, of a dtype the device's kernels take, without a lazy conjugate or negative bit, of at
// most 8 dimensions. nullopt otherwise: the caller takes the CPU fallback, which handles
// everything. Null pointers (absent optional tensors) are skipped.
std::optional<int> device_for(
    c10::ArrayRef<const at::Tensor*> tensors,
    CpuScalars cpu_scalars = CpuScalars::kAllowed);

// `value` as an element of `dtype` holds it, the way the CPU's fill_ and masked_fill_ take their
// value: NaN in a bool is true, and a value the dtype cannot hold is ATen's overflow error. Give
// run() this rather than the value itself: the kernels compute in a wider type (int for bool),
// which cannot hold NaN.
at::Scalar in_dtype(const at::Scalar& value, c10::ScalarType dtype);

// Runs kernel `op` of cl/elementwise.cl (or of cl/copy.cl: "copy", "fill") over `iter` (one output,
// up to three inputs, built over operands device_for() accepted). s0 and s1 are the op's scalar
// arguments (alpha, value, threshold, weight, norm), in the arithmetic type. The op computes in
// `compute`, by default the common dtype the iterator worked out (iterators configured to promote
// have one).
void run(
    at::TensorIteratorBase& iter,
    const char* op,
    const at::Scalar& s0 = 0,
    const at::Scalar& s1 = 0,
    std::optional<c10::ScalarType> compute = std::nullopt);

// index.Tensor's gather over the iterator its meta function built (structured_index_Tensor):
// output, self restrided so that the indexed dimensions do not move, then one or two int64
// indices; one outside -size..size-1 raises IndexError when the host next waits for the device.
// indexed_sizes and indexed_strides (in bytes) are the indexed dimensions', as the meta function
// computed them.
void index(
    at::TensorIteratorBase& iter,
    at::IntArrayRef indexed_sizes,
    at::IntArrayRef indexed_strides);

}  // namespace ocl::opencl::elementwise
