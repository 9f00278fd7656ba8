#include "opencl/reduce.h"

#include <ATen/WrapDimUtilsMulti.h>
#include <ATen/ops/empty.h>
#include <c10/util/Exception.h>

#include <bitset>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "opencl/launch.h"
#include "opencl/types.h"

namespace ocl::opencl::reduce {
namespace {

// Whether the reduced dimensions are the first ones.
bool reduced_dims_lead(const std::bitset<at::dim_bitset_size>& reduced, int64_t ndim) {
  int64_t d = 0;
  while (d < ndim && reduced[d]) ++d;
  while (d < ndim && !reduced[d]) ++d;
  return d == ndim;
}

}  // namespace

void run(
    const at::Tensor& self,
    at::OptionalIntArrayRef dims,
    const at::Tensor& out,
    const char* op) {
  const int64_t ndim = self.dim();
  std::bitset<at::dim_bitset_size> reduced;
  if (dims && !dims->empty()) {
    reduced = at::dim_list_to_bitset(*dims, ndim);
  } else {
    reduced.set();
  }
  std::vector<int64_t> order;
  int64_t outer = 1;
  int64_t inner = 1;
  for (int64_t d = 0; d < ndim; ++d) {
    if (!reduced[d]) {
      order.push_back(d);
      outer *= self.size(d);
    }
  }
  for (int64_t d = 0; d < ndim; ++d) {
    if (reduced[d]) {
      order.push_back(d);
      inner *= self.size(d);
    }
  }
  if (outer == 0) return;

  const int device = out.device().index();
  const bool sums = std::strcmp(op, "sum") == 0 || std::strcmp(op, "mean") == 0;
  // Sums over leading dimensions of a contiguous input read it as it lies, in columns.
  const bool columns = sums && inner > 1 && self.is_contiguous() &&
                       reduced_dims_lead(reduced, ndim) &&
                       outer >= 2 * static_cast<int64_t>(elementwise_chunk(device));
  at::Tensor rows = columns ? self : self.permute(order);
  if (sums && rows.scalar_type() != out.scalar_type()) rows = rows.to(out.scalar_type());
  rows = rows.contiguous();
  const at::Tensor target = out.is_contiguous() ? out : at::empty(out.sizes(), out.options());

  const c10::ScalarType racc = !at::isFloatingType(out.scalar_type()) ? c10::kLong
                               : out.scalar_type() == c10::kDouble    ? c10::kDouble
                                                                      : c10::kFloat;
  const std::size_t group = group_size(device);
  const std::string defines = type_defines(rows.scalar_type(), out.scalar_type()) +
                              " -DRACC_TYPE=" + std::to_string(*type_code(racc));
  // A work-group per row pays off for long rows; many short rows go one per work-item.
  const bool wide = !columns && inner >= 128 && outer < 16384;
  const std::string name = std::string(op) + (columns ? "_columns" : wide ? "_wide" : "_narrow");
  Launch launch(device, Program::kReduce, defines, name.c_str());
  launch.tensor(target).tensor(inner > 0 ? rows : target);
  launch.value(static_cast<cl_ulong>(inner)).value(static_cast<cl_ulong>(outer));
  if (columns) {
    const std::size_t chunk = elementwise_chunk(device);
    launch.run((static_cast<std::size_t>(outer) + chunk - 1) / chunk);
  } else if (wide) {
    launch.run_groups(static_cast<std::size_t>(outer), group);
  } else {
    launch.run(static_cast<std::size_t>(outer));
  }
  if (!target.is_same(out)) out.copy_(target);
}

at::Tensor over_all(const at::Tensor& self, const char* op, const char* name) {
  TORCH_CHECK(
      self.numel() > 0,
      name,
      "(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction "
      "dim with the 'dim' argument.");
  at::Tensor out = at::empty({}, self.options());
  run(self, std::nullopt, out, op);
  return out;
}

}  // namespace ocl::opencl::reduce
