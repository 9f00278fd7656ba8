#include "write/unified_diff.h"

#include <dtl/dtl.hpp>
#include <sstream>
#include <vector>

namespace frp::write {

namespace {

std::vector<std::string> lines_of(std::string_view text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    const std::size_t stop = end == std::string_view::npos ? text.size() : end;
    lines.emplace_back(text.substr(start, stop - start));
    start = stop + 1;
  }
  return lines;
}

// A whole file added or taken away: one hunk. DTL numbers an empty side from 1, diff from 0.
void whole_file(const std::vector<std::string>& lines, char mark, std::ostream& out) {
  const std::size_t n = lines.size();
  out << (mark == '+' ? "@@ -0,0 +1," : "@@ -1,") << n << (mark == '+' ? "" : " +0,0") << " @@\n";
  for (const std::string& line : lines) out << mark << line << '\n';
}

}  // namespace

std::string unified_diff(std::string_view path, std::string_view before, std::string_view after,
                         bool before_exists, bool after_exists) {
  if (before_exists == after_exists && before == after) return "";
  std::ostringstream out;
  out << "--- " << (before_exists ? "a/" + std::string(path) : "/dev/null") << '\n';
  out << "+++ " << (after_exists ? "b/" + std::string(path) : "/dev/null") << '\n';
  const std::vector<std::string> old_lines = lines_of(before), new_lines = lines_of(after);
  if (old_lines.empty() && new_lines.empty()) return out.str();  // an empty file made or removed
  if (old_lines.empty() || new_lines.empty()) {
    whole_file(old_lines.empty() ? new_lines : old_lines, old_lines.empty() ? '+' : '-', out);
    return out.str();
  }
  dtl::Diff<std::string> diff(old_lines, new_lines);
  diff.onHuge();
  diff.compose();
  diff.composeUnifiedHunks();
  diff.printUnifiedFormat(out);
  return out.str();
}

}  // namespace frp::write
