// Three-way merge of a scaffolded file: the scaffold frp-gen last wrote (the base), the file as
// its owner has it now (yours) and the scaffold frp-gen would write today (theirs). Used by regen
// to carry new signatures and includes into a user's kernel file without touching their code.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace frp::write {

struct MergeResult {
  std::string text;
  std::vector<int> conflict_lines;  // the line (from 1) of each "<<<<<<<" marker in `text`
  bool clean() const { return conflict_lines.empty(); }
};

// Merges line by line, as diff3 does, with two differences that suit scaffolds:
// - Changes to neighbouring lines merge (git would call them a conflict): a new signature line
//   right above a body the user rewrote is the common case, not a clash.
// - In C++ files (`cpp` true), each top-level body (the lines between a line ending in "{" and
//   the next line starting with "}") is one unit, known by its function's name. A body the user
//   left as scaffolded follows the new scaffold; a body they edited stays theirs, whatever the
//   new scaffold's placeholder says.
// - Lines both sides add at one place are all kept, yours first (an include of each, say).
// Where both sides change the same lines, both versions are kept between git's conflict markers,
// with the base between them ("|||||||", git's diff3 style), labelled by `yours_label`.
MergeResult merge_three_way(std::string_view base, std::string_view yours, std::string_view theirs,
                            bool cpp, std::string_view yours_label);

// The lines (from 1) of the conflict markers ("<<<<<<< ") a file still holds.
std::vector<int> conflict_marker_lines(std::string_view text);

}  // namespace frp::write
