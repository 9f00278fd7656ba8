// Reading a file that came from outside (a descriptor, a schema file, a repo's manifest): only a
// regular file, and only up to a size no real input reaches, so that a FIFO, /dev/zero or a
// runaway file ends in one clear error instead of a hang or an exhausted memory.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace frp {

// Larger than any input frp-gen reads by far (torch's native_functions.yaml is 0.7 MB; a large
// backend's pristine store a few MB).
constexpr std::size_t kMaxInputBytes = std::size_t{64} << 20;

// The whole text of the regular file at `path`, or nullopt with `error` saying why: the OS's
// reason, "not a regular file (a directory)", or that it is larger than `limit`.
std::optional<std::string> read_input_file(const std::string& path, std::string& error,
                                           std::size_t limit = kMaxInputBytes);

}  // namespace frp
