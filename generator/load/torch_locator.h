// Where the installed torch keeps PyTorch's operator yaml files.
#pragma once

#include <optional>
#include <string>

#include "common/diagnostics.h"
#include "common/subprocess.h"

namespace frp::load {

struct TorchYaml {
  std::string native_functions;  // .../torchgen/packaged/ATen/native/native_functions.yaml
  std::string tags;              // .../tags.yaml
  std::string torch_version;     // "2.13.0+cpu", or "unknown"
};

// Where Python says torch is: its torchgen package folder ("" if torch is missing) and version.
struct TorchLocation {
  std::string torchgen;
  std::string torch_version;
  bool operator==(const TorchLocation&) const = default;
};

// Asks Python where torch is: generator/load/locate_torch.py, started (with -S) when this is
// constructed, so that its start-up overlaps with whatever the caller does before it needs the
// answer. The script prints one JSON line: {"torchgen": dir or "", "torch_version": version or
// ""}.
class TorchLocator {
 public:
  TorchLocator(std::string python, std::string script);

  // Python's answer (waited for); nullopt, with an error, if the script could not say.
  std::optional<TorchLocation> location(Diagnostics& diags);

 private:
  std::string python_;
  std::string script_;
  ChildProcess child_;
  std::optional<TorchLocation> answer_;
};

// The location Python reported last time for the interpreter `python`, kept in `cache_dir`
// (torch-locations.json) so that a run can read torch's yaml while Python is still starting.
// A guess only: callers confirm it with Python's answer. Nothing without a cache folder.
std::optional<TorchLocation> remembered_torch_location(const std::string& cache_dir,
                                                       const std::string& python);
// Records Python's answer for the next run; a cache that cannot be written only costs speed.
void remember_torch_location(const std::string& cache_dir, const std::string& python,
                             const TorchLocation& location);

// The yaml files under a torchgen package folder (as Python reports it; "" if torch is missing),
// checked to exist. `python` names the interpreter in the error.
std::optional<TorchYaml> torch_yaml_in(const std::string& torchgen_dir,
                                       const std::string& torch_version, const std::string& python,
                                       Diagnostics& diags);

}  // namespace frp::load
