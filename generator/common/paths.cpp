#include "common/paths.h"

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

}  // namespace frp
