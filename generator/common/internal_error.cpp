#include "common/internal_error.h"

#include <exception>
#include <string>

namespace frp {

int run_reporting_internal_errors(const std::function<int()>& command, std::ostream& err) {
  std::string what;
  try {
    return command();
  } catch (const std::exception& e) {
    what = e.what();
  } catch (...) {
    what = "an exception of unknown type";
  }
  err << "frp-gen: internal error: " << what
      << "\n  this is a bug in frp-gen, not in your input: please report it with the command "
         "and the files it read\n";
  return kExitInternalError;
}

}  // namespace frp
