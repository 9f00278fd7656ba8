#include "write/writer.h"

#include <openssl/evp.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

#include "common/paths.h"

namespace frp::write {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr const char* kManifestPath = ".frp/manifest.json";

std::optional<std::string> read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

bool write_file(const fs::path& path, std::string_view content) {
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(content.data(), static_cast<std::streamsize>(content.size()));
  out.close();
  return static_cast<bool>(out);
}

std::string unique_suffix() {
  std::random_device rd;
  return std::to_string(::getpid()) + "-" + std::to_string(rd() % 1000000);
}

}  // namespace

std::string_view to_string(Action action) {
  switch (action) {
    case Action::Create:
      return "created";
    case Action::Update:
      return "updated";
    case Action::Unchanged:
      return "unchanged";
    case Action::Skip:
      return "skipped";
    case Action::Remove:
      return "removed";
    case Action::Conflict:
      return "conflict";
  }
  return "unchanged";
}

bool WritePlan::has_conflicts() const {
  for (const FileChange& c : changes) {
    if (c.action == Action::Conflict) return true;
  }
  return false;
}

std::string sha256_hex(std::string_view data) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  EVP_Digest(data.data(), data.size(), digest, &length, EVP_sha256(), nullptr);
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < length; ++i) {
    out += hex[digest[i] >> 4];
    out += hex[digest[i] & 15];
  }
  return out;
}

std::optional<json> read_manifest(const std::string& root, Diagnostics& diags) {
  fs::path path = fs::path(root) / kManifestPath;
  if (!fs::exists(path)) return json::object();
  std::optional<std::string> text = read_file(path);
  try {
    if (text) return json::parse(*text);
  } catch (const json::exception& e) {
    diags.error({path.string(), 0, 0}, std::string("corrupt manifest: ") + e.what(),
                "restore it from version control, or run 'frp-gen regen --force'");
    return std::nullopt;
  }
  diags.error({path.string(), 0, 0}, "cannot read the manifest");
  return std::nullopt;
}

WritePlan plan_writes(const std::string& root, const std::vector<render::RenderedFile>& files,
                      const json& old_manifest, bool force) {
  WritePlan plan{root, {}};
  const json old_files = old_manifest.value("files", json::object());
  std::map<std::string, bool> planned;
  for (const render::RenderedFile& f : files) {
    planned[f.path] = true;
    fs::path target = fs::path(root) / f.path;
    std::optional<std::string> current = read_file(target);
    Action action;
    if (!current) {
      action = Action::Create;
    } else if (*current == f.content) {
      action = Action::Unchanged;
    } else if (f.owner != "generated") {
      action = Action::Skip;  // the user's file now: their content stays
    } else {
      // A generated file may be rewritten only if nobody edited it since we wrote it.
      std::string recorded = old_files.contains(f.path)
                                 ? old_files[f.path].value("sha256", std::string())
                                 : std::string();
      bool edited = recorded != sha256_hex(*current);
      action = (edited && !force) ? Action::Conflict : Action::Update;
    }
    plan.changes.push_back({f.path, f.owner, action});
  }
  for (const auto& [path, entry] : old_files.items()) {
    if (planned.contains(path) || entry.value("owner", "") != "generated") continue;
    std::optional<std::string> current = read_file(fs::path(root) / path);
    if (!current) continue;
    bool edited = entry.value("sha256", std::string()) != sha256_hex(*current);
    plan.changes.push_back(
        {path, "generated", (edited && !force) ? Action::Conflict : Action::Remove});
  }
  return plan;
}

