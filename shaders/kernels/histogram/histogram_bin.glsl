/*
 * histogram_bin.glsl: the bin of a value (mgpuvk.h, mgpu_histogram_info), for histogram.comp.
 * Contract: the kernel includes types.glsl and declares the push constants `pc` of histogram_pc.h.
 * Provides: MGPU_HISTOGRAM_NONE and mgpu_histogram_bin(v), v's bin or MGPU_HISTOGRAM_NONE when v is not counted.
 * Floats: (v - lower) * scale, each operation rounded in T's precision (`precise`: no fused multiply-add), as the
 * CPU reference computes it. Integers, exactly: offset = v - lower and width = upper - lower as unsigned integers
 * of the type's width (the wrap-around difference is v's distance from lower, and it is below width exactly when
 * lower <= v < upper, for signed and unsigned types alike); the bin floor(offset * bins / width) is estimated in
 * float, t = float(offset) * scale: three roundings of at most 2^-24 each (the conversion, the host's scale, the
 * product), so |t - offset * bins / width| < 2^-21 t. Where t lies farther than that from every integer, floor(t)
 * is the bin (mgpu_histogram_estimate: a few instructions). Else (rarely, for values near a bin's edge, or t past
 * 2^21) the estimate is corrected by comparing q * width with offset * bins as double-width products (32-bit:
 * umulExtended; 64-bit: 96-bit products in two 64-bit words), so no integer division and no shaderFloat64 in the
 * 64-bit integer variants. (H200, u32 2^26, 256 bins: the correction on every value took the histogram from 112
 * to 172 us; bench/RESULTS.md, tenth session.)
 */
#ifndef MGPU_HISTOGRAM_BIN_GLSL
#define MGPU_HISTOGRAM_BIN_GLSL

#define MGPU_HISTOGRAM_NONE 0xffffffffu

#if defined(MGPU_TYPE_F32) || defined(MGPU_TYPE_F64)
uint mgpu_histogram_bin(T v) {
    T lower = mgpu_from_words(pc.lower), upper = mgpu_from_words(pc.upper_or_width);
    if (!(v >= lower && v < upper)) return MGPU_HISTOGRAM_NONE; /* NaN fails both comparisons */
    precise T d = v - lower;                                    /* >= 0 and <= upper - lower: finite */
    precise T t = d * mgpu_from_words(pc.scale);                /* finite, about bins at most */
    return min(uint(t), pc.bins - 1u);
}
#else
/* q = floor(t), t >= 0 the float estimate of a bin; true where q is certainly the exact bin (above). */
bool mgpu_histogram_estimate(float t, out uint q) {
    q = uint(t);
    float r = t - float(q); /* exact (Sterbenz: t in [q, 2q] for q >= 1); with t's product fused, closer still */
    float slack = max(t, 1.0) * (1.0 / 2097152.0);
    return r > slack && 1.0 - r > slack;
}
#endif

#if defined(MGPU_TYPE_U32) || defined(MGPU_TYPE_I32)
uint mgpu_histogram_bin(T v) {
    uint offset = uint(v) - pc.lower.x, width = pc.upper_or_width.x;
    if (offset >= width) return MGPU_HISTOGRAM_NONE;
    uint q;
    if (mgpu_histogram_estimate(float(offset) * uintBitsToFloat(pc.scale.x), q)) return q;
    q = min(q, pc.bins - 1u);
    uint p_hi, p_lo, q_hi, q_lo;
    umulExtended(offset, pc.bins, p_hi, p_lo);
    umulExtended(q, width, q_hi, q_lo);
    if (q_hi > p_hi || (q_hi == p_hi && q_lo > p_lo)) return q - 1u; /* q * width > offset * bins */
    uint carry;
    uint n_lo = uaddCarry(q_lo, width, carry), n_hi = q_hi + carry; /* (q + 1) * width */
    return (n_hi < p_hi || (n_hi == p_hi && n_lo <= p_lo)) ? q + 1u : q;
}
#elif defined(MGPU_TYPE_U64) || defined(MGPU_TYPE_I64)
/* x * m as (hi, lo) 64-bit words, for m < 2^32. */
void mgpu_histogram_mul(uint64_t x, uint m, out uint64_t hi, out uint64_t lo) {
    uint64_t a = uint64_t(uint(x & 0xffffffffUL)) * m, b = (x >> 32) * m;
    lo = a + (b << 32);
    hi = (b >> 32) + (lo < a ? 1UL : 0UL);
}

uint mgpu_histogram_bin(T v) {
    uint64_t offset = uint64_t(v) - pack64(pc.lower), width = pack64(pc.upper_or_width);
    if (offset >= width) return MGPU_HISTOGRAM_NONE;
    uint q;
    if (mgpu_histogram_estimate(float(offset) * uintBitsToFloat(pc.scale.x), q)) return q;
    q = min(q, pc.bins - 1u);
    uint64_t p_hi, p_lo, q_hi, q_lo;
    mgpu_histogram_mul(offset, pc.bins, p_hi, p_lo);
    mgpu_histogram_mul(width, q, q_hi, q_lo);
    if (q_hi > p_hi || (q_hi == p_hi && q_lo > p_lo)) return q - 1u;
    uint64_t n_lo = q_lo + width, n_hi = q_hi + (n_lo < q_lo ? 1UL : 0UL);
    return (n_hi < p_hi || (n_hi == p_hi && n_lo <= p_lo)) ? q + 1u : q;
}
#endif

#endif
