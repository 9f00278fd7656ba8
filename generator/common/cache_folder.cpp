#include "common/cache_folder.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

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

std::string file_identity(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return "-";
  std::ostringstream out;
  out << info.st_size << ' ' << info.st_mtim.tv_sec << '.' << info.st_mtim.tv_nsec << ' '
      << info.st_ino;
  return out.str();
}

std::string key_hash(std::string_view key) {
  std::ostringstream out;
  out << std::hex << std::hash<std::string_view>{}(key);
  return out.str();
}

}  // namespace frp
