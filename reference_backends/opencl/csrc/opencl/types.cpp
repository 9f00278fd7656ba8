#include "opencl/types.h"

#include <c10/util/Exception.h>

#include "opencl/programs.h"

namespace ocl::opencl {

std::optional<int> type_code(c10::ScalarType dtype) {
  switch (dtype) {
    case c10::kBool:
      return 0;
    case c10::kByte:
      return 1;
    case c10::kChar:
      return 2;
    case c10::kShort:
      return 3;
    case c10::kInt:
      return 4;
    case c10::kLong:
      return 5;
    case c10::kHalf:
      return 6;
    case c10::kBFloat16:
      return 7;
    case c10::kFloat:
      return 8;
    case c10::kDouble:
      return 9;
    default:
      return std::nullopt;
  }
}

bool supported(c10::ScalarType dtype, int device) {
  if (!type_code(dtype)) return false;
  return dtype != c10::kDouble || device_has_fp64(device);
}

c10::ScalarType accumulate_type(c10::ScalarType dtype) {
  switch (dtype) {
    case c10::kHalf:
    case c10::kBFloat16:
      return c10::kFloat;
    case c10::kBool:
    case c10::kByte:
    case c10::kChar:
    case c10::kShort:
      return c10::kInt;
    default:
      return dtype;
  }
}

std::string type_defines(c10::ScalarType in, c10::ScalarType out) {
  const std::optional<int> in_code = type_code(in);
  const std::optional<int> out_code = type_code(out);
  TORCH_INTERNAL_ASSERT(in_code && out_code, "no ocl kernel takes ", in, " to ", out);
  return "-DIN_TYPE=" + std::to_string(*in_code) + " -DOUT_TYPE=" + std::to_string(*out_code);
}

}  // namespace ocl::opencl
