// The pipeline as the CLI drives it: load -> model -> plan -> render -> write. What travels
// between the stages is listed in docs/design.md ("The pipeline").
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/cache_folder.h"
#include "common/diagnostics.h"
#include "descriptor/descriptor.h"
#include "load/torch_locator.h"
#include "model/op_registry.h"
#include "render/render.h"
#include "write/writer.h"

namespace frp::cli {

// Exit codes shared by every command.
constexpr int kExitOk = 0;
constexpr int kExitFailed = 1;    // e.g. conflicts with hand-edited files
constexpr int kExitBadInput = 2;  // bad input or usage
// 3: an internal error, a bug (common/internal_error.h)

struct Settings {
  std::string python;            // interpreter with torch (for locating yaml) and Jinja2
  std::string data_dir;          // frp-gen's templates/, schemas/ and generator/ (its scripts)
  std::string native_functions;  // override; found through `python` when empty
  std::string tags;              // override
  // User template folders layered over the built-in one (--templates), in order. For regen,
  // templates_given says whether they replace the ones its manifest records.
  std::vector<std::string> templates;
  bool templates_given = false;
  CacheFolder cache;  // common/cache_folder.h: its place, layout and rules
};

Settings default_settings();

// How much a command prints.
struct Output {
  bool json = false;
  bool quiet = false;
};

// With FRP_TIMINGS=1, each stage's wall time goes to stderr (for benchmarks/).
class StageTimer {
 public:
  StageTimer();
  void lap(const char* stage);

 private:
  using Clock = std::chrono::steady_clock;
  bool enabled_;
  Clock::time_point last_;
};

// Renderer processes for commands that render: one per core, two at most (the work is a few
// hundred milliseconds; more processes would cost more to start than they save).
int render_workers();

// The Python side of one run, started first so that its start-up overlaps with the C++ work:
// the torch locator (load/torch_locator.h), for every command that reads torch's yaml (none
// when --native-functions names it), and the renderer, for commands that render.
std::unique_ptr<load::TorchLocator> start_torch_locator(const Settings& s);
std::unique_ptr<render::Renderer> start_renderer(const Settings& s, int workers);

// Everything loaded for one descriptor: the registry with PyTorch's and the custom ops.
struct Loaded {
  descriptor::Descriptor descriptor;
  model::OpRegistry registry;
  std::string torch_version;
  std::map<std::string, std::string> inputs;  // {path: sha256} of the files the generation read
};

// Loads PyTorch's ops (and tags) into `registry`; returns the torch version. `locator` is
// start_torch_locator's (null when Settings name the yaml).
std::optional<std::string> load_torch_ops(const Settings& s, load::TorchLocator* locator,
                                          model::OpRegistry& registry,
                                          std::map<std::string, std::string>& inputs,
                                          Diagnostics& diags);

// Loads PyTorch's ops plus the descriptor's custom-op files (relative to `base_dir`).
std::optional<Loaded> load_all(const Settings& s, load::TorchLocator* locator,
                               descriptor::Descriptor d, const std::string& base_dir,
                               Diagnostics& diags);

std::optional<plan::RenderModel> plan_model(const Settings& s, const Loaded& loaded,
                                            Diagnostics& diags);

// The manifest's own entries (all but "files") for a generation of `loaded`, planned as `model`,
// into `root` with the template overlays `templates` (write/overlays.h).
write::Manifest manifest_header(const Loaded& loaded, const plan::RenderModel& model,
                                const std::vector<std::string>& templates, const std::string& root);

// Whether `dir` can be a generated repo: a folder frp-gen may search, holding a frp.yaml. Says
// why not, with the OS's reason.
bool check_repo_folder(const std::string& dir, Diagnostics& diags);

// Loads the repo at `dir`: its frp.yaml, PyTorch's ops and its custom-op files.
std::optional<Loaded> load_repo(const Settings& s, load::TorchLocator* locator,
                                const std::string& dir, Diagnostics& diags);

// What a command that renders does with the result.
enum class Outcome {
  kWrite,  // writes the repo
  kCheck,  // writes nothing; exit 1 if anything would change (regen --check)
  kDiff,   // the same, printing the unified diff of each change (regen --diff)
};

// The Python side of a command that renders, and what it renders with.
struct Generation {
  const Settings& settings;
  render::Renderer& renderer;
  write::Manifest old_manifest;  // the target repo's, or an empty one for a new repo
  Outcome outcome = Outcome::kWrite;
  bool new_repo = false;  // `new`: the target folder must be absent or empty
};

// Runs plan -> render -> write for `loaded` into `root` and reports it; returns the exit code.
// `extra` are input files a new repo gets.
int generate(const Generation& g, Loaded loaded, const std::string& root,
             std::vector<render::RenderedFile> extra, bool force, const Output& out,
             Diagnostics& diags, StageTimer& timer);

}  // namespace frp::cli
