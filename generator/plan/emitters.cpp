#include "plan/emitters.h"

#include <algorithm>
#include <cstdint>
#include <stdexcept>

namespace frp::plan {

namespace {

// The rows of the table the emitters write, by pattern (each listed in emitters() below).
constexpr std::string_view kFamilyHeader = "csrc/generated/kernels/{family}.h";
constexpr std::string_view kKernelFile = "csrc/kernels/{kernel_file}.cpp";
constexpr std::string_view kRegistrationShard = "csrc/generated/register_{shard}.cpp";
constexpr std::string_view kCustomOps = "csrc/generated/custom_ops.cpp";
constexpr std::string_view kCpuKernels = "csrc/generated/cpu_kernels.cpp";
constexpr std::string_view kAutogradHeader = "csrc/generated/autograd.h";
constexpr std::string_view kAutogradSource = "csrc/generated/autograd.cpp";
constexpr std::string_view kAutogradFamily = "csrc/autograd/{family}.cpp";
constexpr std::string_view kAutogradTest = "tests/test_autograd_functions.py";
constexpr std::string_view kMinimalKernels = "csrc/generated/minimal_kernels.h";

// The kernel file of the families whose ops all have generated minimal kernels.
constexpr std::string_view kMinimalKernelFile = "minimal";

// Stable across runs and platforms, so an op keeps its registration shard (and the build stays
// incremental) no matter which other ops come and go.
std::uint32_t fnv1a(std::string_view text) {
  std::uint32_t hash = 2166136261u;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 16777619u;
  }
  return hash;
}

// A family's kernel header as generated and scaffolded sources include it (from csrc/).
std::string family_include(const std::string& family) {
  return expand(kFamilyHeader, {{"family", family}}).substr(std::string_view("csrc/").size());
}

void emit_integration(const EmitInput&, FileSink& out) {
  for (const FileSpec* row : out.rows()) out.add(row->pattern);
}

void emit_family_headers(const EmitInput& in, FileSink& out) {
  for (const Family& family : in.families) {
    const std::string kernel_file = expand(kKernelFile, {{"kernel_file", family.kernel_file}});
    out.add(kFamilyHeader, {{"family", family.name}}, family.ops,
            FamilyHeaderFields{family.name, kernel_file});
  }
}

void emit_kernel_files(const EmitInput& in, FileSink& out) {
  std::map<std::string_view, std::vector<const Family*>> families_of;  // by kernel file
  for (const Family& family : in.families) families_of[family.kernel_file].push_back(&family);
  for (const auto& [name, families] : families_of) {
    KernelFileFields fields;
    fields.name = name;
    std::vector<std::size_t> ops;
    for (const Family* family : families) {
      fields.includes.push_back(family_include(family->name));
      for (std::size_t i : family->ops) {
        ops.push_back(i);
        const PlannedOp& op = in.ops[i];
        fields.default_kernels.insert(op.wrapper.default_kernel);
        if (op.wrapper.default_kernel == DefaultKernel::CpuFallback) {
          fields.aten_ops_headers.insert(op.op.aten_ops_header);
        }
      }
    }
    out.add(kKernelFile, {{"kernel_file", name}}, std::move(ops), std::move(fields));
  }
}

// Families are spread over the shards by a hash of their name, so that adding an op recompiles
// one shard.
void emit_registration_shards(const EmitInput& in, FileSink& out) {
  const int count = std::max(in.registration_shards, 1);
  std::vector<std::vector<const Family*>> families_of(count);
  for (const Family& family : in.families) {
    families_of[fnv1a(family.name) % count].push_back(&family);
  }
  for (int shard = 0; shard < count; ++shard) {
    if (families_of[shard].empty()) continue;
    ShardFields fields;
    fields.shard = shard;
    std::vector<std::size_t> ops;
    for (const Family* family : families_of[shard]) {
      fields.headers.push_back(family_include(family->name));
      for (std::size_t i : family->ops) {
        ops.push_back(i);
        fields.namespaces.insert(in.ops[i].op.ns);
      }
    }
    const std::string number = std::to_string(shard);
    out.add(kRegistrationShard, {{"shard", number}}, std::move(ops), std::move(fields));
  }
}

void emit_custom_ops(const EmitInput& in, FileSink& out) {
  std::map<std::string_view, std::vector<std::size_t>> ops_of;  // by namespace
  for (std::size_t i = 0; i < in.ops.size(); ++i) {
    if (in.ops[i].op.fn->custom) ops_of[in.ops[i].op.ns].push_back(i);
  }
  if (ops_of.empty()) return;
  NamespacesFields fields;
  std::vector<std::size_t> ops;
  for (const auto& [ns, indices] : ops_of) {
    fields.namespaces.emplace(ns);
    ops.insert(ops.end(), indices.begin(), indices.end());
  }
  out.add(kCustomOps, {}, std::move(ops), std::move(fields));
}

// The registrations of CPU kernels (fallback.register_cpu_kernels): the model lists their ops.
void emit_cpu_kernels(const EmitInput& in, FileSink& out) {
  if (in.registers_cpu_kernels) out.add(kCpuKernels);
}

// Generated forwards and registrations, and the backwards (with what each forward saves for
// them) in scaffolded files, one per operator family.
void emit_autograd(const EmitInput& in, FileSink& out) {
  std::vector<std::size_t> all;
  NamespacesFields fields;
  for (const Family& family : in.families) {
    std::vector<std::size_t> ops;
    for (std::size_t i : family.ops) {
      if (in.ops[i].autograd_function) ops.push_back(i);
    }
    if (ops.empty()) continue;
    for (std::size_t i : ops) fields.namespaces.insert(in.ops[i].op.ns);
    all.insert(all.end(), ops.begin(), ops.end());
    out.add(kAutogradFamily, {{"family", family.name}}, std::move(ops),
            AutogradFamilyFields{family.name});
  }
  if (all.empty()) return;
  out.add(kAutogradHeader, {}, all);
  out.add(kAutogradSource, {}, all, std::move(fields));
  out.add(kAutogradTest, {}, std::move(all));
}

void emit_minimal_kernels(const EmitInput& in, FileSink& out) {
  std::vector<std::size_t> ops;
  for (std::size_t i = 0; i < in.ops.size(); ++i) {
    if (in.ops[i].wrapper.default_kernel == DefaultKernel::Minimal) ops.push_back(i);
  }
  out.add(kMinimalKernels, {}, std::move(ops));
}

}  // namespace

