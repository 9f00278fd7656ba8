// The host side of cl/nn.cl: softmax and log_softmax with their backwards, nll_loss and
// attention's head split (nn.cpp),
// 2-D convolution, im2col and col2im (convolution.cpp), max pooling (pooling.cpp) and batch norm
// (batch_norm.cpp).
// Arguments are those the operators' meta functions (or ATen's callers) have checked.
#pragma once

#include <ATen/core/Tensor.h>

#include <array>
#include <cstdint>
#include <optional>
#include <tuple>

namespace ocl::opencl::nn {

// softmax (or log_softmax) of `self` along `dim` into `out` (self's sizes, out's dtype).
void softmax(const at::Tensor& self, int64_t dim, bool log, const at::Tensor& out);
// _safe_softmax's: softmax, with zeros for a row that is all -inf.
void safe_softmax(const at::Tensor& self, int64_t dim, const at::Tensor& out);

// Their backward from the forward's `output` and the gradient `grad`, into `grad_input`.
void softmax_backward(
    const at::Tensor& grad,
    const at::Tensor& output,
    int64_t dim,
    bool log,
    const at::Tensor& grad_input);

// nll_loss of `self` ([batch, classes] or [classes]) for int64 `target`; a target out of bounds
// raises IndexError when the host next waits for the device (runtime/opencl_runtime.h).
void nll_loss_forward(
    const at::Tensor& self,
    const at::Tensor& target,
    const std::optional<at::Tensor>& weight,
    int64_t reduction,
    int64_t ignore_index,
    const at::Tensor& output,
    const at::Tensor& total_weight);

void nll_loss_backward(
    const at::Tensor& grad_output,
    const at::Tensor& self,
    const at::Tensor& target,
    const std::optional<at::Tensor>& weight,
    int64_t reduction,
    int64_t ignore_index,
    const at::Tensor& total_weight,
    const at::Tensor& grad_input);

// The geometry of a 2-D sliding window (convolution, pooling).
struct Window2d {
  std::array<int64_t, 2> kernel, stride, padding, dilation;
};

// The window PyTorch's arguments describe: each one value for both dimensions or two; an empty
// stride is the kernel size.
Window2d window2d(
    at::IntArrayRef kernel,
    at::IntArrayRef stride,
    at::IntArrayRef padding,
    at::IntArrayRef dilation);

// Whether convolution() and convolution_backward() take these: 2-D (4-D tensors), not transposed,
// floating tensors of one dtype (`other`: the bias or the gradient, if any) on one device.
bool convolution_takes(
    const at::Tensor& input,
    const at::Tensor& weight,
    const at::Tensor* other,
    bool transposed);

// A 2-D convolution, not transposed, of a [N, C, H, W] input with a [C_out, C / groups, kH, kW]
// weight: float32 on matmul::conv_taps, which reads the input where it lies (zero-padded and split
// into phases by the stride); other dtypes as im2col and one batched matrix product per group.
at::Tensor convolution(
    const at::Tensor& input,
    const at::Tensor& weight,
    const std::optional<at::Tensor>& bias,
    const Window2d& window,
    int64_t groups);

// Its gradients (those output_mask asks for; the others undefined). Float32: the input's a
// convolution of the gradient on conv_taps per phase of the input under the stride, the weight's
// (ungrouped) a product on conv_weight_taps, which reads the input's phases; otherwise products
// of im2col's columns (and col2im).
std::tuple<at::Tensor, at::Tensor, at::Tensor> convolution_backward(
    const at::Tensor& grad_output,
    const at::Tensor& input,
    const at::Tensor& weight,
    const Window2d& window,
    int64_t groups,
    std::array<bool, 3> output_mask);

// im2col and col2im as ATen defines them (F.unfold and F.fold), for floating dtypes and shapes
// the caller has checked: the columns [N, C * kH * kW, out_h * out_w] of a [N, C, H, W] input
// under `window`, and the sum of such columns back into a [N, channels, height, width] image.
at::Tensor unfold(const at::Tensor& input, const Window2d& window);
// The device unfold and fold run on for `self` (and `out`, if any): none unless the tensors are
// floating, of one dtype, on one ocl device (the CPU runs the others).
std::optional<int> unfold_device(const at::Tensor& self, const at::Tensor* out = nullptr);
// The checks the CPU's im2col and col2im make of their window arguments first.
void check_window_arguments(
    at::IntArrayRef kernel_size,
    at::IntArrayRef dilation,
    at::IntArrayRef padding,
    at::IntArrayRef stride);
at::Tensor fold(
    const at::Tensor& columns,
    int64_t channels,
    int64_t height,
    int64_t width,
    const Window2d& window);

// max_pool2d of a [C, H, W] or [N, C, H, W] input into `out` and `indices`, shaped by the meta
// function.
void max_pool2d(
    const at::Tensor& self,
    const Window2d& window,
    const at::Tensor& out,
    const at::Tensor& indices);

void max_pool2d_backward(
    const at::Tensor& grad_output,
    const at::Tensor& indices,
    const Window2d& window,
    const at::Tensor& grad_input);

// native_batch_norm over [N, C, ...]: (output, save_mean, save_invstd); the running statistics
// are updated in place when training.
std::tuple<at::Tensor, at::Tensor, at::Tensor> batch_norm(
    const at::Tensor& input,
    const std::optional<at::Tensor>& weight,
    const std::optional<at::Tensor>& bias,
    const std::optional<at::Tensor>& running_mean,
    const std::optional<at::Tensor>& running_var,
    bool training,
    double momentum,
    double eps);

std::tuple<at::Tensor, at::Tensor, at::Tensor> batch_norm_backward(
    const at::Tensor& grad_out,
    const at::Tensor& input,
    const std::optional<at::Tensor>& weight,
    const std::optional<at::Tensor>& running_mean,
    const std::optional<at::Tensor>& running_var,
    const std::optional<at::Tensor>& save_mean,
    const std::optional<at::Tensor>& save_invstd,
    bool training,
    double eps,
    std::array<bool, 3> output_mask);

// native_layer_norm over the last `normalized` dimensions: (output, mean, rstd), mean and rstd
// shaped like the input with those dimensions 1 (layer_norm.cpp).
std::tuple<at::Tensor, at::Tensor, at::Tensor> layer_norm(
    const at::Tensor& input,
    int64_t normalized,
    const std::optional<at::Tensor>& weight,
    const std::optional<at::Tensor>& bias,
    double eps);

std::tuple<at::Tensor, at::Tensor, at::Tensor> layer_norm_backward(
    const at::Tensor& grad_out,
    const at::Tensor& input,
    int64_t normalized,
    const at::Tensor& mean,
    const at::Tensor& rstd,
    const std::optional<at::Tensor>& weight,
    std::array<bool, 3> output_mask);

// _transform_bias_rescale_qkv's heads into `out` ([3, N, heads, T, head_size], contiguous) from
// `qkv` ([N, T, 3 * embed], contiguous) and `bias` ([3 * embed], contiguous), the query scaled
// by 1 / sqrt(head_size), rounded as the CPU's kernel rounds it.
void transform_bias_rescale_qkv(
    const at::Tensor& qkv,
    const at::Tensor& bias,
    int64_t heads,
    const at::Tensor& out);

}  // namespace ocl::opencl::nn
