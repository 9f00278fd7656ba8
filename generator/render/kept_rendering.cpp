#include "render/kept_rendering.h"

#include <fcntl.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>

#include "common/input_file.h"
#include "common/python_facts.h"

namespace frp::render {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// The first line of an entry; raise the number when the layout below changes. Then a line of
// JSON, {"sources", "jinja2", "model": its SHA-256, "texts": [size...]}, then the texts, back to
// back.
constexpr std::string_view kSignature = "frp-gen kept rendering 2";

void add_source(std::string& out, const fs::path& path) {
  out.append(path.string()).append(1, ' ').append(file_identity(path.string())).append(1, '\n');
}

// The regular files an iterator over a folder lists, `keep` choosing; `listed` is false if the
// folder, or a part of it, could not be listed.
template <typename Iterator>
std::vector<fs::path> files_in(const fs::path& folder, bool& listed, auto keep) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (Iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code kind;
    if (it->is_regular_file(kind) && keep(it->path())) files.push_back(it->path());
  }
  listed = !ec;
  std::sort(files.begin(), files.end());
  return files;
}

// Every regular file under `dir` (all of a template folder: one added to an overlay folder may
// shadow a built-in template), or only the Python modules directly in it.
void add_folder(std::string& out, const fs::path& dir, bool python_modules_only) {
  std::error_code ec;
  const fs::path folder = fs::absolute(dir, ec);
  bool listed = false;
  const std::vector<fs::path> files =
      python_modules_only
          ? files_in<fs::directory_iterator>(
                folder, listed, [](const fs::path& p) { return p.extension() == ".py"; })
          : files_in<fs::recursive_directory_iterator>(folder, listed,
                                                       [](const fs::path&) { return true; });
  // A folder that cannot be listed is a source too: once it can be, this line differs.
  out.append("folder ").append(folder.string()).append(listed ? "\n" : " -\n");
  for (const fs::path& file : files) add_source(out, file);
}

std::optional<std::size_t> size_of(const json& value) {
  if (!value.is_number_unsigned()) return std::nullopt;
  return value.get<std::size_t>();
}

}  // namespace

KeptRenderings::KeptRenderings(CacheFolder cache, std::string python, const std::string& renderer,
                               const std::vector<std::string>& template_dirs)
    : cache_(std::move(cache)), python_(std::move(python)) {
  if (!cache_.enabled()) return;
  add_source(sources_, "/proc/self/exe");  // this frp-gen build
  for (const std::string& dir : template_dirs) add_folder(sources_, dir, false);
  const fs::path modules = fs::path(renderer).parent_path();  // render.py, renderer.py, ...
  add_folder(sources_, modules, true);
  add_folder(sources_, modules.parent_path() / "common", true);  // frp_site.py
}

std::optional<std::vector<std::string>> KeptRenderings::find(const std::string& model) const {
  if (!enabled()) return std::nullopt;
  const std::string path = cache_.rendering(model);
  std::string unreadable;
  const std::optional<std::string> entry = read_input_file(path, unreadable);
  if (!entry) return std::nullopt;
  const std::size_t first = entry->find('\n');
  const std::size_t second = entry->find('\n', first + 1);
  if (first == std::string::npos || second == std::string::npos ||
      std::string_view(*entry).substr(0, first) != kSignature) {
    return std::nullopt;
  }
  const json header = json::parse(entry->begin() + static_cast<std::ptrdiff_t>(first) + 1,
                                  entry->begin() + static_cast<std::ptrdiff_t>(second), nullptr,
                                  /*allow_exceptions=*/false);
  if (!header.is_object() || header.value("sources", json()) != sources_ ||
      !python_facts_hold(python_, header.value("jinja2", json()))) {
    return std::nullopt;
  }
  const json& sizes = header.value("texts", json());
  if (!sizes.is_array() || header.value("model", json()) != model) return std::nullopt;
  std::vector<std::string> texts;
  texts.reserve(sizes.size());
  std::size_t at = second + 1;
  for (const json& size : sizes) {
    const std::optional<std::size_t> n = size_of(size);
    if (!n || *n > entry->size() - at) return std::nullopt;
    texts.emplace_back(*entry, at, *n);
    at += *n;
  }
  if (at != entry->size()) return std::nullopt;
  ::utimensat(AT_FDCWD, path.c_str(), nullptr, 0);  // used now: prune() keeps it longer
  return texts;
}

void KeptRenderings::keep(const std::string& model, const std::vector<std::string_view>& texts,
                          const json& jinja2) const {
  if (!enabled() || !jinja2.is_object() || !jinja2.contains("executable")) return;
  json sizes = json::array();
  for (std::string_view text : texts) sizes.push_back(text.size());
  const json header = {
      {"sources", sources_}, {"jinja2", jinja2}, {"model", model}, {"texts", sizes}};
  const std::string head =
      std::string(kSignature).append(1, '\n').append(header.dump()).append(1, '\n');
  std::vector<std::string_view> parts = {head};
  parts.insert(parts.end(), texts.begin(), texts.end());
  if (replace_cache_file(cache_.rendering(model), parts)) prune();
}

void KeptRenderings::prune() const {
  std::error_code ec;
  std::vector<std::pair<fs::file_time_type, fs::path>> entries;
  for (fs::directory_iterator it(cache_.renderings(), ec), end; !ec && it != end;
       it.increment(ec)) {
    std::error_code time_ec;
    const fs::file_time_type used = it->last_write_time(time_ec);
    if (!time_ec && it->path().extension() == ".txt") entries.emplace_back(used, it->path());
  }
  if (entries.size() <= kKeptEntries) return;
  std::sort(entries.begin(), entries.end(), std::greater<>());
  for (std::size_t i = kKeptEntries; i < entries.size(); ++i) fs::remove(entries[i].second, ec);
}

}  // namespace frp::render
