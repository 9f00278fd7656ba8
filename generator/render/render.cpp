#include "render/render.h"

#include <algorithm>
#include <charconv>
#include <thread>

#include "common/json_text.h"

namespace frp::render {

using nlohmann::json;

Renderer::Renderer(Options opts) : opts_(std::move(opts)) {
  // One Python, which forks its other workers once Jinja2 and the templates are loaded (see
  // render.py); -S: render.py adds the site-packages folders itself (add_site_packages).
  const int workers = std::max(1, opts_.workers);
  std::vector<std::string> argv = {opts_.python, "-S", opts_.renderer};
  if (workers > 1) {
    argv.push_back("--workers");
    argv.push_back(std::to_string(workers));
  }
  for (const std::string& dir : opts_.template_dirs) {
    argv.push_back("--templates");
    argv.push_back(dir);
  }
  if (!opts_.template_cache.empty()) {
    argv.push_back("--cache");
    argv.push_back(opts_.template_cache);
  }
  python_ = std::make_unique<ChildProcess>(argv, workers - 1);
}

bool Renderer::fail(Diagnostics& diags, const std::string& message, std::string hint) {
  diags.error({opts_.renderer, 0, 0}, message, std::move(hint));
  return false;
}

std::nullopt_t Renderer::template_error(const RenderedFile& record, Diagnostics& diags) {
  try {
    const json failure = json::parse(record.content);
    diags.error({failure.at("template").get<std::string>(), failure.at("line").get<int>(), 0},
                failure.at("message").get<std::string>() + " (rendering " +
                    failure.at("rendering").get<std::string>() + ")");
  } catch (const json::exception&) {
    fail(diags, "renderer sent a malformed error: " + record.content.substr(0, 80));
  }
  return std::nullopt;
}

std::optional<json> Renderer::torch_location(Diagnostics& diags) {
  if (location_) return location_;
  std::optional<std::string> line = python_->read_line();
  if (!line) {
    fail(diags, "could not start the renderer with '" + opts_.python + "'",
         "set FRP_PYTHON (or --python) to a Python 3 with Jinja2 and torch installed");
    return std::nullopt;
  }
  try {
    location_ = json::parse(*line);
  } catch (const json::exception&) {
    fail(diags, "the renderer's first line is not the expected JSON: " + line->substr(0, 80));
    return std::nullopt;
  }
  return location_;
}

namespace {

// Reads a worker's reply: records of "<path>\n<owner>\n<length>\n<content>" (see render.py),
// each content read straight into its file. False if the reply is malformed or cut short.
bool read_records(Channel& channel, std::vector<RenderedFile>& files) {
  for (;;) {
    std::optional<std::string> path = channel.read_line();
    if (!path) return true;  // the end of the reply
    std::optional<std::string> owner = channel.read_line();
    std::optional<std::string> length = channel.read_line();
    if (!owner || !length) return false;
    std::size_t size = 0;
    auto [end, ec] = std::from_chars(length->data(), length->data() + length->size(), size);
    // A length no rendered file comes near is a broken reply, not an allocation to attempt.
    constexpr std::size_t kLargestFile = std::size_t{1} << 30;
    if (ec != std::errc() || end != length->data() + length->size() || size > kLargestFile) {
      return false;
    }
    RenderedFile& file = files.emplace_back(RenderedFile{std::move(*path), std::move(*owner), {}});
    if (!channel.read_exactly(size, file.content)) return false;
  }
}

// Shares the files out among `workers`, balancing expected work (a file's cost grows with its
// ops) while keeping each op's files together: a worker is sent only the ops its files use, so
// the fewer ops two workers share, the less JSON each one parses. Largest files first; a file
// goes to the worker that already has most of its ops unless that worker is ahead of the least
// loaded one by more than a small slack. `file_ops[i]` are the ops of file i.
std::vector<std::vector<std::size_t>> share_files(
    const std::vector<std::vector<std::size_t>>& file_ops, std::size_t workers) {
  std::vector<std::size_t> order(file_ops.size());
  std::vector<std::size_t> cost(file_ops.size());
  std::size_t total = 0;
  for (std::size_t i = 0; i < file_ops.size(); ++i) {
    order[i] = i;
    cost[i] = 1 + file_ops[i].size();
    total += cost[i];
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return cost[a] > cost[b]; });
  const std::size_t slack = total / (20 * workers) + 1;
  std::vector<std::vector<std::size_t>> share(workers);
  std::vector<std::size_t> load(workers, 0);
  std::vector<std::vector<bool>> has_op(workers);
  for (std::size_t i : order) {
    const std::size_t least = *std::min_element(load.begin(), load.end());
    std::size_t best = 0, best_overlap = 0;
    bool found = false;
    for (std::size_t w = 0; w < workers; ++w) {
      if (load[w] > least + slack) continue;
      std::size_t overlap = 0;
      for (std::size_t op : file_ops[i]) overlap += op < has_op[w].size() && has_op[w][op];
      if (!found || overlap > best_overlap || (overlap == best_overlap && load[w] < load[best])) {
        best = w;
        best_overlap = overlap;
        found = true;
      }
    }
    share[best].push_back(i);
    load[best] += cost[i];
    for (std::size_t op : file_ops[i]) {
      if (op >= has_op[best].size()) has_op[best].resize(op + 1, false);
      has_op[best][op] = true;
    }
  }
  return share;
}

// Every part of the model but "ops" and "files", which each worker gets as its own share: as
// the members of a JSON object, without the braces.
std::string shared_parts(const plan::RenderModel& model) {
  JsonText out;
  out.begin_object();
  for (const auto& [key, value] : model.doc.items()) out.key(key).value(value);
  for (const auto& [key, text] : model.parts) out.key(key).raw(text);
  out.end_object();
  std::string text = out.take();
  return text.substr(1, text.size() - 2);
}

// The model as one worker needs it: entries of "files" and "ops" that its files do not use are
// null (the indices of the others stay valid). Spliced from text, not built as a json value,
// which would deep-copy the model.
std::string request_for(const plan::RenderModel& model, const std::string& shared,
                        const std::vector<std::size_t>& share) {
  std::vector<bool> file_used(model.files.size(), false), op_used(model.ops.size(), false);
  for (std::size_t i : share) {
    file_used[i] = true;
    for (std::size_t op : model.file_ops[i]) op_used[op] = true;
  }
  std::size_t size = shared.size() + 64;
  for (std::size_t i = 0; i < model.ops.size(); ++i) {
    size += op_used[i] ? model.ops[i].size() + 1 : 5;
  }
  for (std::size_t i = 0; i < model.files.size(); ++i) {
    size += file_used[i] ? model.files[i].size() + 1 : 5;
  }
  auto entries = [](JsonText& out, const std::vector<std::string>& texts,
                    const std::vector<bool>& used) {
    out.begin_array();
    for (std::size_t i = 0; i < texts.size(); ++i) {
      if (used[i]) {
        out.raw(texts[i]);
      } else {
        out.null();
      }
    }
    out.end_array();
  };
  JsonText out;
  out.reserve(size + 8 * share.size());
  out.begin_object().key("model").begin_object().key("ops");
  entries(out, model.ops, op_used);
  out.key("files");
  entries(out, model.files, file_used);
  if (!shared.empty()) out.raw_members(shared);
  out.end_object().key("render").begin_array();
  for (std::size_t i : share) out.value(std::uint64_t{i});
  return out.end_array().end_object().take();
}

}  // namespace

