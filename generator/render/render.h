// Render stage: hands the render model to Jinja2 renderers (renderer.py) and gets the text of every
// planned file back. No file is written here. The protocol is described in render/frames.h.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/diagnostics.h"
#include "common/owner.h"
#include "common/subprocess.h"
#include "plan/plan.h"
#include "render/kept_rendering.h"

namespace frp::render {

// A planned file and its text. Path and owner are the plan's (its "files" entries); only the
// content comes from the renderer.
struct RenderedFile {
  std::string path;
  Owner owner = Owner::Generated;
  std::string content;
  // A scaffold's ops, by key: recorded in the manifest, so that a regen that must merge or
  // orphan it can say which ops changed.
  std::vector<std::string> ops = {};
};

struct Options {
  std::string python;                      // interpreter with Jinja2
  std::string renderer;                    // path of render.py
  std::vector<std::string> template_dirs;  // searched in order: user overlays first
  std::string template_cache;              // compiled templates are kept here; "" for none
  std::string bytecode_cache;              // and the renderer's own Python modules; "" for none
  CacheFolder kept;                        // where rendered texts are kept (kept_rendering.h)
  int workers = 1;                         // renderers working in parallel
};

// The Jinja2 side of a run: renderer.py, spoken to in the protocol of render/frames.h. Started
// first, so that Python's start-up, the Jinja2 import and the loading of every template overlap
// with loading and planning in C++. It only renders: where torch is, the load stage asks a
// Python of its own (load/torch_locator.h). When a run would render what was rendered before,
// the kept texts are the answer and the Python is stopped (render/kept_rendering.h).
class Renderer {
 public:
  explicit Renderer(Options opts);

  // Renders every file of the model's "files", in that order, spread over the workers.
  std::optional<std::vector<RenderedFile>> render(const plan::RenderModel& model,
                                                  Diagnostics& diags);

 private:
  // How many workers the renderer has (its hello frame); closes the channels without one.
  std::optional<std::size_t> workers(Diagnostics& diags);
  bool fail(Diagnostics& diags, const std::string& message, std::string hint = {});
  // Reports an error frame's payload (see frames.h).
  void report_error(const std::string& payload, Diagnostics& diags);

  Options opts_;
  KeptRenderings kept_;
  std::unique_ptr<ChildProcess> python_;  // one channel per worker
  nlohmann::json jinja2_;                 // the hello's search facts of finding Jinja2
};

}  // namespace frp::render
