#include "common/cache_folder.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace frp {

CacheFolder CacheFolder::from_environment() {
  const char* cache = std::getenv("FRP_CACHE_DIR");
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  const char* home = std::getenv("HOME");
  if (cache && *cache) return std::string(cache) == "off" ? CacheFolder() : CacheFolder(cache);
  if (xdg && *xdg) return CacheFolder(std::string(xdg) + "/frp-gen");
  if (home && *home) return CacheFolder(std::string(home) + "/.cache/frp-gen");
  return CacheFolder();
}

bool replace_cache_file(const std::string& path, std::string_view text) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(fs::path(path).parent_path(), ec);
  const std::string temp = path + "." + std::to_string(::getpid());
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out) {
      fs::remove(temp, ec);
      return false;
    }
  }
  fs::rename(temp, path, ec);
  if (ec) fs::remove(temp, ec);
  return !ec;
}

}  // namespace frp
