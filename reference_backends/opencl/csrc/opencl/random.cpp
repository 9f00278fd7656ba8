#include "opencl/random.h"

#include <ATen/ops/empty.h>

#include "opencl/elementwise.h"
#include "opencl/launch.h"
#include "opencl/types.h"

namespace ocl::opencl::random {

bool takes(const at::Tensor& self, Kind kind) {
  return self.is_privateuseone() &&
         elementwise::device_for({&self}, elementwise::CpuScalars::kRefused) &&
         (kind == Kind::kBernoulli || at::isFloatingType(self.scalar_type()));
}

void fill(const at::Tensor& self, Kind kind, double a, double b, uint64_t seed) {
  if (self.numel() == 0) return;
  // Written in order of the storage when that covers the tensor exactly, else into a
  // contiguous tensor copied over.
  const bool direct = self.is_non_overlapping_and_dense();
  const at::Tensor target = direct ? self : at::empty(self.sizes(), self.options());
  const c10::ScalarType compute = self.scalar_type() == c10::kDouble ? c10::kDouble : c10::kFloat;
  // A dense tensor's elements fill the block of storage that starts at its offset.
  const at::Tensor start = target.as_strided({target.numel()}, {1}, target.storage_offset());
  // A Philox draw is 4 words; a value takes 1 (float), 2 (double, or a float normal's two
  // uniforms) or 4 (a double normal).
  const int words = (compute == c10::kDouble ? 2 : 1) * (kind == Kind::kNormal ? 2 : 1);
  const int per_draw = 4 / words;
  Launch launch(
      self.device().index(),
      Program::kRandom,
      type_defines(compute, self.scalar_type()) + " -DRANDOM_KIND=" +
          std::to_string(static_cast<int>(kind)) + " -DPER_DRAW=" + std::to_string(per_draw),
      "random_fill");
  launch.tensor(start)
      .value(static_cast<cl_ulong>(self.numel()))
      .value(static_cast<cl_ulong>(seed));
  if (compute == c10::kDouble) {
    launch.value(a).value(b);
  } else {
    launch.value(static_cast<float>(a)).value(static_cast<float>(b));
  }
  launch.run(static_cast<std::size_t>((self.numel() + per_draw - 1) / per_draw));
  if (!direct) self.copy_(target);
}

}  // namespace ocl::opencl::random
