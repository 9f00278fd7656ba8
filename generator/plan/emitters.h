// Plan stage: the emitters. Each one writes the file entries of its rows of the file table
// (templates/files.yaml, `emitter:`), from the planned ops, by binding the placeholders of its
// rows' path patterns; a file's owner and what builds it come from its row, never from an
// emitter. Like mlir-tblgen's backends, the emitters share one model (the planned ops and their
// families) and each produces plain values; render_json turns them into the render model.
#pragma once

#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "plan/file_table.h"
#include "plan/op_plan.h"

namespace frp::plan {

// An operator family (add, add_, add.out) and the scaffolded kernel file its bodies go to.
struct Family {
  std::string name;
  std::vector<std::size_t> ops;  // indices into the planned ops
  std::string kernel_file;       // the family's name, or "minimal" (see group_families)
};

// The families of `ops`, sorted by name. Families whose ops all start from the generated minimal
// kernels share the kernel file "minimal": they only forward, and each kernel file is a
// translation unit that costs seconds to compile.
std::vector<Family> group_families(const std::vector<PlannedOp>& ops);

// What the emitters read.
struct EmitInput {
  const std::vector<PlannedOp>& ops;
  const std::vector<Family>& families;  // group_families(ops)
  int registration_shards = 1;
  bool registers_cpu_kernels = false;  // the model's fallback.cpu_kernels is not empty
};

// What a file's template reads besides the model, its ops and its owner: one struct per kind of
// file that needs more.
struct NoFields {};
struct FamilyHeaderFields {  // csrc/generated/kernels/{family}.h
  std::string family;
  std::string kernel_file;  // the path of the family's kernel file
};
struct KernelFileFields {                   // csrc/kernels/{kernel_file}.cpp
  std::string name;                         // the {kernel_file} of its path
  std::vector<std::string> includes;        // its families' headers, as included from csrc/
  std::set<DefaultKernel> default_kernels;  // those its ops start from: they decide its includes
  std::set<std::string> aten_ops_headers;   // of its ops that start from the CPU fallback
};
struct ShardFields {  // csrc/generated/register_{shard}.cpp
  int shard = 0;
  std::vector<std::string> headers;  // its families' headers, as included from csrc/
  std::set<std::string> namespaces;  // of its ops, one TORCH_LIBRARY_IMPL each
};
struct NamespacesFields {  // custom_ops.cpp, autograd.cpp: one block per namespace of their ops
  std::set<std::string> namespaces;
};
struct AutogradFamilyFields {  // csrc/autograd/{family}.cpp
  std::string family;
};
using FileFields = std::variant<NoFields, FamilyHeaderFields, KernelFileFields, ShardFields,
                                NamespacesFields, AutogradFamilyFields>;

// One file to render.
struct FileEntry {
  const FileSpec* spec = nullptr;  // its table row: template, owner, build
  std::string path;
  std::vector<std::size_t> ops;  // indices into the planned ops: its template's `ops`
  FileFields fields;
  std::vector<std::string> quotes;  // the paths of the files it quotes (its row's `quotes`)
  std::string extend_in;            // its row's `extend_in`, as a path; "" if none
};

// Where an emitter puts its entries. It knows the emitter's rows and the placeholders every
// path may use ({package}, {runtime}).
class FileSink {
 public:
  FileSink(const FileTable& table, std::string_view emitter, std::vector<Binding> globals,
           std::vector<FileEntry>& out);

  // Adds the file of the row `pattern`, its per-file placeholders bound by `bindings`. A pattern
  // that is not one of this emitter's rows is a programming error (std::logic_error).
  FileEntry& add(std::string_view pattern, std::initializer_list<Binding> bindings = {},
                 std::vector<std::size_t> ops = {}, FileFields fields = NoFields{});
  // This emitter's rows of the table, in table order.
  const std::vector<const FileSpec*>& rows() const { return rows_; }

 private:
  std::string_view emitter_;
  std::vector<Binding> globals_;
  std::vector<const FileSpec*> rows_;
  std::vector<FileEntry>& out_;
};

struct Emitter {
  std::string_view name;  // as the table's `emitter:` says
  // The path patterns it writes, as the table must list them under its name; empty for the
  // integration emitter, which writes each row without `emitter:` once.
  std::vector<std::string_view> patterns;
  void (*emit)(const EmitInput& in, FileSink& out);
};

// Every emitter.
const std::vector<Emitter>& emitters();
const Emitter* find_emitter(std::string_view name);

// Whether every path may use the placeholder `name`: {package} (the Python package) and
// {runtime} (the descriptor's runtime source), bound once per backend.
bool is_global_placeholder(std::string_view name);

// The file entries of every emitter, in the order of their first rows in the table, without the
// rows whose feature is off. `globals` binds {package} and {runtime}.
std::vector<FileEntry> emit_files(const FileTable& table, const EmitInput& in,
                                  const std::vector<Binding>& globals,
                                  const std::map<std::string, bool>& features);

// The files each library of the generated build compiles, from their table rows' `build:`.
struct BuildSources {
  std::vector<std::string> core;    // lib<package>.so, sorted
  std::vector<std::string> python;  // the _C module
  std::vector<std::string> test;    // the C++ tests
};
BuildSources build_sources(const std::vector<FileEntry>& files);

// A row of the ownership tables (the generated README's, frp-gen's docs).
struct LayoutRow {
  std::string path;  // {package} and {runtime} bound, per-file placeholders as written
  Owner owner = Owner::Generated;
  std::string about;
};

// The table's rows in table order, without those no entry of `files` came from (a feature that
// is off, an emitter with nothing to write).
std::vector<LayoutRow> layout(const FileTable& table, const std::vector<FileEntry>& files,
                              const std::vector<Binding>& globals);

}  // namespace frp::plan