std::vector<Family> group_families(const std::vector<PlannedOp>& ops) {
  std::map<std::string_view, std::vector<std::size_t>> ops_of;
  for (std::size_t i = 0; i < ops.size(); ++i) ops_of[ops[i].op.family].push_back(i);
  std::vector<Family> families;
  families.reserve(ops_of.size());
  for (auto& [name, indices] : ops_of) {
    const bool all_minimal = std::all_of(indices.begin(), indices.end(), [&](std::size_t i) {
      return ops[i].wrapper.default_kernel == DefaultKernel::Minimal;
    });
    families.push_back({std::string(name), std::move(indices),
                        std::string(all_minimal ? kMinimalKernelFile : name)});
  }
  return families;
}

const std::vector<Emitter>& emitters() {
  static const std::vector<Emitter> all = {
      {kIntegrationEmitter, {}, emit_integration},
      {"families", {kFamilyHeader}, emit_family_headers},
      {"kernel_files", {kKernelFile}, emit_kernel_files},
      {"registrations", {kRegistrationShard}, emit_registration_shards},
      {"custom_ops", {kCustomOps}, emit_custom_ops},
      {"cpu_kernels", {kCpuKernels}, emit_cpu_kernels},
      {"autograd",
       {kAutogradHeader, kAutogradSource, kAutogradFamily, kAutogradTest},
       emit_autograd},
      {"minimal_kernels", {kMinimalKernels}, emit_minimal_kernels},
  };
  return all;
}

const Emitter* find_emitter(std::string_view name) {
  for (const Emitter& emitter : emitters()) {
    if (emitter.name == name) return &emitter;
  }
  return nullptr;
}

bool is_global_placeholder(std::string_view name) { return name == "package" || name == "runtime"; }

FileSink::FileSink(const FileTable& table, std::string_view emitter, std::vector<Binding> globals,
                   std::vector<FileEntry>& out)
    : emitter_(emitter), globals_(std::move(globals)), out_(out) {
  for (const FileSpec& row : table.files) {
    if (row.emitter == emitter) rows_.push_back(&row);
  }
}

FileEntry& FileSink::add(std::string_view pattern, std::initializer_list<Binding> bindings,
                         std::vector<std::size_t> ops, FileFields fields) {
  auto row = std::find_if(rows_.begin(), rows_.end(),
                          [&](const FileSpec* spec) { return spec->pattern == pattern; });
  if (row == rows_.end()) {
    throw std::logic_error("emitter '" + std::string(emitter_) + "' wrote '" +
                           std::string(pattern) + "', which the file table does not give it");
  }
  std::vector<Binding> all = globals_;
  all.insert(all.end(), bindings.begin(), bindings.end());
  FileEntry& entry = out_.emplace_back(
      FileEntry{*row, expand(pattern, all), std::move(ops), std::move(fields), {}, {}});
  for (const RowRef& quote : (*row)->quotes) {
    entry.quotes.push_back(expand(quote.pattern, globals_));
  }
  if ((*row)->extend_in) entry.extend_in = expand((*row)->extend_in->pattern, globals_);
  return entry;
}

std::vector<FileEntry> emit_files(const FileTable& table, const EmitInput& in,
                                  const std::vector<Binding>& globals,
                                  const std::map<std::string, bool>& features) {
  std::vector<FileEntry> files;
  std::set<std::string_view> done;
  for (const FileSpec& row : table.files) {
    if (!done.insert(row.emitter).second) continue;
    const Emitter* emitter = find_emitter(row.emitter);
    if (!emitter) continue;  // read_file_table reported it
    FileSink sink(table, emitter->name, globals, files);
    emitter->emit(in, sink);
  }
  std::erase_if(files, [&](const FileEntry& file) {
    const std::string& feature = file.spec->feature;
    return !feature.empty() && !features.at(feature);
  });
  return files;
}

BuildSources build_sources(const std::vector<FileEntry>& files) {
  BuildSources sources;
  for (const FileEntry& file : files) {
    switch (file.spec->build) {
      case Build::Core:
        sources.core.push_back(file.path);
        break;
      case Build::Python:
        sources.python.push_back(file.path);
        break;
      case Build::Test:
        sources.test.push_back(file.path);
        break;
      case Build::None:
        break;
    }
  }
  std::sort(sources.core.begin(), sources.core.end());
  return sources;
}

std::vector<LayoutRow> layout(const FileTable& table, const std::vector<FileEntry>& files,
                              const std::vector<Binding>& globals) {
  std::set<const FileSpec*> written;
  for (const FileEntry& file : files) written.insert(file.spec);
  std::vector<LayoutRow> rows;
  for (const FileSpec& row : table.files) {
    if (written.contains(&row))
      rows.push_back({expand(row.pattern, globals), row.owner, expand(row.about, globals)});
  }
  return rows;
}

}  // namespace frp::plan
