// Checks the type table against torch itself: for every operator in native_functions.yaml, the
// C++ function type frp-gen computes must equal the `using schema = ...;` that the installed
// torch declares in ATen/ops/<op>_ops.h, and the printed schema must equal its `schema_str`.
// frp-gen spells types as clang-format does ("const at::Tensor&", "::std::tuple<A, B>"), torch
// as torchgen does ("const at::Tensor &", "::std::tuple<A,B>"): torch's spelling is put into
// clang-format's before the comparison.
//
// usage: dispatcher_signatures NATIVE_FUNCTIONS_YAML TAGS_YAML TORCH_INCLUDE_DIR
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "model/op.h"
#include "model/op_registry.h"

namespace fs = std::filesystem;

namespace {

struct Declared {
  std::string function_type;  // "at::Tensor (const at::Tensor &, ...)", as torch spells it
  std::string schema;         // schema_str
  std::string header;         // "ATen/ops/add_ops.h"
};

std::string between(const std::string& text, std::size_t from, const std::string& open,
                    const std::string& close, std::size_t* end) {
  std::size_t a = text.find(open, from);
  if (a == std::string::npos) return {};
  a += open.size();
  std::size_t b = text.find(close, a);
  if (b == std::string::npos) return {};
  *end = b;
  return text.substr(a, b - a);
}

std::map<std::string, Declared> read_ops_headers(const fs::path& ops_dir) {
  std::map<std::string, Declared> declared;
  for (const auto& entry : fs::directory_iterator(ops_dir)) {
    const std::string name = entry.path().filename().string();
    if (!name.ends_with("_ops.h")) continue;
    std::ifstream in(entry.path());
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();
    std::size_t pos = 0;
    const std::string marker = "struct TORCH_API ";
    while ((pos = text.find(marker, pos)) != std::string::npos) {
      std::size_t end = 0;
      std::string op = between(text, pos, marker, " {", &end);
      std::string type = between(text, end, "using schema = ", ";", &end);
      std::string schema = between(text, end, "schema_str = \"", "\";", &end);
      declared[op] = {type, schema, "ATen/ops/" + name};
      pos = end;
    }
  }
  return declared;
}

// A type as torch spells it, in clang-format's spelling: no space before '&', one after ','.
std::string formatted(const std::string& type) {
  std::string out;
  for (std::size_t i = 0; i < type.size(); ++i) {
    if (type[i] == ' ' && i + 1 < type.size() && type[i + 1] == '&') continue;
    out += type[i];
    if (type[i] == ',' && i + 1 < type.size() && type[i + 1] != ' ') out += ' ';
  }
  return out;
}

// schema_str is a C string literal: undo its escapes.
std::string unescape(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) ++i;
    out += s[i];
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: dispatcher_signatures NATIVE_FUNCTIONS_YAML TAGS_YAML TORCH_INCLUDE_DIR\n";
    return 2;
  }
  frp::Diagnostics diags;
  frp::model::OpRegistry registry;
  if (!registry.load_tags(argv[2], diags) || !registry.load_functions(argv[1], false, diags)) {
    std::cerr << diags.format();
    return 2;
  }
  const auto declared = read_ops_headers(fs::path(argv[3]) / "ATen" / "ops");
  std::size_t checked = 0, mismatches = 0;
  for (const auto& fn : registry.all()) {
    std::optional<frp::model::Op> op = frp::model::build_op(*fn, diags);
    auto it = declared.find(op ? op->cpp_name : fn->key);
    if (!op || it == declared.end()) {
      std::cerr << fn->key << ": " << (op ? "no at::_ops declaration" : "no C++ model") << "\n";
      ++mismatches;
      continue;
    }
    std::string ours = op->return_type + " (";
    for (std::size_t i = 0; i < op->arguments.size(); ++i) {
      ours += (i ? ", " : "") + op->arguments[i].type;
    }
    ours += ")";
    ++checked;
    if (ours != formatted(it->second.function_type)) {
      std::cerr << fn->key << ":\n  torch:   " << it->second.function_type
                << "\n  frp-gen: " << ours << "\n";
      ++mismatches;
    }
    if (op->aten_ops_header != it->second.header) {
      std::cerr << fn->key << ": declared in " << it->second.header << ", frp-gen expects "
                << op->aten_ops_header << "\n";
      ++mismatches;
    }
    if (op->schema != unescape(it->second.schema)) {
      std::cerr << fn->key << ": schema differs\n  torch:   " << unescape(it->second.schema)
                << "\n  frp-gen: " << op->schema << "\n";
      ++mismatches;
    }
  }
  std::cerr << diags.format();
  std::cout << "dispatcher signatures: " << checked << " ops checked, " << mismatches
            << " mismatches\n";
  return (mismatches == 0 && checked > 0) ? 0 : 1;
}
