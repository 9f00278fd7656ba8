// ATen's structured CPU kernels run straight on device tensors, without CPU views.
//
// A structured op's meta function builds a TensorIterator (at::meta::structured_add_Tensor and the
// like) that works out the result's sizes, strides and dtype and holds the tensors' data pointers;
// its CPU implementation (at::native::structured_ufunc_add_CPU::impl and the like) runs the CPU
// kernel on that iterator. Built over the device tensors themselves, the iterator serves the CPU
// kernel as well, since cpuref's device memory is host RAM. For a small op that saves the CPU views
// and the CPU kernel's own out= wrapper, most of what the device used to add to the CPU's time.
#pragma once

#include <ATen/TensorIterator.h>
#include <ATen/TensorMeta.h>
#include <ATen/core/Tensor.h>
#include <c10/core/TensorOptions.h>
#include <c10/util/Exception.h>

#include <cstdint>
#include <utility>

#include "kernels/cpu_view.h"

namespace cpuref::kernels {

// Whether an op may run on these tensors directly: all on cpuref, on one device, of one dtype,
// none lazily conjugated or negated. TensorIterator makes dtype-converting temporaries only when
// its common device is the CPU, and the CPU kernels assume operands of one dtype, so everything
// else (a Python number beside a device tensor, mixed dtypes, an out= of another dtype) takes the
// CPU views.
template <class... Rest>
bool uniform_device_tensors(const at::Tensor& first, const Rest&... rest) {
  const auto fits = [&](const at::Tensor& t) {
    return t.is_privateuseone() && t.scalar_type() == first.scalar_type() &&
           t.device() == first.device() && !t.is_conj() && !t.is_neg();
  };
  return fits(first) && (fits(rest) && ...);
}

// The output of an OnDevice op.
enum class Output {
  kNew,      // functional: a new result, allocated on the device
  kInPlace,  // in-place: `self`
  kOut,      // out=: the caller's tensor, resized to the result if need be
};

// The structured op whose CPU implementation is `Impl` (which derives from the op's meta
// function), run on device tensors with the output handling that ATen generates for its own CPU
// kernels:
//
//   OnDevice<at::native::structured_ufunc_add_CPU> op(self.device());
//   op.run(self, other, alpha);
//   return op.take_result();
//
// Only for tensors that pass uniform_device_tensors.
template <class Impl>
class OnDevice final : public Impl {
 public:
  // A new result on `device`.
  explicit OnDevice(at::Device device) : kind_(Output::kNew), device_(device) {}

  // Writes into `out`: `self` of an in-place op (kInPlace) or an out= tensor (kOut).
  OnDevice(const at::Tensor& out, Output kind) : kind_(kind), device_(out.device()), given_(&out) {
    TORCH_INTERNAL_ASSERT(kind != Output::kNew);
  }

  // Runs the op on its arguments (those of the op's meta function): meta() builds the iterator
  // over the device tensors and allocates or checks the output, impl() runs the CPU kernel on it.
  template <class... Args>
  void run(const Args&... args) {
    Impl::meta(args...);
    // The CPU implementation looks its kernel (a DispatchStub) up by the iterator's device type,
    // and the stub has none for cpuref: the operands are host memory, so the kernel may take them
    // as CPU operands. (A backend cannot call the stub itself: how DispatchStub.h declares it
    // depends on macros of torch's own build, such as HAVE_AVX2_CPU_DEFINITION.)
    for (int i = 0; i < this->ntensors(); ++i) this->operand(i).device = at::Device(at::kCPU);
    Impl::impl(args..., maybe_get_output(0));
  }

  // Hands over the functional result, once run() is done.
  at::Tensor take_result() { return std::move(result_); }

  const at::Tensor& maybe_get_output(int64_t output_idx) override {
    TORCH_INTERNAL_ASSERT(output_idx == 0, "OnDevice supports ops with one output");
    return given_ != nullptr ? *given_ : result_;
  }

  // TensorIterator calls this once it knows the result's sizes and dtype; `strides` is empty when
  // the result is to be dense in `options`' memory format.
  void set_output_raw_strided(
      int64_t output_idx,
      at::IntArrayRef sizes,
      at::IntArrayRef strides,
      at::TensorOptions options) override {
    TORCH_INTERNAL_ASSERT(output_idx == 0, "OnDevice supports ops with one output");
    const at::ScalarType dtype = options.dtype().toScalarType();
    switch (kind_) {
      case Output::kNew:
        result_ = strides.empty()
                      ? empty_device_dense(sizes, dtype, options.memory_format_opt(), device_)
                      : empty_device(sizes, strides, dtype, device_);
        break;
      case Output::kInPlace:
        // TensorIterator has checked the sizes already; the messages are those of ATen's
        // check_inplace for the CPU.
        TORCH_CHECK(
            dtype == given_->scalar_type(),
            "Bad in-place call: input tensor dtype ",
            given_->dtype(),
            " and output tensor dtype ",
            options.dtype(),
            " should match");
        TORCH_CHECK(
            sizes == given_->sizes(),
            "Bad in-place call: input tensor size ",
            given_->sizes(),
            " and output tensor size ",
            sizes,
            " should match");
        break;
      case Output::kOut:
        TORCH_CHECK(
            dtype == given_->scalar_type(),
            "Expected out tensor to have dtype ",
            options.dtype(),
            ", but got ",
            given_->dtype(),
            " instead");
        resize_out(*given_, sizes, strides, options.memory_format_opt());
        break;
    }
    // Registers the output with the iterator (TensorIteratorBase's own, not virtual here).
    Impl::set_output_raw_strided(output_idx, sizes, strides, options);
  }

 private:
  const Output kind_;
  const at::Device device_;
  const at::Tensor* given_ = nullptr;  // the in-place or out= tensor
  at::Tensor result_;                  // the functional result
};

}  // namespace cpuref::kernels
