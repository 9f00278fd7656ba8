#include "load/torch_locator.h"

#include <cstdio>
#include <filesystem>

namespace frp::load {

std::optional<TorchYaml> locate_torch_yaml(const std::string& python, Diagnostics& diags) {
  // find_spec locates torchgen without running torch's heavy import.
  const std::string command =
      "'" + python +
      "' -c 'import importlib.util as u, importlib.metadata as m; "
      "s = u.find_spec(\"torchgen\"); "
      "print(s.submodule_search_locations[0] if s else \"\"); print(m.version(\"torch\"))' "
      "2>/dev/null";
  std::string output;
  if (FILE* pipe = ::popen(command.c_str(), "r")) {
    char buffer[4096];
    while (std::fgets(buffer, sizeof buffer, pipe)) output += buffer;
    ::pclose(pipe);
  }
  std::size_t newline = output.find('\n');
  std::string torchgen = output.substr(0, newline);
  std::string version = newline == std::string::npos ? "" : output.substr(newline + 1);
  while (!version.empty() && (version.back() == '\n' || version.back() == '\r')) version.pop_back();
  const std::string native_dir = torchgen + "/packaged/ATen/native";
  if (torchgen.empty() || !std::filesystem::exists(native_dir + "/native_functions.yaml")) {
    diags.error({python, 0, 0},
                "cannot find PyTorch's native_functions.yaml through '" + python + "'",
                "install torch==2.13.0 for that Python, set FRP_PYTHON, or pass "
                "--native-functions and --tags");
    return std::nullopt;
  }
  return TorchYaml{native_dir + "/native_functions.yaml", native_dir + "/tags.yaml",
                   version.empty() ? "unknown" : version};
}

}  // namespace frp::load
