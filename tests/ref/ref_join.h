/* CPU reference of the relational joins (serial and obviously right): a merge loop over A and B in the seeds'
 * order. Header-only, so that the tests and the benchmark use it without a build change. */
#ifndef MGPU_TEST_REF_JOIN_H
#define MGPU_TEST_REF_JOIN_H

#include "ref.h"

#include <stdlib.h>

/* Key x before key y in the total order (descending: reversed). */
static inline bool ref_join_less(mgpu_type type, bool descending, const void *xs, size_t x, const void *ys, size_t y) {
    uint64_t p = ref_key_bits(type, ref_get(type, xs, x)), q = ref_key_bits(type, ref_get(type, ys, y));
    return descending ? q < p : p < q;
}

/* The rows of the join of sorted a (an keys) and b (bn keys) of `kind`: for each A element in order, a row for each
 * equal B element in order, or (left, outer) one row (i, -1); then (right, outer) a row (-1, j) for each B element
 * without an equal key in A, in order. Keys are equal when their order bits are. The first `capacity` rows go to
 * a_out and b_out (either may be NULL); returns the number of rows. */
static inline uint64_t ref_join(mgpu_type type, mgpu_join_kind kind, bool descending, const void *a, size_t an,
                                const void *b, size_t bn, int32_t *a_out, int32_t *b_out, uint64_t capacity) {
    bool left = kind == MGPU_JOIN_LEFT || kind == MGPU_JOIN_OUTER;
    bool right = kind == MGPU_JOIN_RIGHT || kind == MGPU_JOIN_OUTER;
    bool *matched = calloc(bn + 1, sizeof *matched);
    uint64_t rows = 0;
#define REF_JOIN_ROW(ai, bi)                        \
    do {                                            \
        if (rows < capacity) {                      \
            if (a_out) a_out[rows] = (int32_t)(ai); \
            if (b_out) b_out[rows] = (int32_t)(bi); \
        }                                           \
        ++rows;                                     \
    } while (0)
    size_t j = 0; /* the first B element not before A's current key */
    for (size_t i = 0; i < an; ++i) {
        while (j < bn && ref_join_less(type, descending, b, j, a, i)) ++j;
        size_t end = j;
        while (end < bn && !ref_join_less(type, descending, a, i, b, end)) ++end; /* B's keys equal to A[i] */
        for (size_t k = j; k < end; ++k) {
            matched[k] = true;
            REF_JOIN_ROW(i, k);
        }
        if (end == j && left) REF_JOIN_ROW(i, -1);
    }
    for (size_t k = 0; right && k < bn; ++k)
        if (!matched[k]) REF_JOIN_ROW(-1, k);
#undef REF_JOIN_ROW
    free(matched);
    return rows;
}

#endif
