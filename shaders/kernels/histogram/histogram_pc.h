/*
 * Histogram's push constants, flags and specialization constant (histogram.comp; src/prims/histogram.c). Read as
 * C and as GLSL (shaders/shared/push_constants.h: MGPU_ADDR, MGPU_UINT); in C also the struct, its size checked.
 */
#ifndef MGPU_HISTOGRAM_PC_H
#define MGPU_HISTOGRAM_PC_H

#include "shared/push_constants.h"
#include "shared/spec_ids.h"

/* 64 bits of a value of the element's type, low word first (uvec2 in GLSL, as an address is). */
#define MGPU_HISTOGRAM_BITS MGPU_ADDR

/* histogram.comp: the count values at src, binned into counts[bins] (zeroed beforehand) with atomics; the number
 * counted added to counted (absent: 0). The bounds, in the element's type: floats: lower, upper and scale =
 * bins / (upper - lower) as the host rounded it; integers: lower, upper - lower (width, as the type's unsigned
 * integer) and a 32-bit float estimate of bins / width (scale's low word), which the kernel corrects exactly.
 * flags: MGPU_HISTOGRAM_* bits. count_address: absent (0), or a device uint32 clamped to count (include/count.glsl);
 * with it, count is the capacity that sized the dispatch, and values past the real count are not read. */
#define MGPU_HISTOGRAM_PC_FIELDS        \
    MGPU_ADDR src;                      \
    MGPU_ADDR counts;                   \
    MGPU_ADDR counted;                  \
    MGPU_HISTOGRAM_BITS lower;          \
    MGPU_HISTOGRAM_BITS upper_or_width; \
    MGPU_HISTOGRAM_BITS scale;          \
    MGPU_UINT count;                    \
    MGPU_UINT bins;                     \
    MGPU_UINT flags;                    \
    MGPU_UINT unused;                   \
    MGPU_ADDR count_address;
#define MGPU_HISTOGRAM_VEC4   1u /* src 16-byte aligned and VT a multiple of the elements per uvec4: vector loads */
#define MGPU_HISTOGRAM_GLOBAL 2u /* more bins than the shared histogram holds: global atomics per value */

/* The specialization constant of the shared histogram's length in words (a power of two >= bins; 1 with
 * MGPU_HISTOGRAM_GLOBAL). */
#define MGPU_HISTOGRAM_SPEC_SHARED_BINS    MGPU_SPEC_MODE
/* Its shared memory in bytes: the histogram of `words` words and the workgroup's number counted. */
#define MGPU_SHARED_BYTES_HISTOGRAM(words) (((words) + 1u) * 4u)

#ifndef VULKAN
typedef struct mgpu_histogram_pc {
    MGPU_HISTOGRAM_PC_FIELDS
} mgpu_histogram_pc;
static_assert(sizeof(mgpu_histogram_pc) == 72, "histogram push constants");
#endif

#endif
