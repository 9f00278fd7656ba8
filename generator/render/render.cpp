#include "render/render.h"

#include <algorithm>
#include <charconv>
#include <thread>

namespace frp::render {

using nlohmann::json;

Renderer::Renderer(Options opts) : opts_(std::move(opts)) {
  // Only the first worker looks for torch; the others just render.
  for (int i = 0; i < std::max(1, opts_.workers); ++i) {
    // -S: render.py adds the site-packages folders itself (see add_site_packages there).
    std::vector<std::string> argv = {opts_.python, "-S", opts_.renderer};
    if (i == 0) argv.push_back("--locate");
    for (const std::string& dir : opts_.template_dirs) {
      argv.push_back("--templates");
      argv.push_back(dir);
    }
    if (!opts_.template_cache.empty()) {
      argv.push_back("--cache");
      argv.push_back(opts_.template_cache);
    }
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

// A file's op indices (none for a file that is not about ops).
const json& ops_of(const json& file) {
  static const json none = json::array();
  auto it = file.find("ops");
  return it == file.end() ? none : *it;
}

// Shares the files out among `workers`, balancing expected work (a file's cost grows with its
// ops) while keeping each op's files together: a worker is sent only the ops its files use, so
// the fewer ops two workers share, the less JSON each one parses. Largest files first; a file
// goes to the worker that already has most of its ops unless that worker is ahead of the least
// loaded one by more than a small slack.
std::vector<std::vector<std::size_t>> share_files(const json& files, std::size_t workers) {
  std::vector<std::size_t> order(files.size());
  std::vector<std::size_t> cost(files.size());
  std::size_t total = 0;
  for (std::size_t i = 0; i < files.size(); ++i) {
    order[i] = i;
    cost[i] = 1 + ops_of(files[i]).size();
    total += cost[i];
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return cost[a] > cost[b]; });
  const std::size_t slack = total / (20 * workers) + 1;
  std::vector<std::vector<std::size_t>> share(workers);
  std::vector<std::size_t> load(workers, 0);
  std::vector<std::vector<bool>> has_op(workers);
  for (std::size_t i : order) {
    const json& ops = ops_of(files[i]);
    const std::size_t least = *std::min_element(load.begin(), load.end());
    std::size_t best = 0, best_overlap = 0;
    bool found = false;
    for (std::size_t w = 0; w < workers; ++w) {
      if (load[w] > least + slack) continue;
      std::size_t overlap = 0;
      for (const json& op : ops) {
        std::size_t index = op.get<std::size_t>();
        overlap += index < has_op[w].size() && has_op[w][index];
      }
      if (!found || overlap > best_overlap || (overlap == best_overlap && load[w] < load[best])) {
        best = w;
        best_overlap = overlap;
        found = true;
      }
    }
    share[best].push_back(i);
    load[best] += cost[i];
    for (const json& op : ops) {
      std::size_t index = op.get<std::size_t>();
      if (index >= has_op[best].size()) has_op[best].resize(index + 1, false);
      has_op[best][index] = true;
    }
  }
  return share;
}

// The model as one worker needs it: entries of "files" and "ops" that its files do not use are
// null (the indices of the others stay valid). Spliced from per-entry text, not built as a json
// value, which would deep-copy the model.
std::string request_for(const json& model, const std::vector<std::size_t>& share) {
  const json& files = model.at("files");
  const json& ops = model.at("ops");
  std::vector<bool> file_used(files.size(), false), op_used(ops.size(), false);
  for (std::size_t i : share) {
    file_used[i] = true;
    for (const json& op : ops_of(files[i])) op_used[op.get<std::size_t>()] = true;
  }
  auto sparse = [](const json& list, const std::vector<bool>& used, auto text_of) {
    std::string out = "[";
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (i) out += ',';
      out += used[i] ? text_of(i) : std::string("null");
    }
    return out + "]";
  };
  std::string out = "{\"model\":{";
  bool first = true;
  for (const auto& [key, value] : model.items()) {
    if (!first) out += ',';
    first = false;
    out += json(key).dump() + ":";
    if (key == "files") {
      out += sparse(files, file_used, [&](std::size_t i) { return files[i].dump(); });
    } else if (key == "ops") {
      out += sparse(ops, op_used, [&](std::size_t i) { return ops[i].dump(); });
    } else {
      out += value.dump();
    }
  }
  return out + "},\"render\":" + json(share).dump() + "}";
}

}  // namespace

std::optional<std::vector<RenderedFile>> Renderer::render(const json& model, Diagnostics& diags) {
  if (!torch_location(diags)) return std::nullopt;
  const std::vector<std::vector<std::size_t>> share =
      share_files(model.at("files"), workers_.size());
  // Each worker's request is written and sent on its own thread: the workers are waiting, so
  // their cores are free, and each starts parsing as soon as its own request is complete.
  std::vector<std::thread> senders;
  for (std::size_t w = 0; w < workers_.size(); ++w) {
    senders.emplace_back([&, w] { workers_[w]->send_and_close(request_for(model, share[w])); });
  }
  for (std::thread& sender : senders) sender.join();
  // Each worker replies in the order of its share; put the files back into plan order, so
  // summaries and manifests do not depend on the sharing.
  std::vector<RenderedFile> rendered(model.at("files").size());
  for (std::size_t w = 0; w < workers_.size(); ++w) {
    std::string reply = workers_[w]->read_rest();
    int code = workers_[w]->wait();
    if (code != 0) {
      fail(diags, "rendering failed (exit " + std::to_string(code) + ")",
           "the renderer's message is above");
      return std::nullopt;
    }
    std::vector<RenderedFile> replies;
    if (!parse_records(reply, replies) || replies.size() != share[w].size()) {
      fail(diags, "renderer sent a malformed reply");
      return std::nullopt;
    }
    for (std::size_t k = 0; k < replies.size(); ++k) rendered[share[w][k]] = std::move(replies[k]);
  }
  return rendered;
}

}  // namespace frp::render
