// PyTorch's operators as frp-gen last read them from native_functions.yaml, kept in frp-gen's
// cache folder. Every command reads that file, and parsing its YAML (libyaml, then a node tree
// with locations) is most of the load stage; a kept copy is a line per operator: its schema,
// where it is written, and the keys frp-gen reads.
//
// A copy is used only while it matches: the same frp-gen build, and native_functions.yaml and
// tags.yaml the same files (path, size, modification time, inode) as when it was made. Only a
// file that loaded without an error is kept, so a kept operator needs no checking again but the
// parsing of its schema. Anything wrong with a copy (missing, cut short, another format) only
// means the YAML is read instead.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/cache_folder.h"
#include "model/native_function.h"

namespace frp::model {

// Where the copy of `native_functions` (read with `tags`) lives in the cache folder, and what it
// must match (common/cache_folder.h).
struct KeptRegistry {
  KeptRegistry(const CacheFolder& cache, const std::string& native_functions,
               const std::string& tags);

  // The operators of the copy, in file order; nullopt if there is none that matches.
  std::optional<std::vector<std::unique_ptr<NativeFunction>>> read() const;
  // Keeps `functions` (just read from the yaml) for later runs; a cache that cannot be written
  // only costs speed.
  void write(const std::vector<const NativeFunction*>& functions) const;

  std::string path;  // the copy; "" when there is no cache folder
  std::string native_functions;
  std::string identity;  // the first line a matching copy has
};

}  // namespace frp::model
