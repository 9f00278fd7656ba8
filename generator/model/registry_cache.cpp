#include "model/registry_cache.h"

#include <sstream>
#include <string_view>

#include "common/cache_folder.h"
#include "common/input_file.h"
#include "model/op_registry.h"
#include "schema/function_schema.h"

namespace frp::model {

namespace {

constexpr int kFormat = 1;  // raise when a kept line's fields change
// Field and list separators: characters native_functions.yaml has no use for. A function
// holding one anywhere is not kept (the file then is not either).
constexpr char kField = '\t';
constexpr char kItem = '\x1e';
constexpr char kPair = '\x1d';

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> out;
  if (text.empty()) return out;
  for (std::size_t start = 0;;) {
    const std::size_t end = text.find(separator, start);
    out.push_back(text.substr(start, end - start));
    if (end == std::string_view::npos) return out;
    start = end + 1;
  }
}

bool plain(std::string_view text) {
  return text.find_first_of(std::string_view("\t\n\r\x1d\x1e", 5)) == std::string_view::npos;
}

// A list as one field; false for an item that would not read back (an empty one reads as none).
bool join(std::string& out, const std::vector<std::string>& items) {
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (items[i].empty() || !plain(items[i])) return false;
    if (i) out += kItem;
    out += items[i];
  }
  return true;
}

// One operator as a line; false if one of its texts cannot be kept.
bool append_line(std::string& out, const NativeFunction& fn) {
  if (!plain(fn.schema_text) || !plain(fn.structured_delegate)) return false;
  out.append(fn.schema_text).append(1, kField);
  out += std::to_string(fn.location.line) + kField + std::to_string(fn.location.column) + kField;
  if (!join(out, fn.variants)) return false;
  out += kField;
  bool first = true;
  for (const auto& [key, kernel] : fn.dispatch) {
    if (!plain(key) || !plain(kernel)) return false;
    if (!first) out += kItem;
    out.append(key).append(1, kPair).append(kernel);
    first = false;
  }
  out += kField;
  out += fn.structured ? '1' : '0';
  out.append(1, kField).append(fn.structured_delegate).append(1, kField);
  if (!join(out, fn.autogen)) return false;
  out += kField;
  if (!join(out, fn.tags)) return false;
  out += kField;
  out += fn.device_check ? '1' : '0';
  out += fn.device_guard ? '1' : '0';
  out += fn.use_const_ref_for_mutable_tensors ? '1' : '0';
  out += '\n';
  return true;
}

std::vector<std::string> strings(std::string_view joined) {
  std::vector<std::string> out;
  for (std::string_view item : split(joined, kItem)) out.emplace_back(item);
  return out;
}

// The operator of one line; nullptr if the line is not one this build wrote.
std::unique_ptr<NativeFunction> parse_line(std::string_view line, const std::string& file) {
  const std::vector<std::string_view> fields = split(line, kField);
  if (fields.size() != 10 || fields[9].size() != 3) return nullptr;
  auto fn = std::make_unique<NativeFunction>();
  std::optional<schema::FunctionSchema> parsed = schema::parse_function_schema(fields[0], nullptr);
  if (!parsed) return nullptr;
  fn->func = std::move(*parsed);
  fn->schema_text = fields[0];
  fn->key = operator_key(fn->func.name);
  try {
    fn->location = {file, std::stoi(std::string(fields[1])), std::stoi(std::string(fields[2]))};
  } catch (const std::exception&) {
    return nullptr;
  }
  fn->variants = strings(fields[3]);
  for (std::string_view pair : split(fields[4], kItem)) {
    const std::size_t at = pair.find(kPair);
    if (at == std::string_view::npos) return nullptr;
    fn->dispatch.emplace(pair.substr(0, at), pair.substr(at + 1));
  }
  fn->structured = fields[5] == "1";
  fn->structured_delegate = fields[6];
  fn->autogen = strings(fields[7]);
  fn->tags = strings(fields[8]);
  fn->device_check = fields[9][0] == '1';
  fn->device_guard = fields[9][1] == '1';
  fn->use_const_ref_for_mutable_tensors = fields[9][2] == '1';
  return fn;
}

}  // namespace

KeptRegistry::KeptRegistry(const CacheFolder& cache, const std::string& native_functions,
                           const std::string& tags)
    : native_functions(native_functions) {
  if (!cache.enabled()) return;
  path = cache.registry(key_hash(native_functions));
  std::ostringstream id;
  id << "frp-gen kept registry " << kFormat << " | frp-gen " << file_identity("/proc/self/exe")
     << " | " << native_functions << ' ' << file_identity(native_functions) << " | " << tags << ' '
     << file_identity(tags);
  identity = id.str();
}

std::optional<std::vector<std::unique_ptr<NativeFunction>>> KeptRegistry::read() const {
  if (path.empty()) return std::nullopt;
  std::string unreadable;  // a copy that cannot be read is only not used
  const std::optional<std::string> kept = read_input_file(path, unreadable);
  if (!kept) return std::nullopt;
  const std::string& text = *kept;
  const std::size_t first = text.find('\n');
  if (first == std::string::npos || std::string_view(text).substr(0, first) != identity ||
      text.back() != '\n') {
    return std::nullopt;
  }
  std::vector<std::unique_ptr<NativeFunction>> out;
  std::string_view rest = std::string_view(text).substr(first + 1);
  while (!rest.empty()) {
    const std::size_t end = rest.find('\n');
    std::unique_ptr<NativeFunction> fn = parse_line(rest.substr(0, end), native_functions);
    if (!fn) return std::nullopt;
    out.push_back(std::move(fn));
    rest.remove_prefix(end + 1);
  }
  return out;
}

void KeptRegistry::write(const std::vector<const NativeFunction*>& functions) const {
  if (path.empty() || functions.empty()) return;
  std::string text = identity + "\n";
  for (const NativeFunction* fn : functions) {
    if (fn->custom || !append_line(text, *fn)) return;
  }
  replace_cache_file(path, text);
}

}  // namespace frp::model
