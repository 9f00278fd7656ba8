// Reading a few top-level members of a JSON object kept as text (common/json_text.h), without
// parsing the rest of it. nlohmann's parser costs thousands of instructions to set up per call:
// for the render model's 2,700 file entries, of which frp-gen needs two short strings each, that
// was more than reading the renderers' whole replies.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

namespace frp {

// Fills each target with the string value of the top-level member of that name in the JSON
// object `text`, scanning members in order and stopping once every target is filled (so members
// written first cost least). A member that is absent, or not a string, leaves its target empty.
// False if the members walked before the scan stopped are not well-formed JSON (values that are
// skipped are checked only for their extent: matching brackets, whole strings).
bool read_string_members(std::string_view text,
                         std::initializer_list<std::pair<std::string_view, std::string*>> targets);

}  // namespace frp
