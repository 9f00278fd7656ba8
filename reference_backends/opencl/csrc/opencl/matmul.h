// Matrix products on the kernel of cl/matmul.cl.
#pragma once

#include <ATen/core/Tensor.h>
#include <c10/core/Scalar.h>

namespace ocl::opencl::matmul {

// c = alpha * a @ b + beta * c, for a [M, K], b [K, N], c [M, N] or batches of them ([B, M, K],
// ...), of one dtype and any strides. beta == 0 ignores c's contents.
void gemm(
    const at::Tensor& a,
    const at::Tensor& b,
    const at::Tensor& c,
    const at::Scalar& alpha,
    const at::Scalar& beta);

}  // namespace ocl::opencl::matmul
