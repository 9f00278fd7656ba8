// Dropout's one pass over the data, shared by its forward and its backward: each value times its
// mask (0 or 1) times the scale.
#pragma once

#include <ATen/Dispatch.h>
#include <ATen/TensorIterator.h>
#include <ATen/core/Tensor.h>
#include <ATen/ops/empty_like.h>

#include <cstdint>

namespace cpuref::kernels {

// Whether masked_scale takes these values: dense float or double ones, so that a mask and a
// result made by empty_like(values) are laid out alike.
inline bool masked_scale_takes(const at::Tensor& values) {
  return (values.scalar_type() == at::kFloat || values.scalar_type() == at::kDouble) &&
         values.is_non_overlapping_and_dense() && !values.is_conj() && !values.is_neg();
}

// Whether a mask is one masked_scale takes beside `values`: bool, laid out like them.
inline bool mask_like(const at::Tensor& mask, const at::Tensor& values) {
  return mask.scalar_type() == at::kBool && mask.sizes() == values.sizes() &&
         mask.strides() == values.strides();
}

// A run of masked_scale over contiguous elements. The pointers are restrict (the result is new
// memory), the mask is read as the bytes it is stored in (GCC vectorizes no loads of bool) and
// the loop is a plain one over them, so that the compiler vectorizes it.
template <class T>
void masked_scale_run(
    const T* __restrict__ in,
    const uint8_t* __restrict__ keep,
    T scale,
    T* __restrict__ result,
    int64_t count) {
  for (int64_t i = 0; i < count; ++i) result[i] = in[i] * static_cast<T>(keep[i]) * scale;
}

// values * mask * scale, multiplied in that order and the scale rounded to the values' type, as
// the CPU's `values.mul(mask).mul_(scale)` computes it (so a dropped NaN stays NaN and a dropped
// negative value is -0), in one pass instead of the CPU's three: converting the mask to the
// values' type, then two products. TensorIterator divides the elements among the CPU's threads
// (at::parallel_for would not here: its OpenMP loop is inline, and this file is built without
// OpenMP).
inline at::Tensor masked_scale(const at::Tensor& values, const at::Tensor& mask, double scale) {
  at::Tensor out = at::empty_like(values);
  at::TensorIterator iter = at::TensorIteratorConfig()
                                .set_check_mem_overlap(false)  // `out` is new
                                .check_all_same_dtype(false)
                                .add_output(out)
                                .add_const_input(values)
                                .add_const_input(mask)
                                .build();
  AT_DISPATCH_FLOATING_TYPES(values.scalar_type(), "masked_scale", [&] {
    const auto s = static_cast<scalar_t>(scale);
    // Operands 0, 1, 2: the result, the values, the mask. Dense and laid out alike, they are one
    // contiguous run of elements once TensorIterator has merged their dimensions.
    iter.for_each([s](char** data, const int64_t* strides, int64_t size0, int64_t size1) {
      TORCH_INTERNAL_ASSERT(
          size0 <= 1 || (strides[0] == sizeof(scalar_t) && strides[1] == sizeof(scalar_t) &&
                         strides[2] == sizeof(bool)));
      for (int64_t j = 0; j < size1; ++j) {
        masked_scale_run(
            reinterpret_cast<const scalar_t*>(data[1] + j * strides[4]),
            reinterpret_cast<const uint8_t*>(data[2] + j * strides[5]),
            s,
            reinterpret_cast<scalar_t*>(data[0] + j * strides[3]),
            size0);
      }
    });
  });
  return out;
}

}  // namespace cpuref::kernels
