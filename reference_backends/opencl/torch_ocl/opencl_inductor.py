"""Inductor's kernels for ocl, written in OpenCL C.

Inductor fuses pointwise operators and reductions into kernels and asks a device's ``Scheduling``
to write each one. This module writes them in OpenCL C; ``codegen.py`` makes it ocl's. Operators
Inductor does not fuse (matrix products, convolutions) stay calls of ocl's own kernels.

The shape of a kernel. A pointwise kernel's work-item takes CHUNK consecutive elements of the
output (the ``x`` range; CHUNK is a build option of every ocl program: 64 on a CPU device, where
a loop over them vectorizes, 1 on a GPU). A reduction's row (an element of ``x``) belongs to
ROW_LANES work-items: 1 on a CPU device, where PoCL runs a work-group on one core and a barrier is
a pass over the group; a work-group on a GPU. On a CPU the work-item keeps 8 copies of each
accumulator (lanes), element i going into copy i % 8, and folds them in lane order after the
loop: a loop into a single accumulator cannot vectorize (a float sum may not be reordered, a
Welford step depends on the one before), and PoCL then runs the work-items around it one by one
as well. On a GPU the work-items of a group take every ROW_LANES-th element and fold their
accumulators through local memory:

    __kernel void opencl_fused_sum_1(__global float* KERNEL_RESTRICT in_ptr0_buffer,
                                     const ulong in_ptr0_start,
                                     __global float* KERNEL_RESTRICT out_ptr0_buffer,
                                     const ulong out_ptr0_start,
                                     const long xnumel, const long r0_numel) {
      __global float* in_ptr0 = in_ptr0_buffer + in_ptr0_start;
      ...
      const int xindex = get_global_id(0) / ROW_LANES;
      const int rlane = get_local_id(0) % ROW_LANES;
      if (xindex >= xnumel) return;
      float tmp1 = 0;
      {
      #if ROW_LANES == 1
        float tmp1_lanes[8];
        ... (each lane's copy set to tmp1)
        const int r0_whole = r0_numel / 8 * 8;
        for (int r0_index_base = 0; r0_index_base < r0_whole; r0_index_base += 8) {
          for (int lane = 0; lane < 8; ++lane) {
            const int r0_index = r0_index_base + lane;
            float tmp1 = tmp1_lanes[lane];
            float tmp0 = in_ptr0[r0_index + 64*xindex];
            tmp1 += tmp0;
            tmp1_lanes[lane] = tmp1;
          }
        }
        ... (the same for the last r0_numel % 8 elements, then the lanes folded into tmp1)
      #else
        for (int r0_index = rlane; r0_index < r0_numel; r0_index += ROW_LANES) { ... }
        ... (the work-items' accumulators folded through local memory)
      #endif
      }
      if (rlane == 0) { out_ptr0[xindex] = (float)(tmp1); }
    }

A reduction over the outer dimension (the sum of a [rows, columns] tensor over its rows, as a
bias's gradient is) takes the column form instead, on every device: a work-item reduces CHUNK
adjacent columns with an accumulator each, and for each row reads their elements side by side,
which vectorizes where the row form would read one element per row (see column_form).

Each buffer is ``restrict`` (KERNEL_RESTRICT) where the launch's tensors share no memory: ocl
builds the kernel both ways and picks by the tensors (``csrc/opencl/compiled.cpp``). Without it,
PoCL cannot vectorize a loop whose indices it cannot bound ("cannot identify array bounds").

The wrapper defines each kernel once (``torch.ops.ocl_compiled.define``, see
``csrc/opencl/compiled.cpp``) and calls it through ``CompiledKernel``; ocl builds the program on
the first call and keeps its binary in the kernel cache.

Random numbers (dropout, ``torch.rand`` in compiled code) come from Philox-4x32-10 keyed by the
seeds Inductor draws from ocl's generator: reproducible under ``torch.manual_seed``, but not
the numbers eager mode draws, as on every device Inductor compiles for (set
``torch._inductor.config.fallback_random = True`` for eager mode's numbers).

Not written yet, so Inductor stops with the error of the operator: scans, sorts and bucketize,
and special functions OpenCL C has no builtin for.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

import sympy
import torch
from torch._inductor import config
from torch._inductor.codegen.common import (
    CSEVariable,
    DeferredLine,
    IndentedBuffer,
    OpOverrides,
    PythonPrinter,
)
from torch._inductor.codegen.simd import (
    IterationRangesEntry,
    IterationRangesRoot,
    SIMDKernel,
    SIMDScheduling,
)
from torch._inductor.utils import get_fused_kernel_name, get_kernel_metadata
from torch._inductor.virtualized import V
from torch.utils._ordered_set import OrderedSet
from torch.utils._sympy.printers import ExprPrinter

__all__ = ["CompiledKernel", "OpenCLKernel", "Scheduling"]

# The type of a value in a kernel's registers.
_VALUE_TYPE = {
    torch.bool: "bool",
    torch.int8: "char",
    torch.uint8: "uchar",
    torch.int16: "short",
    torch.int32: "int",
    torch.int64: "long",
    torch.float32: "float",
    torch.float64: "double",
}
# Half-precision values are computed in float, as eager mode does; in memory they stay 16 bits.
_COMPUTED_AS = {torch.float16: torch.float32, torch.bfloat16: torch.float32}
# The type of an element in a buffer: OpenCL C leaves the size of bool open, and has no
# bfloat16 (its bits are read as ushort and widened).
_ELEMENT_TYPE = {
    **_VALUE_TYPE,
    torch.bool: "uchar",
    torch.float16: "half",
    torch.bfloat16: "ushort",
}

# Declarations are written with this mark in place of the type, which is known only once the
# variable has its dtype; codegen_kernel puts the type in.
_DECLARATION = "__declare__ "
_DECLARED = re.compile(r"__declare__ (\w+) =")

_HELPERS = r"""
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
// `restrict` on every buffer where the launch's tensors share no memory (ocl builds the kernel
// both ways: csrc/opencl/compiled.cpp).
#ifndef KERNEL_RESTRICT
#define KERNEL_RESTRICT
#endif
inline void atomic_add_float(volatile __global float* at, float value) {
  union { uint bits; float number; } seen, next;
  do {
    seen.number = *at;
    next.number = seen.number + value;
  } while (atomic_cmpxchg((volatile __global uint*)at, seen.bits, next.bits) != seen.bits);
}
inline float bf16_to_float(ushort bits) { return as_float(((uint)bits) << 16); }
inline ushort float_to_bf16(float value) {
  if (isnan(value)) return (ushort)0x7fc0;
  uint bits = as_uint(value);
  return (ushort)((bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16);
}
// Philox-4x32-10 (Salmon et al., 2011): four random words for a counter and a key. Inductor's
// random numbers: the key is a seed the compiled code drew, the counter an element's position.
inline uint4 philox(ulong counter, ulong key) {
  uint4 c = (uint4)((uint)counter, (uint)(counter >> 32), 0u, 0u);
  uint2 k = (uint2)((uint)key, (uint)(key >> 32));
  for (int round = 0; round < 10; ++round) {
    const uint lo0 = 0xD2511F53u * c.x, hi0 = mul_hi(0xD2511F53u, c.x);
    const uint lo1 = 0xCD9E8D57u * c.z, hi1 = mul_hi(0xCD9E8D57u, c.z);
    c = (uint4)(hi1 ^ c.y ^ k.x, lo1, hi0 ^ c.w ^ k.y, lo0);
    k += (uint2)(0x9E3779B9u, 0xBB67AE85u);
  }
  return c;
}
// Uniform in [0, 1), from 24 random bits.
inline float random_uniform(long seed, long offset) {
  return (float)(philox((ulong)offset, (ulong)seed).x >> 8) * 0x1.0p-24f;
}
// Standard normal, by the Box-Muller transform of two uniform numbers in (0, 1].
inline float random_normal(long seed, long offset) {
  const uint4 bits = philox((ulong)offset, (ulong)seed);
  const float u1 = ((float)(bits.x >> 8) + 1.0f) * 0x1.0p-24f;
  const float u2 = (float)(bits.y >> 8) * 0x1.0p-24f;
  return sqrt(-2.0f * log(u1)) * cos(2.0f * M_PI_F * u2);
}
// Uniform in [low, high).
inline long random_integer(long seed, long offset, long low, long high) {
  const uint4 bits = philox((ulong)offset, (ulong)seed);
  const ulong word = ((ulong)bits.x << 32) | bits.y;
  return low + (long)(word % (ulong)(high - low));
}
// A float rounded to the nearest half or bfloat16 (the value a cast to that dtype keeps).
inline float round_to_half(float value) {
  ushort bits;
  vstore_half_rte(value, 0, (__private half*)&bits);
  return vload_half(0, (__private half*)&bits);
}
inline float round_to_bf16(float value) { return bf16_to_float(float_to_bf16(value)); }
"""


# The accumulators a CPU's work-item keeps for its row: 8 on every CPU, as ocl's own reductions
# (csrc/opencl/programs.cpp), so that the order of a row's sums does not depend on the machine.
_VECTOR_LANES = 8


def _lane_type(acc: CSEVariable) -> str:
    """The type of a lane's copy of an accumulator in memory (OpenCL C leaves bool's size open)."""
    return "uchar" if acc.dtype == torch.bool else value_type(acc.dtype)


def _copies(
    accumulators: list[CSEVariable], array: str, at: str
) -> tuple[list[str], list[str]]:
    """The C lines that take each accumulator's value from its copy `{acc}{array}[at]` (as a
    variable of the accumulator's own name, in the scope they open) and put it back."""
    take = [f"{value_type(a.dtype)} {a} = {a}{array}[{at}];" for a in accumulators]
    put = [f"{a}{array}[{at}] = {a};" for a in accumulators]
    return take, put


