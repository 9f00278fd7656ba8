// Path checks shared by the stages that accept paths from inputs and the writer that uses them.
#pragma once

#include <string>
#include <string_view>

namespace frp {

// True for a normal relative path that stays inside its base: no leading '/', no empty, "." or
// ".." component. "a..b.yaml" is fine; "./a", "a/../b" and "a//b" are not.
bool is_safe_relative_path(std::string_view path);

// Whether `path` (relative to `base`, or absolute) stays inside `base` once symlinks are
// resolved: its deepest existing ancestor, followed through every link, is `base` or below it.
// A path that does not exist yet is judged by the folder it would be made in.
bool resolves_inside(const std::string& base, const std::string& path);

}  // namespace frp
