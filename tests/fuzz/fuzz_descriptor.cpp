// libFuzzer target: the descriptor reader (descriptor/descriptor.cpp) on arbitrary frp.yaml text,
// and the error report a user would see. What it accepts must hold the promises the later stages
// rely on instead of checking again.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "common/diagnostics.h"
#include "common/paths.h"
#include "descriptor/descriptor.h"

namespace {

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz_descriptor: accepted a descriptor, but %s: '%s'\n", what,
               detail.c_str());
  std::abort();
}

bool in_range(int n) { return n >= 1 && n <= 64; }

void check_accepted(const frp::descriptor::Descriptor& d) {
  frp::Diagnostics diags;
  if (!frp::descriptor::check_device_name(d.device, {"frp.yaml", 1, 1}, diags)) {
    fail("its device name is invalid", d.device);
  }
  if (d.python_package.empty() || d.cpp_namespace.empty() || d.class_prefix.empty()) {
    fail("a derived name is empty", d.device);
  }
  for (const frp::descriptor::Ref& file : d.custom_ops) {
    // The generated repo copies these files: a path leaving the descriptor's folder would write
    // outside it.
    if (!frp::is_safe_relative_path(file.value)) fail("a custom_ops path is unsafe", file.value);
  }
  if (!in_range(d.devices)) fail("runtime.devices is out of range", std::to_string(d.devices));
  if (!in_range(d.registration_shards)) {
    fail("build.registration_shards is out of range", std::to_string(d.registration_shards));
  }
  if (d.features.size() != frp::descriptor::default_features().size()) {
    fail("the feature table has unknown entries", std::to_string(d.features.size()));
  }
  for (const auto& [name, on] : d.features) {
    if (!on && !frp::descriptor::switchable_features().contains(name)) {
      fail("a feature that cannot be turned off is off", name);
    }
  }
  if (d.fallback_policy != "warn" && d.fallback_policy != "silent" &&
      d.fallback_policy != "error") {
    fail("the fallback policy is unknown", d.fallback_policy);
  }
  for (const frp::descriptor::Ref& dtype : d.amp_dtypes) {
    if (dtype.value != "float16" && dtype.value != "bfloat16")
      fail("an AMP dtype is unknown", dtype.value);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  frp::Diagnostics diags;
  std::optional<frp::descriptor::Descriptor> d =
      frp::descriptor::parse_descriptor("frp.yaml", std::move(text), diags);
  // Every error is quoted with its line and a caret, as the CLI prints them.
  (void)diags.format();
  if (d.has_value() == diags.has_errors()) {
    std::fprintf(stderr, "fuzz_descriptor: %s, with %zu errors\n%s", d ? "accepted" : "rejected",
                 diags.error_count(), diags.format().c_str());
    std::abort();
  }
  if (d) check_accepted(*d);
  return 0;
}