def value_type(dtype: torch.dtype) -> str:
    dtype = _COMPUTED_AS.get(dtype, dtype)
    if dtype not in _VALUE_TYPE:
        raise NotImplementedError(f"ocl's compiled kernels do not compute in {dtype}")
    return _VALUE_TYPE[dtype]


def element_type(dtype: torch.dtype) -> str:
    if dtype not in _ELEMENT_TYPE:
        raise NotImplementedError(
            f"ocl's compiled kernels do not read or write {dtype}"
        )
    return _ELEMENT_TYPE[dtype]


def literal(value: Any, dtype: torch.dtype) -> str:
    """A constant of `dtype` as OpenCL C writes it."""
    kind = value_type(dtype)
    if isinstance(value, bool) or dtype == torch.bool:
        return "true" if value else "false"
    if isinstance(value, float) or dtype.is_floating_point:
        number = float(value)
        if math.isnan(number):
            text = "NAN"
        elif math.isinf(number):
            text = "INFINITY" if number > 0 else "-INFINITY"
        else:
            text = repr(number)
        return f"(({kind}){text})"
    if dtype == torch.int64 and value == -(2**63):
        return "LONG_MIN"
    return f"(({kind}){int(value)}{'L' if dtype == torch.int64 else ''})"


class OpenCLPrinter(ExprPrinter):
    """Index expressions (sympy) as OpenCL C; every index is a signed integer."""

    def _print_Integer(self, expr: sympy.Expr) -> str:
        return f"{int(expr)}L" if abs(int(expr)) >= 2**31 else str(int(expr))

    # Inductor's indices are never negative, and its divisors and moduli positive: C's / and %
    # then round as Python's // and % do, and a constant divisor compiles to a multiplication.
    # Anything else goes through floor_div and python_mod.
    def _print_FloorDiv(self, expr: sympy.Expr) -> str:
        return self._divide(*expr.args)

    def _print_ModularIndexing(self, expr: sympy.Expr) -> str:
        x, div, mod = expr.args
        if div == 1:
            return self._modulo(x, mod)
        if _plain_division(x, div) and _plain_division(x, mod):
            operation = (
                f"{self._unsigned(x)} / ({self.doprint(div)}) % ({self.doprint(mod)})"
            )
            return self._signed(operation)
        return f"python_mod({self._divide(x, div)}, {self.doprint(mod)})"

    def _print_PythonMod(self, expr: sympy.Expr) -> str:
        return self._modulo(*expr.args)

    def _modulo(self, x: sympy.Expr, mod: sympy.Expr) -> str:
        if _plain_division(x, mod):
            return self._signed(f"{self._unsigned(x)} % ({self.doprint(mod)})")
        return f"python_mod({self.doprint(x)}, {self.doprint(mod)})"

    def _divide(self, x: sympy.Expr, divisor: sympy.Expr) -> str:
        if _plain_division(x, divisor):
            return self._signed(f"{self._unsigned(x)} / ({self.doprint(divisor)})")
        return f"floor_div({self.doprint(x)}, {self.doprint(divisor)})"

    # Such a division is done unsigned, and its result made signed again: dividing a signed
    # integer by a constant needs a sign correction that a CPU's vector unit has no instruction
    # for, which kept the loops around it scalar (a transposing copy of 196,608 elements:
    # 557 -> 411 us).
    @staticmethod
    def _index_type() -> str:
        kernel = V.kernel
        return kernel.index_dtype if isinstance(kernel, OpenCLKernel) else "long"

    def _unsigned(self, x: sympy.Expr) -> str:
        return f"(u{self._index_type()})({self.doprint(x)})"

    def _signed(self, operation: str) -> str:
        return f"(({self._index_type()})({operation}))"

    def _print_CleanDiv(self, expr: sympy.Expr) -> str:
        return self._print_FloorDiv(expr)

    def _print_Min(self, expr: sympy.Expr) -> str:
        return self._fold(expr.args, "min")

    def _print_Max(self, expr: sympy.Expr) -> str:
        return self._fold(expr.args, "max")

    def _fold(self, args: Any, function: str) -> str:
        text = self.doprint(args[0])
        for arg in args[1:]:
            text = f"{function}((long)({text}), (long)({self.doprint(arg)}))"
        return text

    def _print_Abs(self, expr: sympy.Expr) -> str:
        return f"(long)abs((long)({self.doprint(expr.args[0])}))"

    def _print_Where(self, expr: sympy.Expr) -> str:
        condition, then, otherwise = (self.doprint(arg) for arg in expr.args)
        return f"(({condition}) ? ({then}) : ({otherwise}))"

    def _print_And(self, expr: sympy.Expr) -> str:
        return " && ".join(f"({self.doprint(arg)})" for arg in expr.args)

    def _print_Or(self, expr: sympy.Expr) -> str:
        return " || ".join(f"({self.doprint(arg)})" for arg in expr.args)

    def _print_Not(self, expr: sympy.Expr) -> str:
        return f"!({self.doprint(expr.args[0])})"

    def _print_ToFloat(self, expr: sympy.Expr) -> str:
        return f"(double)({self.doprint(expr.args[0])})"

    def _print_PowByNatural(self, expr: sympy.Expr) -> str:
        base, exponent = expr.args
        if isinstance(exponent, sympy.Integer) and 0 <= int(exponent) <= 8:
            factors = [f"({self.doprint(base)})"] * int(exponent)
            return " * ".join(factors) if factors else "1"
        return f"(long)pown((double)({self.doprint(base)}), (int)({self.doprint(exponent)}))"