json make_manifest(const json& header, const std::vector<render::RenderedFile>& files,
                   const json& old_manifest, const WritePlan& plan) {
  json manifest = header;
  json entries = json::object();
  const json old_files = old_manifest.value("files", json::object());
  std::map<std::string, Action> actions;
  for (const FileChange& c : plan.changes) actions[c.path] = c.action;
  for (const render::RenderedFile& f : files) {
    json entry = {{"owner", f.owner}};
    if (actions[f.path] == Action::Skip && old_files.contains(f.path)) {
      entry = old_files[f.path];  // keep the pristine hash of what we once scaffolded
    } else {
      entry["sha256"] = sha256_hex(f.content);
    }
    entries[f.path] = entry;
  }
  // `new` writes the inputs; later runs only read them, but the manifest keeps listing them.
  for (const auto& [path, entry] : old_files.items()) {
    if (!entries.contains(path) && entry.value("owner", "") == "input") entries[path] = entry;
  }
  manifest["files"] = entries;
  return manifest;
}

bool apply(const WritePlan& plan, const std::vector<render::RenderedFile>& files,
           const json& manifest_header, Diagnostics& diags) {
  Diagnostics& d = diags;
  std::map<std::string, const render::RenderedFile*> by_path;
  for (const auto& f : files) by_path[f.path] = &f;
  json old_manifest = read_manifest(plan.root, d).value_or(json::object());
  std::string manifest_text =
      make_manifest(manifest_header, files, old_manifest, plan).dump(2) + "\n";

  for (const FileChange& c : plan.changes) {
    if (!is_safe_relative_path(c.path)) {
      d.error({c.path, 0, 0}, "refusing to write outside the target folder");
      return false;
    }
  }
  // "out/" and "out" are the same folder; without the slash, filename() names it.
  fs::path root = fs::path(plan.root).lexically_normal();
  if (root.filename().empty()) root = root.parent_path();
  std::error_code ec;
  const bool fresh = !fs::exists(root) || (fs::is_directory(root) && fs::is_empty(root));
  if (fresh) {
    // Build the whole repo beside its destination, then move it into place in one rename.
    fs::path staging =
        root.parent_path() / ("." + root.filename().string() + ".frp-staging-" + unique_suffix());
    bool ok = true;
    for (const FileChange& c : plan.changes) {
      if (c.action == Action::Create)
        ok = ok && write_file(staging / c.path, by_path[c.path]->content);
    }
    ok = ok && write_file(staging / kManifestPath, manifest_text);
    if (ok) {
      if (fs::exists(root)) fs::remove(root, ec);
      fs::create_directories(root.parent_path().empty() ? fs::path(".") : root.parent_path(), ec);
      fs::rename(staging, root, ec);
      ok = !ec;
    }
    if (!ok) {
      fs::remove_all(staging, ec);
      d.error({plan.root, 0, 0},
              "could not write the new repo" + (ec ? ": " + ec.message() : std::string()));
    }
    return ok;
  }

  // Existing repo: stage every new content next to its target, then rename them all.
  const std::string suffix = ".frp-new-" + unique_suffix();
  std::vector<std::pair<fs::path, fs::path>> renames;
  bool ok = true;
  for (const FileChange& c : plan.changes) {
    if (c.action != Action::Create && c.action != Action::Update) continue;
    fs::path target = root / c.path;
    fs::path temp = target;
    temp += suffix;
    ok = ok && write_file(temp, by_path[c.path]->content);
    renames.emplace_back(temp, target);
  }
  fs::path manifest_target = root / kManifestPath;
  if (read_file(manifest_target) != manifest_text) {  // a no-op regen leaves it alone too
    fs::path manifest_temp = manifest_target;
    manifest_temp += suffix;
    ok = ok && write_file(manifest_temp, manifest_text);
    renames.emplace_back(manifest_temp, manifest_target);
  }
  if (!ok) {
    for (auto& [temp, target] : renames) fs::remove(temp, ec);
    d.error({plan.root, 0, 0}, "could not stage the new files; nothing was changed");
    return false;
  }
  for (auto& [temp, target] : renames) {
    fs::rename(temp, target, ec);
    if (ec) {
      d.error({target.string(), 0, 0}, "could not replace file: " + ec.message());
      return false;
    }
  }
  for (const FileChange& c : plan.changes) {
    if (c.action == Action::Remove) fs::remove(root / c.path, ec);
  }
  return true;
}

}  // namespace frp::write
