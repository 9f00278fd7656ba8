// Unified diffs of a file's old and new text, as `diff -u` and git print them, for
// `frp-gen regen --diff`. The edit script comes from DTL (libdtl-dev).
#pragma once

#include <string>
#include <string_view>

namespace frp::write {

// The unified diff (three lines of context) that turns `before` into `after`, with
// "--- a/<path>" and "+++ b/<path>" headers; a side that does not exist is /dev/null. Empty when
// the texts are equal.
std::string unified_diff(std::string_view path, std::string_view before, std::string_view after,
                         bool before_exists = true, bool after_exists = true);

}  // namespace frp::write
