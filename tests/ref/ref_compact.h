/* CPU references of the compaction family (serial and obviously right): select and partition by int32 flags,
 * unique and run-length encode, elements equal when their key bits are (ref_key_bits, the sorts' encoding).
 * Header-only, so that the tests and the benchmark use it without a build change. */
#ifndef MGPU_TEST_REF_COMPACT_H
#define MGPU_TEST_REF_COMPACT_H

#include "ref.h"

#include <stdint.h>
#include <string.h>

/* Select (partition false) or partition of n elements by flags: out (room for n) receives the kept elements in
 * order, then, partition, the rejected ones in reverse order; indices (optional, room for n) each output's position.
 * Returns the number kept. */
static inline size_t ref_compact_select(mgpu_type type, bool partition, const void *in, const int32_t *flags, size_t n,
                                        void *out, int32_t *indices) {
    size_t size = mgpu_type_size(type), k = 0, rejected = 0;
    for (size_t i = 0; i < n; ++i) {
        size_t to;
        if (flags[i])
            to = k++;
        else if (partition)
            to = n - 1 - rejected++;
        else
            continue;
        memcpy((char *)out + to * size, (const char *)in + i * size, size);
        if (indices) indices[to] = (int32_t)i;
    }
    return k;
}

/* Unique (lengths NULL) or run-length encoding of n elements: out (room for n) receives the first element of each
 * run of equal consecutive elements, lengths (optional, room for n) each run's length. Returns the number of runs. */
static inline size_t ref_compact_unique(mgpu_type type, const void *in, size_t n, void *out, int32_t *lengths) {
    size_t size = mgpu_type_size(type), k = 0;
    for (size_t i = 0; i < n; ++i) {
        if (i > 0 && ref_key_bits(type, ref_get(type, in, i)) == ref_key_bits(type, ref_get(type, in, i - 1))) {
            if (lengths) ++lengths[k - 1];
            continue;
        }
        memcpy((char *)out + k * size, (const char *)in + i * size, size);
        if (lengths) lengths[k] = 1;
        ++k;
    }
    return k;
}

#endif
