// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// Kernels of ocl: minimal. Copies between and within ocl tensors of any dtypes and strides, and
// fill_, are OpenCL kernels (cl/elementwise.cl), and so are the uniform, normal, bernoulli and
// exponential fills (cl/random.cl); the rest is frp-gen's generated default, which moves data
// through the runtime's copies.
#include <ATen/TensorIterator.h>

#include "generated/generator.h"
#include "generated/kernels/_copy_from.h"
#include "generated/kernels/_copy_from_and_resize.h"
#include "generated/kernels/_local_scalar_dense.h"
#include "generated/kernels/_reshape_alias.h"
#include "generated/kernels/as_strided.h"
#include "generated/kernels/bernoulli.h"
#include "generated/kernels/empty.h"
#include "generated/kernels/empty_strided.h"
#include "generated/kernels/exponential.h"
#include "generated/kernels/fill.h"
#include "generated/kernels/normal.h"
#include "generated/kernels/random.h"
#include "generated/kernels/resize.h"
#include "generated/kernels/set.h"
#include "generated/kernels/unfold.h"
#include "generated/kernels/uniform.h"
#include "generated/kernels/view.h"
#include "generated/kernels/zero.h"
#include "generated/minimal_kernels.h"
#include "opencl/elementwise.h"
#include "opencl/random.h"

