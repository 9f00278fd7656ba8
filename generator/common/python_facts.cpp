#include "common/python_facts.h"

#include <sys/stat.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>

namespace frp {

namespace {

// The current modification time of `path` in ns, as frp_site.py reports it (-1: missing).
std::int64_t modification_time(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return -1;
  return static_cast<std::int64_t>(info.st_mtim.tv_sec) * 1'000'000'000 + info.st_mtim.tv_nsec;
}

bool is_the_interpreter(const std::string& python, const nlohmann::json& executable) {
  if (!executable.is_string()) return false;
  std::error_code ec, ec2;
  const std::filesystem::path named = std::filesystem::canonical(python, ec);
  return !ec && std::filesystem::path(python).is_absolute() &&
         named == std::filesystem::canonical(executable.get<std::string>(), ec2) && !ec2;
}

}  // namespace

bool python_facts_hold(const std::string& python, const nlohmann::json& facts) {
  if (!facts.is_object() ||
      !is_the_interpreter(python, facts.value("executable", nlohmann::json()))) {
    return false;
  }
  const nlohmann::json& watch = facts.value("watch", nlohmann::json());
  const nlohmann::json& env = facts.value("env", nlohmann::json());
  if (!watch.is_object() || watch.empty() || !env.is_object()) return false;
  for (const auto& [path, time] : watch.items()) {
    if (!time.is_number_integer() || time.get<std::int64_t>() != modification_time(path)) {
      return false;
    }
  }
  for (const auto& [name, value] : env.items()) {
    const char* now = std::getenv(name.c_str());
    if (value.is_null() ? now != nullptr : (!value.is_string() || !now || value != now)) {
      return false;
    }
  }
  return true;
}

}  // namespace frp
