// Render stage: hands the render model to Jinja2 renderers (render.py) and gets the text of every
// planned file back. No file is written here.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "common/diagnostics.h"
#include "common/subprocess.h"
#include "plan/plan.h"

namespace frp::render {

struct RenderedFile {
  std::string path;
  std::string owner;  // "generated" | "scaffold" | "input"
  std::string content;
};

struct Options {
  std::string python;                      // interpreter with Jinja2 (and torch)
  std::string renderer;                    // path of render.py
  std::vector<std::string> template_dirs;  // searched in order: user overlays first
  std::string template_cache;              // compiled templates are kept here; "" for none
  int workers = 1;                         // renderers working in parallel
};

// The Python side of a run. Started first, so that Python's start-up and the Jinja2 import
// overlap with loading and planning in C++. It begins by reporting where the installed torch
// keeps its operator yaml, so a run needs no other Python process.
class Renderer {
 public:
  explicit Renderer(Options opts);

  // The renderer's first line: {"torchgen": dir or "", "torch_version": version or "",
  // "channels": how many of its channels reached it}.
  std::optional<nlohmann::json> torch_location(Diagnostics& diags);

  // Renders every file of the model's "files", in that order, spread over the workers.
  std::optional<std::vector<RenderedFile>> render(const plan::RenderModel& model,
                                                  Diagnostics& diags);

 private:
  bool fail(Diagnostics& diags, const std::string& message, std::string hint = {});
  // Reports a worker's template error (see render.py for the record).
  std::nullopt_t template_error(const RenderedFile& record, Diagnostics& diags);

  Options opts_;
  std::unique_ptr<ChildProcess> python_;  // one channel per worker
  std::optional<nlohmann::json> location_;
};

}  // namespace frp::render
