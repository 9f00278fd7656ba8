// Storage and arithmetic types of ocl's kernels. A program is compiled for the dtypes it works on:
// the host defines IN_TYPE and OUT_TYPE (and, for elementwise kernels whose inputs differ in
// dtype, A_TYPE, B_TYPE, C_TYPE) as TYPE_* codes below, opencl/types.h keeping the same
// numbering. This file turns them into
//   IN_T, OUT_T, A_T, B_T, C_T   the type of an element in memory
//   ACC_T                        the type arithmetic happens in, from IN_TYPE: float for half and
//                                bfloat16, int for bool and the narrow integers, else the type
//   LOAD_IN(p, i), LOAD_A(p, i)  element i of p, converted to ACC_T (and LOAD_B, LOAD_C)
//   STORE_OUT(p, i, v)           v stored as element i of p, converted as PyTorch converts
// half goes through vload_half/vstore_half, which every OpenCL 1.2 device has (cl_khr_fp16 is only
// needed for arithmetic on half, which no kernel does); bfloat16 is the upper half of a float.
#define TYPE_BOOL 0
#define TYPE_UINT8 1
#define TYPE_INT8 2
#define TYPE_INT16 3
#define TYPE_INT32 4
#define TYPE_INT64 5
#define TYPE_HALF 6
#define TYPE_BFLOAT16 7
#define TYPE_FLOAT 8
#define TYPE_DOUBLE 9

#ifndef A_TYPE
#define A_TYPE IN_TYPE
#endif
#ifndef B_TYPE
#define B_TYPE IN_TYPE
#endif
#ifndef C_TYPE
#define C_TYPE IN_TYPE
#endif

#if IN_TYPE == TYPE_DOUBLE || OUT_TYPE == TYPE_DOUBLE || A_TYPE == TYPE_DOUBLE || \
    B_TYPE == TYPE_DOUBLE || C_TYPE == TYPE_DOUBLE
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#define PASTE(a, b) a##b
#define EXPAND_PASTE(a, b) PASTE(a, b)

// Whether x is a NaN, as a comparison: PoCL's isnan is a function its compiler inlines late, after
// the loop vectorizer has given up on a loop that calls it (max_pool2d: 16 -> 13.5 ms).
#define IS_NAN(x) ((x) != (x))

inline float bfloat16_to_float(ushort bits) { return as_float((uint)bits << 16); }

// Rounds to the nearest bfloat16, ties to even, as c10::BFloat16 does; NaN stays a quiet NaN.
inline ushort float_to_bfloat16(float value) {
  if (IS_NAN(value)) return (ushort)0x7FC0;
  uint bits = as_uint(value);
  bits += 0x7FFFu + ((bits >> 16) & 1u);
  return (ushort)(bits >> 16);
}

// The storage type, load and store of each type code.
#define STORAGE_0 uchar
#define STORAGE_1 uchar
#define STORAGE_2 char
#define STORAGE_3 short
#define STORAGE_4 int
#define STORAGE_5 long
#define STORAGE_6 half
#define STORAGE_7 ushort
#define STORAGE_8 float
#define STORAGE_9 double

#define LOAD_PLAIN(p, i) ((ACC_T)(p)[i])
#define LOAD_0 LOAD_PLAIN
#define LOAD_1 LOAD_PLAIN
#define LOAD_2 LOAD_PLAIN
#define LOAD_3 LOAD_PLAIN
#define LOAD_4 LOAD_PLAIN
#define LOAD_5 LOAD_PLAIN
#define LOAD_6(p, i) ((ACC_T)vload_half((i), (p)))
#define LOAD_7(p, i) ((ACC_T)bfloat16_to_float((p)[i]))
#define LOAD_8 LOAD_PLAIN
#define LOAD_9 LOAD_PLAIN

// The narrow integers go through int, as the CPU's conversions do: a float converted straight to
// uchar is undefined out of range, and vectorized code saturates (-1.0 gives 0, the CPU 255).
#define STORE_0(p, i, v) ((p)[i] = (uchar)((v) != 0))
#define STORE_1(p, i, v) ((p)[i] = (uchar)(int)(v))
#define STORE_2(p, i, v) ((p)[i] = (char)(int)(v))
#define STORE_3(p, i, v) ((p)[i] = (short)(int)(v))
#define STORE_4(p, i, v) ((p)[i] = (int)(v))
#define STORE_5(p, i, v) ((p)[i] = (long)(v))
#define STORE_6(p, i, v) vstore_half_rte((float)(v), (i), (p))
#define STORE_7(p, i, v) ((p)[i] = float_to_bfloat16((float)(v)))
#define STORE_8(p, i, v) ((p)[i] = (float)(v))
#define STORE_9(p, i, v) ((p)[i] = (double)(v))

#define IN_T EXPAND_PASTE(STORAGE_, IN_TYPE)
#define OUT_T EXPAND_PASTE(STORAGE_, OUT_TYPE)
#define A_T EXPAND_PASTE(STORAGE_, A_TYPE)
#define B_T EXPAND_PASTE(STORAGE_, B_TYPE)
#define C_T EXPAND_PASTE(STORAGE_, C_TYPE)
#define LOAD_IN EXPAND_PASTE(LOAD_, IN_TYPE)
#define LOAD_A EXPAND_PASTE(LOAD_, A_TYPE)
#define LOAD_B EXPAND_PASTE(LOAD_, B_TYPE)
#define LOAD_C EXPAND_PASTE(LOAD_, C_TYPE)
#define STORE_OUT EXPAND_PASTE(STORE_, OUT_TYPE)

#if IN_TYPE == TYPE_HALF || IN_TYPE == TYPE_BFLOAT16 || IN_TYPE == TYPE_FLOAT
#define ACC_T float
#define ACC_IS_FLOAT 1
#elif IN_TYPE == TYPE_DOUBLE
#define ACC_T double
#define ACC_IS_FLOAT 1
#elif IN_TYPE == TYPE_INT64
#define ACC_T long
#define ACC_IS_FLOAT 0
#else
#define ACC_T int
#define ACC_IS_FLOAT 0
#endif

// A kernel that checks what it reads reports an error in the device's error word (see
// runtime/opencl_runtime.h): its launch's code with the kind in the low two bits, then the
// offending value. The word is read on the host later; a racing report of the same launch only
// changes which bad value is named.
#define KERNEL_INDEX_OUT_OF_RANGE 1
#define KERNEL_DIVISION_BY_ZERO 2
#define REPORT(error, what, value) \
  do {                             \
    (error)[0] = (what);           \
    (error)[1] = (value);          \
  } while (0)
