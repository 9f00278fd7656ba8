#include "common/paths.h"

#include <algorithm>
#include <filesystem>

namespace frp {

bool is_safe_relative_path(std::string_view path) {
  if (path.empty() || path.front() == '/') return false;
  while (true) {
    std::size_t slash = path.find('/');
    std::string_view part = path.substr(0, slash);
    if (part.empty() || part == "." || part == "..") return false;
    if (slash == std::string_view::npos) return true;
    path.remove_prefix(slash + 1);
  }
}

bool resolves_inside(const std::string& base, const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path root = fs::canonical(base, ec);
  if (ec) return false;
  fs::path at = fs::path(path).is_absolute() ? fs::path(path) : fs::path(base) / path;
  // The deepest part that exists (a link counts, even a dangling one: canonical then fails).
  while (!fs::exists(fs::symlink_status(at, ec)) && at.has_relative_path()) at = at.parent_path();
  const fs::path resolved = fs::canonical(at, ec);
  if (ec) return false;
  return std::mismatch(root.begin(), root.end(), resolved.begin(), resolved.end()).first ==
         root.end();
}

}  // namespace frp
