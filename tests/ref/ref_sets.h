/* CPU references of the multiset operations (serial and obviously right): the loops of the C++ standard's
 * std::set_intersection, set_union, set_difference and set_symmetric_difference over two sorted arrays, keys
 * compared by ref_key_bits (reversed when descending). Header-only, so that the tests and the benchmark use it
 * without a build change. */
#ifndef MGPU_TEST_REF_SETS_H
#define MGPU_TEST_REF_SETS_H

#include "ref.h"

#include <stdint.h>
#include <string.h>

/* x strictly before y in the order of a set operation. */
static inline bool ref_set_less(mgpu_type type, bool descending, const void *x, size_t i, const void *y, size_t j) {
    uint64_t a = ref_key_bits(type, ref_get(type, x, i)), b = ref_key_bits(type, ref_get(type, y, j));
    return descending ? b < a : a < b;
}

/* Appends element i of A (from_b false) or B to the outputs: its key, its value (value_size bytes, 0: none) and
 * its source (i for A's element i, -1 - i for B's). */
static inline void ref_set_emit(mgpu_type type, size_t value_size, bool from_b, size_t i, const void *a, const void *va,
                                const void *b, const void *vb, size_t k, void *out, void *vout, int64_t *sources) {
    size_t size = mgpu_type_size(type);
    memcpy((char *)out + k * size, (const char *)(from_b ? b : a) + i * size, size);
    if (value_size)
        memcpy((char *)vout + k * value_size, (const char *)(from_b ? vb : va) + i * value_size, value_size);
    if (sources) sources[k] = from_b ? -1 - (int64_t)i : (int64_t)i;
}

/* The operation over sorted a (an keys, values va) and b (bn keys, values vb): its outputs in out, vout
 * (value_size 0: none) and sources (optional: i for A's element i, -1 - j for B's element j), each with room for
 * an + bn. Returns the number of outputs. */
static inline size_t ref_set_operation(mgpu_type type, mgpu_set_op op, bool descending, size_t value_size,
                                       const void *a, const void *va, size_t an, const void *b, const void *vb,
                                       size_t bn, void *out, void *vout, int64_t *sources) {
    size_t i = 0, j = 0, k = 0;
    bool copy_rest = op != MGPU_SET_INTERSECTION; /* of A past B's end; of B past A's end too for union, symdiff */
    while (i < an && j < bn) {
        if (ref_set_less(type, descending, a, i, b, j)) { /* *first1 < *first2 */
            if (op != MGPU_SET_INTERSECTION)
                ref_set_emit(type, value_size, false, i, a, va, b, vb, k++, out, vout, sources);
            ++i;
        } else if (ref_set_less(type, descending, b, j, a, i)) { /* *first2 < *first1 */
            if (op == MGPU_SET_UNION || op == MGPU_SET_SYMMETRIC_DIFFERENCE)
                ref_set_emit(type, value_size, true, j, a, va, b, vb, k++, out, vout, sources);
            ++j;
        } else { /* equal: intersection and union copy *first1 */
            if (op == MGPU_SET_INTERSECTION || op == MGPU_SET_UNION)
                ref_set_emit(type, value_size, false, i, a, va, b, vb, k++, out, vout, sources);
            ++i;
            ++j;
        }
    }
    for (; copy_rest && i < an; ++i) ref_set_emit(type, value_size, false, i, a, va, b, vb, k++, out, vout, sources);
    bool b_rest = op == MGPU_SET_UNION || op == MGPU_SET_SYMMETRIC_DIFFERENCE;
    for (; b_rest && j < bn; ++j) ref_set_emit(type, value_size, true, j, a, va, b, vb, k++, out, vout, sources);
    return k;
}

#endif
