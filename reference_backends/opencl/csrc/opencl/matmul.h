// Matrix products on the kernels of cl/matmul.cl: float32 on gemm_blocks, a BLAS-style
// micro-kernel for a CPU's vector units (b packed into contiguous rows when it is not so and c has
// rows enough to repay the copy); every other dtype and layout on gemm, a register-tiled product
// that reads any strides.
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
