// Render stage: hands the render model to the Jinja2 renderer (one Python process) and gets the
// text of every planned file back. No file is written here.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "common/diagnostics.h"

namespace frp::render {

struct RenderedFile {
  std::string path;
  std::string owner;  // "generated" | "scaffold" | "input"
  std::string content;
};

struct Options {
  std::string python;                      // interpreter with Jinja2
  std::string renderer;                    // path of render.py
  std::vector<std::string> template_dirs;  // searched in order: user overlays first
};

std::optional<std::vector<RenderedFile>> render(const nlohmann::json& model, const Options& opts,
                                                Diagnostics& diags);

}  // namespace frp::render
