// frp-gen's cache folder: what one run keeps for the next, only ever for speed. Every entry is
// checked before it is used and ignored when stale, so deleting the folder, or running with
// FRP_CACHE_DIR=off, costs time and never changes an output. Its layout, and what makes each
// entry valid, are stated here and nowhere else:
//
//   templates/            Jinja2's compiled templates (render/renderer.py). Jinja2 checks each
//                         against its template's source and the Python version, and recompiles it
//                         when either changed.
//   templates/bundle-<hash>  every template compiled, in one file (render/template_bundle.py),
//                         the hash being of the template folders' paths. Its key names the
//                         Python's bytecode tag, Jinja2's version, the renderer modules that set
//                         Jinja2's options and every file of the template folders (path, size,
//                         modification time, inode); a run whose key differs loads the
//                         templates above and replaces the bundle.
//   python/               the bytecode of frp-gen's own Python modules (render/renderer.py), which
//                         Python checks against each module's source as it does its .pyc files.
//   registry/<hash>.txt   torch's operators as read from one native_functions.yaml, the hash
//                         being of that file's path (model/registry_cache.cpp). Its first line
//                         names the frp-gen binary and both yaml files (tags.yaml too) by size,
//                         modification time and inode; a run whose differ reads the yaml instead.
//   torch-locations.json  where each Python found torch (load/torch_locator.cpp), with what the
//                         answer depended on: the interpreter, every folder on its search path,
//                         torch's version.py and yaml, the search-path variables. While all
//                         hold, no Python is asked; the answer is confirmed by one anyway.
//   render/<sha256>.txt   the texts one run rendered (render/kept_rendering.cpp), named by the
//                         SHA-256 of its render model, which its header repeats. The header
//                         also names the frp-gen binary, every file of the template folders and
//                         every renderer module (path, size, modification time, inode), and how
//                         the renderer's Python found Jinja2 (common/python_facts.h). A run whose
//                         model or any of these differ renders. The eight entries used most
//                         recently are kept.
//
// Several runs may use the folder at once: every file is replaced whole (replace_cache_file).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <utility>

namespace frp {

class CacheFolder {
 public:
  CacheFolder() = default;  // no cache folder: every path below is ""
  explicit CacheFolder(std::string root) : root_(std::move(root)) {}

  // $FRP_CACHE_DIR ("off": none), else $XDG_CACHE_HOME/frp-gen, else ~/.cache/frp-gen.
  static CacheFolder from_environment();

  bool enabled() const { return !root_.empty(); }
  const std::string& root() const { return root_; }

  std::string templates() const { return under("templates"); }
  std::string python() const { return under("python"); }
  std::string registry(std::string_view hash) const {
    return under("registry/" + std::string(hash) + ".txt");
  }
  std::string torch_locations() const { return under("torch-locations.json"); }
  std::string renderings() const { return under("render"); }
  std::string rendering(std::string_view hash) const {
    return under("render/" + std::string(hash) + ".txt");
  }

 private:
  std::string under(const std::string& entry) const {
    return root_.empty() ? std::string() : root_ + "/" + entry;
  }

  std::string root_;
};

// Makes `path` hold `text`: written beside it and renamed over it, so that a concurrent run reads
// the old file or the new one, never half of one; its folder is made if need be. A cache that
// cannot be written only costs speed: false, and nothing is left behind.
bool replace_cache_file(const std::string& path, std::string_view text);
// The same for a file made of `parts` in order, written as they are: a large entry (the kept
// renderings, megabytes of texts) is never assembled into one string first.
bool replace_cache_file(const std::string& path, std::span<const std::string_view> parts);

// "size mtime inode" of a file, or "-" if it cannot be looked at: how an entry records a file it
// depends on. A file rewritten in place, or replaced by another, reads differently.
std::string file_identity(const std::string& path);

// A short hex name for an entry whose key is long (a path): the standard library's string hash.
// Only a name: the entry itself says what it was made for, and is checked against it.
std::string key_hash(std::string_view key);

}  // namespace frp
