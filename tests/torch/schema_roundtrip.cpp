// Parses every `func:` of a native_functions.yaml, prints it back and checks that the text is
// unchanged: the printer's canonical form must be PyTorch's own spelling.
//
// Usage: schema_roundtrip path/to/native_functions.yaml
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "common/diagnostics.h"
#include "load/yaml_file.h"
#include "schema/function_schema.h"

namespace {

constexpr std::size_t kMaxShownFailures = 20;

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s path/to/native_functions.yaml\n", argv[0]);
    return 2;
  }

  // Collect the strings first so that the timing below covers parsing and printing only.
  std::vector<std::string> funcs;
  frp::Diagnostics diags;
  std::optional<frp::load::YamlFile> file = frp::load::load_yaml_file(argv[1], diags);
  if (!file) {
    std::fprintf(stderr, "%s", diags.format().c_str());
    return 2;
  }
  for (const frp::load::YamlNode& entry : file->root.items()) {
    if (entry["func"].is_scalar()) funcs.push_back(entry["func"].scalar());
  }

  std::size_t failures = 0;
  auto report = [&](const std::string& text, const std::string& what) {
    if (++failures <= kMaxShownFailures) {
      std::printf("FAIL %s\n  %s\n", text.c_str(), what.c_str());
    }
  };

  auto start = std::chrono::steady_clock::now();
  for (const std::string& text : funcs) {
    frp::schema::SchemaError error;
    auto schema = frp::schema::parse_function_schema(text, &error);
    if (!schema) {
      report(text, "error at offset " + std::to_string(error.offset) + ": " + error.message);
      continue;
    }
    std::string printed = frp::schema::to_string(*schema);
    if (printed != text) report(text, "printed as " + printed);
  }
  auto elapsed =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start);

  if (failures > kMaxShownFailures) {
    std::printf("... and %zu more failures\n", failures - kMaxShownFailures);
  }
  std::printf("round trip: %zu schemas, %zu failures (%.2f ms)\n", funcs.size(), failures,
              elapsed.count());
  if (funcs.empty()) {
    std::fprintf(stderr, "no schemas read from %s\n", argv[1]);
    return 1;
  }
  return failures == 0 ? 0 : 1;
}
