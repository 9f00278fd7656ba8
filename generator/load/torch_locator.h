// Finds PyTorch's operator yaml files in the installed torch, through the Python that has it.
#pragma once

#include <optional>
#include <string>

#include "common/diagnostics.h"

namespace frp::load {

struct TorchYaml {
  std::string native_functions;  // .../torchgen/packaged/ATen/native/native_functions.yaml
  std::string tags;              // .../tags.yaml
  std::string torch_version;     // "2.13.0+cpu", or "unknown" when given by flag
};

// Asks `python` where torchgen lives (without importing torch, which is slow) and which torch
// version is installed.
std::optional<TorchYaml> locate_torch_yaml(const std::string& python, Diagnostics& diags);

}  // namespace frp::load
