#include "write/overlays.h"

#include <filesystem>

namespace frp::write {

namespace fs = std::filesystem;

namespace {

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

std::vector<std::string> overlay_record(const std::vector<std::string>& dirs,
                                        const std::string& root) {
  std::vector<std::string> record;
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

std::optional<std::vector<std::string>> recorded_overlays(const Manifest& manifest,
                                                          const std::string& root,
                                                          Diagnostics& diags) {
  const std::string manifest_path = (fs::path(root) / kManifestPath).string();
  std::vector<std::string> dirs;
  bool found = true;  // every folder: all the missing ones are reported
  for (const std::string& entry : manifest.templates) {
    const fs::path recorded(entry);
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
