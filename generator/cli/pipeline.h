// The pipeline as the CLI drives it: load -> model -> plan -> render -> write.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "common/diagnostics.h"
#include "descriptor/descriptor.h"
#include "model/op_registry.h"
#include "render/render.h"
#include "write/writer.h"

namespace frp::cli {

// Exit codes shared by every command.
constexpr int kExitOk = 0;
constexpr int kExitFailed = 1;    // e.g. conflicts with hand-edited files
constexpr int kExitBadInput = 2;  // bad input or usage

struct Settings {
  std::string python;                  // interpreter with torch (for locating yaml) and Jinja2
  std::string data_dir;                // frp-gen's templates/, schemas/, generator/render/
  std::string native_functions;        // override; found through `python` when empty
  std::string tags;                    // override
  std::vector<std::string> templates;  // user template folders layered over the built-in one
};

Settings default_settings();

// Everything loaded for one descriptor: the registry with PyTorch's and the custom ops.
struct Loaded {
  descriptor::Descriptor descriptor;
  model::OpRegistry registry;
  std::string torch_version;
  nlohmann::json inputs;  // {path: sha256} of the files the generation read
};

// Loads PyTorch's ops (and tags) into `registry`; returns the torch version.
std::optional<std::string> load_torch_ops(const Settings& s, model::OpRegistry& registry,
                                          nlohmann::json& inputs, Diagnostics& diags);

// Loads PyTorch's ops plus the descriptor's custom-op files (relative to `base_dir`).
std::optional<Loaded> load_all(const Settings& s, descriptor::Descriptor d,
                               const std::string& base_dir, Diagnostics& diags);

std::optional<nlohmann::json> plan_model(const Settings& s, const Loaded& loaded,
                                         Diagnostics& diags);

std::optional<std::vector<render::RenderedFile>> render_model(const Settings& s,
                                                              const nlohmann::json& model,
                                                              Diagnostics& diags);

nlohmann::json manifest_header(const Loaded& loaded);

}  // namespace frp::cli