std::optional<std::vector<RenderedFile>> Renderer::render(const plan::RenderModel& model,
                                                          Diagnostics& diags) {
  if (!torch_location(diags)) return std::nullopt;
  // Only the channels that reached Python (see render.py) have a worker behind them.
  const std::size_t workers = std::clamp<std::size_t>(location_->value("channels", std::size_t{1}),
                                                      1, python_->channel_count());
  for (std::size_t w = workers; w < python_->channel_count(); ++w) python_->channel(w).close();
  const std::vector<std::vector<std::size_t>> share = share_files(model.file_ops, workers);
  // Each worker's request is written and sent on its own thread: the workers are waiting, so
  // their cores are free, and each starts parsing as soon as its own request is complete.
  const std::string shared = shared_parts(model);
  std::vector<std::thread> senders;
  for (std::size_t w = 0; w < workers; ++w) {
    senders.emplace_back(
        [&, w] { python_->channel(w).send_and_close(request_for(model, shared, share[w])); });
  }
  for (std::thread& sender : senders) sender.join();
  // Read on a thread each: a worker that finishes first would otherwise wait, its pipe full,
  // until the other's reply has been read, and the two transfers would not overlap.
  std::vector<std::vector<RenderedFile>> replies(workers);
  std::vector<char> well_formed(workers);
  std::vector<std::thread> readers;
  for (std::size_t w = 0; w < workers; ++w) {
    readers.emplace_back(
        [&, w] { well_formed[w] = read_records(python_->channel(w), replies[w]); });
  }
  for (std::thread& reader : readers) reader.join();
  // Complete, well-formed replies are the result, and Python's exit (its tear-down) is not
  // waited for; only when a reply falls short may the exit status tell why.
  bool complete = true;
  for (std::size_t w = 0; w < workers; ++w) {
    complete = complete && well_formed[w] && replies[w].size() == share[w].size() &&
               (replies[w].empty() || replies[w].back().owner != "error");
  }
  if (!complete) {
    const int code = python_->wait();
    // A template error ends its worker's reply; the first one found is the one reported.
    for (const std::vector<RenderedFile>& files : replies) {
      if (!files.empty() && files.back().owner == "error") {
        return template_error(files.back(), diags);
      }
    }
    if (code != 0) {
      fail(diags, "rendering failed (exit " + std::to_string(code) + ")",
           "the renderer's message is above");
    } else {
      fail(diags, "renderer sent a malformed reply");
    }
    return std::nullopt;
  }
  // Each worker replies in the order of its share; put the files back into plan order, so
  // summaries and manifests do not depend on the sharing.
  std::vector<RenderedFile> rendered(model.files.size());
  for (std::size_t w = 0; w < workers; ++w) {
    for (std::size_t k = 0; k < share[w].size(); ++k) {
      rendered[share[w][k]] = std::move(replies[w][k]);
    }
  }
  return rendered;
}

}  // namespace frp::render
