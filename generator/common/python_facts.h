// What a Python script's answer depended on, its "search facts" (generator/common/frp_site.py):
//
//   {"executable": sys.executable, "watch": {path: modification time in ns, -1 if missing},
//    "env": {variable: value, null if unset}}
//
// frp-gen keeps such answers in its cache folder (where torch is, a run's rendered texts) and
// takes one again, without starting Python, while its facts still hold.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace frp {

// Whether `facts` still hold for a run that would start `python`. Only when `python` is the
// interpreter that answered (an absolute path to its sys.executable): a launcher, or a name looked
// up in PATH, may start another one next time. Then every watched path must have its time, and
// every variable its value, as they were.
bool python_facts_hold(const std::string& python, const nlohmann::json& facts);

}  // namespace frp
