#include "load/torch_locator.h"

#include <filesystem>

namespace frp::load {

std::optional<TorchYaml> torch_yaml_in(const std::string& torchgen_dir,
                                       const std::string& torch_version, const std::string& python,
                                       Diagnostics& diags) {
  const std::string native_dir = torchgen_dir + "/packaged/ATen/native";
  if (torchgen_dir.empty() || !std::filesystem::exists(native_dir + "/native_functions.yaml")) {
    diags.error({python, 0, 0},
                "cannot find PyTorch's native_functions.yaml through '" + python + "'",
                "install torch==2.13.0 for that Python, set FRP_PYTHON, or pass "
                "--native-functions and --tags");
    return std::nullopt;
  }
  return TorchYaml{native_dir + "/native_functions.yaml", native_dir + "/tags.yaml",
                   torch_version.empty() ? "unknown" : torch_version};
}

}  // namespace frp::load
