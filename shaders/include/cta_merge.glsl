/*
 * cta_merge.glsl: the serial merge of the seeds' chapter 6. After Merge Path has placed a thread at A
 * position a and B position b of two sorted runs held in one shared key array, the thread takes its VT
 * outputs one by one: A's key unless B's key is strictly smaller (stable: A before an equal B).
 * Contract: include after keys.glsl; the kernel defines MGPU_MERGE_KEY(i), the shared key at index i, and
 * declares `layout(constant_id = MGPU_SPEC_VT) const uint VT`.
 */
#ifndef MGPU_CTA_MERGE_GLSL
#define MGPU_CTA_MERGE_GLSL

#ifndef MGPU_MERGE_KEY
#error "cta_merge.glsl: define MGPU_MERGE_KEY(i)"
#endif

/* MGPU_MERGE_SLACK (optional, defined by the kernel): its key array holds VT + 1 elements past `last`, so no read
 * needs a clamp: one instruction a key less (merge u32 2^26 1.5-2% faster on an H200, bench/RESULTS.md,
 * twenty-fourth session). A read past the runs then returns whatever the slack holds, never used: the bounds
 * tests choose the other run first. */
#ifdef MGPU_MERGE_SLACK
#define MGPU_MERGE_CLAMPED(i, last) (i)
#else
#define MGPU_MERGE_CLAMPED(i, last) min(i, last)
#endif

/* Merges VT outputs from A = [a, a_end) and B = [b, b_end) (shared indices) into keys[VT] and sources[VT]
 * (the shared index each output came from). Outputs past the end of both runs repeat a key read and are the
 * caller's to ignore; `last` is the highest shared index that may be read (without MGPU_MERGE_SLACK). The two
 * candidate keys stay in registers: each step reads one key from shared memory. Advances a and b. */
#define mgpu_serial_merge(keys, sources, a, a_end, b, b_end, last)                                          \
    {                                                                                                       \
        MGPU_WKEY a_key_ = MGPU_MERGE_KEY(MGPU_MERGE_CLAMPED(a, last)),                                     \
                  b_key_ = MGPU_MERGE_KEY(MGPU_MERGE_CLAMPED(b, last));                                     \
        [[unroll]] for (uint j_ = 0u; j_ < VT; ++j_) {                                                      \
            bool take_a_ = b >= b_end || (a < a_end && !mgpu_wkey_less(b_key_, a_key_));                    \
            keys[j_] = take_a_ ? a_key_ : b_key_;                                                           \
            sources[j_] = take_a_ ? a : b;                                                                  \
            if (take_a_) a_key_ = MGPU_MERGE_KEY(MGPU_MERGE_CLAMPED(++a, last));                            \
            else b_key_ = MGPU_MERGE_KEY(MGPU_MERGE_CLAMPED(++b, last));                                    \
        }                                                                                                   \
    }

#endif
