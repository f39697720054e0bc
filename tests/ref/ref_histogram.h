/* CPU reference of the histogram (serial and obviously right; mgpuvk.h, mgpu_histogram_info): a value v is counted
 * iff lower <= v < upper (as numbers: NaN never, -0.0 as 0.0), in bin floor((v - lower) * bins / (upper - lower))
 * for integers, exactly in 128-bit arithmetic, and min(floor((v - lower) * scale), bins - 1) with scale = bins /
 * (upper - lower) for floats, each operation rounded in the value's precision. Header-only, so that the tests and
 * the benchmark use it without a build change. */
#ifndef MGPU_TEST_REF_HISTOGRAM_H
#define MGPU_TEST_REF_HISTOGRAM_H

#include "ref.h"

#include <stdint.h>
#include <string.h>

__extension__ typedef unsigned __int128 ref_u128; /* GCC and Clang: exact products of 64-bit values */

/* The bin of v over the bins of [lower, upper), or -1 when v is not counted. */
static inline int64_t ref_histogram_bin(mgpu_type type, mgpu_scalar v, uint32_t bins, mgpu_scalar lower,
                                        mgpu_scalar upper) {
    uint64_t offset, width;
    switch (type) {
        case MGPU_TYPE_U32:
            if (v.u32 < lower.u32 || v.u32 >= upper.u32) return -1;
            offset = v.u32 - lower.u32;
            width = upper.u32 - lower.u32;
            break;
        case MGPU_TYPE_I32:
            if (v.i32 < lower.i32 || v.i32 >= upper.i32) return -1;
            offset = (uint64_t)((int64_t)v.i32 - lower.i32);
            width = (uint64_t)((int64_t)upper.i32 - lower.i32);
            break;
        case MGPU_TYPE_U64:
            if (v.u64 < lower.u64 || v.u64 >= upper.u64) return -1;
            offset = v.u64 - lower.u64;
            width = upper.u64 - lower.u64;
            break;
        case MGPU_TYPE_I64:
            if (v.i64 < lower.i64 || v.i64 >= upper.i64) return -1;
            offset = (uint64_t)v.i64 - (uint64_t)lower.i64; /* modulo 2^64: the distance, below 2^64 */
            width = (uint64_t)upper.i64 - (uint64_t)lower.i64;
            break;
        case MGPU_TYPE_F32: {
            if (!(v.f32 >= lower.f32 && v.f32 < upper.f32)) return -1;
            float scale = (float)bins / (upper.f32 - lower.f32);
            float d = v.f32 - lower.f32;
            float t = d * scale;
            uint64_t bin = (uint64_t)t;
            return (int64_t)(bin < bins ? bin : bins - 1);
        }
        default: {
            if (!(v.f64 >= lower.f64 && v.f64 < upper.f64)) return -1;
            double scale = (double)bins / (upper.f64 - lower.f64);
            double d = v.f64 - lower.f64;
            double t = d * scale;
            uint64_t bin = (uint64_t)t;
            return (int64_t)(bin < bins ? bin : bins - 1);
        }
    }
    return (int64_t)((ref_u128)offset * bins / width);
}

/* counts[bins] of the n values of type in [lower, upper); returns the number counted. */
static inline uint64_t ref_histogram(mgpu_type type, const void *values, size_t n, uint32_t bins, mgpu_scalar lower,
                                     mgpu_scalar upper, uint32_t *counts) {
    memset(counts, 0, (size_t)bins * sizeof *counts);
    uint64_t counted = 0;
    for (size_t i = 0; i < n; ++i) {
        int64_t bin = ref_histogram_bin(type, ref_get(type, values, i), bins, lower, upper);
        if (bin >= 0) {
            ++counts[bin];
            ++counted;
        }
    }
    return counted;
}

#endif
