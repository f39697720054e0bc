/*
 * Constants the host (C) and the kernels (GLSL) must agree on, each defined once: the operator and fill-mode
 * ids that copy public enums (asserted equal in C below), the radix sort's digits and status layout, and the
 * look-back states' words.
 * Unsigned literals (`u`) read the same in both languages; the function-like macros take C uint32_t or GLSL
 * uint (specialization-constant) expressions.
 */
#ifndef MGPU_CONSTANTS_H
#define MGPU_CONSTANTS_H

/* Reduce and scan operators: the OP specialization constant holds an mgpu_op (ops.glsl names them MGPU_OP_*). */
#define MGPU_SHADER_OP_ADD 0u
#define MGPU_SHADER_OP_MIN 1u
#define MGPU_SHADER_OP_MAX 2u
#define MGPU_SHADER_OP_MAX_INDEX 3u

/* fill.comp's pc.mode: an mgpu_fill_mode. */
#define MGPU_SHADER_FILL_ASCENDING 0u
#define MGPU_SHADER_FILL_RANDOM 1u
#define MGPU_SHADER_FILL_SORTED_RANDOM 2u
#define MGPU_SHADER_FILL_CONSTANT 3u

/* Radix sort: 8-bit digits (a last pass may take fewer bits), MGPU_RADIX_DIGITS counts per tile and pass. */
#define MGPU_RADIX_BITS 8u
#define MGPU_RADIX_DIGITS 256u
/* Digit passes of a whole key of `key_words` 32-bit words (radix_histogram counts them all at once). */
#define MGPU_RADIX_MAX_PASSES(key_words) ((key_words) * (32u / MGPU_RADIX_BITS))
/* radix_histogram: threads per copy of the shared counters (the host makes at most NT / 32 copies). */
#define MGPU_RADIX_HISTOGRAM_COPY_THREADS 32u
/* One-sweep status array of a pass, in 32-bit words: MGPU_RADIX_STATUS_HEADER words (the tile counter, then
 * unused), then MGPU_RADIX_DIGITS look-back count words per tile. */
#define MGPU_RADIX_STATUS_HEADER 4u

/* Look-back states (lookback.glsl). The host zeroes them, which is MGPU_LOOKBACK_NOT_READY everywhere. Split
 * words (the scan): the flags below in each word's high 16 bits, MGPU_LOOKBACK_STATE_WORDS(words) words per
 * tile for an element of `words` 32-bit words. Count words (the radix pass): 0, count + 1 (an aggregate), or
 * count | MGPU_LOOKBACK_COUNT_INCLUSIVE. */
#define MGPU_LOOKBACK_NOT_READY 0u
#define MGPU_LOOKBACK_AGGREGATE 1u
#define MGPU_LOOKBACK_INCLUSIVE 2u
#define MGPU_LOOKBACK_STATE_WORDS(words) (2u * (words))
#define MGPU_LOOKBACK_COUNT_INCLUSIVE 0x80000000u

#ifndef VULKAN /* C: the copies of public enums agree with them */
#include <assert.h>

#include "mgpuvk.h"

static_assert(MGPU_SHADER_OP_ADD == MGPU_OP_ADD && MGPU_SHADER_OP_MIN == MGPU_OP_MIN &&
                  MGPU_SHADER_OP_MAX == MGPU_OP_MAX && MGPU_SHADER_OP_MAX_INDEX == MGPU_OP_MAX_INDEX,
              "the kernels' operator ids are mgpu_op's");
static_assert(MGPU_SHADER_FILL_ASCENDING == MGPU_FILL_ASCENDING && MGPU_SHADER_FILL_RANDOM == MGPU_FILL_RANDOM &&
                  MGPU_SHADER_FILL_SORTED_RANDOM == MGPU_FILL_SORTED_RANDOM &&
                  MGPU_SHADER_FILL_CONSTANT == MGPU_FILL_CONSTANT,
              "fill.comp's modes are mgpu_fill_mode's");
static_assert((1u << MGPU_RADIX_BITS) == MGPU_RADIX_DIGITS, "a digit of MGPU_RADIX_BITS bits");
static_assert(MGPU_LOOKBACK_NOT_READY == 0u, "the host zeroes look-back states");
#endif

#endif
