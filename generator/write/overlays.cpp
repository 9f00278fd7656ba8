#include "write/overlays.h"

#include <filesystem>

namespace frp::write {

namespace fs = std::filesystem;

namespace {

constexpr const char* kManifestPath = ".frp/manifest.json";
constexpr const char* kHint =
    "restore the folder, pass --templates DIR to use other overlays, or --no-templates to "
    "render with the built-in templates only";

// `dir` relative to `root` if it lies inside it; nullopt otherwise.
std::optional<std::string> inside(const fs::path& dir, const fs::path& root) {
  // Error-code forms throughout: a working folder that is gone or a folder that cannot be
  // searched is no internal error; such a folder is recorded as given.
  std::error_code ec;
  fs::path full = fs::absolute(dir, ec);
  if (!ec) full = fs::weakly_canonical(full, ec);
  fs::path base;
  if (!ec) base = fs::absolute(root, ec);
  if (!ec) base = fs::weakly_canonical(base, ec);
  if (ec) return std::nullopt;
  const fs::path relative = full.lexically_relative(base);
  if (relative.empty() || *relative.begin() == "..") return std::nullopt;
  return relative.generic_string();
}

}  // namespace

nlohmann::json overlay_record(const std::vector<std::string>& dirs, const std::string& root) {
  if (dirs.empty()) return nullptr;
  nlohmann::json record = nlohmann::json::array();
  for (const std::string& dir : dirs) {
    if (std::optional<std::string> relative = inside(dir, root)) {
      record.push_back(*relative);
    } else {
      std::error_code ec;
      const fs::path full = fs::absolute(dir, ec).lexically_normal();
      record.push_back(ec ? dir : full.generic_string());
    }
  }
  return record;
}

std::optional<std::vector<std::string>> recorded_overlays(const nlohmann::json& manifest,
                                                          const std::string& root,
                                                          Diagnostics& diags) {
  const std::string manifest_path = (fs::path(root) / kManifestPath).string();
  std::vector<std::string> dirs;
  auto record = manifest.find("templates");
  if (record == manifest.end() || record->is_null()) return dirs;
  if (!record->is_array()) {
    diags.error({manifest_path, 0, 0}, "expected \"templates\" to be a list of folders", kHint);
    return std::nullopt;
  }
  bool found = true;  // every folder: all the missing ones are reported
  for (const nlohmann::json& entry : *record) {
    if (!entry.is_string() || entry.get<std::string>().empty()) {
      diags.error({manifest_path, 0, 0},
                  "expected \"templates\" to be a list of folders, found " + entry.dump(), kHint);
      return std::nullopt;
    }
    const fs::path recorded(entry.get<std::string>());
    const fs::path dir = recorded.is_absolute() ? recorded : fs::path(root) / recorded;
    std::error_code ec;
    const fs::file_status status = fs::status(dir, ec);
    if (!fs::is_directory(status)) {
      // Absent, or there as a file, or not to be looked up (the OS's reason).
      const bool unknown = !fs::exists(status) && ec &&
                           ec != std::errc::no_such_file_or_directory &&
                           ec != std::errc::not_a_directory;
      const std::string problem = fs::exists(status) ? "is not a folder"
                                  : unknown          ? "cannot be read: " + ec.message()
                                                     : "does not exist";
      diags.error({manifest_path, 0, 0},
                  "template folder '" + recorded.string() + "' recorded here " + problem +
                      (recorded.is_absolute() ? "" : " (looked for " + dir.string() + ")"),
                  kHint);
      found = false;
    }
    dirs.push_back(dir.string());
  }
  if (!found) return std::nullopt;
  return dirs;
}

}  // namespace frp::write
