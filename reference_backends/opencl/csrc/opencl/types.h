// The dtypes ocl's kernels handle, and how a program is told which (the TYPE_* codes of
// cl/types.cl).
#pragma once

#include <c10/core/ScalarType.h>

#include <optional>
#include <string>

namespace ocl::opencl {

// The TYPE_* code of cl/types.cl for `dtype`; nullopt for the dtypes no kernel takes (complex,
// the float8 and unsigned 16-64 bit types).
std::optional<int> type_code(c10::ScalarType dtype);

// Whether the kernels of `device` take `dtype`: a type code, and double only where the device
// has cl_khr_fp64.
bool supported(c10::ScalarType dtype, int device);

// The dtype arithmetic on `dtype` happens in (ACC_T of cl/types.cl): float for half and
// bfloat16, int for bool and the integers narrower than 32 bits, the dtype itself otherwise.
c10::ScalarType accumulate_type(c10::ScalarType dtype);

// The build options that compile a program for these input and output dtypes.
std::string type_defines(c10::ScalarType in, c10::ScalarType out);
// ... for a program whose inputs and output share `dtype`.
inline std::string type_defines(c10::ScalarType dtype) {
  return type_defines(dtype, dtype);
}

}  // namespace ocl::opencl
