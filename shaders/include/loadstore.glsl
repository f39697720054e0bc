/*
 * loadstore.glsl: moving tiles between global memory, shared memory and registers, and the loop of the kernels
 * whose workgroups take several tiles. Every kernel that loads a tile uses these:
 *   - striped (mgpu_load_striped, one stream; mgpu_load_striped2, A's then B's elements; mgpu_striped_to_shared,
 *     mgpu_store_striped, and mgpu_store_striped_vec4 in uvec4s where the tile allows): the Merge Path family,
 *     mergesort, the radix count and scatter passes;
 *   - warp-striped (mgpu_load_warp_striped): the radix kernels that rank by subgroup;
 *   - through padded shared memory, uvec4 where aligned (MGPU_TILE_SHARED: mgpu_load_tile_to_shared,
 *     mgpu_store_tile_from_shared): the scan's tiles. (The look-back scan loads uvec4 chunks straight into
 *     registers in its own layout, and reduce folds its loads into the reduction: see those kernels.)
 * Contract: the kernel includes types.glsl and declares `layout(constant_id = MGPU_SPEC_VT) const uint VT`.
 * The macros take a register array by name (GLSL cannot pass arrays of specialization-constant size to
 * functions). `vector` selects uvec4 accesses: the caller guarantees a full tile, VT a multiple of MGPU_EPV
 * and a 16-byte aligned address of the tile's first element.
 */
#ifndef MGPU_LOADSTORE_GLSL
#define MGPU_LOADSTORE_GLSL

/* The striped moves between registers and shared memory and from shared to global memory pass each element
 * through these: the identity, unless the kernel holds its keys as order bits (keys.glsl, MGPU_KEYS_AS_BITS;
 * include keys.glsl first), where they map a key to its order bits and back. */
#if defined(MGPU_KEYS_AS_BITS) && !defined(MGPU_KEYS_GLSL)
#error "loadstore.glsl: include keys.glsl first in a kernel that defines MGPU_KEYS_AS_BITS"
#endif
#ifndef MGPU_TO_WKEY
#define MGPU_TO_WKEY(x) (x)
#define MGPU_FROM_WKEY(x) (x)
#endif

/* The workgroup's linear index when the grid is folded into 2D (groups_x workgroups per row). */
uint mgpu_linear_group(uint groups_x) { return gl_WorkGroupID.y * groups_x + gl_WorkGroupID.x; }

/* The workgroups of the dispatch: the stride of kernels whose workgroups loop over tiles (tile = group,
 * group + count, ...), which launch fewer workgroups than tiles (mgpu_tuning.groups). */
uint mgpu_group_count() { return gl_NumWorkGroups.x * gl_NumWorkGroups.y; }

/* The loop of such a kernel: `tile` (declared here) runs over the workgroup's tiles below `tiles`, its linear
 * index in a grid folded by groups_x, then every mgpu_group_count()-th. A body that reuses shared memory ends
 * with a barrier(). */
#define mgpu_for_each_tile(tile, tiles, groups_x) \
    for (uint tile = mgpu_linear_group(groups_x); tile < (tiles); tile += mgpu_group_count())

/*
 * Striped tile accesses (the seeds' DeviceGlobalToReg, DeviceRegToShared, DeviceSharedToGlobal): in step j
 * (unrolled, j < VT) thread tid touches tile element i = j * NT + tid, so that a subgroup's accesses are
 * contiguous and all VT loads of a thread are in flight together. Elements at or past `count` are left alone.
 * regs: a register array [VT] by name; src, dst: an indexable buffer member (TArray(address).v); s: a shared
 * array. The tile's element i is src[first + i]; with two streams (A's elements, then B's), src_a[a_first + i]
 * for i < a_count, else src_b[b_first + i - a_count].
 */
#define mgpu_load_striped(regs, src, first, count)                                                             \
    {                                                                                                          \
        [[unroll]] for (uint j_ = 0u; j_ < VT; ++j_) {                                                         \
            uint i_ = j_ * gl_WorkGroupSize.x + gl_LocalInvocationID.x;                                        \
            if (i_ < (count)) regs[j_] = src[(first) + i_];                                                    \
        }                                                                                                      \
    }
#define mgpu_load_striped2(regs, src_a, a_first, src_b, b_first, a_count, count)                               \
    {                                                                                                          \
        [[unroll]] for (uint j_ = 0u; j_ < VT; ++j_) {                                                         \
            uint i_ = j_ * gl_WorkGroupSize.x + gl_LocalInvocationID.x;                                        \
            if (i_ < (count)) regs[j_] = i_ < (a_count) ? src_a[(a_first) + i_] : src_b[(b_first) + i_ - (a_count)]; \
        }                                                                                                      \
    }
