#include "common/owner.h"

namespace frp {

std::string_view to_string(Owner owner) {
  switch (owner) {
    case Owner::Generated:
      return "generated";
    case Owner::Scaffold:
      return "scaffold";
    case Owner::Input:
      return "input";
  }
  return "generated";
}

std::optional<Owner> owner_named(std::string_view name) {
  for (Owner owner : {Owner::Generated, Owner::Scaffold, Owner::Input}) {
    if (to_string(owner) == name) return owner;
  }
  return std::nullopt;
}

}  // namespace frp
