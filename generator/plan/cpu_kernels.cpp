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

// A functional operator of a structured group (add.Tensor) runs on the device without a kernel
// of its own: PyTorch's structured kernel works out its result's shape, allocates the result on
// the device and calls the out= operator, whose CPU kernel the device registers. Registered as
// well, its CPU kernel would allocate the result in CPU memory, copied into device memory on
// every call. Its in-place sibling (add_.Tensor) is registered: it allocates nothing.
bool writes_an_argument(const model::NativeFunction& fn) {
  return std::any_of(fn.func.arguments.begin(), fn.func.arguments.end(),
                     [](const schema::Argument& a) { return a.is_write(); });
}

}  // namespace

bool runs_cpu_kernel_as_its_own(const model::NativeFunction& fn,
                                const model::OpRegistry& registry) {
  if (fn.custom || has_composite_implicit_kernel(fn)) return false;
  if (names_key(fn, "CPU")) return true;
  const model::NativeFunction* delegate =
      fn.structured_delegate.empty() ? nullptr : registry.find(fn.structured_delegate);
  return delegate != nullptr && names_key(*delegate, "CPU") && writes_an_argument(fn);
}

RegisteredCpuKernels registered_cpu_kernels(const descriptor::Descriptor& d,
                                            const model::OpRegistry& registry,
                                            const std::set<std::string>& selected,
                                            const std::vector<std::string>& defaults) {
  RegisteredCpuKernels out;
  if (!d.register_cpu_kernels) return out;
  const std::vector<std::string> deny = fallback_deny_keys(d);
  const std::set<std::string, std::less<>> denied(deny.begin(), deny.end());
  const auto allowed = [&](const std::string& key) {
    const std::string_view base = std::string_view(key).substr(0, key.find('.'));
    return !denied.contains(key) && !denied.contains(base);
  };
  for (const auto& fn : registry.all()) {
    if (fn->custom || !allowed(fn->key)) continue;
    if (!selected.contains(fn->key) && runs_cpu_kernel_as_its_own(*fn, registry)) {
      out.dense.push_back(fn->key);
    }
    if (names_key(*fn, "NestedTensorCPU")) out.nested.push_back(fn->key);
  }
  for (const std::string& key : defaults) {
    if (allowed(key) && !selected.contains(key)) out.dense.push_back(key);
  }
  for (std::vector<std::string>* keys : {&out.dense, &out.nested}) {
    std::sort(keys->begin(), keys->end());
    keys->erase(std::unique(keys->begin(), keys->end()), keys->end());
  }
  return out;
}

}  // namespace frp::plan