/* mgpu_load_striped2 where A's and B's elements are ranges of one array (a mergesort pass): one load from a
 * selected index, not two predicated loads (mergesort 2.5-3% faster at 2^26 on an H200, bench/RESULTS.md,
 * twenty-fourth session). */
#define mgpu_load_striped2_one_array(regs, src, a_first, b_first, a_count, count)                              \
    {                                                                                                          \
        [[unroll]] for (uint j_ = 0u; j_ < VT; ++j_) {                                                         \
            uint i_ = j_ * gl_WorkGroupSize.x + gl_LocalInvocationID.x;                                        \
            if (i_ < (count)) regs[j_] = src[i_ < (a_count) ? (a_first) + i_ : (b_first) + i_ - (a_count)];   \
        }                                                                                                      \
    }
/* The same in the subgroups' order (the radix kernels' ranking order; MGPU_SUBGROUP only): element i =
 * chunk + j * width + lane, where chunk is the first element of the calling subgroup's part of the tile and
 * width its lanes. */
#define mgpu_load_warp_striped(regs, src, first, count, chunk, width)                                          \
    {                                                                                                          \
        [[unroll]] for (uint j_ = 0u; j_ < VT; ++j_) {                                                         \
            uint i_ = (chunk) + j_ * (width) + gl_SubgroupInvocationID;                                        \
            if (i_ < (count)) regs[j_] = src[(first) + i_];                                                    \
        }                                                                                                      \
    }
/* s[i] = regs[j]: a striped load's registers into shared memory (the caller's barrier() follows). */
#define mgpu_striped_to_shared(s, regs, count)                                                                 \
    {                                                                                                          \
        [[unroll]] for (uint j_ = 0u; j_ < VT; ++j_) {                                                         \
            uint i_ = j_ * gl_WorkGroupSize.x + gl_LocalInvocationID.x;                                        \
            if (i_ < (count)) s[i_] = MGPU_TO_WKEY(regs[j_]);                                                  \
        }                                                                                                      \
    }
/* dst[first + i] = s[i]: a tile from shared memory to global memory. */
#define mgpu_store_striped(dst, first, s, count)                                                               \
    {                                                                                                          \
        [[unroll]] for (uint j_ = 0u; j_ < VT; ++j_) {                                                         \
            uint i_ = j_ * gl_WorkGroupSize.x + gl_LocalInvocationID.x;                                        \
            if (i_ < (count)) dst[(first) + i_] = MGPU_FROM_WKEY(s[i_]);                                       \
        }                                                                                                      \
    }
/* The same from the shared array s of T to the array at `address`, in uvec4s (MGPU_EPV elements each) where the
 * tile is full (count == NT * VT) and its first element 16-byte aligned; else as mgpu_store_striped. (A lane reads
 * MGPU_EPV consecutive elements of s: bank conflicts, yet fewer store instructions. The merge's tile stored this
 * way: H200 u32 2^26 219 -> 213 us; the tile at padded positions, conflict-free, was slower: bench/RESULTS.md,
 * twentieth session.) */
#define mgpu_store_striped_vec4(address, first, s, count)                                                      \
    {                                                                                                          \
        uint nv_ = gl_WorkGroupSize.x * VT;                                                                    \
        uvec2 at_ = mgpu_address_add(address, (first) * MGPU_WORDS * 4u);                                      \
        if ((count) == nv_ && nv_ % MGPU_EPV == 0u && (at_.x & 15u) == 0u) {                                   \
            Vec4Array q_ = Vec4Array(at_);                                                                     \
            [[unroll]] for (uint j_ = 0u; j_ < (VT + MGPU_EPV - 1u) / MGPU_EPV; ++j_) {                        \
                uint v_ = j_ * gl_WorkGroupSize.x + gl_LocalInvocationID.x;                                    \
                if (v_ < nv_ / MGPU_EPV) {                                                                     \
                    uvec4 w_;                                                                                  \
                    [[unroll]] for (uint e_ = 0u; e_ < MGPU_EPV; ++e_) {                                       \
                        uvec2 k_ = mgpu_to_words(MGPU_FROM_WKEY(s[v_ * MGPU_EPV + e_]));                       \
                        w_[e_ * MGPU_WORDS] = k_.x;                                                            \
                        if (MGPU_WORDS == 2u) w_[e_ * MGPU_WORDS + 1u] = k_.y;                                 \
                    }                                                                                          \
                    q_.v[v_] = w_;                                                                             \
                }                                                                                              \
            }                                                                                                  \
        } else {                                                                                               \
            TArray d_ = TArray(address);                                                                       \
            mgpu_store_striped(d_.v, first, s, count);                                                         \
        }                                                                                                      \
    }

#endif