def _plain_division(x: sympy.Expr, divisor: sympy.Expr) -> bool:
    return bool(x.is_nonnegative) and bool(divisor.is_positive)


_INDEX_HELPERS = r"""
inline long floor_div(long a, long b) {
  long q = a / b;
  return (q * b != a && ((a < 0) != (b < 0))) ? q - 1 : q;
}
inline long python_mod(long a, long b) {
  long r = a % b;
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}
"""


# What a kernel reports in the device's error word (KernelError in runtime/opencl_runtime.h): its
# launch's code with one of these in the low bits, then the offending value.
_INDEX_OUT_OF_RANGE = 1
_DIVISION_BY_ZERO = 2


def _integer_division(divisor: CSEVariable, quotient: str) -> str:
    """An integer division that reports a zero divisor, as eager mode raises ZeroDivisionError,
    and gives 0 instead of dividing by it."""
    V.kernel.reports_errors = True
    return (
        f"(({divisor}) == 0 ? (kernel_error[0] = kernel_error_code | {_DIVISION_BY_ZERO}, 0)"
        f" : {quotient})"
    )


def _float_only(function: str) -> Any:
    """An operator of floating-point values, by OpenCL C's builtin of that name."""

    @staticmethod
    def op(x: CSEVariable) -> str:
        return f"{function}({x})"

    return op


class OpenCLOverrides(OpOverrides):
    """Each Inductor operator as an OpenCL C expression of its operands."""

    @staticmethod
    def constant(value: Any, dtype: torch.dtype) -> str:
        return literal(value, dtype)

    @staticmethod
    def index_expr(expr: sympy.Expr, dtype: torch.dtype) -> str:
        index = V.kernel.prepare_indexing(expr)
        return f"(({value_type(dtype)})({V.kernel.index_to_str(index)}))"

    @staticmethod
    def value_expr(expr: sympy.Expr, dtype: torch.dtype) -> str:
        # An expression of the kernel's indices used as a value (a position mask, an iota).
        return OpenCLOverrides.index_expr(expr, dtype)

    @staticmethod
    def to_dtype(
        x: CSEVariable,
        dtype: torch.dtype,
        src_dtype: torch.dtype | None = None,
        use_compute_types: bool = True,
    ) -> str:
        if dtype == torch.bool:
            return f"(({x}) != 0)"
        if dtype == torch.float16:
            return f"round_to_half((float)({x}))"
        if dtype == torch.bfloat16:
            return f"round_to_bf16((float)({x}))"
        return f"(({value_type(dtype)})({x}))"

    @staticmethod
    def to_dtype_bitcast(
        x: CSEVariable, dtype: torch.dtype, src_dtype: torch.dtype
    ) -> str:
        if dtype in _COMPUTED_AS or src_dtype in _COMPUTED_AS:
            # Their values are floats in the kernel, not their 16 bits.
            raise NotImplementedError(
                f"ocl's compiled kernels do not reinterpret {src_dtype} as {dtype}"
            )
        return f"as_{value_type(dtype)}({x})"

    @staticmethod
    def masked(mask: CSEVariable, body: Any, other: Any) -> CSEVariable:
        """`body()` where `mask` holds, else `other`: the body's loads may be out of range."""
        kernel = V.kernel
        scoped = IndentedBuffer()
        with kernel.swap_buffers(scoped), scoped.indent():
            result = body()
        var = kernel.cse.newvar(dtype=result.dtype)
        kernel.compute.writeline(f"{value_type(result.dtype)} {var};")
        kernel.compute.writeline(f"if ({mask}) {{")
        with kernel.compute.indent():
            kernel.compute.splice(scoped)
            kernel.compute.writeline(f"{var} = {result};")
        kernel.compute.writeline("} else {")
        with kernel.compute.indent():
            if isinstance(other, CSEVariable):
                kernel.compute.writeline(f"{var} = {other};")
            else:
                kernel.compute.writeline(f"{var} = {literal(other, result.dtype)};")
        kernel.compute.writeline("}")
        return var

    @staticmethod
    def where(condition: CSEVariable, then: CSEVariable, otherwise: CSEVariable) -> str:
        return f"(({condition}) ? ({then}) : ({otherwise}))"

    @staticmethod
    def abs(x: CSEVariable) -> str:
        if x.dtype is not None and x.dtype.is_floating_point:
            return f"fabs({x})"
        return f"(({value_type(x.dtype or torch.int64)})abs({x}))"

    @staticmethod
    def neg(x: CSEVariable) -> str:
        return f"(-({x}))"

    @staticmethod
    def reciprocal(x: CSEVariable) -> str:
        return f"(1 / ({x}))"

    @staticmethod
    def square(x: CSEVariable) -> str:
        return f"(({x}) * ({x}))"

    @staticmethod
    def sigmoid(x: CSEVariable) -> str:
        return f"(1 / (1 + exp(-({x}))))"

    @staticmethod
    def relu(x: CSEVariable) -> str:
        return f"(({x}) > 0 ? ({x}) : 0)"

    @staticmethod
    def maximum(a: CSEVariable, b: CSEVariable) -> str:
        # NaN wins, as in eager mode.
        if a.dtype is not None and a.dtype.is_floating_point:
            return f"((isnan({a}) || ({a}) > ({b})) ? ({a}) : ({b}))"
        return f"(({a}) > ({b}) ? ({a}) : ({b}))"

    @staticmethod
    def minimum(a: CSEVariable, b: CSEVariable) -> str:
        if a.dtype is not None and a.dtype.is_floating_point:
            return f"((isnan({a}) || ({a}) < ({b})) ? ({a}) : ({b}))"
        return f"(({a}) < ({b}) ? ({a}) : ({b}))"

    @staticmethod
    def pow(a: CSEVariable, b: CSEVariable) -> str:
        return f"pow({a}, {b})"

    @staticmethod
    def fmod(a: CSEVariable, b: CSEVariable) -> str:
        return f"fmod({a}, {b})"

    @staticmethod
    def remainder(a: CSEVariable, b: CSEVariable) -> str:
        if a.dtype is not None and a.dtype.is_floating_point:
            # As eager mode: fmod, moved to the divisor's sign.
            mod = f"fmod({a}, {b})"
            return (
                f"(({mod} != 0 && (({b}) < 0) != ({mod} < 0)) ? {mod} + ({b}) : {mod})"
            )
        return _integer_division(b, f"python_mod({a}, {b})")

    @staticmethod
    def floordiv(a: CSEVariable, b: CSEVariable) -> str:
        return _integer_division(b, f"floor_div({a}, {b})")

    @staticmethod
    def truncdiv(a: CSEVariable, b: CSEVariable) -> str:
        return _integer_division(b, f"(({a}) / ({b}))")

    @staticmethod
    def sign(x: CSEVariable) -> str:
        return f"((({x}) > 0) - (({x}) < 0))"

    @staticmethod
    def signbit(x: CSEVariable) -> str:
        return f"(signbit({x}) != 0)"

    @staticmethod
    def isnan(x: CSEVariable) -> str:
        return f"(isnan({x}) != 0)"

    @staticmethod
    def isinf(x: CSEVariable) -> str:
        return f"(isinf({x}) != 0)"

    @staticmethod
    def logical_and(a: CSEVariable, b: CSEVariable) -> str:
        return f"(({a}) && ({b}))"

    @staticmethod
    def logical_or(a: CSEVariable, b: CSEVariable) -> str:
        return f"(({a}) || ({b}))"

    @staticmethod
    def logical_xor(a: CSEVariable, b: CSEVariable) -> str:
        return f"((({a}) != 0) != (({b}) != 0))"

    @staticmethod
    def logical_not(a: CSEVariable) -> str:
        return f"(!({a}))"

    @staticmethod
    def round(x: CSEVariable) -> str:
        return f"rint({x})"  # halves to even, as torch.round

    @staticmethod
    def atan2(a: CSEVariable, b: CSEVariable) -> str:
        return f"atan2({a}, {b})"

    @staticmethod
    def hypot(a: CSEVariable, b: CSEVariable) -> str:
        return f"hypot({a}, {b})"

    @staticmethod
    def copysign(a: CSEVariable, b: CSEVariable) -> str:
        return f"copysign({a}, {b})"

    @staticmethod
    def nextafter(a: CSEVariable, b: CSEVariable) -> str:
        return f"nextafter({a}, {b})"

    @staticmethod
    def rand(seed: CSEVariable, offset: CSEVariable) -> str:
        return f"random_uniform({seed}, {offset})"

    @staticmethod
    def randn(seed: CSEVariable, offset: CSEVariable) -> str:
        return f"random_normal({seed}, {offset})"

    @staticmethod
    def randint64(
        seed: CSEVariable, offset: CSEVariable, low: CSEVariable, high: CSEVariable
    ) -> str:
        return f"random_integer({seed}, {offset}, {low}, {high})"

    @staticmethod
    def libdevice_exp(x: CSEVariable) -> str:
        return f"exp({x})"


