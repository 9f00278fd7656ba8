// Helpers of the reference kernels: cpuref's device memory is host RAM, so a device tensor can be
// read and written as a CPU tensor over the same bytes and ATen's CPU kernels run on it in place,
// without copies.
//
// A functional kernel asks ATen's meta function for the result's sizes, strides and dtype (so
// they match what the CPU would return: broadcasting, type promotion, memory format), allocates
// that on the device and lets the CPU out= kernel write into its CPU view.
#pragma once

#include <ATen/EmptyTensor.h>
#include <ATen/core/Tensor.h>
#include <c10/core/Allocator.h>
#include <c10/core/DeviceGuard.h>
#include <c10/core/DeviceType.h>
#include <c10/core/MemoryFormat.h>
#include <c10/core/Storage.h>
#include <c10/core/TensorImpl.h>
#include <c10/util/SmallVector.h>

#include <optional>
#include <utility>
#include <vector>

namespace cpuref::kernels {

// The tensors of one kernel call must be on one device, except 0-dim CPU tensors (Python numbers)
// as on CUDA. The generated wrappers check that before a kernel runs; the kernels check again
// because TensorIterator only ever sees the CPU views here and would not notice.
inline void check_cpu_scalar(const at::Tensor& tensor) {
  TORCH_CHECK(
      tensor.dim() == 0,
      "Expected all tensors to be on the same device, but found a ",
      tensor.dim(),
      "-dimensional tensor on cpu beside cpuref tensors (only 0-dim cpu tensors may be)");
}

// Building a TensorImpl and a StorageImpl for every view costs more than a small op itself, so
// tensors are recycled: each thread keeps the view TensorImpls that its finished kernel calls no
// longer hold and hands them out again with new storage, sizes and strides. (Recycling the small
// storages too measured no faster.)
class ViewPool {
 public:
  static ViewPool& local() {
    thread_local ViewPool pool;
    return pool;
  }

  static c10::intrusive_ptr<c10::StorageImpl> storage(void* data, std::size_t nbytes) {
    // Not resizable: a CPU kernel must not reallocate memory that the device owns.
    return c10::make_intrusive<c10::StorageImpl>(
        c10::StorageImpl::use_byte_size_t(),
        nbytes,
        c10::DataPtr(data, c10::Device(c10::kCPU)),  // borrowed: the device owns it
        /*allocator=*/nullptr,
        /*resizable=*/false);
  }

  c10::intrusive_ptr<c10::TensorImpl> tensor(
      c10::intrusive_ptr<c10::StorageImpl> storage,
      caffe2::TypeMeta dtype) {
    if (tensors_.empty()) {
      return c10::make_intrusive<c10::TensorImpl>(
          c10::Storage(std::move(storage)), c10::DispatchKeySet(c10::DispatchKey::CPU), dtype);
    }
    c10::intrusive_ptr<c10::TensorImpl> tensor = std::move(tensors_.back());
    tensors_.pop_back();
    tensor->set_storage_and_dtype(c10::Storage(std::move(storage)), dtype);
    return tensor;
  }

  // Takes back a view nobody else holds.
  void give_back(c10::intrusive_ptr<c10::TensorImpl> tensor) {
    if (tensor.use_count() != 1 || tensors_.size() >= kCapacity) return;
    tensors_.push_back(std::move(tensor));
  }

 private:
  static constexpr std::size_t kCapacity = 16;

  std::vector<c10::intrusive_ptr<c10::TensorImpl>> tensors_;
};

// CPU views of one kernel call's device tensors. Tensors on one device storage get views on one
// CPU storage, so ATen's overlap checks (an in-place op reading what it writes, out= aliasing an
// input) see the aliasing as they would on the CPU. The views go back to the thread's pool when
// the call is done.
class CpuViews {
 public:
  CpuViews() = default;
  CpuViews(const CpuViews&) = delete;
  CpuViews& operator=(const CpuViews&) = delete;

  ~CpuViews() {
    ViewPool& pool = ViewPool::local();
    for (auto& view : views_) pool.give_back(std::move(view));
  }

  // CPU tensors (0-dim Python numbers that accompany device tensors) are returned as they are,
  // which keeps their wrapped-number flag for type promotion.
  at::Tensor operator()(const at::Tensor& tensor) {
    if (!tensor.defined()) return tensor;
    if (tensor.is_cpu()) {
      check_cpu_scalar(tensor);
      return tensor;
    }
    TORCH_CHECK(
        tensor.device().type() == c10::DeviceType::PrivateUse1,
        "cpuref kernel got a tensor on ",
        tensor.device());
    if (!device_.has_value()) device_ = tensor.device();
    TORCH_CHECK(
        *device_ == tensor.device(),
        "Expected all tensors to be on the same device, but found at least two devices, ",
        *device_,
        " and ",
        tensor.device(),
        "!");
    c10::intrusive_ptr<c10::TensorImpl> impl =
        ViewPool::local().tensor(storage_of(tensor.storage()), tensor.dtype());
    impl->set_sizes_and_strides(tensor.sizes(), tensor.strides(), tensor.storage_offset());
    // The view must read the logical values of a lazily conjugated or negated tensor.
    impl->_set_conj(tensor.is_conj());
    impl->_set_neg(tensor.is_neg());
    views_.push_back(impl);
    return at::Tensor(std::move(impl));
  }

