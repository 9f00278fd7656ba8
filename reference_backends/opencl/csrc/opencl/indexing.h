// Gathers by index: index_select (cl/copy.cl) and embedding's backward (cl/nn.cl).
#pragma once

#include <ATen/core/Tensor.h>

#include <cstdint>

namespace ocl::opencl::indexing {

// self.index_select(dim, index) for an int64 `index` of at most one dimension; throws IndexError
// for an index out of range (a check that reads the indices on the host).
at::Tensor index_select(const at::Tensor& self, int64_t dim, const at::Tensor& index);

// The [num_weights, D] gradient of an embedding from the [..., D] gradient of its output.
at::Tensor embedding_backward(
    const at::Tensor& grad_output,
    const at::Tensor& indices,
    int64_t num_weights,
    int64_t padding_idx,
    bool scale_grad_by_freq);

}  // namespace ocl::opencl::indexing