for _name in [
    "exp",
    "exp2",
    "expm1",
    "log",
    "log2",
    "log10",
    "log1p",
    "sqrt",
    "rsqrt",
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "sinh",
    "cosh",
    "tanh",
    "asinh",
    "acosh",
    "atanh",
    "erf",
    "erfc",
    "lgamma",
    "floor",
    "ceil",
    "trunc",
]:
    setattr(OpenCLOverrides, _name, _float_only(_name))
OpenCLOverrides.libdevice_sqrt = OpenCLOverrides.sqrt
OpenCLOverrides.libdevice_abs = OpenCLOverrides.abs
OpenCLOverrides.libdevice_log = OpenCLOverrides.log


def _merge(
    kind: str, dtype: torch.dtype, into: tuple[Any, ...], other: tuple[str, ...]
) -> list[str]:
    """C lines that fold `other` (one value, or another work-item's accumulators) into the
    accumulators `into` of a reduction of `kind`."""
    floating = dtype.is_floating_point
    kind_of = value_type(dtype)
    if kind in ("sum", "prod", "xor_sum"):
        operator = {"sum": "+=", "prod": "*=", "xor_sum": "^="}[kind]
        return [f"{into[0]} {operator} {other[0]};"]
    if kind == "any":
        return [f"{into[0]} = {into[0]} || {other[0]};"]
    if kind in ("max", "min"):
        (acc,), (value,) = into, other
        better = ">" if kind == "max" else "<"
        nan = f"isnan({value}) || " if floating else ""  # NaN wins, as in eager mode
        return [f"if ({nan}{value} {better} {acc}) {acc} = {value};"]
    if kind in ("argmax", "argmin"):
        (best, at), (value, index) = into, other
        better = ">" if kind == "argmax" else "<"
        # NaN wins; of equal values, the first.
        if floating:
            wins = (
                f"(isnan({value}) && !isnan({best})) || "
                f"(!isnan({best}) && {value} {better} {best}) || "
                f"(({value} == {best} || (isnan({value}) && isnan({best}))) "
                f"&& {index} < {at})"
            )
        else:
            wins = f"{value} {better} {best} || ({value} == {best} && {index} < {at})"
        return [
            f"if ({index} >= 0 && ({at} < 0 || {wins})) {{ {best} = {value}; {at} = {index}; }}"
        ]
    if kind == "welford_combine":
        (mean, m2, weight), (part_mean, part_m2, part_weight) = into, other
        return [
            f"if ({part_weight} != 0) {{",
            f"  const {kind_of} total = {weight} + {part_weight};",
            f"  const {kind_of} delta = {part_mean} - {mean};",
            f"  const {kind_of} share = {part_weight} / total;",
            f"  {mean} += delta * share;",
            f"  {m2} += {part_m2} + delta * delta * {weight} * share;",
            f"  {weight} = total;",
            "}",
        ]
    if kind == "online_softmax_reduce":
        # (the largest value, the sum of exp(value - largest)); a single value is (value, 1).
        (top, total), (part_top, part_total) = into, other
        return [
            f"if (isnan({part_top}) || isnan({top})) {{ {top} = NAN; {total} = NAN; }}",
            f"else if (fmax({top}, {part_top}) != -INFINITY) {{",
            f"  const {kind_of} next = fmax({top}, {part_top});",
            f"  {total} = {total} * exp({top} - next) + {part_total} * exp({part_top} - next);",
            f"  {top} = next;",
            "}",
        ]
    raise NotImplementedError(f"ocl's compiled kernels do not reduce with {kind}")


