// What a run that was killed leaves behind, and its removal by the next run: a staging folder
// beside a new repo (".<name>.frp-staging-<pid>-<n>") and new contents beside their targets in
// an existing one ("<file>.frp-new-<pid>-<n>"). The pid in the name tells whether the run that
// made an entry is still going; only a finished run's entries are removed.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace frp::write {

constexpr std::string_view kStagingMark = ".frp-staging-";
constexpr std::string_view kNewContentMark = ".frp-new-";

// "<mark><this process's pid>-<n>": the suffix a run gives what it stages.
std::string debris_suffix(std::string_view mark);

// Removes the entries of `folder` whose names carry `mark` and whose run has ended; how many.
std::size_t remove_debris(const std::filesystem::path& folder, std::string_view mark);

}  // namespace frp::write
