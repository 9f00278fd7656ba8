// Template overlays as a generated repo's manifest records them. `frp-gen new/regen --templates
// DIR` layers user template folders over the built-in ones; the manifest keeps them under
// "templates", so that a later `regen` without --templates renders with the same folders
// instead of silently going back to the built-in text.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "common/diagnostics.h"
#include "write/manifest.h"

namespace frp::write {

// The manifest's "templates" entry for `dirs` (as given, relative to the working folder, in
// order): each folder relative to the repo `root` when it lies inside it (so the repo can move),
// else absolute. None for no overlays: the manifest then has no "templates" entry.
std::vector<std::string> overlay_record(const std::vector<std::string>& dirs,
                                        const std::string& root);

// The folders a manifest records (relative ones resolved against `root`), in order; none if it
// records none. A recorded folder that is not there is an error located at the manifest.
std::optional<std::vector<std::string>> recorded_overlays(const Manifest& manifest,
                                                          const std::string& root,
                                                          Diagnostics& diags);

}  // namespace frp::write
