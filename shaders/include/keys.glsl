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
    return u ^ (uint(int(u) >> 31) | 0x80000000u); /* negative: all bits flipped; else the sign bit */
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
    return u ^ (uint64_t(int64_t(u) >> 63) | 0x8000000000000000UL);
}
#endif

/* The bits of the float (of K's width) whose mgpu_key_bits are k: the float map inverted (the sign bit flipped
 * where it is set, every bit where it is clear). Also for the u32 and u64 kernels that finish a sort of floats
 * over their order bits (merge.comp). */
#if defined(MGPU_TYPE_U32) || defined(MGPU_TYPE_I32) || defined(MGPU_TYPE_F32)
K mgpu_float_bits_from_key_bits(K k) { return k ^ (uint(int(~k) >> 31) | 0x80000000u); }
#else
K mgpu_float_bits_from_key_bits(K k) { return k ^ (uint64_t(int64_t(~k) >> 63) | 0x8000000000000000UL); }
#endif

/* The key whose mgpu_key_bits are k. */
#if defined(MGPU_TYPE_U32) || defined(MGPU_TYPE_U64)
T mgpu_key_from_bits(K k) { return k; }
#elif defined(MGPU_TYPE_I32)
T mgpu_key_from_bits(K k) { return int(k ^ 0x80000000u); }
#elif defined(MGPU_TYPE_F32)
T mgpu_key_from_bits(K k) { return uintBitsToFloat(mgpu_float_bits_from_key_bits(k)); }
#elif defined(MGPU_TYPE_I64)
T mgpu_key_from_bits(K k) { return int64_t(k ^ 0x8000000000000000UL); }
#else
T mgpu_key_from_bits(K k) { return packDouble2x32(unpack32(mgpu_float_bits_from_key_bits(k))); }
#endif

/* a strictly before b in the merge's order */
bool mgpu_key_less(T a, T b) {
    K x = mgpu_key_bits(a), y = mgpu_key_bits(b);
    return DESCENDING ? y < x : x < y;
}

/* a and b equal in the total order (neither before the other) */
bool mgpu_key_equal(T a, T b) { return !mgpu_key_less(a, b) && !mgpu_key_less(b, a); }

/* The order bits of a key: its bits in the kernel's order, DESCENDING folded in, so that a strictly before b is
 * mgpu_order_bits(a) < mgpu_order_bits(b); and back. */
K mgpu_order_bits(T x) { return DESCENDING ? ~mgpu_key_bits(x) : mgpu_key_bits(x); }
T mgpu_key_from_order_bits(K k) { return mgpu_key_from_bits(DESCENDING ? ~k : k); }

/*
 * The working keys of the tile kernels' registers and shared memory (merge_path.glsl's orders along a diagonal,
 * cta_merge.glsl, sortnet.glsl): the keys themselves, or, in a kernel that defines MGPU_KEYS_AS_BITS before
 * including this file, their order bits, so that every comparison is one unsigned compare where it would map both
 * keys (floats, signed integers, a descending order) each time. Such a kernel converts its tile once on the way
 * in and once on the way out (loadstore.glsl's striped moves to and from shared memory do it through
 * MGPU_TO_WKEY and MGPU_FROM_WKEY) and keeps comparing keys read from global memory with mgpu_key_less.
 * MGPU_WKEY_ORDER_BITS(x) gives a working key's order bits either way.
 * Only 32-bit floats take it, and 64-bit floats in a kernel that also defines MGPU_KEYS_AS_BITS_F64 (the kernels'
 * request is dropped for the other types): measured on an H200 (bench/RESULTS.md, twenty-third session), order
 * bits made the f32 mergesort 9-12% faster and its segmented sort up to 20%, but left u32 and i32 keys (whose
 * compare was already one instruction) 1% slower; f64 mergesorts were 17-23% slower at 2^22..2^24 with them in
 * every kernel, and 7-9% faster with them in the blocksort alone (mergesort_block.comp).
 */
#if defined(MGPU_KEYS_AS_BITS) && !defined(MGPU_TYPE_F32) && !(defined(MGPU_TYPE_F64) && defined(MGPU_KEYS_AS_BITS_F64))
#undef MGPU_KEYS_AS_BITS
#endif
#ifdef MGPU_KEYS_AS_BITS
#define MGPU_WKEY K
#define mgpu_wkey_less(a, b) ((a) < (b))
#define mgpu_wkey_equal(a, b) ((a) == (b))
#define MGPU_TO_WKEY(x) mgpu_order_bits(x)
#define MGPU_FROM_WKEY(x) mgpu_key_from_order_bits(x)
#define MGPU_WKEY_ORDER_BITS(x) (x)
#else
#define MGPU_WKEY T
#define mgpu_wkey_less(a, b) mgpu_key_less(a, b)
#define mgpu_wkey_equal(a, b) mgpu_key_equal(a, b)
#define MGPU_TO_WKEY(x) (x)
#define MGPU_FROM_WKEY(x) (x)
#define MGPU_WKEY_ORDER_BITS(x) mgpu_order_bits(x)
#endif

#endif
