// The Window of cl/nn.cl, field for field, for convolution and pooling kernels.
#pragma once

#include <cstdint>

#include "opencl/nn.h"
#include "runtime/opencl_runtime.h"

namespace ocl::opencl::nn {

struct WindowArgument {
  cl_long channels, height, width;
  cl_long kernel_h, kernel_w;
  cl_long stride_h, stride_w, pad_h, pad_w, dilation_h, dilation_w;
  cl_long out_h, out_w;
};

inline WindowArgument window_argument(
    const Window2d& window,
    int64_t channels,
    int64_t height,
    int64_t width,
    int64_t out_h,
    int64_t out_w) {
  return {
      channels,
      height,
      width,
      window.kernel[0],
      window.kernel[1],
      window.stride[0],
      window.stride[1],
      window.padding[0],
      window.padding[1],
      window.dilation[0],
      window.dilation[1],
      out_h,
      out_w};
}

}  // namespace ocl::opencl::nn
