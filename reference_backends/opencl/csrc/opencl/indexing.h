// Kernels that work from element positions: the gathers index_select (cl/copy.cl) and embedding's
// backward (cl/nn.cl), tril and triu, and arange (cl/copy.cl).
#pragma once

#include <ATen/core/Tensor.h>
#include <c10/core/Scalar.h>

#include <cstdint>

namespace ocl::opencl::indexing {

// self.index_select(dim, index) for an int64 `index` of at most one dimension; an index out of
// range raises IndexError when the host next waits for the device (runtime/opencl_runtime.h).
at::Tensor index_select(const at::Tensor& self, int64_t dim, const at::Tensor& index);

// The [num_weights, D] gradient of an embedding from the [..., D] gradient of its output.
at::Tensor embedding_backward(
    const at::Tensor& grad_output,
    const at::Tensor& indices,
    int64_t num_weights,
    int64_t padding_idx,
    bool scale_grad_by_freq);

// Which side of the diagonal tril and triu keep.
enum class Triangle { kLower, kUpper };

// out = self with the elements on the other side of `diagonal` (of the last two dimensions) set to
// 0: tril for kLower, triu for kUpper. `out` has self's sizes and dtype; it may be self.
void triangle(const at::Tensor& self, int64_t diagonal, Triangle keep, const at::Tensor& out);

// arange.start_out: `out` resized to the elements start, start + step, ... below end (checked
// and counted as ATen does), each computed in ATen's accumulation type for out's dtype.
void arange(
    const at::Scalar& start,
    const at::Scalar& end,
    const at::Scalar& step,
    at::Tensor& out);

}  // namespace ocl::opencl::indexing
