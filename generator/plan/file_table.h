// Plan stage: the file table (templates/files.yaml), every file frp-gen writes into a backend
// repo, by its path there. It is the one place that says who owns a file, what compiles it, which
// feature it needs and which emitter writes it: file entries, the banner their templates write,
// the manifest and the ownership tables of the generated README all take the owner from here.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/diagnostics.h"
#include "common/owner.h"

namespace frp::plan {

// What compiles a file: lib<package>.so, the _C module, the C++ tests, or nothing.
enum class Build { None, Core, Python, Test };

// The emitter of the files every backend gets exactly once (table entries without `emitter:`).
inline constexpr std::string_view kIntegrationEmitter = "integration";

// A path of the table that a row names (under `quotes:` or `extend_in:`), and where it does.
struct RowRef {
  std::string pattern;
  SourceLocation at;
};

// One entry of the table.
struct FileSpec {
  // The path in the repo, with placeholders: "csrc/kernels/{kernel_file}.cpp".
  std::string pattern;
  std::string template_name;  // template_for(pattern)
  Owner owner = Owner::Generated;
  Build build = Build::None;
  // Written only when this descriptor feature is on; "" for always.
  std::string feature;
  // The emitter that writes it; kIntegrationEmitter for a row without `emitter:`.
  std::string emitter = std::string(kIntegrationEmitter);
  std::string about;  // what it is, for ownership tables
  // Table paths ({package} and {runtime} at most) whose marked regions this file quotes: the
  // worker that renders it is sent those files' entries too (renderer.py's `region`).
  std::vector<RowRef> quotes;
  // A generated file's `extend_in`: the team's scaffold where a change to it belongs
  // (extensions.cmake for CMakeLists.txt), which regen names when it finds the file edited by
  // hand; none: a kernel or runtime file.
  std::optional<RowRef> extend_in;
};

struct FileTable {
  std::string path;
  std::vector<FileSpec> files;  // in table order

  // The entry for `pattern`, or nullptr.
  const FileSpec* find(std::string_view pattern) const;
};

// A file's template: its path pattern plus ".j2", so the template folder mirrors the output tree
// and an overlay replaces a file's text by putting a template at the same place.
std::string template_for(std::string_view pattern);

// The names between braces in `pattern`, in order: "register_{shard}.cpp" gives {"shard"}.
std::vector<std::string_view> placeholders(std::string_view pattern);

// A placeholder's value, for expand().
using Binding = std::pair<std::string_view, std::string_view>;

// `pattern` with each placeholder replaced by its value from `bindings`; one without a value is
// left as written (the ownership tables keep per-op placeholders).
std::string expand(std::string_view pattern, std::initializer_list<Binding> bindings);
std::string expand(std::string_view pattern, const std::vector<Binding>& bindings);

// Reads and checks the table: owner generated|scaffold, build core|python|test, a known feature
// and a known emitter that writes the pattern, quotes of rows written once, no path twice. Errors
// are located in the file.
std::optional<FileTable> read_file_table(const std::string& path, Diagnostics& diags);

}  // namespace frp::plan
