// Who owns a file of a generated repo. The file table (plan/file_table.h) decides it for every
// file frp-gen renders; the manifest records it as text, which only the manifest's reader and
// writer see.
#pragma once

#include <optional>
#include <string_view>

namespace frp {

enum class Owner {
  Generated,  // frp-gen's: rewritten by every regen, a hand edit is a conflict
  Scaffold,   // written once, then the backend team's: never overwritten, merged when it changes
  Input,      // the team's inputs that `new` copies in (frp.yaml, custom-op files): read only
};

std::string_view to_string(Owner owner);
// The owner a manifest or the plan names ("generated", "scaffold", "input"); nullopt for
// anything else.
std::optional<Owner> owner_named(std::string_view name);

}  // namespace frp
