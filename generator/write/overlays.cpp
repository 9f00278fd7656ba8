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
  std::error_code ec;
  const fs::path full = fs::weakly_canonical(fs::absolute(dir), ec);
  const fs::path base = fs::weakly_canonical(fs::absolute(root), ec);
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
    if (!fs::is_directory(dir, ec)) {
      diags.error({manifest_path, 0, 0},
                  "template folder '" + recorded.string() + "' recorded here does not exist" +
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
