// Path checks shared by the stages that accept paths from inputs and the writer that uses them.
#pragma once

#include <string_view>

namespace frp {

// True for a normal relative path that stays inside its base: no leading '/', no empty, "." or
// ".." component. "a..b.yaml" is fine; "./a", "a/../b" and "a//b" are not.
bool is_safe_relative_path(std::string_view path);

}  // namespace frp
