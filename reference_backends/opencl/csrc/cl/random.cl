// Random fills of ocl (after types.cl), from Philox4x32-10, a counter-based generator: element i
// of a call draws from counter i / per_draw under the call's key, a 64-bit seed the generated
// generator derives from its (seed, offset) state. So a fill needs no state on the device, every
// work-item draws independently, and manual_seed makes the sequence reproducible. ACC_T is float,
// or double for double outputs.

#define PHILOX_M0 0xD2511F53u
#define PHILOX_M1 0xCD9E8D57u
#define PHILOX_W0 0x9E3779B9u
#define PHILOX_W1 0xBB67AE85u

inline uint4 philox(uint4 counter, uint2 key) {
#pragma unroll
  for (int round = 0; round < 10; ++round) {
    // One 64-bit product each: PoCL's mul_hi is a call that the work-group's loops cannot
    // vectorize (2.6 ms for 262,144 Bernoulli draws; 0.1 ms without it).
    const ulong product0 = (ulong)PHILOX_M0 * counter.x, product1 = (ulong)PHILOX_M1 * counter.z;
    const uint hi0 = (uint)(product0 >> 32), lo0 = (uint)product0;
    const uint hi1 = (uint)(product1 >> 32), lo1 = (uint)product1;
    counter = (uint4)(hi1 ^ counter.y ^ key.x, lo1, hi0 ^ counter.w ^ key.y, lo0);
    key += (uint2)(PHILOX_W0, PHILOX_W1);
  }
  return counter;
}

// Uniform in [0, 1) from 24 random bits (53 for double), and in (0, 1] for logarithms.
#if IN_TYPE == TYPE_DOUBLE
#define UNIFORM(bits, second) ((double)(((ulong)(bits) << 21) ^ ((ulong)(second) >> 11)) * 0x1.0p-53)
#else
#define UNIFORM(bits, second) ((float)((bits) >> 8) * 0x1.0p-24f)
#endif

#if IN_TYPE == TYPE_DOUBLE
#define TWO_PI (2 * M_PI)
#else
#define TWO_PI (2 * M_PI_F)
#endif

// `value` rounded to the output's precision, as it will be stored.
inline ACC_T rounded_to_out(ACC_T value) {
#if OUT_TYPE == TYPE_HALF
  ushort bits;
  vstore_half_rte((float)value, 0, (__private half *)&bits);
  return (ACC_T)vload_half(0, (__private const half *)&bits);
#elif OUT_TYPE == TYPE_BFLOAT16
  return (ACC_T)bfloat16_to_float(float_to_bfloat16((float)value));
#else
  return value;
#endif
}

#define KIND_UNIFORM 0      // a + (b - a) * u
#define KIND_NORMAL 1       // a + b * z (Box-Muller)
#define KIND_BERNOULLI 2    // u < a
#define KIND_EXPONENTIAL 3  // -log(1 - u) / a

// A work-item makes one Philox draw (4 words) and spends it on PER_DRAW consecutive elements
// (4 / the words one value takes), so element i comes from draw i / PER_DRAW. RANDOM_KIND and
// PER_DRAW are compiled in, the loops unrolled and no work-item returns early, so that PoCL runs
// a work-group's items as vector lanes: a Bernoulli fill of 65,536 floats took 311 us with the
// kind and the count as arguments, 118 us so.
__kernel void random_fill(__global OUT_T *out, ulong out_off, ulong n, ulong seed, ACC_T a, ACC_T b) {
  const ulong item = get_global_id(0);
  const ulong first = item * PER_DRAW;
  const uint4 bits = philox(
      (uint4)((uint)item, (uint)(item >> 32), 0u, 0u), (uint2)((uint)seed, (uint)(seed >> 32)));
  // Padded, so that a value's unused second word never reads past the draw.
  const uint words[6] = {bits.x, bits.y, bits.z, bits.w, 0u, 0u};
#define PER_VALUE (4 / PER_DRAW)
#pragma unroll
  for (int v = 0; v < PER_DRAW; ++v) {
    const uint *w = words + v * PER_VALUE;
    const ACC_T u = UNIFORM(w[0], w[1]);
#if RANDOM_KIND == KIND_UNIFORM
    ACC_T value = rounded_to_out(a + (b - a) * u);
    // Rounding, to ACC_T or to a narrower output, may reach b itself; [a, b) is the promise, and
    // such a value becomes a, as in CUDA's kernel.
    if (value >= b && b > a) value = a;
#elif RANDOM_KIND == KIND_NORMAL
    const ACC_T u2 = UNIFORM(w[PER_VALUE / 2], w[PER_VALUE / 2 + 1]);
    const ACC_T radius = sqrt((ACC_T)-2 * log((ACC_T)1 - u));
    const ACC_T value = a + b * radius * cos((ACC_T)TWO_PI * u2);
#elif RANDOM_KIND == KIND_BERNOULLI
    const ACC_T value = u < a ? (ACC_T)1 : (ACC_T)0;
#else
    const ACC_T value = -log((ACC_T)1 - u) / a;
#endif
    if (first + v < n) STORE_OUT(out, out_off + first + v, value);
  }
}
