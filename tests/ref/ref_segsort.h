/* CPU references of the segmented sort (serial and obviously right): a stable sort of each segment on its own,
 * with ref_sort (ref.h). Header-only, so that the tests and the benchmark use it without a build change. */
#ifndef MGPU_TEST_REF_SEGSORT_H
#define MGPU_TEST_REF_SEGSORT_H

#include "ref.h"

#include <stdlib.h>
#include <string.h>

/* Sorts each segment of keys (and values of value_size bytes, 0: none) stably on its own; heads: head_count
 * ascending positions in [0, n], each starting a segment (the first starts at 0). indices_out (optional): each
 * sorted key's position in the whole input. */
static inline void ref_segsort(mgpu_type type, size_t value_size, bool descending, const void *keys, const void *values,
                               size_t n, const int32_t *heads, size_t head_count, void *keys_out, void *values_out,
                               int32_t *indices_out) {
    size_t size = mgpu_type_size(type), start = 0;
    for (size_t h = 0; h <= head_count; ++h) {
        size_t end = h < head_count ? (size_t)heads[h] : n;
        if (end < start) end = start; /* broken precondition: treated as an empty segment */
        if (end > n) end = n;
        size_t len = end - start;
        if (len) {
            ref_sort(type, value_size, descending, (const char *)keys + start * size,
                     value_size ? (const char *)values + start * value_size : NULL, len,
                     (char *)keys_out + start * size, value_size ? (char *)values_out + start * value_size : NULL,
                     indices_out ? indices_out + start : NULL);
            if (indices_out)
                for (size_t i = start; i < end; ++i) indices_out[i] += (int32_t)start;
        }
        start = end;
    }
}

/* The packed head flags of heads (bit i % 32 of word i / 32 set where a segment starts at i < n) into
 * flags[(n + 31) / 32]. */
static inline void ref_heads_to_flags(const int32_t *heads, size_t head_count, size_t n, uint32_t *flags) {
    memset(flags, 0, (n + 31) / 32 * 4);
    for (size_t h = 0; h < head_count; ++h)
        if (heads[h] >= 0 && (size_t)heads[h] < n) flags[heads[h] / 32] |= 1u << (heads[h] % 32);
}

#endif
