#include "plan/cpu_kernels.h"

#include <algorithm>
#include <string_view>

#include "plan/plan.h"

namespace frp::plan {
namespace {

// The keys of one `dispatch:` entry ("CPU, CUDA", "CompositeExplicitAutograd"), one at a time.
template <class Fn>
void for_each_dispatch_key(std::string_view list, Fn&& fn) {
  while (!list.empty()) {
    const std::size_t comma = list.find(',');
    std::string_view key = list.substr(0, comma);
    while (!key.empty() && key.front() == ' ') key.remove_prefix(1);
    while (!key.empty() && key.back() == ' ') key.remove_suffix(1);
    fn(key);
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
}

// Whether `fn`'s `dispatch:` names a key that `matches`.
template <class Match>
bool names_key_where(const model::NativeFunction& fn, Match&& matches) {
  bool found = false;
  for (const auto& [list, kernel] : fn.dispatch) {
    for_each_dispatch_key(list, [&](std::string_view key) { found = found || matches(key); });
  }
  return found;
}

bool names_key(const model::NativeFunction& fn, std::string_view wanted) {
  return names_key_where(fn, [&](std::string_view key) { return key == wanted; });
}

// An operator with a composite-explicit kernel, which serves every backend without a kernel of
// its own (a decomposition with its own gradient formula).
bool has_composite_explicit_kernel(const model::NativeFunction& fn) {
  return names_key_where(
      fn, [](std::string_view key) { return key.starts_with("CompositeExplicitAutograd"); });
}

// An operator whose kernels for every backend come from its decomposition, autograd included:
// a kernel of the device's own would leave it without a gradient formula.
bool has_composite_implicit_kernel(const model::NativeFunction& fn) {
  if (fn.dispatch.empty() && fn.structured_delegate.empty()) return true;  // the default
  return names_key_where(
      fn, [](std::string_view key) { return key.starts_with("CompositeImplicitAutograd"); });
}

// The out= operator whose CPU kernel serves `fn` (a structured group's functional or in-place
// operator): its structured delegate, if that has a CPU kernel; else null.
const model::NativeFunction* cpu_delegate(const model::NativeFunction& fn,
                                          const model::OpRegistry& registry) {
  if (fn.custom || fn.structured_delegate.empty()) return nullptr;
  const model::NativeFunction* delegate = registry.find(fn.structured_delegate);
  return delegate != nullptr && names_key(*delegate, "CPU") ? delegate : nullptr;
}

// The operators the team has claimed: those with a kernel of its own or a generated one
// (`selected`), and those its deny list names by key or base name. A structured group whose out=
// operator is claimed is left to PyTorch's structured kernel, which calls that operator, as the
// team expects.
class Claims {
 public:
  Claims(const descriptor::Descriptor& d, const std::set<std::string>& selected)
      : selected_(selected) {
    for (std::string& key : fallback_deny_keys(d)) denied_.insert(std::move(key));
  }
  bool denies(const std::string& key) const {
    return denied_.contains(key) ||
           denied_.contains(std::string_view(key).substr(0, key.find('.')));
  }
  bool claims(const std::string& key) const { return selected_.contains(key) || denies(key); }

 private:
  const std::set<std::string>& selected_;
  std::set<std::string, std::less<>> denied_;
};

}  // namespace

bool runs_cpu_kernel_as_its_own(const model::NativeFunction& fn,
                                const model::OpRegistry& registry) {
  if (fn.custom || has_composite_implicit_kernel(fn)) return false;
  return names_key(fn, "CPU") || cpu_delegate(fn, registry) != nullptr;
}

RegisteredCpuKernels registered_cpu_kernels(const descriptor::Descriptor& d,
                                            const model::OpRegistry& registry,
                                            const std::set<std::string>& selected,
                                            const std::vector<std::string>& defaults) {
  RegisteredCpuKernels out;
  if (!d.register_cpu_kernels) return out;
  const Claims team(d, selected);
  for (const auto& fn : registry.all()) {
    if (fn->custom || team.denies(fn->key)) continue;
    const model::NativeFunction* delegate = cpu_delegate(*fn, registry);
    const bool claimed =
        team.claims(fn->key) || (delegate != nullptr && team.claims(delegate->key));
    if (!claimed && runs_cpu_kernel_as_its_own(*fn, registry)) out.dense.push_back(fn->key);
    if (names_key(*fn, "NestedTensorCPU")) out.nested.push_back(fn->key);
  }
  for (const std::string& key : defaults) {
    if (!team.claims(key)) out.dense.push_back(key);
  }
  for (std::vector<std::string>* keys : {&out.dense, &out.nested}) {
    std::sort(keys->begin(), keys->end());
    keys->erase(std::unique(keys->begin(), keys->end()), keys->end());
  }
  return out;
}

std::vector<FallbackByName> ops_the_fallback_takes_by_name(
    const descriptor::Descriptor& d, const model::OpRegistry& registry,
    const std::set<std::string>& selected, const std::vector<std::string>& defaults) {
  std::vector<FallbackByName> ops;
  if (d.register_cpu_kernels) return ops;
  const Claims team(d, selected);
  const std::set<std::string, std::less<>> registered(defaults.begin(), defaults.end());
  for (const auto& fn : registry.all()) {
    if (fn->custom || registered.contains(fn->key) || team.claims(fn->key)) continue;
    if (const model::NativeFunction* delegate = cpu_delegate(*fn, registry)) {
      if (!team.claims(delegate->key)) ops.push_back({fn->key, delegate->key});
    } else if (names_key(*fn, "CPU") && has_composite_explicit_kernel(*fn)) {
      ops.push_back({fn->key, ""});
    }
  }
  std::sort(ops.begin(), ops.end(),
            [](const FallbackByName& a, const FallbackByName& b) { return a.key < b.key; });
  return ops;
}

}  // namespace frp::plan
