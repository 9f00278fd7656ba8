// The backend descriptor (frp.yaml): what a user asks frp-gen to generate.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "common/diagnostics.h"

namespace frp::descriptor {

// A name written in the descriptor, with where it was written, for later checks.
struct Ref {
  std::string value;
  SourceLocation location;
};

struct AutocastOverrides {
  std::vector<Ref> lower_precision_fp;  // run in the AMP dtype
  std::vector<Ref> fp32;                // always run in float32
  std::vector<Ref> promote;             // run in the widest input dtype
};

// The scaffolded runtime's source name: its memory is host memory.
inline constexpr std::string_view kHostRuntime = "host_runtime";

struct Descriptor {
  std::string file;  // where it was read from
  std::string text;  // the text as read; a new repo keeps it as its frp.yaml

  std::string device;                 // "mydevice"
  SourceLocation device_at;           // where the device name is written
  std::string python_package;         // "torch_mydevice"
  std::string cpp_namespace;          // "mydevice"
  std::string class_prefix;           // "Mydevice"
  std::string collective_backend;     // "mydeviceccl": its torch.distributed backend
  std::string runtime{kHostRuntime};  // runtime.source: csrc/runtime/<runtime>.cpp

  std::vector<Ref> ops;         // explicit "op.overload" names
  std::vector<Ref> op_sets;     // curated set names or "tag:<tag>"
  std::vector<Ref> custom_ops;  // paths relative to the descriptor's folder
  std::vector<Ref> autograd;    // ops that get a custom autograd Function
  AutocastOverrides autocast;
  std::vector<Ref> amp_dtypes;           // "float16", "bfloat16"
  std::string fallback_policy = "warn";  // warn | silent | error
  std::vector<Ref> fallback_deny;        // ops that must never fall back to the CPU
  // fallback.register_cpu_kernels: every aten op with a CPU kernel and no kernel of the team's
  // gets that CPU kernel registered for the device, run on mapped device memory (needs a
  // host-addressable runtime), instead of falling back.
  bool register_cpu_kernels = false;
  SourceLocation register_cpu_kernels_at;
  std::map<std::string, bool> features;  // every known feature, defaults filled in
  int devices = 2;                       // devices of the default host-memory runtime
  int registration_shards = 4;           // translation units the registrations are split into
  // runtime.host_addressable: the host may read and write device memory directly, at any time, so
  // Inductor's C++ kernels run on it. Unset, it holds for the scaffolded host-memory runtime only.
  std::optional<bool> host_addressable;

  bool is_host_addressable() const { return host_addressable.value_or(runtime == kHostRuntime); }
  // The scaffolded host-memory runtime's kernels compute on the host's own cores, as the CPU's
  // do; any other runtime's are taken to run on the device.
  bool computes_on_host() const { return runtime == kHostRuntime; }
};

// Feature toggles and their defaults; the single list templates and the JSON Schema follow.
const std::map<std::string, bool>& default_features();
// The features a descriptor may turn off. The others (streams, events, pin_memory, generator,
// serialization) are part of every generated device; turning one off is an error, not ignored.
const std::set<std::string>& switchable_features();

// Reads and validates a descriptor file. Errors go to `diags`; returns nullopt if any.
std::optional<Descriptor> read_descriptor(const std::string& path, Diagnostics& diags);

// Parses descriptor text as if read from `path` (used for the built-in default).
std::optional<Descriptor> parse_descriptor(const std::string& path, std::string text,
                                           Diagnostics& diags);

// The built-in descriptor `frp-gen new NAME` uses when none is given.
std::string default_descriptor_text(const std::string& device, const std::vector<std::string>& ops);

// Name checks shared with the CLI; each reports at `where` and returns false on failure.
bool check_device_name(const std::string& name, const SourceLocation& where, Diagnostics& diags);

// CamelCase class prefix derived from a device name: "my_npu" -> "MyNpu".
std::string class_prefix_for(const std::string& device);

// The torch.distributed backend of a device: "mydevice" -> "mydeviceccl".
std::string collective_backend_for(const std::string& device);

}  // namespace frp::descriptor
