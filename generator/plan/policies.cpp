#include "plan/policies.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string_view>
#include <vector>

#include "load/yaml_file.h"

namespace frp::plan {

using nlohmann::json;

json mixed_device_keys(const model::OpRegistry& registry, const std::set<std::string>& listed) {
  std::vector<std::string> keys;
  for (const auto& fn : registry.all()) {
    if (!fn->custom && !checks_devices(*fn, listed.contains(fn->key))) keys.push_back(fn->key);
  }
  std::sort(keys.begin(), keys.end());
  return keys;
}

json cpu_defaults_section(const Inputs& in, const std::set<std::string>& selected_keys,
                          Diagnostics& diags) {
  json names = json::array(), equivalents = json::array(), registered = json::array();
  std::optional<load::YamlFile> file;
  if (!in.cpu_defaults.empty()) file = load::load_yaml_file(in.cpu_defaults, diags);
  if (file) {
    load::MappingReader reader(in.cpu_defaults, file->root, diags, "the generated defaults");
    reader.take("description");
    for (const std::string_view list : {"equivalents", "cpu_kernels"}) {
      for (auto& [key, node] : reader.take_string_list(list)) {
        const model::NativeFunction* fn = in.registry->find(key);
        if (!fn) continue;
        if (list == "equivalents") {
          std::optional<model::Op> op = model::build_op(*fn, diags);
          if (!op) continue;
          equivalents.push_back({{"key", key}, {"cpp_name", op->cpp_name}});
        }
        names.push_back(key);
        if (!selected_keys.contains(key)) registered.push_back(key);
      }
    }
    reader.finish();
  }
  std::sort(names.begin(), names.end());
  std::sort(registered.begin(), registered.end());
  return {{"names", std::move(names)},
          {"equivalents", std::move(equivalents)},
          {"registered", std::move(registered)}};
}

json unmarked_writes_list(const Inputs& in, Diagnostics& diags) {
  json out = json::array();
  if (in.unmarked_writes.empty()) return out;
  std::optional<load::YamlFile> file = load::load_yaml_file(in.unmarked_writes, diags);
  if (!file) return out;
  load::MappingReader reader(in.unmarked_writes, file->root, diags, "a list of unmarked writes");
  reader.take("description");
  const load::YamlNode& writes = reader.take("writes");
  reader.finish();
  for (const auto& [key, arguments] : writes.entries()) {
    const model::NativeFunction* fn = in.registry->find(key.scalar());
    for (const load::YamlNode& argument : arguments.items()) {
      const auto& known = fn ? fn->func.arguments : std::vector<schema::Argument>{};
      const bool exists = std::any_of(known.begin(), known.end(), [&](const schema::Argument& a) {
        return a.name == argument.scalar();
      });
      if (exists) out.push_back({{"key", key.scalar()}, {"argument", argument.scalar()}});
    }
  }
  return out;
}

json conformance_section(const Inputs& in, Diagnostics& diags) {
  json out = {{"dtypes", json::array()},
              {"quick", json::array()},
              {"not_comparable", json::array()},
              {"expected_failures", json::array()}};
  if (in.conformance.empty()) return out;
  std::optional<load::YamlFile> file = load::load_yaml_file(in.conformance, diags);
  if (!file) return out;
  auto check = [&](const load::YamlNode& node, bool prose) {
    const std::string& text = node.scalar();
    const bool plain = !text.empty() && std::all_of(text.begin(), text.end(), [&](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '/' ||
             (prose && std::string_view(" ,;:'()=-").find(c) != std::string_view::npos);
    });
    if (!plain) {
      diags.error(load::location_of(in.conformance, node),
                  prose
                      ? "a reason must be plain prose (letters, digits, spaces, ,;:'()=-._)"
                      : "expected an OpInfo name (with an optional /check and /dtype) or a dtype");
    }
    return text;
  };
  load::MappingReader reader(in.conformance, file->root, diags, "the conformance policy");
  reader.take("description");
  for (auto& [name, node] : reader.take_string_list("dtypes"))
    out["dtypes"].push_back(check(node, false));
  for (auto& [name, node] : reader.take_string_list("quick"))
    out["quick"].push_back(check(node, false));
  for (const char* list : {"not_comparable", "expected_failures"}) {
    for (const auto& [name, reason] : reader.take(list).entries()) {
      out[list].push_back({{"name", check(name, false)}, {"reason", check(reason, true)}});
    }
  }
  reader.finish();
  return out;
}

}  // namespace frp::plan