/*
 * Tiles through shared memory (the seeds' DeviceGlobalToShared / DeviceSharedToThread idiom): global memory
 * is read and written fully coalesced (lane i of a subgroup touches the i-th 16 bytes of a contiguous
 * run), and each thread works on VT consecutive elements in registers. Contract: the kernel defines
 * MGPU_TILE_SHARED, a shared uint array of at least MGPU_TILE_SHARED_WORDS(W) (shared/constants.h: W + W / 32 +
 * 1) words for W = NT * VT * MGPU_WORDS (the tile's words and their padding). One word of padding per
 * 32 keeps the blocked reads and writes free of bank conflicts for VT a multiple of 16 words.
 */
#ifdef MGPU_TILE_SHARED
uint mgpu_tile_slot(uint word) { return word + (word >> 5u); }

T mgpu_tile_get(uint element) {
    uint w = element * MGPU_WORDS;
#if defined(MGPU_TYPE_U64) || defined(MGPU_TYPE_I64) || defined(MGPU_TYPE_F64)
    return mgpu_from_words(uvec2(MGPU_TILE_SHARED[mgpu_tile_slot(w)], MGPU_TILE_SHARED[mgpu_tile_slot(w + 1u)]));
#else
    return mgpu_from_words(uvec2(MGPU_TILE_SHARED[mgpu_tile_slot(w)], 0u));
#endif
}

void mgpu_tile_set(uint element, T v) {
    uint w = element * MGPU_WORDS;
    uvec2 words = mgpu_to_words(v);
    MGPU_TILE_SHARED[mgpu_tile_slot(w)] = words.x;
#if defined(MGPU_TYPE_U64) || defined(MGPU_TYPE_I64) || defined(MGPU_TYPE_F64)
    MGPU_TILE_SHARED[mgpu_tile_slot(w + 1u)] = words.y;
#endif
}

/* Copies the tile's elements [first, first + NT * VT) to shared memory, coalesced; elements at or past
 * count read as fill. vector: a full tile at a 16-byte aligned address. Ends with a barrier. */
void mgpu_load_tile_to_shared(uvec2 address, uint first, uint count, bool vector, T fill) {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    if (vector) {
        Vec4Array q = Vec4Array(address);
        [[unroll]] for (uint j = 0u; j < VT / MGPU_EPV; ++j) {
            uint v = j * nt + tid; /* the v-th uvec4 of the tile */
            uvec4 w = q.v[first / MGPU_EPV + v];
            uint s = v * 4u;
            MGPU_TILE_SHARED[mgpu_tile_slot(s)] = w.x;
            MGPU_TILE_SHARED[mgpu_tile_slot(s + 1u)] = w.y;
            MGPU_TILE_SHARED[mgpu_tile_slot(s + 2u)] = w.z;
            MGPU_TILE_SHARED[mgpu_tile_slot(s + 3u)] = w.w;
        }
    } else {
        TArray src = TArray(address);
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint e = j * nt + tid;
            mgpu_tile_set(e, first + e < count ? src.v[first + e] : fill);
        }
    }
    barrier();
}

/* Stores the tile from shared memory to [first, min(first + NT * VT, count)), coalesced. Starts with a
 * barrier. */
void mgpu_store_tile_from_shared(uvec2 address, uint first, uint count, bool vector) {
    uint nt = gl_WorkGroupSize.x, tid = gl_LocalInvocationID.x;
    barrier();
    if (vector) {
        Vec4Array q = Vec4Array(address);
        [[unroll]] for (uint j = 0u; j < VT / MGPU_EPV; ++j) {
            uint v = j * nt + tid;
            uint s = v * 4u;
            q.v[first / MGPU_EPV + v] = uvec4(MGPU_TILE_SHARED[mgpu_tile_slot(s)], MGPU_TILE_SHARED[mgpu_tile_slot(s + 1u)],
                                              MGPU_TILE_SHARED[mgpu_tile_slot(s + 2u)], MGPU_TILE_SHARED[mgpu_tile_slot(s + 3u)]);
        }
    } else {
        TArray dst = TArray(address);
        [[unroll]] for (uint j = 0u; j < VT; ++j) {
            uint e = j * nt + tid;
            if (first + e < count) dst.v[first + e] = mgpu_tile_get(e);
        }
    }
}

/* x[j] = tile element tid * VT + j, and back. */
#define mgpu_shared_to_thread(x)                                                                          \
    { [[unroll]] for (uint j_ = 0u; j_ < VT; ++j_) x[j_] = mgpu_tile_get(gl_LocalInvocationID.x * VT + j_); }
#define mgpu_thread_to_shared(x)                                                                          \
    { [[unroll]] for (uint j_ = 0u; j_ < VT; ++j_) mgpu_tile_set(gl_LocalInvocationID.x * VT + j_, x[j_]); }
#endif
