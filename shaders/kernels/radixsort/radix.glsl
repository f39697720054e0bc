/*
 * radix.glsl: the digits of the radix sort. A key's order-preserving bits (keys.glsl: integers by value, floats
 * in IEEE total order), complemented for descending order, so that ascending digits give the sort's order;
 * digit = `bits` bits of them from bit `shift` (MGPU_RADIX_BITS at most: shared/constants.h, with the digit count
 * and the status layout the host shares). Contract: include after keys.glsl.
 */
#ifndef MGPU_RADIX_GLSL
#define MGPU_RADIX_GLSL

#include "shared/constants.h" /* MGPU_RADIX_BITS, MGPU_RADIX_DIGITS */
#include "include/count.glsl"   /* mgpu_count: the element count, pc.count or indirect */

/* The digit of `bits` bits from bit `shift`. (Taking a 64-bit key's digit from one 32-bit word under a uniform
 * test made the H100's u64 passes 4% slower: bench/RESULTS.md.) */
uint mgpu_radix_digit(T key, uint shift, uint bits) {
    K k = mgpu_key_bits(key);
    if (DESCENDING) k = ~k;
    return uint(k >> shift) & ((1u << bits) - 1u);
}


#endif
