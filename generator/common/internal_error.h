// The last line of defence: an exception that escapes a command is a bug in frp-gen, never the
// user's input (bad input is a located diagnostic and exit 2). It ends in one line that says so,
// and exit code 3, instead of std::terminate's abort.
#pragma once

#include <functional>
#include <ostream>

namespace frp {

constexpr int kExitInternalError = 3;

// Runs `command`; if it throws, writes "frp-gen: internal error: <what>" and how to report it to
// `err`, and returns kExitInternalError.
int run_reporting_internal_errors(const std::function<int()>& command, std::ostream& err);

}  // namespace frp
