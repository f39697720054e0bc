/*
 * Radix sort's push constants and flags (shaders/kernels/radixsort/; src/prims/radixsort.c). Read as C and as GLSL
 * (shaders/shared/push_constants.h: MGPU_ADDR, MGPU_UINT); in C also the struct, its size checked.
 */
#ifndef MGPU_RADIXSORT_PC_H
#define MGPU_RADIXSORT_PC_H

#include "shared/push_constants.h"

/* radix_count.comp, radix_scatter.comp, radix_histogram.comp and radix_onesweep.comp, one 8-bit (or narrower)
 * digit pass:
 * keys_in -> keys_out (and values), digit = `bits` bits from `shift` of the order-preserving key bits.
 * Reduce-then-scan passes (radix_count, radix_scatter): counts holds the tiles' digit counts, digit-major
 * (counts[d * tiles + tile]), which the scan turns into each tile's first output per digit. One-sweep passes
 * (radix_onesweep): counts holds the pass's 256 digit counts of the whole input (from
 * radix_histogram.comp, which counts the digits of every pass from shift to end_bit at once), and status the
 * pass's tile counter and look-back count words (constants.h: MGPU_RADIX_STATUS_HEADER words, then
 * status[MGPU_RADIX_STATUS_HEADER + tile * 256 + digit]); next_status the next pass's (absent on
 * the last), which each tile zeroes for its own tile (tile 0 also the counter). count_address: absent, or the device
 * uint32 element count (clamped to count). flags: MGPU_RADIX_*. partials (one-sweep, small inputs): 0, or the
 * histogram's workgroups, each of which wrote its own counts (pass p's block of partials x 256 words: workgroup g's
 * counts at g * 256) and zeroed a share of the first pass's status, so that no fill runs before it; tile 0 of each
 * pass sums them. Chained passes (radix_onesweep.comp, MODE): every pass of the sort in one dispatch, pass p's
 * input and output by its parity (keys_in, then keys_out and scratch_keys in turn, the last pass into keys_out;
 * values likewise), its counts and status at p times their strides, its digit from shift + 8 p below end_bit.
 * status_words: radix_histogram with partials zeroes that many words of status (the first pass's, or every
 * chained pass's). */
#define MGPU_RADIX_PC_FIELDS  \
    MGPU_ADDR keys_in;        \
    MGPU_ADDR keys_out;       \
    MGPU_ADDR values_in;      \
    MGPU_ADDR values_out;     \
    MGPU_ADDR counts;         \
    MGPU_ADDR count_address;  \
    MGPU_ADDR status;         \
    MGPU_ADDR next_status;    \
    MGPU_UINT count;          \
    MGPU_UINT shift;          \
    MGPU_UINT bits;           \
    MGPU_UINT tiles;          \
    MGPU_UINT groups_x;       \
    MGPU_UINT flags;          \
    MGPU_UINT end_bit;        \
    MGPU_UINT partials;       \
    MGPU_ADDR scratch_keys;   \
    MGPU_ADDR scratch_values; \
    MGPU_UINT status_words;
#define MGPU_RADIX_INDICES 1u /* the values are the elements' input positions (the first pass of an index sort) */

#ifndef VULKAN
typedef struct mgpu_radix_pc {
    MGPU_RADIX_PC_FIELDS
} mgpu_radix_pc;
static_assert(sizeof(mgpu_radix_pc) == 120, "radix push constants");
#endif

#endif
