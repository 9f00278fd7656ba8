#include "render/render.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "common/json_text.h"
#include "common/parallel.h"
#include "common/sha256.h"
#include "render/frames.h"

namespace frp::render {

using nlohmann::json;

Renderer::Renderer(Options opts)
    : opts_(std::move(opts)), kept_(opts_.kept, opts_.python, opts_.renderer, opts_.template_dirs) {
  // One Python, which forks its other workers once Jinja2 and the templates are loaded (see
  // renderer.py); -S: it adds the site-packages folders itself (common/frp_site.py).
  const int workers = std::max(1, opts_.workers);
  std::vector<std::string> argv = {opts_.python, "-S", opts_.renderer};
  if (!opts_.bytecode_cache.empty()) {  // render.py's own option, so first
    argv.push_back("--pycache");
    argv.push_back(opts_.bytecode_cache);
  }
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

void Renderer::report_error(const std::string& payload, Diagnostics& diags) {
  try {
    const json failure = json::parse(payload);
    const std::string message = failure.at("message").get<std::string>();
    if (!failure.contains("template")) {
      fail(diags, message, failure.value("hint", ""));
      return;
    }
    diags.error({failure.at("template").get<std::string>(), failure.at("line").get<int>(), 0},
                message + " (rendering " + failure.at("rendering").get<std::string>() + ")");
  } catch (const json::exception&) {
    fail(diags, "renderer sent a malformed error: " + payload.substr(0, 80));
  }
}

std::optional<std::size_t> Renderer::workers(Diagnostics& diags) {
  FrameKind kind{};
  std::string payload, problem;
  switch (read_frame(python_->channel(0), kind, payload, &problem)) {
    case FrameRead::End: {
      const std::string hint = "set FRP_PYTHON (or --python) to a Python 3 with Jinja2 installed";
      // As the torch locator says it: the Python that cannot run, or how the renderer ended.
      if (std::string reason = python_->start_error(); !reason.empty()) {
        diags.error({opts_.python, 0, 0}, "cannot run this Python to render: " + reason, hint);
      } else {
        fail(diags,
             "could not start the renderer with '" + opts_.python +
                 "': it ended with exit status " + std::to_string(python_->wait()),
             hint);
      }
      return std::nullopt;
    }
    case FrameRead::Malformed:
      fail(diags, "renderer sent a malformed reply: " + problem);
      return std::nullopt;
    case FrameRead::Frame:
      break;
  }
  std::size_t workers = 0;
  try {
    if (kind == FrameKind::Hello) {
      jinja2_ = json::parse(payload);
      workers = jinja2_.at("workers").get<std::size_t>();
      jinja2_.erase("workers");
    }
  } catch (const json::exception&) {
  }
  if (workers == 0) {
    fail(diags, "renderer sent a malformed reply: its first frame is not a hello");
    return std::nullopt;
  }
  // Only the channels that reached Python have a worker behind them.
  workers = std::min(workers, python_->channel_count());
  for (std::size_t w = workers; w < python_->channel_count(); ++w) python_->channel(w).close();
  return workers;
}

namespace {

// How one worker's reply went.
struct Reply {
  bool complete = false;
  std::string error;    // an error frame's payload
  std::string problem;  // what was wrong with a reply that is neither complete nor an error
};

// Reads a worker's reply: one content frame per file of its share, each read straight into its
// place in `rendered` (see frames.h).
Reply read_reply(Channel& channel, const plan::RenderModel& model,
                 const std::vector<std::size_t>& share, std::vector<RenderedFile>& rendered) {
  Reply reply;
  FrameKind kind{};
  for (std::size_t k = 0; k < share.size(); ++k) {
    RenderedFile& file = rendered[share[k]];
    const FrameRead read = read_frame(channel, kind, file.content, &reply.problem);
    if (read == FrameRead::End) {
      reply.problem = "the reply ended after " + std::to_string(k) + " of its " +
                      std::to_string(share.size()) + " files";
    }
    if (read != FrameRead::Frame) return reply;
    if (kind == FrameKind::Error) {
      reply.error = std::move(file.content);
      return reply;
    }
    if (kind != FrameKind::Content) {
      reply.problem = "a frame of kind '" + std::string(1, static_cast<char>(kind)) + "'";
      return reply;
    }
    file.path = model.files[share[k]].path;
    file.owner = model.files[share[k]].owner;
  }
  reply.complete = true;
  return reply;
}

// Shares the files out among `workers`, balancing expected work (a file's cost grows with its
// ops) while keeping each op's files together: a worker is sent only the ops its files use, so
// the fewer ops two workers share, the less JSON each one parses. Largest files first; a file
// goes to the worker that already has most of its ops unless that worker is ahead of the least
// loaded one by more than a small slack.
std::vector<std::vector<std::size_t>> share_files(const std::vector<plan::ModelFile>& files,
                                                  std::size_t workers) {
  std::vector<std::size_t> order(files.size());
  std::vector<std::size_t> cost(files.size());
  std::size_t total = 0;
  for (std::size_t i = 0; i < files.size(); ++i) {
    order[i] = i;
    cost[i] = 1 + files[i].ops.size();
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
      for (std::size_t op : files[i].ops) overlap += op < has_op[w].size() && has_op[w][op];
      if (!found || overlap > best_overlap || (overlap == best_overlap && load[w] < load[best])) {
        best = w;
        best_overlap = overlap;
        found = true;
      }
    }
    share[best].push_back(i);
    load[best] += cost[i];
    for (std::size_t op : files[i].ops) {
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
  out.end_object();
  std::string text = out.take();
  return text.substr(1, text.size() - 2);
}

// The model as one worker needs it: entries of "files" and "ops" that its files do not use (or
// quote) are null (the indices of the others stay valid). Spliced from text, not built as a json
// value, which would deep-copy the model.
std::string request_for(const plan::RenderModel& model, const std::string& shared,
                        const std::vector<std::size_t>& share) {
  std::vector<bool> file_used(model.files.size(), false), op_used(model.ops.size(), false);
  auto use = [&](std::size_t i) {
    file_used[i] = true;
    for (std::size_t op : model.files[i].ops) op_used[op] = true;
  };
  for (std::size_t i : share) {
    use(i);
    for (std::size_t quoted : model.files[i].quotes) use(quoted);
  }
  std::size_t size = shared.size() + 64;
  for (std::size_t i = 0; i < model.ops.size(); ++i) {
    size += op_used[i] ? model.ops[i].request.size() + 1 : 5;
  }
  for (std::size_t i = 0; i < model.files.size(); ++i) {
    size += file_used[i] ? model.files[i].request.size() + 1 : 5;
  }
  auto entries = [](JsonText& out, const auto& entries, const std::vector<bool>& used) {
    out.begin_array();
    for (std::size_t i = 0; i < entries.size(); ++i) {
      if (used[i]) {
        out.raw(entries[i].request);
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

// The SHA-256 of the whole model, each part with its size before it: what a kept rendering is
// found by.
std::string model_digest(const plan::RenderModel& model, const std::string& shared) {
  Sha256 digest;
  auto add = [&](const std::string& part) {
    digest.update(std::to_string(part.size())).update(":").update(part);
  };
  add(shared);
  for (const plan::ModelOp& op : model.ops) add(op.request);
  for (const plan::ModelFile& file : model.files) add(file.request);
  return digest.hex();
}

}  // namespace

std::optional<std::vector<RenderedFile>> Renderer::render(const plan::RenderModel& model,
                                                          Diagnostics& diags) {
  const std::string shared = shared_parts(model);
  const std::string digest = kept_.enabled() ? model_digest(model, shared) : std::string();
  if (std::optional<std::vector<std::string>> texts = kept_.find(digest);
      texts && texts->size() == model.files.size()) {
    python_->stop();  // still starting up, for nothing
    std::vector<RenderedFile> rendered(model.files.size());
    for (std::size_t i = 0; i < rendered.size(); ++i) {
      rendered[i] = {model.files[i].path, model.files[i].owner, std::move((*texts)[i])};
    }
    return rendered;
  }
  const std::optional<std::size_t> workers = this->workers(diags);
  if (!workers) return std::nullopt;
  const std::vector<std::vector<std::size_t>> share = share_files(model.files, *workers);
  // Each worker's request is written and sent on its own thread: the workers are waiting, so
  // their cores are free, and each starts parsing as soon as its own request is complete.
  parallel_for(*workers, *workers, [&](std::size_t w) {
    python_->channel(w).send_and_close(request_for(model, shared, share[w]));
  });
  // Read on a thread each: a worker that finishes first would otherwise wait, its pipe full,
  // until the other's reply has been read, and the two transfers would not overlap.
  std::vector<RenderedFile> rendered(model.files.size());
  std::vector<Reply> replies(*workers);
  parallel_for(*workers, *workers, [&](std::size_t w) {
    replies[w] = read_reply(python_->channel(w), model, share[w], rendered);
  });
  // Complete replies are the result, and Python's exit (its tear-down) is not waited for; only
  // when a reply falls short may the exit status tell why.
  if (std::all_of(replies.begin(), replies.end(), [](const Reply& r) { return r.complete; })) {
    if (kept_.enabled()) {
      std::vector<std::string_view> texts;
      texts.reserve(rendered.size());
      for (const RenderedFile& file : rendered) texts.push_back(file.content);
      kept_.keep(digest, texts, jinja2_);
    }
    return rendered;
  }
  const int code = python_->wait();
  // A template error ends its worker's reply; the first one found is the one reported.
  for (const Reply& reply : replies) {
    if (!reply.error.empty()) {
      report_error(reply.error, diags);
      return std::nullopt;
    }
  }
  if (code != 0) {
    fail(diags, "rendering failed (exit " + std::to_string(code) + ")",
         "the renderer's message is above");
    return std::nullopt;
  }
  const auto broken =
      std::find_if(replies.begin(), replies.end(), [](const Reply& r) { return !r.complete; });
  fail(diags, "renderer sent a malformed reply: " + broken->problem);
  return std::nullopt;
}

}  // namespace frp::render
