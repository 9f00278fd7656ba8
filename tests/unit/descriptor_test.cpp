// Unit tests for the backend descriptor (frp.yaml): defaults and derived names, every validation
// with the line and column it reports, and the built-in default descriptor.
#include "descriptor/descriptor.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "common/diagnostics.h"

namespace frp::descriptor {
namespace {

namespace fs = std::filesystem;

const std::string kFile = "frp.yaml";

Descriptor parse_ok(const std::string& text) {
  Diagnostics diags;
  std::optional<Descriptor> d = parse_descriptor(kFile, text, diags);
  EXPECT_TRUE(d.has_value()) << text << "\n" << diags.format();
  EXPECT_FALSE(diags.has_errors());
  return d ? *d : Descriptor{};
}

// Parses text that must fail; returns its diagnostics.
Diagnostics parse_bad(const std::string& text) {
  Diagnostics diags;
  std::optional<Descriptor> d = parse_descriptor(kFile, text, diags);
  EXPECT_FALSE(d.has_value()) << text;
  EXPECT_TRUE(diags.has_errors()) << text;
  return diags;
}

// The single error of a text that must fail.
Diagnostic one_error(const std::string& text) {
  Diagnostics diags = parse_bad(text);
  EXPECT_EQ(diags.error_count(), 1u) << diags.format();
  return diags.has_errors() ? diags.errors()[0] : Diagnostic{};
}

std::vector<std::string> values(const std::vector<Ref>& refs) {
  std::vector<std::string> out;
  for (const Ref& r : refs) out.push_back(r.value);
  return out;
}

// ---------------------------------------------------------------------------------------------
// A valid descriptor and its defaults

TEST(Descriptor, MinimalHasDefaults) {
  const std::string text = "device: mydev\n";
  Descriptor d = parse_ok(text);
  EXPECT_EQ(d.file, kFile);
  EXPECT_EQ(d.text, text);
  EXPECT_EQ(d.device, "mydev");
  EXPECT_EQ(d.python_package, "torch_mydev");
  EXPECT_EQ(d.cpp_namespace, "mydev");
  EXPECT_EQ(d.class_prefix, "Mydev");
  EXPECT_TRUE(d.ops.empty());
  EXPECT_TRUE(d.op_sets.empty());
  EXPECT_TRUE(d.custom_ops.empty());
  EXPECT_TRUE(d.autograd.empty());
  EXPECT_TRUE(d.autocast.lower_precision_fp.empty());
  EXPECT_TRUE(d.autocast.fp32.empty());
  EXPECT_TRUE(d.autocast.promote.empty());
  EXPECT_EQ(values(d.amp_dtypes), (std::vector<std::string>{"float16", "bfloat16"}));
  EXPECT_EQ(d.fallback_policy, "warn");
  EXPECT_TRUE(d.fallback_deny.empty());
  EXPECT_EQ(d.features, default_features());
  EXPECT_EQ(d.devices, 2);
  EXPECT_EQ(d.registration_shards, 4);
}

TEST(Descriptor, DefaultFeatures) {
  const auto& f = default_features();
  for (const char* name : {"streams", "events", "pin_memory", "generator", "serialization",
                           "autoload", "autocast", "distributed", "comfyui"}) {
    ASSERT_TRUE(f.contains(name)) << name;
    EXPECT_TRUE(f.at(name)) << name;
  }
  EXPECT_EQ(f.size(), 9u);
}

TEST(Descriptor, DerivedNames) {
  Descriptor d = parse_ok("device: my_npu\n");
  EXPECT_EQ(d.python_package, "torch_my_npu");
  EXPECT_EQ(d.cpp_namespace, "my_npu");
  EXPECT_EQ(d.class_prefix, "MyNpu");
  EXPECT_EQ(d.collective_backend, "my_npuccl");
}

TEST(Descriptor, ClassPrefixFor) {
  EXPECT_EQ(class_prefix_for("my_npu"), "MyNpu");
  EXPECT_EQ(class_prefix_for("mydevice"), "Mydevice");
  EXPECT_EQ(class_prefix_for("npu2"), "Npu2");
  EXPECT_EQ(class_prefix_for("a_b_c"), "ABC");
  EXPECT_EQ(class_prefix_for("my__npu_"), "MyNpu");
  EXPECT_EQ(class_prefix_for(""), "");
}

TEST(Descriptor, FullDescriptorWithLocations) {
  const std::string text =
      "device: mydev\n"                      // 1
      "ops:\n"                               // 2
      "  - add.Tensor\n"                     // 3
      "  - aten::mm\n"                       // 4
      "op_sets: [minimal, 'tag:core']\n"     // 5
      "custom_ops: [ops/custom.yaml]\n"      // 6
      "autograd: [myops::fused_gelu]\n"      // 7
      "autocast:\n"                          // 8
      "  lower_precision_fp: [mm, addmm]\n"  // 9
      "  fp32: [mse_loss]\n"                 // 10
      "  promote: [cat]\n"                   // 11
      "amp_dtypes: [bfloat16]\n"             // 12
      "fallback:\n"                          // 13
      "  policy: error\n"                    // 14
      "  deny: [mm]\n"                       // 15
      "features:\n"                          // 16
      "  autoload: false\n"                  // 17
      "  autocast: False\n"                  // 18
      "  events: true\n"                     // 19
      "runtime:\n"                           // 20
      "  devices: 8\n"                       // 21
      "build:\n"                             // 22
      "  registration_shards: 16\n";         // 23
  Descriptor d = parse_ok(text);
  EXPECT_EQ(values(d.ops), (std::vector<std::string>{"add.Tensor", "aten::mm"}));
  EXPECT_EQ(d.ops[0].location.file, kFile);
  EXPECT_EQ(d.ops[0].location.line, 3);
  EXPECT_EQ(d.ops[0].location.column, 5);
  EXPECT_EQ(d.ops[1].location.line, 4);
  EXPECT_EQ(values(d.op_sets), (std::vector<std::string>{"minimal", "tag:core"}));
  EXPECT_EQ(d.op_sets[1].location.line, 5);
  EXPECT_EQ(d.op_sets[1].location.column, 20);
  EXPECT_EQ(values(d.custom_ops), (std::vector<std::string>{"ops/custom.yaml"}));
  EXPECT_EQ(values(d.autograd), (std::vector<std::string>{"myops::fused_gelu"}));
  EXPECT_EQ(d.autograd[0].location.line, 7);
  EXPECT_EQ(values(d.autocast.lower_precision_fp), (std::vector<std::string>{"mm", "addmm"}));
  EXPECT_EQ(values(d.autocast.fp32), (std::vector<std::string>{"mse_loss"}));
  EXPECT_EQ(values(d.autocast.promote), (std::vector<std::string>{"cat"}));
  EXPECT_EQ(d.autocast.promote[0].location.line, 11);
  EXPECT_EQ(values(d.amp_dtypes), (std::vector<std::string>{"bfloat16"}));
  EXPECT_EQ(d.fallback_policy, "error");
  EXPECT_EQ(values(d.fallback_deny), (std::vector<std::string>{"mm"}));
  EXPECT_EQ(d.fallback_deny[0].location.line, 15);
  EXPECT_FALSE(d.features.at("autoload"));
  EXPECT_FALSE(d.features.at("autocast"));
  EXPECT_TRUE(d.features.at("events"));
  EXPECT_TRUE(d.features.at("pin_memory"));  // untouched defaults stay
  EXPECT_EQ(d.features.size(), default_features().size());
  EXPECT_EQ(d.devices, 8);
  EXPECT_EQ(d.registration_shards, 16);
}

TEST(Descriptor, AScalarForAListIsAnError) {
  // A list of one must look like a list: `custom_ops: x.yaml` reads as a mistake.
  for (const char* key : {"ops", "custom_ops", "op_sets", "autograd"}) {
    Diagnostic e = one_error("device: mydev\n" + std::string(key) + ": relu\n");
    EXPECT_EQ(e.message, "expected '" + std::string(key) + "' to be a list of strings");
    EXPECT_EQ(e.hint, "write it as a list: " + std::string(key) + ": [relu]");
    EXPECT_EQ(e.location.line, 2);
  }
}

TEST(Descriptor, ValidOverrides) {
  Descriptor d = parse_ok(
      "device: mydev\n"
      "python_package: torch_my_dev2\n"
      "cpp_namespace: MyDev\n"
      "class_prefix: MyDev2\n");
  EXPECT_EQ(d.python_package, "torch_my_dev2");
  EXPECT_EQ(d.cpp_namespace, "MyDev");
  EXPECT_EQ(d.class_prefix, "MyDev2");
}

TEST(Descriptor, FallbackPolicies) {
  for (const char* policy : {"warn", "silent", "error"}) {
    Descriptor d = parse_ok("device: mydev\nfallback:\n  policy: " + std::string(policy) + "\n");
    EXPECT_EQ(d.fallback_policy, policy);
  }
}

TEST(Descriptor, BoundaryCounts) {
  Descriptor low =
      parse_ok("device: mydev\nruntime:\n  devices: 1\nbuild:\n  registration_shards: 1\n");
  EXPECT_EQ(low.devices, 1);
  EXPECT_EQ(low.registration_shards, 1);
  Descriptor high =
      parse_ok("device: mydev\nruntime:\n  devices: 64\nbuild:\n  registration_shards: 64\n");
  EXPECT_EQ(high.devices, 64);
  EXPECT_EQ(high.registration_shards, 64);
}

// ---------------------------------------------------------------------------------------------
// Device names

TEST(DeviceName, Rejected) {
  struct Case {
    const char* name;
    const char* message;
  };
  const Case cases[] = {
      {"cuda", "device name 'cuda' is already used by PyTorch"},
      {"privateuseone", "device name 'privateuseone' is already used by PyTorch"},
      {"cpu", "device name 'cpu' is already used by PyTorch"},
      {"My", "device name 'My' must be a lowercase identifier ([a-z][a-z0-9_]*)"},
      {"1abc", "device name '1abc' must be a lowercase identifier ([a-z][a-z0-9_]*)"},
      {"_dev", "device name '_dev' must be a lowercase identifier ([a-z][a-z0-9_]*)"},
      {"my-dev", "device name 'my-dev' must be a lowercase identifier ([a-z][a-z0-9_]*)"},
      {"class", "device name 'class' is a C++ or Python keyword"},
      {"lambda", "device name 'lambda' is a C++ or Python keyword"},
  };
  for (const Case& c : cases) {
    // Comment lines first, so the line number is checked too.
    Diagnostic e = one_error("# my backend\n\ndevice: " + std::string(c.name) + "\n");
    EXPECT_EQ(e.message, c.message) << c.name;
    EXPECT_EQ(e.location.file, kFile);
    EXPECT_EQ(e.location.line, 3) << c.name;
    EXPECT_EQ(e.location.column, 9) << c.name;
  }
}

TEST(DeviceName, HintsForReservedAndMalformed) {
  EXPECT_EQ(one_error("device: cuda\n").hint, "pick a name of your own, e.g. 'cuda_dev'");
  EXPECT_EQ(one_error("device: My\n").hint, "e.g. 'mydevice' or 'my_npu'");
}

TEST(DeviceName, CheckDirectly) {
  Diagnostics diags;
  const SourceLocation cli{"command line", 0, 0};
  EXPECT_TRUE(check_device_name("mydevice", cli, diags));
  EXPECT_TRUE(check_device_name("my_npu", cli, diags));
  EXPECT_TRUE(check_device_name("npu2", cli, diags));
  EXPECT_FALSE(diags.has_errors());
  EXPECT_FALSE(check_device_name("", cli, diags));
  EXPECT_FALSE(check_device_name("xpu", cli, diags));
  EXPECT_FALSE(check_device_name("torch", cli, diags));
  ASSERT_EQ(diags.error_count(), 3u);
  EXPECT_EQ(diags.errors()[2].location.file, "command line");
}

TEST(DeviceName, Missing) {
  Diagnostic e = one_error("ops: [relu]\n");
  EXPECT_EQ(e.message, "the descriptor needs a 'device:' name");
  EXPECT_EQ(e.hint, "e.g. 'device: mydevice'");
  EXPECT_EQ(e.location.line, 1);
  EXPECT_EQ(e.location.column, 1);
  Diagnostic not_scalar = one_error("ops: [relu]\ndevice: [a, b]\n");
  EXPECT_EQ(not_scalar.message, "the descriptor needs a 'device:' name");
  EXPECT_EQ(not_scalar.location.line, 2);  // at the value written, not the top of the file
  EXPECT_EQ(not_scalar.location.column, 9);
}

TEST(DeviceName, AnEmptyDescriptorSaysSo) {
  for (const std::string text : {"", "# nothing yet\n", "~\n"}) {
    Diagnostic e = one_error(text);
    EXPECT_EQ(e.message, "the descriptor is empty") << text;
    EXPECT_EQ(e.location.line, 0);
    EXPECT_NE(e.hint.find("device: mydevice"), std::string::npos);
  }
}

TEST(DeviceName, DerivedNamespaceFollowsTheOverrideRules) {
  Diagnostics diags;
  std::optional<Descriptor> d = parse_descriptor(kFile, "device: my__dev\n", diags);
  const bool rejected = !d.has_value();
  const bool renamed = d && d->cpp_namespace.find("__") == std::string::npos;
  EXPECT_TRUE(rejected || renamed) << "cpp_namespace: " << (d ? d->cpp_namespace : "");
}

// ---------------------------------------------------------------------------------------------
// Overrides

TEST(Overrides, BadPythonPackage) {
  Diagnostic e = one_error("device: mydev\npython_package: Torch-Dev\n");
  EXPECT_EQ(e.message, "python_package 'Torch-Dev' is not a valid lowercase Python name");
  EXPECT_EQ(e.hint, "use letters, digits and '_', e.g. 'torch_mydevice'");
  EXPECT_EQ(e.location.line, 2);
  EXPECT_EQ(e.location.column, 17);
  EXPECT_EQ(one_error("device: mydev\npython_package: import\n").message,
            "python_package 'import' is not a valid lowercase Python name");
  EXPECT_EQ(one_error("device: mydev\npython_package: 2torch\n").location.line, 2);
}

TEST(Overrides, CollectiveBackend) {
  EXPECT_EQ(parse_ok("device: mydev\ncollective_backend: mydev_ccl\n").collective_backend,
            "mydev_ccl");
  Diagnostic e = one_error("device: mydev\ncollective_backend: MyCCL\n");
  EXPECT_EQ(e.message, "collective_backend 'MyCCL' is not a lowercase identifier");
  EXPECT_EQ(e.location.line, 2);
  EXPECT_EQ(e.location.column, 21);
  e = one_error("device: mydev\ncollective_backend: gloo\n");
  EXPECT_EQ(e.message, "collective_backend 'gloo' is a torch.distributed backend already");
  EXPECT_EQ(e.hint, "name it after your device, e.g. 'mydeviceccl'");
}

TEST(Overrides, ADerivedCollectiveBackendThatIsTakenNeedsAName) {
  // Device "n" would get "nccl": the error points at the device and asks for a name.
  Diagnostics diags = parse_bad("device: n\n");
  const auto& errors = diags.errors();
  ASSERT_EQ(errors.size(), 2u) << diags.format();
  EXPECT_EQ(errors[0].message, "collective_backend 'nccl' is a torch.distributed backend already");
  EXPECT_EQ(errors[1].message, "set 'collective_backend' explicitly for this device name");
  EXPECT_EQ(errors[1].location.line, 1);
  EXPECT_EQ(parse_ok("device: n\ncollective_backend: nccl2\n").collective_backend, "nccl2");
}

TEST(Overrides, BadCppNamespace) {
  Diagnostic e = one_error("device: mydev\n\ncpp_namespace: class\n");
  EXPECT_EQ(e.message, "cpp_namespace 'class' is not a usable C++ namespace name");
  EXPECT_EQ(e.location.line, 3);
  EXPECT_EQ(e.location.column, 16);
  for (const char* name : {"_mydev", "my__dev", "9dev", "my-dev", "namespace"}) {
    EXPECT_EQ(one_error("device: mydev\ncpp_namespace: " + std::string(name) + "\n").message,
              "cpp_namespace '" + std::string(name) + "' is not a usable C++ namespace name");
  }
}

TEST(Overrides, BadClassPrefix) {
  Diagnostic e = one_error("device: mydev\nclass_prefix: lower\n");
  EXPECT_EQ(e.message, "class_prefix 'lower' must be CamelCase letters and digits");
  EXPECT_EQ(e.hint, "e.g. 'Lower'");
  EXPECT_EQ(e.location.line, 2);
  EXPECT_EQ(e.location.column, 15);
  EXPECT_EQ(one_error("device: mydev\nclass_prefix: My_Npu\n").hint, "e.g. 'MyNpu'");
  EXPECT_EQ(one_error("device: mydev\nclass_prefix: \"\"\n").message,
            "class_prefix '' must be CamelCase letters and digits");
  // Nothing of it makes a name: the hint shows one rather than "e.g. ''".
  EXPECT_EQ(one_error("device: mydev\nclass_prefix: \"\"\n").hint, "e.g. 'MyDevice'");
  EXPECT_EQ(one_error("device: mydev\nclass_prefix: 9x\n").hint, "e.g. 'MyDevice'");
}

TEST(Overrides, NotAName) {
  Diagnostic e = one_error("device: mydev\npython_package:\n  - a\n");
  EXPECT_EQ(e.message, "expected 'python_package' to be a name");
  EXPECT_EQ(e.location.line, 3);
}

// ---------------------------------------------------------------------------------------------
// Other validations

TEST(Validation, UnknownTopLevelKey) {
  Diagnostic e = one_error("device: mydev\nopz:\n  - relu\n");
  EXPECT_EQ(e.message, "unknown key 'opz' in the descriptor");
  EXPECT_EQ(e.hint, "did you mean 'ops'?");
  EXPECT_EQ(e.location.line, 2);
  EXPECT_EQ(e.location.column, 1);
  EXPECT_EQ(one_error("device: mydev\nfeature:\n  streams: false\n").hint,
            "did you mean 'features'?");
}

TEST(Validation, FallbackPolicyTypo) {
  Diagnostic e = one_error("device: mydev\nfallback:\n  policy: eror\n");
  EXPECT_EQ(e.message, "fallback policy must be warn, silent or error");
  EXPECT_EQ(e.hint, "did you mean 'error'?");
  EXPECT_EQ(e.location.line, 3);
  EXPECT_EQ(e.location.column, 11);
  EXPECT_EQ(one_error("device: mydev\nfallback:\n  policy: silnet\n").hint,
            "did you mean 'silent'?");
  EXPECT_EQ(one_error("device: mydev\nfallback:\n  policy: [warn]\n").message,
            "fallback policy must be warn, silent or error");
}

TEST(Validation, FallbackUnknownKey) {
  Diagnostic e = one_error("device: mydev\nfallback:\n  policy: warn\n  denyy: [mm]\n");
  EXPECT_EQ(e.message, "unknown key 'denyy' in 'fallback'");
  EXPECT_EQ(e.hint, "did you mean 'deny'?");
  EXPECT_EQ(e.location.line, 4);
}

TEST(Validation, Features) {
  Diagnostic unknown = one_error("device: mydev\nfeatures:\n  stream: false\n");
  EXPECT_EQ(unknown.message, "unknown key 'stream' in 'features'");
  EXPECT_EQ(unknown.hint, "did you mean 'streams'?");
  EXPECT_EQ(unknown.location.line, 3);
  Diagnostic not_bool = one_error("device: mydev\nfeatures:\n  events: maybe\n");
  EXPECT_EQ(not_bool.message, "expected 'events' to be true or false, found 'maybe'");
  EXPECT_EQ(not_bool.location.line, 3);
  EXPECT_EQ(not_bool.location.column, 11);
  EXPECT_EQ(one_error("device: mydev\nfeatures: [streams]\n").message,
            "expected 'features' to be a mapping of keys");
}

TEST(Validation, FeaturesEveryDeviceHasCannotBeTurnedOff) {
  Diagnostic off = one_error("device: mydev\nfeatures:\n  autoload: false\n  streams: false\n");
  EXPECT_EQ(off.message, "feature 'streams' cannot be turned off: every generated device has it");
  EXPECT_EQ(off.hint, "remove the line; only autoload and autocast can be turned off");
  EXPECT_EQ(off.location.line, 4);
  EXPECT_EQ(off.location.column, 12);
  // Saying so explicitly is fine.
  EXPECT_TRUE(parse_ok("device: mydev\nfeatures: {streams: true}\n").features.at("streams"));
}

TEST(Validation, RuntimeDevicesOutOfRange) {
  for (const char* n : {"0", "65", "-1", "1000000"}) {
    Diagnostic e = one_error("device: mydev\nruntime:\n  devices: " + std::string(n) + "\n");
    EXPECT_EQ(e.message, "runtime devices must be between 1 and 64") << n;
    EXPECT_EQ(e.location.line, 3) << n;
    EXPECT_EQ(e.location.column, 12) << n;
  }
  EXPECT_EQ(one_error("device: mydev\nruntime:\n  devices: two\n").message,
            "expected 'devices' to be an integer");
  EXPECT_EQ(one_error("device: mydev\nruntime:\n  device: 2\n").hint, "did you mean 'devices'?");
}

TEST(Validation, RuntimeSource) {
  EXPECT_EQ(parse_ok("device: mydev\n").runtime, "host_runtime");
  EXPECT_EQ(parse_ok("device: mydev\nruntime:\n  source: opencl_runtime\n").runtime,
            "opencl_runtime");
  // It names a file under csrc/runtime/: no paths, no capitals, no dots.
  for (const char* bad : {"../escape", "Host", "a.cpp", "x/y"}) {
    Diagnostic e = one_error("device: mydev\nruntime:\n  source: " + std::string(bad) + "\n");
    EXPECT_EQ(e.message, "runtime source '" + std::string(bad) + "' is not a usable file name");
    EXPECT_EQ(e.location.line, 3) << bad;
  }
  EXPECT_EQ(one_error("device: mydev\nruntime:\n  source: [a]\n").message,
            "expected 'source' to be a name");
  EXPECT_EQ(one_error("device: mydev\nruntime:\n  sources: x\n").hint, "did you mean 'source'?");
}

TEST(Validation, RuntimeComputesOnHost) {
  // Only the scaffolded host-memory runtime computes on the host, addressable memory or not.
  EXPECT_TRUE(parse_ok("device: mydev\n").computes_on_host());
  EXPECT_FALSE(
      parse_ok("device: mydev\nruntime:\n  source: simdev_runtime\n  host_addressable: true\n")
          .computes_on_host());
}

TEST(Validation, RuntimeHostAddressable) {
  // Unset, it follows the runtime: only the scaffolded host-memory runtime is addressable.
  EXPECT_TRUE(parse_ok("device: mydev\n").is_host_addressable());
  EXPECT_FALSE(
      parse_ok("device: mydev\nruntime:\n  source: opencl_runtime\n").is_host_addressable());
  EXPECT_TRUE(
      parse_ok("device: mydev\nruntime:\n  source: simdev_runtime\n  host_addressable: true\n")
          .is_host_addressable());
  EXPECT_FALSE(
      parse_ok("device: mydev\nruntime:\n  host_addressable: false\n").is_host_addressable());
  Diagnostic e = one_error("device: mydev\nruntime:\n  host_addressable: maybe\n");
  EXPECT_EQ(e.message, "expected 'host_addressable' to be true or false, found 'maybe'");
  EXPECT_EQ(e.location.line, 3);
  EXPECT_EQ(one_error("device: mydev\nruntime:\n  host_adressable: true\n").hint,
            "did you mean 'host_addressable'?");
}

TEST(Validation, RegisteredCpuKernelsNeedHostAddressableMemory) {
  EXPECT_FALSE(parse_ok("device: mydev\n").register_cpu_kernels);
  EXPECT_TRUE(
      parse_ok("device: mydev\nfallback:\n  register_cpu_kernels: true\n").register_cpu_kernels);
  // Elsewhere every call would copy: a fallback in all but name.
  Diagnostic e = one_error(
      "device: mydev\nfallback:\n  register_cpu_kernels: true\nruntime:\n  source: "
      "opencl_runtime\n");
  EXPECT_EQ(e.location.line, 3);
  EXPECT_NE(e.message.find("needs a runtime whose memory the host addresses"), std::string::npos);
  EXPECT_NE(e.hint.find("runtime.host_addressable: true"), std::string::npos);
  EXPECT_TRUE(parse_ok("device: mydev\nfallback:\n  register_cpu_kernels: true\nruntime:\n"
                       "  source: simdev_runtime\n  host_addressable: true\n")
                  .register_cpu_kernels);
  EXPECT_EQ(one_error("device: mydev\nfallback:\n  register_cpu_kernel: true\n").hint,
            "did you mean 'register_cpu_kernels'?");
}

TEST(Validation, RegistrationShardsOutOfRange) {
  Diagnostic e = one_error("device: mydev\nbuild:\n  registration_shards: 0\n");
  EXPECT_EQ(e.message, "registration_shards must be between 1 and 64");
  EXPECT_EQ(e.location.line, 3);
  EXPECT_EQ(one_error("device: mydev\nbuild:\n  registration_shards: 65\n").location.line, 3);
}

TEST(Validation, CustomOpsPaths) {
  struct Case {
    const char* path;
    bool ok;
  };
  const Case cases[] = {
      {"custom.yaml", true},     {"ops/custom.yaml", true},   {"./ops/custom.yaml", true},
      {"../custom.yaml", false}, {"ops/../../x.yaml", false}, {"/abs/custom.yaml", false},
      {"ops/..", false},
  };
  for (const Case& c : cases) {
    const std::string text =
        "device: mydev\ncustom_ops:\n  - fine.yaml\n  - \"" + std::string(c.path) + "\"\n";
    if (c.ok) {
      Descriptor d = parse_ok(text);
      EXPECT_EQ(d.custom_ops.size(), 2u) << c.path;
      continue;
    }
    Diagnostic e = one_error(text);
    EXPECT_EQ(e.message, "custom_ops path '" + std::string(c.path) +
                             "' must be relative and inside the descriptor's folder")
        << c.path;
    EXPECT_EQ(e.location.line, 4) << c.path;
    EXPECT_EQ(e.location.column, 5) << c.path;
  }
  EXPECT_EQ(one_error("device: mydev\ncustom_ops: ['']\n").location.line, 2);
}

TEST(Validation, AmpDtypes) {
  Diagnostic e = one_error("device: mydev\namp_dtypes: [float16, bfloat61]\n");
  EXPECT_EQ(e.message, "unknown AMP dtype 'bfloat61'");
  EXPECT_EQ(e.hint, "did you mean 'bfloat16'?");
  EXPECT_EQ(e.location.line, 2);
  EXPECT_EQ(e.location.column, 23);
}

TEST(Validation, AutocastUnknownKey) {
  Diagnostic e = one_error("device: mydev\nautocast:\n  fp_32: [mm]\n");
  EXPECT_EQ(e.message, "unknown key 'fp_32' in 'autocast'");
  EXPECT_EQ(e.hint, "did you mean 'fp32'?");
}

TEST(Validation, ListOfNonStrings) {
  Diagnostic e = one_error("device: mydev\nops:\n  - relu\n  - {name: mm}\n");
  EXPECT_EQ(e.message, "expected each entry of 'ops' to be a string");
  EXPECT_EQ(e.location.line, 4);
}

TEST(Validation, ReportsEveryProblemAtOnce) {
  Diagnostics diags = parse_bad(
      "device: cuda\n"
      "opz: [relu]\n"
      "fallback:\n"
      "  policy: eror\n"
      "runtime:\n"
      "  devices: 0\n");
  ASSERT_EQ(diags.error_count(), 4u) << diags.format();
  std::vector<int> lines;
  for (const Diagnostic& d : diags.errors()) lines.push_back(d.location.line);
  std::sort(lines.begin(), lines.end());
  EXPECT_EQ(lines, (std::vector<int>{1, 2, 4, 6}));
}

TEST(Validation, MalformedYaml) {
  Diagnostic e = one_error("device: mydev\nops: [relu\nfallback: x\n");
  EXPECT_TRUE(e.message.starts_with("malformed YAML: ")) << e.message;
  EXPECT_EQ(e.location.file, kFile);
  EXPECT_GE(e.location.line, 2);
  Diagnostic map_value = one_error("device: mydev\nops: a: b\n");
  EXPECT_EQ(map_value.location.line, 2);
  EXPECT_EQ(map_value.location.column, 7);
}

TEST(Validation, NotAMapping) {
  EXPECT_EQ(one_error("- device: mydev\n").message,
            "expected the descriptor to be a mapping of keys");
  EXPECT_EQ(one_error("device\n").message, "expected the descriptor to be a mapping of keys");
}

TEST(Validation, ReportQuotesTheDescriptor) {
  Diagnostics diags = parse_bad("device: mydev\nclass_prefix: lower\n");
  EXPECT_EQ(diags.format(),
            "frp.yaml:2:15: error: class_prefix 'lower' must be CamelCase letters and digits\n"
            "    class_prefix: lower\n"
            "                  ^\n"
            "  hint: e.g. 'Lower'\n");
}

// ---------------------------------------------------------------------------------------------
// The built-in default and reading from a file

TEST(DefaultDescriptor, ParsesCleanly) {
  const std::string text = default_descriptor_text("mydev", {});
  Descriptor d = parse_ok(text);
  EXPECT_EQ(d.device, "mydev");
  EXPECT_EQ(values(d.op_sets), (std::vector<std::string>{"minimal"}));
  EXPECT_TRUE(d.ops.empty());
  EXPECT_EQ(d.fallback_policy, "warn");
  EXPECT_EQ(values(d.amp_dtypes), (std::vector<std::string>{"float16", "bfloat16"}));
  EXPECT_EQ(d.devices, 2);
  EXPECT_EQ(d.text, text);
}

TEST(DefaultDescriptor, ListsTheGivenOps) {
  Descriptor d = parse_ok(default_descriptor_text("my_npu", {"add.Tensor", "mm"}));
  EXPECT_EQ(d.class_prefix, "MyNpu");
  ASSERT_EQ(values(d.ops), (std::vector<std::string>{"add.Tensor", "mm"}));
  // Lines 1-2 are comments, then device, a comment, op_sets and 'ops:'.
  EXPECT_EQ(d.ops[0].location.line, 7);
  EXPECT_EQ(d.ops[0].location.column, 5);
  EXPECT_EQ(d.ops[1].location.line, 8);
}

TEST(DefaultDescriptor, BadDeviceIsReported) {
  Diagnostics diags;
  EXPECT_FALSE(parse_descriptor("default", default_descriptor_text("cuda", {}), diags));
  ASSERT_EQ(diags.error_count(), 1u);
  EXPECT_EQ(diags.errors()[0].location.line, 3);
}

TEST(ReadDescriptor, FromAFile) {
  fs::path dir =
      fs::path(::testing::TempDir()) / ("frp_descriptor_test_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string path = (dir / "frp.yaml").string();
  std::ofstream(path) << "device: mydev\nops: [relu]\n";
  Diagnostics diags;
  std::optional<Descriptor> d = read_descriptor(path, diags);
  ASSERT_TRUE(d.has_value()) << diags.format();
  EXPECT_EQ(d->file, path);
  EXPECT_EQ(d->ops[0].location.file, path);

  std::optional<Descriptor> missing = read_descriptor((dir / "absent.yaml").string(), diags);
  EXPECT_FALSE(missing.has_value());
  ASSERT_EQ(diags.error_count(), 1u);
  EXPECT_EQ(diags.errors()[0].message, "cannot read: No such file or directory");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace frp::descriptor
