/*
 * loadstore.glsl: moving a thread's VT elements between global memory and registers.
 * Contract: the kernel includes types.glsl and declares `layout(constant_id = MGPU_SPEC_VT) const uint VT`.
 * The macros take a register array x[VT] by name (GLSL cannot pass arrays of specialization-constant size to
 * functions). `vector` selects uvec4 accesses: the caller guarantees that all VT elements are in range, that
 * VT is a multiple of MGPU_EPV and that the address of element `first` is 16-byte aligned.
 */
#ifndef MGPU_LOADSTORE_GLSL
#define MGPU_LOADSTORE_GLSL

#if defined(MGPU_TYPE_U64) || defined(MGPU_TYPE_I64) || defined(MGPU_TYPE_F64)
#define mgpu_unpack_vec4_(x, k, word4) { x[(k)] = mgpu_from_words((word4).xy); x[(k) + 1u] = mgpu_from_words((word4).zw); }
#define mgpu_pack_vec4_(x, k) uvec4(mgpu_to_words(x[(k)]), mgpu_to_words(x[(k) + 1u]))
#else
#define mgpu_unpack_vec4_(x, k, word4)                                                         \
    { x[(k)] = mgpu_from_words(uvec2((word4).x, 0u)); x[(k) + 1u] = mgpu_from_words(uvec2((word4).y, 0u)); \
      x[(k) + 2u] = mgpu_from_words(uvec2((word4).z, 0u)); x[(k) + 3u] = mgpu_from_words(uvec2((word4).w, 0u)); }
#define mgpu_pack_vec4_(x, k) \
    uvec4(mgpu_to_words(x[(k)]).x, mgpu_to_words(x[(k) + 1u]).x, mgpu_to_words(x[(k) + 2u]).x, mgpu_to_words(x[(k) + 3u]).x)
#endif

/* x[j] = element first + j for j < VT; elements at or past count read as `fill`. */
#define mgpu_load_thread_elements(x, address, first, count, vector, fill)                        \
    {                                                                                            \
        if (vector) {                                                                            \
            Vec4Array q_ = Vec4Array(address);                                                   \
            [[unroll]] for (uint j_ = 0u; j_ < VT / MGPU_EPV; ++j_) {                            \
                uvec4 w_ = q_.v[(first) / MGPU_EPV + j_];                                        \
                mgpu_unpack_vec4_(x, j_ * MGPU_EPV, w_)                                          \
            }                                                                                    \
        } else {                                                                                 \
            TArray s_ = TArray(address);                                                         \
            [[unroll]] for (uint j_ = 0u; j_ < VT; ++j_) {                                       \
                uint i_ = (first) + j_;                                                          \
                x[j_] = i_ < (count) ? s_.v[i_] : (fill);                                        \
            }                                                                                    \
        }                                                                                        \
    }

/* Element first + j = x[j] for j < VT and first + j < count. */
#define mgpu_store_thread_elements(x, address, first, count, vector)                             \
    {                                                                                            \
        if (vector) {                                                                            \
            Vec4Array q_ = Vec4Array(address);                                                   \
            [[unroll]] for (uint j_ = 0u; j_ < VT / MGPU_EPV; ++j_)                              \
                q_.v[(first) / MGPU_EPV + j_] = mgpu_pack_vec4_(x, j_ * MGPU_EPV);               \
        } else {                                                                                 \
            TArray s_ = TArray(address);                                                         \
            [[unroll]] for (uint j_ = 0u; j_ < VT; ++j_) {                                       \
                uint i_ = (first) + j_;                                                          \
                if (i_ < (count)) s_.v[i_] = x[j_];                                              \
            }                                                                                    \
        }                                                                                        \
    }

/* The workgroup's linear index when the grid is folded into 2D (groups_x workgroups per row). */
uint mgpu_linear_group(uint groups_x) { return gl_WorkGroupID.y * groups_x + gl_WorkGroupID.x; }

#endif
