// Where the installed torch keeps PyTorch's operator yaml files.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "common/cache_folder.h"
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
// "", "executable": sys.executable, "watch": {path: modification time}, "env": {variable:
// value}}.
//
// Python is not asked again while nothing its answer depended on has changed: the answer is kept
// in the cache folder (common/cache_folder.h) with what it depended on, and a later run whose
// interpreter, search folders, torch files and environment variables are all as they were
// takes it from there (a stat per path instead of a Python start-up). Only when `python` is the
// interpreter itself (an absolute path to sys.executable): a launcher or a name looked up in
// PATH may start another one. An answer kept without these facts, or with any of them changed,
// is only a guess (remembered()). The file keeps the interpreters used most recently
// (kKeptInterpreters), so that reading it stays cheap on a machine that has seen many.
class TorchLocator {
 public:
  TorchLocator(std::string python, std::string script, CacheFolder cache);

  // Python's answer (waited for), or the kept one; nullopt, with an error, if the script could
  // not say.
  std::optional<TorchLocation> location(Diagnostics& diags);
  // The location Python reported last time for this interpreter, so that a run can read torch's
  // yaml while Python is still starting. A guess only: callers confirm it with location().
  // Nothing without a cache folder.
  std::optional<TorchLocation> remembered() const;
  // Keeps Python's answer for later runs (nothing if it was the kept one, or there is no cache
  // folder); a cache that cannot be written only costs speed.
  void remember();

  static constexpr std::size_t kKeptInterpreters = 16;

 private:
  std::string python_;
  std::string script_;
  CacheFolder cache_;
  nlohmann::json kept_;                // this interpreter's entry in the cache, if any
  std::optional<ChildProcess> child_;  // none when the kept answer still holds
  std::optional<TorchLocation> answer_;
  nlohmann::json depends_on_;  // Python's "watch" and "env"
};

// The yaml files under a torchgen package folder (as Python reports it; "" if torch is missing),
// checked to exist. `python` names the interpreter in the error.
std::optional<TorchYaml> torch_yaml_in(const std::string& torchgen_dir,
                                       const std::string& torch_version, const std::string& python,
                                       Diagnostics& diags);

}  // namespace frp::load