class _ColumnPieces:
    """A reduction kernel's code in the pieces its column form (OpenCLKernel._codegen_columns)
    rearranges: code outside the loops, as the row form's body has it, and each loop's body with
    its accumulators. `possible` turns false where the kernel does what the column form does not
    take: a loop without a reduction, a store before the first loop."""

    def __init__(self) -> None:
        self.before: list[str] = []  # code before the first loop
        self.loops: list[tuple[IterationRangesRoot, str, list[CSEVariable]]] = []
        self.after: list[str] = []  # code after the last loop
        self.possible = True
        self._taken = 0  # how much of the body's text is in the pieces already

    def code(self, body: IndentedBuffer) -> None:
        """The body's text since the last piece: code outside the loops."""
        text = body.getvalue()
        if len(text) > self._taken:
            (self.after if self.loops else self.before).append(text[self._taken :])
        self._taken = len(text)

    def skip(self, body: IndentedBuffer) -> None:
        """The body's text since the last piece is a loop in the row form's words."""
        self._taken = len(body.getvalue())


class OpenCLKernel(SIMDKernel):
    """One fused kernel: Inductor calls load, store, reduction and the operators above for its
    nodes, and codegen_kernel writes the OpenCL C."""

    overrides = OpenCLOverrides  # type: ignore[assignment]
    newvar_prefix = _DECLARATION
    suffix = ";"
    kexpr = OpenCLPrinter().doprint
    sexpr = kexpr
    pexpr = PythonPrinter().doprint

    def __init__(self, tiling: dict[str, sympy.Expr], **kwargs: Any) -> None:
        super().__init__(tiling, **kwargs)
        # Written after the reduction loop that is being generated (stores of its results).
        self.post_loop = IndentedBuffer()
        # Values that live on after the reduction loop closes.
        self.outside_loop_vars: OrderedSet[Any] = OrderedSet()
        # Whether the kernel reports errors in the device's error word (kernel_error): an index
        # read from a tensor out of range, an integer divided by zero.
        self.reports_errors = False
        # The reductions of the loop being generated, merged across the work-group after it:
        # (kind, dtype, accumulators).
        self.lane_results: list[tuple[str, torch.dtype, tuple[CSEVariable, ...]]] = []
        # __local arrays, declared at the kernel's outermost scope as OpenCL C requires.
        self.local_arrays: list[str] = []
        # The same code for the column form of a reduction (_codegen_columns), and how the
        # reduction loop's loads walk memory: along the reduced elements (rows), or along the
        # outputs with the reduced elements further apart (columns).
        self.columns = _ColumnPieces()
        self.reads_rows = self.reads_columns = False

    # -- what Inductor asks of a SIMD kernel --------------------------------------------------

    def dtype_to_str(self, dtype: torch.dtype) -> str:
        return value_type(dtype)

    def should_use_persistent_reduction(self) -> bool:
        return False  # every reduction is a loop within a work-item

    def should_use_cooperative_reduction(self) -> bool:
        return False

    def want_no_x_dim(self) -> bool:
        return False

    def codegen_iteration_ranges_entry(self, entry: IterationRangesEntry) -> None:
        line = f"const {self.index_dtype} {entry.name} = {self.kexpr(self.rename_indexing(entry.expr))};"
        # A reduced index is computed in the loop over it; the others once per output element.
        (self.indexing_code if entry.root.is_loop else self.body).writeline(line)

    # -- memory -------------------------------------------------------------------------------

    def load(self, name: str, index: sympy.Expr) -> CSEVariable:
        pointer = self.args.input(name)
        dtype = V.graph.get_dtype(name)
        at = self.index_to_str(self.prepare_indexing(index))
        if dtype == torch.float16:
            line = f"vload_half({at}, {pointer})"
        elif dtype == torch.bfloat16:
            line = f"bf16_to_float({pointer}[{at}])"
        elif dtype == torch.bool:
            line = f"({pointer}[{at}] != 0)"
        else:
            line = f"{pointer}[{at}]"
        var = self.cse.generate(self.loads, line, dtype=_COMPUTED_AS.get(dtype, dtype))
        if self.inside_reduction:
            self._note_read_order(index)
        else:
            self.outside_loop_vars.add(var)  # loaded before or after a loop, not in it
        return var

    def _note_read_order(self, index: sympy.Expr) -> None:
        """Notes whether a load of the reduction loop reads consecutive elements for
        consecutive reduced elements (a row), or for consecutive outputs (a column)."""
        innermost = {
            entry.prefix == "x": symbol
            for symbol, entry in self.range_tree_nodes.items()
            if entry.divisor == 1
        }
        if True not in innermost or False not in innermost:
            return
        x_stride, r_stride = V.graph.sizevars.stride_hints(
            index, [innermost[True], innermost[False]]
        )
        if r_stride == 1:
            self.reads_rows = True
        elif x_stride == 1 and r_stride != 0:
            self.reads_columns = True

    def _store_line(self, name: str, index: sympy.Expr, value: CSEVariable) -> str:
        pointer = self.args.output(name)
        dtype = V.graph.get_dtype(name)
        at = self.index_to_str(self.prepare_indexing(index))
        if dtype == torch.float16:
            return f"vstore_half_rte({value}, {at}, {pointer});"
        if dtype == torch.bfloat16:
            return f"{pointer}[{at}] = float_to_bf16({value});"
        return f"{pointer}[{at}] = ({element_type(dtype)})({value});"

    def store(
        self, name: str, index: sympy.Expr, value: CSEVariable, mode: Any = None
    ) -> None:
        if mode is None:
            line = DeferredLine(name, self._store_line(name, index, value))
        elif mode == "atomic_add":
            line = DeferredLine(name, self._atomic_add_line(name, index, value))
        else:
            raise NotImplementedError(
                f"ocl's compiled kernels do not store with {mode}"
            )
        (self.compute if self.inside_reduction else self.stores).writeline(line)

    def _atomic_add_line(self, name: str, index: sympy.Expr, value: CSEVariable) -> str:
        """Scatters add into one element from several work-items (max_pool2d's backward)."""
        pointer = self.args.output(name)
        dtype = V.graph.get_dtype(name)
        at = self.index_to_str(self.prepare_indexing(index))
        if dtype == torch.float32:
            return f"atomic_add_float(&{pointer}[{at}], {value});"
        if dtype == torch.int32:
            return f"atomic_add(&{pointer}[{at}], {value});"
        raise NotImplementedError(
            f"ocl's compiled kernels do not add atomically to {dtype}"
        )

    def store_reduction(self, name: str, index: sympy.Expr, value: CSEVariable) -> None:
        self.post_loop.writeline(
            DeferredLine(name, self._store_line(name, index, value))
        )

    def check_bounds(
        self, expr: sympy.Expr, size: sympy.Expr, lower: bool, upper: bool
    ) -> None:
        """An index read from a tensor out of [0, size): the kernel reports it in the device's
        error word (raised when the host next waits for the device) and uses 0 instead, so that
        it never reads or writes out of bounds."""
        if not (lower or upper):
            return
        self.reports_errors = True
        index = self.index_to_str(expr)
        bound = self.index_to_str(size)
        outside = " || ".join(
            ([f"{index} < 0"] if lower else [])
            + ([f"{index} >= {bound}"] if upper else [])
        )
        self.compute.writeline(
            f"if ({outside}) {{ kernel_error[0] = kernel_error_code | {_INDEX_OUT_OF_RANGE};"
            f" kernel_error[1] = {index}; {index} = 0; }}"
        )

    # -- reductions ---------------------------------------------------------------------------

    def _accumulator(self, dtype: torch.dtype, initial: str) -> CSEVariable:
        var = self.cse.newvar(dtype=dtype)
        self.body.writeline(f"{value_type(dtype)} {var} = {initial};")
        self.outside_loop_vars.add(var)
        return var

    def reduction(
        self,
        dtype: torch.dtype,
        src_dtype: torch.dtype,
        reduction_type: str,
        value: Any,
    ) -> Any:
        key = (src_dtype, reduction_type, value)
        if key not in self.cse.reduction_cache:
            self.cse.reduction_cache[key] = self._reduce(
                _COMPUTED_AS.get(dtype, dtype), reduction_type, value
            )
        return self.cse.reduction_cache[key]

    def _reduce(self, dtype: torch.dtype, kind: str, value: Any) -> Any:
        """Declares the accumulators before the loop and updates them in it; codegen_body
        merges the work-items' accumulators once the loop is over."""
        line = self.compute.writeline
        if kind in ("sum", "prod", "xor_sum", "any", "max", "min"):
            initial = {"sum": "0", "prod": "1", "xor_sum": "0", "any": "false"}
            acc = self._accumulator(
                dtype, initial.get(kind) or self._identity(dtype, kind)
            )
            accumulators: tuple[CSEVariable, ...] = (acc,)
            self.compute.writelines(_merge(kind, dtype, (acc,), (str(value),)))
        elif kind in ("argmax", "argmin"):
            dtype = value.dtype
            best = self._accumulator(dtype, self._identity(dtype, kind[3:]))
            at = self._accumulator(torch.int64, "-1")
            accumulators = (best, at)
            self.compute.writelines(
                _merge(kind, dtype, (best, at), (str(value), self._reduced_index()))
            )
        elif kind == "welford_reduce":
            accumulators = tuple(self._accumulator(dtype, "0") for _ in range(3))
            mean, m2, weight = accumulators
            delta = self.cse.newvar(dtype=dtype)
            line(f"{weight} += 1;")
            line(f"{value_type(dtype)} {delta} = {value} - {mean};")
            line(f"{mean} += {delta} / {weight};")
            line(f"{m2} += {delta} * ({value} - {mean});")
        elif kind == "welford_combine":
            accumulators = tuple(self._accumulator(dtype, "0") for _ in range(3))
            self.compute.writelines(
                _merge(kind, dtype, accumulators, tuple(str(v) for v in value))
            )
        elif kind == "online_softmax_reduce":
            top = self._accumulator(dtype, "-INFINITY")
            total = self._accumulator(dtype, "0")
            accumulators = (top, total)
            self.compute.writelines(
                _merge(kind, dtype, accumulators, (str(value), "1"))
            )
        else:
            raise NotImplementedError(
                f"ocl's compiled kernels do not reduce with {kind}"
            )
        merged_as = {"welford_reduce": "welford_combine"}.get(kind, kind)
        self.lane_results.append((merged_as, dtype, accumulators))
        if kind in ("argmax", "argmin"):
            return accumulators[1]
        return accumulators if len(accumulators) > 1 else accumulators[0]

    def _accumulators(self) -> list[CSEVariable]:
        return [acc for _, _, accs in self.lane_results for acc in accs]

    def _fold_lanes(
        self, count: str, lane_copy: Callable[[CSEVariable, str], str]
    ) -> None:
        """Sets each accumulator of the loop to the fold of its `count` lanes' copies, in lane
        order: lane_copy(acc, lane) is the C expression of lane `lane`'s copy of `acc`."""
        for kind, dtype, accumulators in self.lane_results:
            for acc in accumulators:
                self.body.writeline(f"{acc} = {lane_copy(acc, '0')};")
            self.body.writeline(f"for (int lane = 1; lane < {count}; ++lane) {{")
            with self.body.indent():
                others = tuple(lane_copy(acc, "lane") for acc in accumulators)
                self.body.writelines(_merge(kind, dtype, accumulators, others))
            self.body.writeline("}")

    def _write_shared_row_loop(
        self, loop: IterationRangesRoot, loop_body: IndentedBuffer
    ) -> None:
        """The loop where ROW_LANES work-items share a row (a GPU): each takes every
        ROW_LANES-th element and leaves its accumulators in local memory; each then folds those
        of its row in lane order, so that all hold the row's result (and the same one)."""
        self._write_loop(loop, "rlane", "ROW_LANES", loop_body)
        for acc in self._accumulators():
            self.local_arrays.append(f"__local {_lane_type(acc)} {acc}_lanes[GROUP];")
            self.body.writeline(f"{acc}_lanes[get_local_id(0)] = {acc};")
        self.body.writeline("barrier(CLK_LOCAL_MEM_FENCE);")

        def shared(acc: CSEVariable, lane: str) -> str:
            offset = "" if lane == "0" else f" + {lane}"
            return f"{acc}_lanes[get_local_id(0) - rlane{offset}]"

        self._fold_lanes("ROW_LANES", shared)

    def _write_vector_lane_loop(
        self, loop: IterationRangesRoot, loop_body: IndentedBuffer
    ) -> None:
        """The loop where a work-item reduces its row alone (a CPU): into _VECTOR_LANES copies
        of each accumulator, element i into copy i % _VECTOR_LANES, folded in lane order after
        the loop (the module's docstring says why). Whole groups of lanes first, in a loop over
        the lanes that vectorizes, then the last elements."""
        lanes, index, name = _VECTOR_LANES, self.index_dtype, loop.name
        whole = f"{loop.prefix}whole"
        accumulators = self._accumulators()
        # Each lane's copy, in scope in the loop's body under the accumulator's own name.
        take, put = _copies(accumulators, "_lanes", "lane")
        for a in accumulators:
            self.body.writeline(f"{_lane_type(a)} {a}_lanes[{lanes}];")
        self.body.writeline(f"for (int lane = 0; lane < {lanes}; ++lane) {{")
        with self.body.indent():
            self.body.writelines(put)
        self.body.writeline("}")
        self.body.writeline(
            f"const {index} {whole} = {loop.prefix}numel / {lanes} * {lanes};"
        )
        self.body.writeline(
            f"for ({index} {name}_base = 0; {name}_base < {whole}; {name}_base += {lanes}) {{"
        )
        with self.body.indent():
            self.body.writeline(f"for (int lane = 0; lane < {lanes}; ++lane) {{")
            with self.body.indent():
                self.body.writeline(f"const {index} {name} = {name}_base + lane;")
                self.body.writelines(take)
                self.body.splice(loop_body)
                self.body.writelines(put)
            self.body.writeline("}")
        self.body.writeline("}")
        # The last numel % _VECTOR_LANES elements, a lane each.
        self.body.writeline(
            f"for ({index} {name} = {whole}; {name} < {loop.prefix}numel; ++{name}) {{"
        )
        with self.body.indent():
            self.body.writeline(f"const int lane = {name} - {whole};")
            self.body.writelines(take)
            self.body.splice(loop_body)
            self.body.writelines(put)
        self.body.writeline("}")
        self._fold_lanes(str(lanes), lambda acc, lane: f"{acc}_lanes[{lane}]")

    def _write_loop(
        self,
        loop: IterationRangesRoot,
        start: str,
        step: str,
        loop_body: IndentedBuffer,
    ) -> None:
        index, name = self.index_dtype, loop.name
        self.body.writeline(
            f"for ({index} {name} = {start}; {name} < {loop.prefix}numel; "
            f"{name} += {step}) {{"
        )
        with self.body.indent():
            self.body.splice(loop_body)
        self.body.writeline("}")

    @staticmethod
    def _identity(dtype: torch.dtype, kind: str) -> str:
        if dtype.is_floating_point:
            return "-INFINITY" if kind == "max" else "INFINITY"
        if dtype == torch.bool:
            return "false" if kind == "max" else "true"
        info = torch.iinfo(dtype)
        return literal(info.min if kind == "max" else info.max, dtype)

    def _reduced_index(self) -> str:
        (tree,) = (tree for tree in self.range_trees if tree.is_reduction)
        return tree.name

    # -- assembling the kernel ----------------------------------------------------------------

    def codegen_body(self) -> None:
        """Moves what the nodes generated into the body: in the loop over the reduced elements
        while a reduction is being generated, else as it is. In a reduction kernel ROW_LANES
        work-items share a row: each takes every ROW_LANES-th reduced element, and stores of
        the row's own values are made by the first of them."""
        if not (
            self.indexing_code
            or self.loads
            or self.compute
            or self.stores
            or self.post_loop
        ):
            return
        loop = next((tree for tree in self.range_trees if tree.is_loop), None)
        if self.inside_reduction and loop is not None:
            loop_body = IndentedBuffer()
            for buffer in (self.indexing_code, self.loads, self.compute, self.stores):
                loop_body.splice(buffer)
            self.columns.code(self.body)
            if self.lane_results:
                self.columns.loops.append(
                    (loop, loop_body.getvalue(), self._accumulators())
                )
                # In a block: a kernel has a loop per pass over its rows (softmax has three).
                self.body.writeline("{")
                with self.body.indent():
                    self.body.writeline("#if ROW_LANES == 1")
                    self._write_vector_lane_loop(loop, loop_body)
                    self.body.writeline("#else")
                    self._write_shared_row_loop(loop, loop_body)
                    self.body.writeline("#endif")
                self.body.writeline("}")
                self.lane_results.clear()
            else:
                self.columns.possible = False
                self._write_loop(loop, "rlane", "ROW_LANES", loop_body)
            self.columns.skip(self.body)
            self.cse.invalidate(self.outside_loop_vars)
            loop.cache_clear()
        else:
            if self.stores and not self.columns.loops:
                self.columns.possible = False
            self.body.splice(self.indexing_code)
            self.body.splice(self.loads)
            self.body.splice(self.compute)
            self._splice_row_stores(self.stores)
        self._splice_row_stores(self.post_loop)
        for buffer in (
            self.indexing_code,
            self.loads,
            self.compute,
            self.stores,
            self.post_loop,
        ):
            buffer.clear()

    def _splice_row_stores(self, stores: IndentedBuffer) -> None:
        if not stores:
            return
        if not self.features.is_reduction():
            self.body.splice(stores)
            return
        self.body.writeline("if (rlane == 0) {")
        with self.body.indent():
            self.body.splice(stores)
        self.body.writeline("}")

    def _size_parameters(self) -> list[str]:
        """The kernel's long arguments after its buffers: each range's length, then the sizes
        Inductor passes (ks0, ...); call_kernel passes them in this order."""
        ranges = [f"{tree.prefix}numel" for tree in self.active_range_trees()]
        return ranges + list(self.args.sizevars.values())

    def codegen_kernel(self, name: str | None = None) -> str:
        self.codegen_body()
        _, _, arguments, _ = self.args.python_argdefs()
        buffers = [arg for arg in arguments if hasattr(arg, "buffer")]
        parameters = []
        pointers = []
        for arg in buffers:
            kind = element_type(arg.dtype)
            parameters.append(
                f"__global {kind}* KERNEL_RESTRICT {arg.name}_buffer, "
                f"const ulong {arg.name}_start"
            )
            pointers.append(
                f"__global {kind}* {arg.name} = {arg.name}_buffer + {arg.name}_start;"
            )
        parameters += [f"const long {size}" for size in self._size_parameters()]
        if self.reports_errors:
            parameters.append(
                "__global long* kernel_error, const long kernel_error_code"
            )

        in_columns = self.column_form()
        code = IndentedBuffer()
        code.splice(_HELPERS)
        code.splice(_INDEX_HELPERS)
        code.writeline(f"__kernel void KERNEL_NAME({', '.join(parameters)}) {{")
        with code.indent():
            if self.local_arrays and not in_columns:
                code.writeline("#if ROW_LANES > 1")
                code.writelines(self.local_arrays)
                code.writeline("#endif")
            code.writelines(pointers)
            if in_columns:
                self._codegen_columns(code)
            elif self.chunked():
                self._codegen_chunked(code)
            else:
                # ROW_LANES work-items per row: 1, or a whole work-group (a group's rows then
                # all end, or none do, before its barriers).
                index = self.index_dtype
                code.writeline(f"const {index} xindex = get_global_id(0) / ROW_LANES;")
                code.writeline("const int rlane = get_local_id(0) % ROW_LANES;")
                code.writeline("if (xindex >= xnumel) return;")
                code.splice(self.body)
        code.writeline("}")
        return self._declare_types(code.getvalue())

    def _codegen_chunked(self, code: IndentedBuffer) -> None:
        # Indices in the index dtype: int where Inductor found every index fits, so that
        # dividing an index is a 32-bit division.
        index = self.index_dtype
        code.writeline(f"const {index} xstart = ({index})get_global_id(0) * CHUNK;")
        code.writeline(f"const {index} xend = min(xstart + CHUNK, ({index})xnumel);")
        code.writeline(f"for ({index} xindex = xstart; xindex < xend; ++xindex) {{")
        with code.indent():
            code.splice(self.body)
        code.writeline("}")

    def chunked(self) -> bool:
        """A pointwise kernel's work-item takes CHUNK elements (a vector's worth of work on a
        CPU device), as does a reduction in its column form; otherwise a reduction's work-group
        takes a row (see codegen_body)."""
        return not self.features.is_reduction() or self.column_form()

    def column_form(self) -> bool:
        """Whether the kernel is a reduction over the outer dimension (a bias's gradient: the
        sum of a [rows, columns] tensor over its rows) that takes the column form: its work-item
        takes CHUNK adjacent outputs, and for each reduced element, reads theirs side by side,
        which vectorizes; the row form reads each output's elements a row apart, one by one
        (the sums of [512, 128] over the rows: 70 us in rows, 15 in columns). One loop only."""
        self.codegen_body()
        self.columns.code(self.body)  # the code after the last loop
        return (
            self.features.is_reduction()
            and self.columns.possible
            and len(self.columns.loops) == 1
            and self.reads_columns
            and not self.reads_rows
        )

    def _codegen_columns(self, code: IndentedBuffer) -> None:
        """The column form: each accumulator is an array of CHUNK, one per output of the
        work-item. A pass over the outputs sets them, the loop over the reduced elements runs
        a pass over the outputs for each element, and a last pass stores the results. Each pass
        runs the code outside the loop again for its output (indices, loads of that output's
        values): it is cheap, and keeps each value in the scope the row form gives it."""
        index = self.index_dtype
        [(loop, loop_body, accumulators)] = self.columns.loops
        code.writeline(f"const {index} xstart = ({index})get_global_id(0) * CHUNK;")
        code.writeline(f"const {index} xend = min(xstart + CHUNK, ({index})xnumel);")
        code.writeline("const int rlane = 0;")  # the row form's stores are for lane 0
        for a in accumulators:
            code.writeline(f"{_lane_type(a)} {a}_cols[CHUNK];")
        take, put = _copies(accumulators, "_cols", "xindex - xstart")

        def each_output(inner: list[str]) -> None:
            code.writeline(f"for ({index} xindex = xstart; xindex < xend; ++xindex) {{")
            with code.indent():
                for piece in self.columns.before:
                    code.splice(piece)
                # A scope of its own: the accumulators' values shadow their declarations above.
                code.writeline("{")
                with code.indent():
                    for line in inner:
                        code.splice(line)
                code.writeline("}")
            code.writeline("}")

        each_output(put)
        code.writeline(
            f"for ({index} {loop.name} = 0; {loop.name} < {loop.prefix}numel; ++{loop.name}) {{"
        )
        with code.indent():
            each_output([*take, loop_body, *put])
        code.writeline("}")
        each_output([*take, *self.columns.after])

    def _declare_types(self, source: str) -> str:
        def declaration(match: re.Match[str]) -> str:
            var = self.cse.varname_map.get(match.group(1))
            if var is None or var.dtype is None:
                raise NotImplementedError(
                    f"ocl's compiled kernels: no type is known for {match.group(1)}"
                )
            return f"{value_type(var.dtype)} {match.group(1)} ="

        return _DECLARED.sub(declaration, source)

    def call_kernel(
        self, name: str, node: Any = None, deallocate_ws: bool = True
    ) -> None:
        wrapper = V.graph.wrapper_code
        _, call_args, arguments, _ = self.args.python_argdefs()
        tensors = [
            arg for arg, kind in zip(call_args, arguments) if hasattr(kind, "buffer")
        ]
        sizes = []
        for tree in self.active_range_trees():
            if isinstance(tree.numel, (int, sympy.Integer)):
                sizes.append(str(int(tree.numel)))
            else:
                sizes.append(str(wrapper.generate_numel_expr(name, tree).inner))
        for outer in self.args.sizevars:
            wrapper.ensure_size_computed(outer)
            sizes.append(self.pexpr(outer))
        wrapper.writeline(f"{name}([{', '.join(tensors)}], [{', '.join(sizes)}])")


