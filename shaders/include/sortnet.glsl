/*
 * sortnet.glsl: the odd-even transposition sort of the seeds' chapter 7, on one thread's VT keys in
 * registers. It swaps only adjacent keys that are strictly out of order, so it is stable; with VT passes it
 * sorts any VT keys, and every index is a compile-time constant once VT is specialized (no local memory).
 * Contract: include after keys.glsl; declares nothing; the kernel declares
 * `layout(constant_id = MGPU_SPEC_VT) const uint VT`.
 */
#ifndef MGPU_SORTNET_GLSL
#define MGPU_SORTNET_GLSL

/* Sorts keys[0 .. valid) with their companions tags[]; keys at valid and past it stay where they are. */
#define mgpu_odd_even_sort(keys, tags, valid)                                                               \
    {                                                                                                       \
        [[unroll]] for (uint pass_ = 0u; pass_ < VT; ++pass_) {                                             \
            [[unroll]] for (uint j_ = pass_ & 1u; j_ + 1u < VT; j_ += 2u) {                                 \
                if (j_ + 1u < (valid) && mgpu_wkey_less(keys[j_ + 1u], keys[j_])) {                         \
                    MGPU_WKEY k_ = keys[j_];                                                                \
                    keys[j_] = keys[j_ + 1u];                                                               \
                    keys[j_ + 1u] = k_;                                                                     \
                    uint t_ = tags[j_];                                                                     \
                    tags[j_] = tags[j_ + 1u];                                                               \
                    tags[j_ + 1u] = t_;                                                                     \
                }                                                                                           \
            }                                                                                               \
        }                                                                                                   \
    }

#endif
