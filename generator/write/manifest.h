// The manifest: a generated repo's record of its last generation, .frp/manifest.json. It says
// which frp-gen and torch made the repo, the inputs that were read, the schema of every planned
// op, the template overlays (write/overlays.h), and each file frp-gen wrote or keeps listed with
// its owner and the hash of the text frp-gen last wrote there. This module is the file's only
// reader and writer; the rest of frp-gen sees the typed Manifest.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/diagnostics.h"
#include "common/owner.h"

namespace frp::write {

inline constexpr std::string_view kManifestPath = ".frp/manifest.json";

// One file the manifest lists.
struct ManifestFile {
  Owner owner = Owner::Generated;
  std::string sha256;  // of the text frp-gen last wrote there (a scaffold: as frp-gen wrote it)
  // A scaffold's ops, by key: a regen that merges or orphans it names the ops that changed.
  std::vector<std::string> ops = {};

  bool operator==(const ManifestFile&) const = default;
};

// Schemas of ops by key ("add.Tensor" -> "add.Tensor(Tensor self, ...) -> Tensor").
using OpSchemas = std::map<std::string, std::string>;

struct Manifest {
  std::string generator_version;  // of the frp-gen that wrote it
  std::string torch_version;      // whose operators it was generated against
  std::string device;
  std::map<std::string, std::string> inputs;  // each file the generation read -> its sha256
  // Every planned op's schema; nullopt where none is recorded (a repo made by an frp-gen that
  // kept none, or no repo yet).
  std::optional<OpSchemas> ops;
  // The template folders layered over the built-in ones, as recorded (write/overlays.h).
  std::vector<std::string> templates;
  std::map<std::string, ManifestFile> files;  // by path, relative to the repo

  bool operator==(const Manifest&) const = default;
};

// Reads <root>/.frp/manifest.json; an absent one gives an empty Manifest. nullopt (with an error
// located at the file) for a manifest that cannot be read, is corrupt or of the wrong shape, or
// lies out of the repo through a symlink (refused unread); the same for the pristine store
// beside it (write/pristine_store.h).
std::optional<Manifest> read_manifest(const std::string& root, Diagnostics& diags);

// The manifest in `text`, read from `file` (for the errors' location).
std::optional<Manifest> parse_manifest(std::string_view text, const std::string& file,
                                       Diagnostics& diags);

// The text of the manifest file: nlohmann's dump(2) of it, and a newline, byte for byte.
std::string manifest_text(const Manifest& manifest);

// An op whose schema differs between two records; an empty schema: absent from that record.
struct SchemaChange {
  std::string op;
  std::string before;
  std::string after;

  bool operator==(const SchemaChange&) const = default;
};

// The ops `keys` as the two records have them, changed or not.
std::vector<SchemaChange> schemas_of(const OpSchemas& before, const OpSchemas& after,
                                     const std::vector<std::string>& keys);

// The ops whose schema differs between two generations, by key; only the keys in `only` if it
// is given. None when `before` records no schemas (an older repo: nothing to compare with).
std::vector<SchemaChange> schema_changes(const Manifest& before, const Manifest& after,
                                         const std::vector<std::string>* only = nullptr);

}  // namespace frp::write