  std::optional<at::Tensor> operator()(const std::optional<at::Tensor>& tensor) {
    if (!tensor.has_value()) return std::nullopt;
    return (*this)(*tensor);
  }

 private:
  c10::intrusive_ptr<c10::StorageImpl> storage_of(const c10::Storage& device_storage) {
    const c10::StorageImpl* key = device_storage.unsafeGetStorageImpl();
    for (const auto& [impl, storage] : storages_) {
      if (impl == key) return storage;
    }
    c10::intrusive_ptr<c10::StorageImpl> storage =
        ViewPool::storage(device_storage.mutable_data(), device_storage.nbytes());
    storages_.emplace_back(key, storage);
    return storage;
  }

  std::optional<at::Device> device_;
  // A kernel sees a handful of tensors: small inline vectors, searched linearly.
  c10::SmallVector<std::pair<const c10::StorageImpl*, c10::intrusive_ptr<c10::StorageImpl>>, 4>
      storages_;
  c10::SmallVector<c10::intrusive_ptr<c10::TensorImpl>, 4> views_;
};

// A data-less tensor with `tensor`'s metadata, for ATen's meta functions. CPU scalars stay as they
// are: meta functions accept them beside meta tensors, as CUDA kernels do.
inline at::Tensor meta_twin(const at::Tensor& tensor) {
  if (!tensor.defined()) return tensor;
  if (tensor.is_cpu()) {
    check_cpu_scalar(tensor);
    return tensor;
  }
  return at::detail::empty_strided_meta(tensor.sizes(), tensor.strides(), tensor.scalar_type());
}

// The device a result belongs on: that of the first argument not on the CPU (an argument on the
// CPU can only be a 0-dim scalar; the generated wrappers check that).
inline at::Device result_device(const at::Tensor& tensor) {
  return tensor.device();
}

template <class... Rest>
at::Device result_device(const at::Tensor& first, const Rest&... rest) {
  if (first.defined() && !first.is_cpu()) return first.device();
  return result_device(rest...);
}

// The device allocator (allocator.cpp registers it for PrivateUse1), looked up in c10's registry:
// generated/allocator.h would bring c10/core/CachingDeviceAllocator.h into every kernel file, about
// a second of each one's compile time.
inline c10::Allocator* device_memory() {
  return c10::GetAllocator(c10::DeviceType::PrivateUse1);
}

// A device tensor straight from the device allocator: what at::empty_strided on the device ends
// in, without the trip through the dispatcher (a noticeable share of a small op's time).
inline at::Tensor empty_device(
    at::IntArrayRef sizes,
    at::IntArrayRef strides,
    at::ScalarType dtype,
    at::Device device) {
  const c10::OptionalDeviceGuard guard(device);
  return at::detail::empty_strided_generic(
      sizes, strides, device_memory(), c10::DispatchKeySet(c10::DispatchKey::PrivateUse1), dtype);
}

// A device tensor with the sizes, strides and dtype of `meta`, the meta function's result.
inline at::Tensor empty_device_like(const at::Tensor& meta, at::Device device) {
  return empty_device(meta.sizes(), meta.strides(), meta.scalar_type(), device);
}

// A dense device tensor in `memory_format` (contiguous when none), as TensorIterator asks for.
inline at::Tensor empty_device_dense(
    at::IntArrayRef sizes,
    at::ScalarType dtype,
    std::optional<at::MemoryFormat> memory_format,
    at::Device device) {
  const c10::OptionalDeviceGuard guard(device);
  return at::detail::empty_generic(
      sizes,
      device_memory(),
      c10::DispatchKeySet(c10::DispatchKey::PrivateUse1),
      dtype,
      memory_format);
}

// Resizes a caller's out= tensor on the device to `sizes`, as ATen's resize_output does for the
// CPU kernel: a CPU view over borrowed memory cannot resize itself. A resized tensor takes
// `strides`, or else is dense in `memory_format`, as ATen's generated resize_out does: a
// TensorIterator writes with the strides it asked for. (Not at::native::resize_output itself: its
// header pulls in all of ATen's functions.)
inline void resize_out(
    const at::Tensor& out,
    at::IntArrayRef sizes,
    at::IntArrayRef strides = {},
    std::optional<at::MemoryFormat> memory_format = std::nullopt) {
  if (out.sizes() == sizes) return;
  if (out.numel() != 0) {
    TORCH_WARN(
        "An output with one or more elements was resized since it had shape ",
        out.sizes(),
        ", which does not match the required output shape ",
        sizes,
        ".");
  }
  out.resize_(sizes, memory_format);
  if (!strides.empty()) out.as_strided_(sizes, strides);
}

// Resizes an out= tensor to the sizes of `meta`, the meta function's result.
inline void resize_out(const at::Tensor& out, const at::Tensor& meta) {
  resize_out(out, meta.sizes());
}

}  // namespace cpuref::kernels
