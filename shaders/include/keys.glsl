/*
 * keys.glsl: comparing keys in the total order of docs/ARCHITECTURE.md: integers by value, floats by IEEE total order
 * (-NaN < -inf < ... < -0.0 < +0.0 < ... < +inf < +NaN), through an order-preserving map to unsigned bits.
 * Contract: include after types.glsl; the kernel declares `layout(constant_id = MGPU_SPEC_DESCENDING) const
 * bool DESCENDING` (descending order swaps the comparison).
 */
#ifndef MGPU_KEYS_GLSL
#define MGPU_KEYS_GLSL

#if defined(MGPU_TYPE_U32)
#define K uint
K mgpu_key_bits(T x) { return x; }
#elif defined(MGPU_TYPE_I32)
#define K uint
K mgpu_key_bits(T x) { return uint(x) ^ 0x80000000u; }
#elif defined(MGPU_TYPE_F32)
#define K uint
K mgpu_key_bits(T x) {
    uint u = floatBitsToUint(x);
    return u ^ ((u >> 31u) != 0u ? 0xffffffffu : 0x80000000u);
}
#elif defined(MGPU_TYPE_U64)
#define K uint64_t
K mgpu_key_bits(T x) { return x; }
#elif defined(MGPU_TYPE_I64)
#define K uint64_t
K mgpu_key_bits(T x) { return uint64_t(x) ^ 0x8000000000000000UL; }
#else
#define K uint64_t
K mgpu_key_bits(T x) {
    uint64_t u = pack64(unpackDouble2x32(x));
    return u ^ ((u >> 63u) != 0UL ? 0xffffffffffffffffUL : 0x8000000000000000UL);
}
#endif

/* a strictly before b in the merge's order */
bool mgpu_key_less(T a, T b) {
    K x = mgpu_key_bits(a), y = mgpu_key_bits(b);
    return DESCENDING ? y < x : x < y;
}

#endif
