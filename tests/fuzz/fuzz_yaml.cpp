// libFuzzer target: the YAML loader (load/yaml_file.cpp: libyaml's events into located YamlNode
// trees, anchors and aliases, the one-document rule, the typed MappingReader) and the operator
// file readers built on it (model/op_registry.cpp: custom-op files, native_functions.yaml and
// tags.yaml; then model/op.cpp for each operator read).
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "common/diagnostics.h"
#include "load/yaml_file.h"
#include "model/op.h"
#include "model/op_registry.h"

namespace {

constexpr const char* kPath = "input.yaml";

// The custom-op reader takes a path, as frp-gen reads custom_ops files: each input is written to
// one file in a folder of this process's own, removed at exit.
std::string g_folder;
std::string g_file;

void remove_folder() {
  if (!g_file.empty()) ::unlink(g_file.c_str());
  if (!g_folder.empty()) ::rmdir(g_folder.c_str());
}

bool write_file(const std::uint8_t* data, std::size_t size) {
  std::FILE* out = std::fopen(g_file.c_str(), "wb");
  if (out == nullptr) return false;
  const bool ok = std::fwrite(data, 1, size, out) == size;
  return std::fclose(out) == 0 && ok;
}

// Nodes walked per input: an alias expands to a copy of its node, and walking 100,000 copies of
// one mapping would spend the time limit in this harness rather than in the loader.
constexpr std::size_t kWalkBudget = 5000;

// Reads nodes as the stages do: their locations, the place of characters inside a scalar (where
// schema errors point), and each mapping through a MappingReader with every typed taker.
void walk(std::string_view text, const frp::load::YamlNode& node, frp::Diagnostics& diags,
          std::size_t& budget) {
  if (budget == 0) return;
  --budget;
  (void)frp::load::location_of(kPath, node);
  if (node.is_scalar()) {
    const std::size_t size = node.scalar().size();
    for (std::size_t offset : {std::size_t{0}, size / 2, size}) {
      (void)frp::load::location_in_scalar(kPath, text, node, offset);
    }
    return;
  }
  if (node.is_sequence()) {
    (void)node[node.size()];  // past the end: the undefined node
    for (const frp::load::YamlNode& item : node.items()) walk(text, item, diags, budget);
    return;
  }
  if (!node.is_mapping()) return;
  frp::load::MappingReader reader(kPath, node, diags, "a mapping");
  bool first = true;
  for (const auto& [key, value] : node.entries()) {
    walk(text, key, diags, budget);
    walk(text, value, diags, budget);
    if (!first) continue;
    // One key through every taker; the others are left for finish() to report as unknown.
    first = false;
    const std::string& name = key.scalar();
    (void)reader.take_string(name);
    (void)reader.take_bool(name);
    (void)reader.take_int(name);
    (void)reader.take_string_list(name, frp::load::MappingReader::Scalar::kOneItem);
    (void)reader.take_string_list(name, frp::load::MappingReader::Scalar::kError);
  }
  (void)reader.take("func");
  reader.finish();
}

// The operator readers: strict (a user's custom-op file) or lenient (PyTorch's
// native_functions.yaml, after its tags.yaml, here the same text), and the model of each operator
// they accept.
void read_operators(bool custom) {
  frp::Diagnostics diags;
  frp::model::OpRegistry registry;
  if (!custom) (void)registry.load_tags(g_file, diags);
  (void)registry.load_functions(g_file, custom, diags);
  for (const auto& fn : registry.all()) {
    if (registry.find(fn->key) == nullptr) {
      std::fprintf(stderr, "fuzz_yaml: operator '%s' was read but cannot be found\n",
                   fn->key.c_str());
      std::abort();
    }
    (void)frp::model::build_op(*fn, diags);
  }
  (void)registry.keys();
  (void)diags.format();
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // Memory-backed when there is one: a file system's truncate and journal cost more than the run.
  const char* tmp = std::getenv("TMPDIR");
  std::string base = tmp != nullptr && *tmp != '\0' ? tmp : "/tmp";
  if ((tmp == nullptr || *tmp == '\0') && ::access("/dev/shm", W_OK) == 0) base = "/dev/shm";
  std::string pattern = base + "/frp-fuzz-yaml-XXXXXX";
  if (::mkdtemp(pattern.data()) == nullptr) {
    std::perror("fuzz_yaml: mkdtemp");
    std::abort();
  }
  g_folder = pattern;
  g_file = g_folder + "/custom_ops.yaml";
  std::atexit(remove_folder);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  frp::Diagnostics diags;
  diags.add_source(kPath, std::string(text));
  std::optional<frp::load::YamlNode> root = frp::load::parse_yaml(kPath, text, diags);
  std::size_t budget = kWalkBudget;
  if (root) walk(text, *root, diags, budget);
  // Every error quoted with its line and a caret, as the CLI prints them.
  (void)diags.format();

  if (!write_file(data, size)) {
    std::perror("fuzz_yaml: writing the custom-op file");
    std::abort();
  }
  read_operators(true);
  read_operators(false);
  return 0;
}
