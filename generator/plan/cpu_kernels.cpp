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

bool names_key(const model::NativeFunction& fn, std::string_view wanted) {
  bool found = false;
  for (const auto& [list, kernel] : fn.dispatch) {
    for_each_dispatch_key(list, [&](std::string_view key) { found = found || key == wanted; });
  }
  return found;
}

// An operator whose kernels for every backend come from its decomposition, autograd included:
// a kernel of the device's own would leave it without a gradient formula.
bool has_composite_implicit_kernel(const model::NativeFunction& fn) {
  if (fn.dispatch.empty() && fn.structured_delegate.empty()) return true;  // the default
  bool found = false;
  for (const auto& [list, kernel] : fn.dispatch) {
    for_each_dispatch_key(list, [&](std::string_view key) {
      found = found || key.starts_with("CompositeImplicitAutograd");
    });
  }
  return found;
}

// The out= operator whose CPU kernel serves `fn` (a structured group's functional or in-place
// operator): its structured delegate, if that has a CPU kernel; else null.
const model::NativeFunction* cpu_delegate(const model::NativeFunction& fn,
                                          const model::OpRegistry& registry) {
  if (fn.custom || fn.structured_delegate.empty()) return nullptr;
  const model::NativeFunction* delegate = registry.find(fn.structured_delegate);
  return delegate != nullptr && names_key(*delegate, "CPU") ? delegate : nullptr;
}

// The deny list of the descriptor, which names an operator by its key or its base name.
class DenyList {
 public:
  explicit DenyList(const descriptor::Descriptor& d) {
    for (std::string& key : fallback_deny_keys(d)) keys_.insert(std::move(key));
  }
  bool denies(const std::string& key) const {
    return keys_.contains(key) || keys_.contains(std::string_view(key).substr(0, key.find('.')));
  }

 private:
  std::set<std::string, std::less<>> keys_;
};

// Whether a kernel of the team's, or the deny list, claims `fn`'s structured group: its out=
// operator then serves the group through PyTorch's structured kernel, as the team expects.
bool group_claimed(const model::NativeFunction& fn, const model::NativeFunction& delegate,
                   const std::set<std::string>& selected, const DenyList& deny) {
  return selected.contains(fn.key) || selected.contains(delegate.key) || deny.denies(fn.key) ||
         deny.denies(delegate.key);
}

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
  const DenyList deny(d);
  for (const auto& fn : registry.all()) {
    if (fn->custom || deny.denies(fn->key)) continue;
    const model::NativeFunction* delegate = cpu_delegate(*fn, registry);
    const bool claimed = selected.contains(fn->key) ||
                         (delegate != nullptr && group_claimed(*fn, *delegate, selected, deny));
    if (!claimed && runs_cpu_kernel_as_its_own(*fn, registry)) out.dense.push_back(fn->key);
    if (names_key(*fn, "NestedTensorCPU")) out.nested.push_back(fn->key);
  }
  for (const std::string& key : defaults) {
    if (!deny.denies(key) && !selected.contains(key)) out.dense.push_back(key);
  }
  for (std::vector<std::string>* keys : {&out.dense, &out.nested}) {
    std::sort(keys->begin(), keys->end());
    keys->erase(std::unique(keys->begin(), keys->end()), keys->end());
  }
  return out;
}

std::vector<StructuredOp> structured_ops_for_the_fallback(
    const descriptor::Descriptor& d, const model::OpRegistry& registry,
    const std::set<std::string>& selected, const std::vector<std::string>& defaults) {
  std::vector<StructuredOp> ops;
  if (d.register_cpu_kernels) return ops;
  const DenyList deny(d);
  const std::set<std::string, std::less<>> registered(defaults.begin(), defaults.end());
  for (const auto& fn : registry.all()) {
    const model::NativeFunction* delegate = cpu_delegate(*fn, registry);
    if (delegate != nullptr && !group_claimed(*fn, *delegate, selected, deny) &&
        !registered.contains(fn->key)) {
      ops.push_back({fn->key, delegate->key});
    }
  }
  std::sort(ops.begin(), ops.end(),
            [](const StructuredOp& a, const StructuredOp& b) { return a.key < b.key; });
  return ops;
}

}  // namespace frp::plan
