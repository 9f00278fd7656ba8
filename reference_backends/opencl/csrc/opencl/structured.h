// A structured operator's meta function (at::meta::structured_add_Tensor, structured_mm, ...) run
// on ocl tensors, with the output handling PyTorch generates for its own backends. The meta
// function checks the arguments and works out each output's sizes, strides and dtype; this class
// then allocates a new output, checks an in-place one or resizes an out= one, and the kernel
// writes output(i):
//
//   Structured<at::meta::structured_add_Tensor> op(self.device());
//   op.meta(self, other, alpha);
//   elementwise::run(op, "add", alpha);  // the meta class is the TensorIterator
//   return op.take();
//
// An in-place or out= tensor whose strides differ from those the meta function asks for (set
// through set_output_strided) gets a proxy of the asked strides; finish() copies it back.
#pragma once

#include <ATen/TensorIterator.h>
#include <ATen/TensorMeta.h>
#include <ATen/core/Tensor.h>
#include <ATen/native/Resize.h>
#include <ATen/ops/empty.h>
#include <ATen/ops/empty_strided.h>
#include <c10/util/Exception.h>

#include <array>
#include <optional>
#include <type_traits>
#include <utility>

namespace ocl::opencl {

enum class Output {
  kNew,      // functional: new results on the device
  kInPlace,  // in-place: `self`
  kOut,      // out=: the caller's tensors, resized to the results if need be
};

template <class Meta, int N = 1>
class Structured final : public Meta {
 public:
  explicit Structured(at::Device device) : kind_(Output::kNew), device_(device) {}

  Structured(std::array<const at::Tensor*, N> given, Output kind)
      : kind_(kind), device_(given[0]->device()), given_(given) {
    TORCH_INTERNAL_ASSERT(kind != Output::kNew);
  }

  // The tensor the kernel writes for output `i`.
  const at::Tensor& output(int i = 0) { return maybe_get_output(i); }

  // Once the kernel has run: copies each proxy into the out= or in-place tensor it stands for.
  void finish() {
    for (int i = 0; i < N; ++i) {
      if (proxies_[i]) given_[i]->copy_(*proxies_[i]);
    }
  }

  // A functional result, once the kernel has run.
  at::Tensor take(int i = 0) { return std::move(results_[i]); }

  const at::Tensor& maybe_get_output(int64_t i) override {
    TORCH_INTERNAL_ASSERT(i >= 0 && i < N);
    if (proxies_[i]) return *proxies_[i];
    return kind_ == Output::kNew ? results_[i] : *given_[i];
  }

  void set_output_strided(
      int64_t i,
      at::IntArrayRef sizes,
      at::IntArrayRef strides,
      at::TensorOptions options) override {
    set_output(i, sizes, strides, options, /*proxy_allowed=*/true);
  }

  void set_output_raw_strided(
      int64_t i,
      at::IntArrayRef sizes,
      at::IntArrayRef strides,
      at::TensorOptions options) override {
    set_output(i, sizes, strides, options, /*proxy_allowed=*/false);
  }

 private:
  void set_output(
      int64_t i,
      at::IntArrayRef sizes,
      at::IntArrayRef strides,
      at::TensorOptions options,
      bool proxy_allowed) {
    TORCH_INTERNAL_ASSERT(i >= 0 && i < N);
    options = options.device(device_);
    switch (kind_) {
      case Output::kNew:
        results_[i] = strides.empty() ? at::empty(sizes, options)
                                      : at::empty_strided(sizes, strides, options);
        break;
      case Output::kInPlace: {
        const at::Tensor& self = *given_[i];
        TORCH_CHECK(
            options.dtype() == self.dtype(),
            "Bad in-place call: input tensor dtype ",
            self.dtype(),
            " and output tensor dtype ",
            options.dtype(),
            " should match");
        TORCH_CHECK(
            self.sizes() == sizes,
            "Bad in-place call: input tensor size ",
            self.sizes(),
            " and output tensor size ",
            sizes,
            " should match");
        maybe_proxy(i, sizes, strides, options, proxy_allowed);
        break;
      }
      case Output::kOut: {
        const at::Tensor& out = *given_[i];
        TORCH_CHECK(
            options.dtype() == out.dtype(),
            "Expected out tensor to have dtype ",
            options.dtype(),
            ", but got ",
            out.dtype(),
            " instead");
        TORCH_CHECK(
            options.device() == out.device(),
            "Expected out tensor to have device ",
            options.device(),
            ", but got ",
            out.device(),
            " instead");
        if (at::native::resize_output(out, sizes)) {
          if (!strides.empty()) {
            out.as_strided_(sizes, strides);
          } else if (options.memory_format_opt()) {
            out.unsafeGetTensorImpl()->empty_tensor_restride(*options.memory_format_opt());
          }
        }
        maybe_proxy(i, sizes, strides, options, proxy_allowed);
        break;
      }
    }
    if constexpr (std::is_base_of_v<at::TensorIteratorBase, Meta>) {
      // Registers the output with the iterator.
      Meta::set_output_raw_strided(i, sizes, strides, options);
    }
  }

  void maybe_proxy(
      int64_t i,
      at::IntArrayRef sizes,
      at::IntArrayRef strides,
      at::TensorOptions options,
      bool proxy_allowed) {
    if (proxy_allowed && !strides.empty() && given_[i]->strides() != strides) {
      proxies_[i] = at::empty_strided(sizes, strides, options);
    }
  }

  const Output kind_;
  const at::Device device_;
  std::array<const at::Tensor*, N> given_{};  // the in-place or out= tensors
  std::array<at::Tensor, N> results_;         // the functional results
  std::array<std::optional<at::Tensor>, N> proxies_;
};

}  // namespace ocl::opencl
