// Random fills on the device (cl/random.cl): each call draws from its own key, the seed the
// generated generator hands out for it (ocl::next_call_seed), so results follow manual_seed and
// get_state/set_state like every other random operator of ocl.
#pragma once

#include <ATen/core/Tensor.h>

#include <cstdint>

namespace ocl::opencl::random {

enum class Kind {
  kUniform = 0,      // in [a, b)
  kNormal = 1,       // mean a, standard deviation b
  kBernoulli = 2,    // 1 with probability a
  kExponential = 3,  // rate a
};

// Whether fill() takes `self`: on ocl, of a dtype its kernels write (floating ones for all kinds,
// any for kBernoulli).
bool takes(const at::Tensor& self, Kind kind);

// Fills every element of `self` with an independent draw; `seed` keys the call.
void fill(const at::Tensor& self, Kind kind, double a, double b, uint64_t seed);

}  // namespace ocl::opencl::random
