/*
 * radix.glsl: the digits of the radix sort. A key's order-preserving bits (keys.glsl: integers by value, floats
 * in IEEE total order), complemented for descending order, so that ascending digits give the sort's order;
 * digit = `bits` bits of them from bit `shift`. Contract: include after keys.glsl.
 */
#ifndef MGPU_RADIX_GLSL
#define MGPU_RADIX_GLSL

#define MGPU_RADIX_DIGITS 256u /* 8-bit digits at most */

/* The digit of `bits` bits from bit `shift`. shift and bits are uniform in every caller: a 64-bit key's digit
 * comes from one 32-bit word where it lies in one (H100: a 64-bit shift by a run-time amount made the u64
 * histogram 1.6x slower, bench/RESULTS.md). */
uint mgpu_radix_digit(T key, uint shift, uint bits) {
    K k = mgpu_key_bits(key);
    if (DESCENDING) k = ~k;
    uint mask = (1u << bits) - 1u;
#if defined(MGPU_TYPE_U64) || defined(MGPU_TYPE_I64) || defined(MGPU_TYPE_F64)
    uvec2 w = unpack32(k);
    if ((shift & 31u) + bits <= 32u) return ((shift < 32u ? w.x : w.y) >> (shift & 31u)) & mask;
#endif
    return uint(k >> shift) & mask;
}

/* The element count: pc.count, or the device value at pc.count_address (indirect) clamped to it. */
uint mgpu_radix_count(uvec2 count_address, uint count) {
    return mgpu_present(count_address) ? min(UintArray(count_address).v[0], count) : count;
}

#endif