namespace ocl::kernels {

// _copy_from(Tensor self, Tensor dst, bool non_blocking=False) -> Tensor
at::Tensor _copy_from(const at::Tensor& self, const at::Tensor& dst, bool non_blocking) {
  // On one device, what is not one plain block of bytes (another dtype, other strides) is a
  // kernel; the generated default copies a block through the runtime, and moves anything else
  // through the CPU.
  const bool plain = self.scalar_type() == dst.scalar_type() && self.sizes() == dst.sizes() &&
                     self.strides() == dst.strides() && self.is_non_overlapping_and_dense();
  if (!plain && self.is_privateuseone() && dst.is_privateuseone() &&
      opencl::elementwise::device_for({&self, &dst})) {
    at::TensorIterator iter = at::TensorIteratorConfig()
                                  .add_output(dst)
                                  .add_const_input(self)
                                  .resize_outputs(false)
                                  .check_all_same_dtype(false)
                                  .build();  // refuses overlaps, as the CPU's copy does
    // In the source's dtype: each element converted once, when stored.
    opencl::elementwise::run(iter, "copy", 0, 0, self.scalar_type());
    return dst;
  }
  return minimal::_copy_from(self, dst, non_blocking);
}

// _copy_from_and_resize(Tensor self, Tensor dst) -> Tensor
at::Tensor _copy_from_and_resize(const at::Tensor& self, const at::Tensor& dst) {
  // The generated default, written against the device-runtime interface.
  return minimal::_copy_from_and_resize(self, dst);
}

// _local_scalar_dense(Tensor self) -> Scalar
at::Scalar _local_scalar_dense(const at::Tensor& self) {
  // The generated default, written against the device-runtime interface.
  return minimal::_local_scalar_dense(self);
}

// _reshape_alias(Tensor(a) self, SymInt[] size, SymInt[] stride) -> Tensor(a)
at::Tensor _reshape_alias(
    const at::Tensor& self,
    c10::SymIntArrayRef size,
    c10::SymIntArrayRef stride) {
  // The generated default, written against the device-runtime interface.
  return minimal::_reshape_alias(self, size, stride);
}

// as_strided(Tensor(a) self, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None) ->
// Tensor(a)
at::Tensor as_strided(
    const at::Tensor& self,
    c10::SymIntArrayRef size,
    c10::SymIntArrayRef stride,
    ::std::optional<c10::SymInt> storage_offset) {
  // The generated default, written against the device-runtime interface.
  return minimal::as_strided(self, size, stride, storage_offset);
}

// bernoulli_.float(Tensor(a!) self, float p=0.5, *, Generator? generator=None) -> Tensor(a!)
at::Tensor& bernoulli__float(at::Tensor& self, double p, ::std::optional<at::Generator> generator) {
  TORCH_CHECK(0 <= p && p <= 1, "bernoulli_ expects p to be in [0, 1], but got p=", p);
  if (!opencl::random::takes(self, opencl::random::Kind::kBernoulli)) {
    return minimal::bernoulli__float(self, p, generator);
  }
  opencl::random::fill(
      self,
      opencl::random::Kind::kBernoulli,
      p,
      0,
      next_call_seed(generator, self.device().index()));
  return self;
}

// empty.memory_format(SymInt[] size, *, ScalarType? dtype=None, Layout? layout=None, Device?
// device=None, bool? pin_memory=None, MemoryFormat? memory_format=None) -> Tensor
at::Tensor empty_memory_format(
    c10::SymIntArrayRef size,
    ::std::optional<at::ScalarType> dtype,
    ::std::optional<at::Layout> layout,
    ::std::optional<at::Device> device,
    ::std::optional<bool> pin_memory,
    ::std::optional<at::MemoryFormat> memory_format) {
  // The generated default, written against the device-runtime interface.
  return minimal::empty_memory_format(size, dtype, layout, device, pin_memory, memory_format);
}

// empty_strided(SymInt[] size, SymInt[] stride, *, ScalarType? dtype=None, Layout? layout=None,
// Device? device=None, bool? pin_memory=None) -> Tensor
at::Tensor empty_strided(
    c10::SymIntArrayRef size,
    c10::SymIntArrayRef stride,
    ::std::optional<at::ScalarType> dtype,
    ::std::optional<at::Layout> layout,
    ::std::optional<at::Device> device,
    ::std::optional<bool> pin_memory) {
  // The generated default, written against the device-runtime interface.
  return minimal::empty_strided(size, stride, dtype, layout, device, pin_memory);
}

// exponential_(Tensor(a!) self, float lambd=1, *, Generator? generator=None) -> Tensor(a!)
at::Tensor& exponential_(at::Tensor& self, double lambd, ::std::optional<at::Generator> generator) {
  TORCH_CHECK(lambd > 0.0, "exponential_ expects lambda > 0.0, but found lambda=", lambd);
  if (!opencl::random::takes(self, opencl::random::Kind::kExponential)) {
    return minimal::exponential_(self, lambd, generator);
  }
  opencl::random::fill(
      self,
      opencl::random::Kind::kExponential,
      lambd,
      0,
      next_call_seed(generator, self.device().index()));
  return self;
}

// fill_.Scalar(Tensor(a!) self, Scalar value) -> Tensor(a!)
at::Tensor& fill__Scalar(at::Tensor& self, const at::Scalar& value) {
  if (!opencl::elementwise::device_for({&self})) return minimal::fill__Scalar(self, value);
  const at::Scalar in_dtype = opencl::elementwise::in_dtype(value, self.scalar_type());
  at::TensorIterator iter = at::TensorIteratorConfig()
                                .add_output(self)
                                .resize_outputs(false)
                                .set_check_mem_overlap(false)  // every element gets one value
                                .check_all_same_dtype(false)
                                .build();
  opencl::elementwise::run(iter, "fill", in_dtype, 0, self.scalar_type());
  return self;
}

// normal_(Tensor(a!) self, float mean=0, float std=1, *, Generator? generator=None) -> Tensor(a!)
at::Tensor& normal_(
    at::Tensor& self,
    double mean,
    double std,
    ::std::optional<at::Generator> generator) {
  TORCH_CHECK(std >= 0.0, "normal expects std >= 0.0, but found std ", std);
  if (!opencl::random::takes(self, opencl::random::Kind::kNormal)) {
    return minimal::normal_(self, mean, std, generator);
  }
  opencl::random::fill(
      self,
      opencl::random::Kind::kNormal,
      mean,
      std,
      next_call_seed(generator, self.device().index()));
  return self;
}

// random_.from(Tensor(a!) self, int from, int? to, *, Generator? generator=None) -> Tensor(a!)
at::Tensor& random__from(
    at::Tensor& self,
    int64_t from,
    ::std::optional<int64_t> to,
    ::std::optional<at::Generator> generator) {
  // The generated default, written against the device-runtime interface.
  return minimal::random__from(self, from, to, generator);
}

// random_.to(Tensor(a!) self, int to, *, Generator? generator=None) -> Tensor(a!)
at::Tensor& random__to(at::Tensor& self, int64_t to, ::std::optional<at::Generator> generator) {
  // The generated default, written against the device-runtime interface.
  return minimal::random__to(self, to, generator);
}

// random_(Tensor(a!) self, *, Generator? generator=None) -> Tensor(a!)
at::Tensor& random_(at::Tensor& self, ::std::optional<at::Generator> generator) {
  // The generated default, written against the device-runtime interface.
  return minimal::random_(self, generator);
}

// resize_(Tensor(a!) self, SymInt[] size, *, MemoryFormat? memory_format=None) -> Tensor(a!)
const at::Tensor& resize_(
    const at::Tensor& self,
    c10::SymIntArrayRef size,
    ::std::optional<at::MemoryFormat> memory_format) {
  // The generated default, written against the device-runtime interface.
  return minimal::resize_(self, size, memory_format);
}

// set_.source_Storage(Tensor(a!) self, Storage source) -> Tensor(a!)
at::Tensor& set__source_Storage(at::Tensor& self, at::Storage source) {
  // The generated default, written against the device-runtime interface.
  return minimal::set__source_Storage(self, source);
}

// set_.source_Storage_storage_offset(Tensor(a!) self, Storage source, SymInt storage_offset,
// SymInt[] size, SymInt[] stride=[]) -> Tensor(a!)
at::Tensor& set__source_Storage_storage_offset(
    at::Tensor& self,
    at::Storage source,
    c10::SymInt storage_offset,
    c10::SymIntArrayRef size,
    c10::SymIntArrayRef stride) {
  // The generated default, written against the device-runtime interface.
  return minimal::set__source_Storage_storage_offset(self, source, storage_offset, size, stride);
}

// set_.source_Tensor(Tensor(a!) self, Tensor source) -> Tensor(a!)
at::Tensor& set__source_Tensor(at::Tensor& self, const at::Tensor& source) {
  // The generated default, written against the device-runtime interface.
  return minimal::set__source_Tensor(self, source);
}

// set_(Tensor(a!) self) -> Tensor(a!)
at::Tensor& set_(at::Tensor& self) {
  // The generated default, written against the device-runtime interface.
  return minimal::set_(self);
}

// unfold(Tensor(a) self, int dimension, int size, int step) -> Tensor(a)
at::Tensor unfold(const at::Tensor& self, int64_t dimension, int64_t size, int64_t step) {
  // The generated default, written against the device-runtime interface.
  return minimal::unfold(self, dimension, size, step);
}

// uniform_(Tensor(a!) self, float from=0, float to=1, *, Generator? generator=None) -> Tensor(a!)
at::Tensor& uniform_(
    at::Tensor& self,
    double from,
    double to,
    ::std::optional<at::Generator> generator) {
  TORCH_CHECK(
      from <= to,
      "uniform_ expects to return a [from, to) range, but found from=",
      from,
      " > to=",
      to);
  if (!opencl::random::takes(self, opencl::random::Kind::kUniform)) {
    return minimal::uniform_(self, from, to, generator);
  }
  opencl::random::fill(
      self,
      opencl::random::Kind::kUniform,
      from,
      to,
      next_call_seed(generator, self.device().index()));
  return self;
}

// view(Tensor(a) self, SymInt[] size) -> Tensor(a)
at::Tensor view(const at::Tensor& self, c10::SymIntArrayRef size) {
  // The generated default, written against the device-runtime interface.
  return minimal::view(self, size);
}

// zero_(Tensor(a!) self) -> Tensor(a!)
at::Tensor& zero_(at::Tensor& self) {
  // The fill kernel, queued on the current stream like any other kernel. The generated default
  // clears a tensor that is one block with the runtime's memset, which is complete when it
  // returns: the host would wait for all queued work each time autograd zeroes a buffer. The
  // default stays for dense tensors the fill kernel does not take (their dtype, their rank);
  // any other tensor it would write from the host, element by element.
  if (!opencl::elementwise::device_for({&self}) && self.is_non_overlapping_and_dense()) {
    return minimal::zero_(self);
  }
  return self.fill_(0);
}

}  // namespace ocl::kernels