class Scheduling(SIMDScheduling):
    """Inductor's scheduling for ocl: kernels of one output range and at most one reduced range,
    written by OpenCLKernel."""

    kernel_type = OpenCLKernel  # type: ignore[assignment]

    @classmethod
    def get_tiling_and_scores(
        cls,
        node_schedule: Any,
        numel: sympy.Expr,
        reduction_numel: sympy.Expr = sympy.S.One,
        coalesce_analysis: Any = None,
    ) -> tuple[dict[str, sympy.Expr], None]:
        # One output range and one reduced range: a work-item walks its elements in order.
        return cls.create_tiling([numel], [reduction_numel]), None

    def define_kernel(
        self, src_code: str, node_schedule: Any, kernel: OpenCLKernel
    ) -> str:
        wrapper = V.graph.wrapper_code
        if src_code in wrapper.src_to_kernel:
            return wrapper.src_to_kernel[src_code]
        # Named after the operators it fuses, as Inductor names Triton's kernels, so that a
        # profile's rows say what each kernel does (opencl_fused_native_layer_norm_3).
        fused = (
            get_fused_kernel_name(node_schedule, config.triton.descriptive_names)
            if config.triton.descriptive_names
            else "fused"
        )
        name = f"opencl_{fused}_{wrapper.next_kernel_suffix()}"
        wrapper.src_to_kernel[src_code] = name
        source = src_code.replace("KERNEL_NAME", name)
        wrapper.add_import_once("from torch_ocl.opencl_inductor import CompiledKernel")
        origins, _ = get_kernel_metadata(node_schedule, wrapper)
        wrapper.header.writeline(f"# {origins}" if origins else "")
        wrapper.header.writeline(f"{name} = CompiledKernel({name!r}, r'''")
        wrapper.header.splice(source)
        wrapper.header.writeline(
            f"''', chunked={kernel.chunked()}, reports_errors={kernel.reports_errors})"
        )
        return name


class CompiledKernel:
    """A kernel of the compiled code, called with its buffers and its long arguments (the
    first is the length of the output range, which sets the work-items)."""

    def __init__(
        self, name: str, source: str, *, chunked: bool, reports_errors: bool
    ) -> None:
        self.name = name
        self.kernel = torch.ops.ocl_compiled.define(
            source, name, chunked, reports_errors
        )

    def __call__(self, tensors: list[torch.Tensor], sizes: list[int]) -> None:
        torch.ops.ocl_compiled.launch(self.kernel, tensors, sizes, sizes[0])
