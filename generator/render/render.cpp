#include "render/render.h"

#include <algorithm>
#include <charconv>
#include <map>

namespace frp::render {

using nlohmann::json;

Renderer::Renderer(Options opts) : opts_(std::move(opts)) {
  // Only the first worker looks for torch; the others just render.
  for (int i = 0; i < std::max(1, opts_.workers); ++i) {
    std::vector<std::string> argv = {opts_.python, opts_.renderer};
    if (i == 0) argv.push_back("--locate");
    workers_.push_back(std::make_unique<ChildProcess>(argv));
  }
}

bool Renderer::fail(Diagnostics& diags, const std::string& message, std::string hint) {
  diags.error({opts_.renderer, 0, 0}, message, std::move(hint));
  return false;
}

std::optional<json> Renderer::torch_location(Diagnostics& diags) {
  if (location_) return location_;
  // Every worker sends a first line; worker 0's answers, the others' ("{}") are dropped.
  for (std::size_t i = 0; i < workers_.size(); ++i) {
    std::optional<std::string> line = workers_[i]->read_line();
    if (!line) {
      fail(diags, "could not start the renderer with '" + opts_.python + "'",
           "set FRP_PYTHON (or --python) to a Python 3 with Jinja2 and torch installed");
      return std::nullopt;
    }
    if (i == 0) {
      try {
        location_ = json::parse(*line);
      } catch (const json::exception&) {
        fail(diags, "the renderer's first line is not the expected JSON: " + line->substr(0, 80));
        return std::nullopt;
      }
    }
  }
  return location_;
}

namespace {

// Parses records of "<path>\n<owner>\n<length>\n<content>" (see render.py).
bool parse_records(std::string_view rest, std::vector<RenderedFile>& files) {
  auto next_line = [&rest](std::string_view* line) {
    std::size_t newline = rest.find('\n');
    if (newline == std::string_view::npos) return false;
    *line = rest.substr(0, newline);
    rest.remove_prefix(newline + 1);
    return true;
  };
  while (!rest.empty()) {
    std::string_view path, owner, length;
    std::size_t size = 0;
    if (!next_line(&path) || !next_line(&owner) || !next_line(&length)) return false;
    auto [end, ec] = std::from_chars(length.data(), length.data() + length.size(), size);
    if (ec != std::errc() || end != length.data() + length.size() || size > rest.size()) {
      return false;
    }
    files.push_back({std::string(path), std::string(owner), std::string(rest.substr(0, size))});
    rest.remove_prefix(size);
  }
  return true;
}

}  // namespace

std::optional<std::vector<RenderedFile>> Renderer::render(const json& model, Diagnostics& diags) {
  if (!torch_location(diags)) return std::nullopt;
  // Share the files out by expected work (a file's cost grows with its ops), largest first.
  const json& files = model.at("files");
  std::vector<std::size_t> order(files.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  auto cost = [&](std::size_t i) { return 1 + files[i].value("ops", json::array()).size(); };
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return cost(a) > cost(b); });
  std::vector<json> share(workers_.size(), json::array());
  std::vector<std::size_t> load(workers_.size(), 0);
  for (std::size_t i : order) {
    std::size_t w = std::min_element(load.begin(), load.end()) - load.begin();
    share[w].push_back(i);
    load[w] += cost(i);
  }

  // Spliced rather than built as one json value: that would deep-copy the whole model.
  const std::string head = "{\"template_dirs\":" + json(opts_.template_dirs).dump() +
                           ",\"model\":" + model.dump() + ",\"render\":";
  for (std::size_t w = 0; w < workers_.size(); ++w) {
    workers_[w]->send_and_close(head + share[w].dump() + "}");
  }
  std::vector<RenderedFile> rendered;
  for (auto& worker : workers_) {
    std::string reply = worker->read_rest();
    int code = worker->wait();
    if (code != 0) {
      fail(diags, "rendering failed (exit " + std::to_string(code) + ")",
           "the renderer's message is above");
      return std::nullopt;
    }
    if (!parse_records(reply, rendered)) {
      fail(diags, "renderer sent a malformed reply");
      return std::nullopt;
    }
  }
  // Back into plan order, so summaries and manifests do not depend on the sharing.
  std::map<std::string, std::size_t> position;
  for (std::size_t i = 0; i < files.size(); ++i) position[files[i].at("path")] = i;
  std::sort(rendered.begin(), rendered.end(), [&](const RenderedFile& a, const RenderedFile& b) {
    return position[a.path] < position[b.path];
  });
  return rendered;
}

}  // namespace frp::render
