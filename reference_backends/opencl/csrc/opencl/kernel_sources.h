// The OpenCL C sources of csrc/cl, compiled into the library (cmake/embed_kernels.cmake writes
// their definition at build time), so that an installed backend needs no files beside it.
#pragma once

#include <string_view>

namespace ocl::opencl {

// The text of csrc/cl/`file` ("elementwise.cl"); throws for a file that is not there.
std::string_view kernel_source(std::string_view file);

}  // namespace ocl::opencl
