#include "load/torch_locator.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace frp::load {

namespace {

std::string locations_file(const std::string& cache_dir) {
  return cache_dir + "/torch-locations.json";
}

nlohmann::json read_locations(const std::string& cache_dir) {
  std::ifstream in(locations_file(cache_dir));
  if (!in) return nlohmann::json::object();
  std::ostringstream text;
  text << in.rdbuf();
  nlohmann::json locations = nlohmann::json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  return locations.is_object() ? locations : nlohmann::json::object();
}

}  // namespace

TorchLocator::TorchLocator(std::string python, std::string script)
    : python_(std::move(python)), script_(std::move(script)), child_({python_, "-S", script_}) {}

std::optional<TorchLocation> TorchLocator::location(Diagnostics& diags) {
  if (answer_) return answer_;
  std::optional<std::string> line = child_.read_line();
  if (!line) {
    diags.error({script_, 0, 0}, "could not ask '" + python_ + "' where torch is",
                "set FRP_PYTHON (or --python) to a Python 3 with torch installed, or pass "
                "--native-functions and --tags");
    return std::nullopt;
  }
  const nlohmann::json answer = nlohmann::json::parse(*line, nullptr, /*allow_exceptions=*/false);
  if (!answer.is_object() || !answer.value("torchgen", nlohmann::json()).is_string() ||
      !answer.value("torch_version", nlohmann::json()).is_string()) {
    diags.error({script_, 0, 0},
                "unexpected answer from the torch locator: " + line->substr(0, 80));
    return std::nullopt;
  }
  answer_ = TorchLocation{answer["torchgen"].get<std::string>(),
                          answer["torch_version"].get<std::string>()};
  return answer_;
}

std::optional<TorchLocation> remembered_torch_location(const std::string& cache_dir,
                                                       const std::string& python) {
  if (cache_dir.empty()) return std::nullopt;
  const nlohmann::json locations = read_locations(cache_dir);
  auto it = locations.find(python);
  if (it == locations.end() || !it->is_object()) return std::nullopt;
  return TorchLocation{it->value("torchgen", ""), it->value("torch_version", "")};
}

void remember_torch_location(const std::string& cache_dir, const std::string& python,
                             const TorchLocation& location) {
  if (cache_dir.empty()) return;
  nlohmann::json locations = read_locations(cache_dir);
  locations[python] = {{"torchgen", location.torchgen}, {"torch_version", location.torch_version}};
  std::error_code ec;
  std::filesystem::create_directories(cache_dir, ec);
  // Written aside and renamed, so that a concurrent run reads the old file or the new one.
  const std::string temp = locations_file(cache_dir) + "." + std::to_string(::getpid());
  {
    std::ofstream out(temp, std::ios::trunc);
    out << locations.dump(2) << "\n";
    if (!out) {
      std::filesystem::remove(temp, ec);
      return;
    }
  }
  std::filesystem::rename(temp, locations_file(cache_dir), ec);
  if (ec) std::filesystem::remove(temp, ec);
}

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
