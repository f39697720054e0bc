/*
 * random.glsl: counter-based random values for the fills (a hash of seed and index: any order, any grid).
 * Contract: include after types.glsl.
 * mgpu_random_in(a, b, seed, i): uniform in [a, b] (inclusive for integers, [a, b) for floats).
 * mgpu_sorted_random_in(a, b, seed, i, n): ascending in i; element i lies in the i-th of n equal slices of
 * [a, b], at a random place inside it (a jittered sample: sorted and random without a sort).
 */
#ifndef MGPU_RANDOM_GLSL
#define MGPU_RANDOM_GLSL

/* 32-bit mixing hash (lowbias32, Chris Wellons). */
uint mgpu_hash32(uint x) {
    x ^= x >> 16u; x *= 0x7feb352du;
    x ^= x >> 15u; x *= 0x846ca68bu;
    x ^= x >> 16u;
    return x;
}

uvec2 mgpu_random_words(uvec2 seed, uint i) {
    uint h0 = mgpu_hash32(i ^ mgpu_hash32(seed.x ^ 0x9e3779b9u));
    uint h1 = mgpu_hash32(h0 ^ mgpu_hash32(seed.y + 0x632be5abu));
    return uvec2(h0, h1);
}

/* uniform in [0, 1) */
float mgpu_random_unit(uvec2 seed, uint i) { return float(mgpu_random_words(seed, i).x >> 8u) * (1.0 / 16777216.0); }

#if defined(MGPU_FLOAT)
T mgpu_random_in(T a, T b, uvec2 seed, uint i) {
    uvec2 w = mgpu_random_words(seed, i);
#if defined(MGPU_TYPE_F64)
    T unit = T(w.x >> 11u) * (1.0LF / 2097152.0LF) + T(w.y) * (1.0LF / 9007199254740992.0LF);
#else
    T unit = T(w.x >> 8u) * (1.0 / 16777216.0);
#endif
    return a + (b - a) * unit;
}

T mgpu_slice_start(T a, T b, uint i, uint n) {
    return i >= n ? b : a + (b - a) * (T(i) / T(n));
}

T mgpu_sorted_random_in(T a, T b, uvec2 seed, uint i, uint n) {
    T lo = mgpu_slice_start(a, b, i, n), hi = mgpu_slice_start(a, b, i + 1u, n);
    return clamp(lo + (hi - lo) * T(mgpu_random_unit(seed, i)), lo, hi);
}
#else
#if defined(MGPU_TYPE_U64) || defined(MGPU_TYPE_I64)
#define U uint64_t
#define mgpu_random_bits_(w) pack64(w)
#else
#define U uint
#define mgpu_random_bits_(w) (w).x
#endif

T mgpu_random_in(T a, T b, uvec2 seed, uint i) {
    U span = U(b) - U(a) + U(1); // 0: the whole range of the type
    U r = mgpu_random_bits_(mgpu_random_words(seed, i));
    return T(U(a) + (span == U(0) ? r : r % span));
}

/* Offset of slice i's start from a, in [0, b - a]. */
U mgpu_slice_offset(T a, T b, uint i, uint n) {
    U span = U(b) - U(a);
    if (i >= n) return span;
    return min(U(float(span) * (float(i) / float(n))), span);
}

T mgpu_sorted_random_in(T a, T b, uvec2 seed, uint i, uint n) {
    U lo = mgpu_slice_offset(a, b, i, n), hi = mgpu_slice_offset(a, b, i + 1u, n);
    U width = hi - lo;
    U r = mgpu_random_bits_(mgpu_random_words(seed, i));
    return T(U(a) + lo + (width == U(0) ? U(0) : r % width));
}
#undef U
#endif

#endif
