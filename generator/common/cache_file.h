// Writing a file of frp-gen's cache folder (the kept registry, the torch locations), which
// several frp-gen runs may read and write at once.
#pragma once

#include <string>
#include <string_view>

namespace frp {

// Makes `path` hold `text`: written beside it and renamed over it, so that a concurrent run reads
// the old file or the new one, never half of one; its folder is made if need be. A cache that
// cannot be written only costs speed: false, and nothing is left behind.
bool replace_cache_file(const std::string& path, std::string_view text);

}  // namespace frp
