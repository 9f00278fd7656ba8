// Where the installed torch keeps PyTorch's operator yaml files.
#pragma once

#include <optional>
#include <string>

#include "common/diagnostics.h"

namespace frp::load {

struct TorchYaml {
  std::string native_functions;  // .../torchgen/packaged/ATen/native/native_functions.yaml
  std::string tags;              // .../tags.yaml
  std::string torch_version;     // "2.13.0+cpu", or "unknown"
};

// The yaml files under a torchgen package folder (as Python reports it; "" if torch is missing),
// checked to exist. `python` names the interpreter in the error.
std::optional<TorchYaml> torch_yaml_in(const std::string& torchgen_dir,
                                       const std::string& torch_version, const std::string& python,
                                       Diagnostics& diags);

}  // namespace frp::load
