/*
 * merge_path.glsl: Merge Path (the seeds' chapter 6) and what the Merge Path family builds on it. For two
 * sequences A and B, the number of A's elements among the first `diag` outputs of their merge is the first
 * position p in [max(0, diag - b_count), min(diag, a_count)) where A's element p does not go before B's element
 * diag - 1 - p (the range's end when there is none): one search along the cross diagonal, for a predicate that is
 * true, then false along it. Every kernel of the family searches through this file:
 *   - mgpu_path_search, mgpu_merge_path: one thread, a binary search (log2(hi - lo) dependent reads): the tile
 *     kernels' search in shared memory (merge, sorted_search, mergesort_block, lbs);
 *   - mgpu_path_search_subgroup (MGPU_SUBGROUP): one subgroup, each lane probing one of gl_SubgroupSize evenly
 *     spaced positions per round, log_S(hi - lo) rounds (5 instead of 25 for 2^25 with subgroups of 32): the
 *     partition kernels' search in global memory, where the latency, not the bandwidth, is the cost;
 *   - mgpu_path_search_sampled: one thread, a binary search over a sample array (every S-th key of A, every S-th
 *     of B, S = 2^shift) to the S-wide window of the answer, then in it: the mergesort passes' partitions, whose
 *     searches in the keys each read ~25 scattered sectors in lockstep with every other partition's (a pass's
 *     partition dispatch took 17-34 us on an H200 at 2^26: 1.3 us a step, the DRAM's latency plus the time to
 *     serve every partition's sector), while neighbouring partitions' samples share cache lines;
 *   - mgpu_cta_merge_path: a whole workgroup finds its tile's two bounds in global memory (merge's `fold`);
 *   - mgpu_partitions: the body of both partition kernels (merge_partition.comp, lbs_partition.comp).
 * Also the ranges a search works in: mgpu_merge_range (the pair of sorted runs an output belongs to: one pair
 * for a merge, runs of `run` for a mergesort pass), mgpu_tile_a_range (a tile's A elements, from the
 * partitions) and mgpu_tile_span (the elements a tile works on).
 * Contract: include after types.glsl, and after keys.glsl for the key orders and mgpu_cta_merge_path. Define
 * before including:
 *   - MGPU_PATH_A_FIRST(diag, p): A's element p goes before B's element diag - 1 - p. It is expanded inside
 *     the search functions, so it reads only globals, shared memory and push constants. The merges' key
 *     orders, for keys read through MGPU_MERGE_A(i) and MGPU_MERGE_B(i) (defined by the kernel too), are
 *     mgpu_merge_keys_a_first (stable: A's element first on equal keys) and mgpu_merge_keys_b_first (B's first:
 *     the upper-bound sorted search);
 *   - for mgpu_cta_merge_path: MGPU_MERGE_GLOBAL_A(i), MGPU_MERGE_GLOBAL_B(i) (the keys in global memory) and
 *     MGPU_MERGE_PATH_SHARED, a shared uint array of at least 8 elements;
 *   - for mgpu_partitions: nothing more; its predicate finds the pair being searched in g_path_a_base and
 *     g_path_b_base (where its A and B start in their arrays). Optionally (the one-thread partitions)
 *     MGPU_PATH_SAMPLED, a constant expression, true where the kernel's sample array may be searched,
 *     MGPU_PATH_SAMPLE_SHIFT, its stride's log2, and MGPU_PATH_SAMPLE_A_FIRST(diag, k): MGPU_PATH_A_FIRST(diag,
 *     k * S) read from the samples (A's element k * S, and B's element diag - 1 - k * S, which is S - 1 past a
 *     multiple of S where diag and the pair's bases are multiples of S).
 * Input that breaks the precondition (unsorted sequences) still ends, with some position in [lo, hi].
 */
#ifndef MGPU_MERGE_PATH_GLSL
#define MGPU_MERGE_PATH_GLSL

#ifndef MGPU_PATH_A_FIRST
#error "merge_path.glsl: define MGPU_PATH_A_FIRST(diag, p)"
#endif

uint g_path_a_base, g_path_b_base; /* mgpu_partitions: where the searched pair's A and B start in their arrays */

/* The merges' key orders along diagonal diag, read through the kernel's MGPU_MERGE_A(i) and MGPU_MERGE_B(i).
 * Stable: A's key goes first unless B's is strictly smaller. B first: A's key goes first only when it is strictly
 * smaller. */
#define mgpu_merge_keys_a_first(diag, p) (!mgpu_wkey_less(MGPU_MERGE_B((diag) - 1u - (p)), MGPU_MERGE_A(p)))
#define mgpu_merge_keys_b_first(diag, p) mgpu_wkey_less(MGPU_MERGE_A(p), MGPU_MERGE_B((diag) - 1u - (p)))

#ifdef MGPU_KEYS_GLSL
/* The same order for two keys at hand: A's key before B's key in the stable merge, or with b_first in the merge
 * that puts B's first. */
bool mgpu_merge_a_first(T a_key, T b_key, bool b_first) {
    return b_first ? mgpu_key_less(a_key, b_key) : !mgpu_key_less(b_key, a_key);
}
/* The same for two working keys (keys.glsl: the keys, or their order bits). */
#ifdef MGPU_KEYS_AS_BITS
#define mgpu_merge_wkeys_a_first(a_key, b_key, b_first) \
    ((b_first) ? mgpu_wkey_less(a_key, b_key) : !mgpu_wkey_less(b_key, a_key))
#else
#define mgpu_merge_wkeys_a_first(a_key, b_key, b_first) mgpu_merge_a_first(a_key, b_key, b_first)
#endif
#endif

/* The first position p in [lo, hi) where MGPU_PATH_A_FIRST(diag, p) is false (hi if none), by one thread. */
uint mgpu_path_search(uint lo, uint hi, uint diag) {
    while (lo < hi) {
        uint mid = (lo + hi) >> 1u;
        if (MGPU_PATH_A_FIRST(diag, mid)) lo = mid + 1u;
        else hi = mid;
    }
    return lo;
}

/* The number of A's elements among the first diag outputs of the merge of a_count and b_count elements. */
uint mgpu_merge_path(uint a_count, uint b_count, uint diag) {
    return mgpu_path_search(diag > b_count ? diag - b_count : 0u, min(diag, a_count), diag);
}

#ifdef MGPU_SUBGROUP
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require

/* mgpu_path_search by a subgroup: every lane calls it with the same arguments and gets the answer. */
uint mgpu_path_search_subgroup(uint lo, uint hi, uint diag) {
    while (lo < hi) { /* uniform: lo and hi come from a ballot */
        uint step = (hi - lo + gl_SubgroupSize - 1u) / gl_SubgroupSize;
        uint probe = lo + gl_SubgroupInvocationID * step;
        bool before = probe < hi && MGPU_PATH_A_FIRST(diag, probe);
        uint count = subgroupBallotBitCount(subgroupBallot(before)); /* probes before the answer */
        if (count == 0u) {
            hi = lo;
        } else {
            uint next_lo = lo + (count - 1u) * step + 1u;
            hi = min(lo + count * step, hi);
            lo = next_lo;
        }
    }
    return lo;
}
#endif

/* The keys of one half of a sample array of stride 2^shift over `count` keys (kernels/merge/merge_pc.h). */
uint mgpu_sample_count(uint count, uint shift) { return (count + (1u << shift) - 1u) >> shift; }

#ifdef MGPU_PATH_SAMPLE_A_FIRST
/* mgpu_path_search(lo, hi, diag) through the samples of stride 2^shift: diag is a multiple of it. The grid points
 * k * S in [lo, hi) are searched in the samples for the first whose MGPU_PATH_A_FIRST is false; the answer is
 * then after the grid point before it (true) and at most at it (false): a window of at most S positions, searched
 * in the keys. */
uint mgpu_path_search_sampled(uint lo, uint hi, uint diag, uint shift) {
    uint stride = 1u << shift;
    uint k_first = (lo + stride - 1u) >> shift, k_end = (hi + stride - 1u) >> shift; /* grid points in [lo, hi) */
    uint k_lo = k_first, k_hi = k_end;
    while (k_lo < k_hi) {
        uint mid = (k_lo + k_hi) >> 1u;
        if (MGPU_PATH_SAMPLE_A_FIRST(diag, mid)) k_lo = mid + 1u;
        else k_hi = mid;
    }
    uint window_lo = k_lo > k_first ? ((k_lo - 1u) << shift) + 1u : lo;
    uint window_hi = k_lo < k_end ? k_lo << shift : hi;
    return mgpu_path_search(window_lo, window_hi, diag);
}

/* The partitions' one-thread search: through the samples where the kernel has them and diag is on their grid. */
uint mgpu_path_search_partition(uint lo, uint hi, uint diag) {
    if (MGPU_PATH_SAMPLED && (diag & ((1u << MGPU_PATH_SAMPLE_SHIFT) - 1u)) == 0u)
        return mgpu_path_search_sampled(lo, hi, diag, MGPU_PATH_SAMPLE_SHIFT);
    return mgpu_path_search(lo, hi, diag);
}
#endif

/* The pair of sorted runs that output `position` belongs to. A plain merge (run 0) has one pair: A is
 * [0, a_count) of its array and B [0, b_count) of its own. A mergesort pass (run > 0) merges runs of `run`
 * elements of one array of a_count elements pairwise: pair p is A = [2p run, 2p run + run) and B the next
 * run, both cut at a_count. a_base, b_base: where A and B start in their arrays; first: the pair's first
 * output. 2 * run must be a multiple of every tile size, so that no tile straddles two pairs. */
struct mgpu_merge_pair {
    uint a_base, a_len, b_base, b_len, first;
};

mgpu_merge_pair mgpu_merge_range(uint a_count, uint b_count, uint run, uint position) {
    if (run == 0u) return mgpu_merge_pair(0u, a_count, 0u, b_count, 0u);
    uint first = position / (2u * run) * (2u * run);
    uint a_len = min(run, a_count - min(first, a_count));
    uint b_base = first + a_len;
    return mgpu_merge_pair(first, a_len, b_base, min(run, a_count - b_base), first);
}

/* The partition kernels' body: partition i = 0 .. ceil(total / nv) is the number of A's elements of its pair
 * (mgpu_merge_range) before output min(i * nv, total), written to partitions[i]; total = a_count + b_count, or
 * a_count in a mergesort pass (run > 0). One thread per partition (through the samples where the kernel has
 * them), or one subgroup in the subgroup variant (every workgroup's subgroups in turn, then the next round of the
 * whole grid). A macro, so that the kernel's arguments (push constants) are read where they are used, as in a
 * kernel written out. */
#ifdef MGPU_SUBGROUP
#define MGPU_PATH_FIRST_PARTITION (gl_WorkGroupID.x * gl_NumSubgroups + gl_SubgroupID)
#define MGPU_PATH_PARTITION_STRIDE (gl_NumWorkGroups.x * gl_NumSubgroups)
#define MGPU_PATH_WRITER subgroupElect()
#define MGPU_PATH_SEARCH mgpu_path_search_subgroup
#else
#define MGPU_PATH_FIRST_PARTITION gl_GlobalInvocationID.x
#define MGPU_PATH_PARTITION_STRIDE (gl_NumWorkGroups.x * gl_WorkGroupSize.x)
#define MGPU_PATH_WRITER true
#ifdef MGPU_PATH_SAMPLE_A_FIRST
#define MGPU_PATH_SEARCH mgpu_path_search_partition
#else
#define MGPU_PATH_SEARCH mgpu_path_search
#endif
#endif
#define mgpu_partitions(partitions, a_count, b_count, run, nv)                                                 \
    {                                                                                                          \
        uint total_ = (run) == 0u ? (a_count) + (b_count) : (a_count);                                         \
        uint tiles_ = (total_ + (nv) - 1u) / (nv);                                                             \
        for (uint i_ = MGPU_PATH_FIRST_PARTITION; i_ <= tiles_; i_ += MGPU_PATH_PARTITION_STRIDE) {             \
            uint out_pos_ = min(i_ * (nv), total_);                                                            \
            mgpu_merge_pair pair_ = mgpu_merge_range(a_count, b_count, run, out_pos_);                         \
            g_path_a_base = pair_.a_base;                                                                      \
            g_path_b_base = pair_.b_base;                                                                      \
            uint diag_ = out_pos_ - pair_.first;                                                               \
            uint lo_ = diag_ > pair_.b_len ? diag_ - pair_.b_len : 0u, hi_ = min(diag_, pair_.a_len);          \
            uint a_ = MGPU_PATH_SEARCH(lo_, hi_, diag_);                                                       \
            if (MGPU_PATH_WRITER) UintArray(partitions).v[i_] = a_;                                            \
        }                                                                                                      \
    }

/* The elements one tile works on: outputs [first, first + a_len + b_len) of the merge, from A's elements a_first..
 * and B's b_first.. of their arrays (tile_pipeline.glsl). */
struct mgpu_tile_span {
    uint first, a_first, b_first, a_len, b_len;
};

/* The span of tile `tile` (nv outputs a tile) of a merge (run 0) or mergesort pass (mgpu_merge_range), whose A
 * elements, relative to its pair of runs, are [a0, a1): the partitions around it. a1 is ignored where the tile
 * ends its pair (the partition there belongs to the next pair: see mgpu_tile_a_range). */
mgpu_tile_span mgpu_merge_tile_span(uint a_count, uint b_count, uint run, uint nv, uint tile, uint a0, uint a1) {
    uint first = tile * nv;
    mgpu_merge_pair pair = mgpu_merge_range(a_count, b_count, run, first);
    uint diag0 = first - pair.first, diag1 = min(diag0 + nv, pair.a_len + pair.b_len);
    if (diag1 == pair.a_len + pair.b_len) a1 = pair.a_len;
    return mgpu_tile_span(first, pair.a_base + a0, pair.b_base + diag0 - a0, a1 - a0, diag1 - a1 - (diag0 - a0));
}

/* A's elements [a0, a1) of a merge tile, relative to its pair's start, from the partitions: partitions[tile],
 * then partitions[tile + 1], or a_count where the tile ends its pair (pair_end; in a mergesort pass the
 * partition there belongs to the next pair). The tile's B elements are [diag0 - a0, diag1 - a1). The partition
 * kernels write tiles + 1 partitions, so pair_end false (lbs: one pair, no test) reads one that is there. */
#define mgpu_tile_a_range(a0, a1, partitions, tile, pair_end, a_count)                                         \
    {                                                                                                          \
        a0 = UintArray(partitions).v[tile];                                                                    \
        a1 = (pair_end) ? (a_count) : UintArray(partitions).v[(tile) + 1u];                                    \
    }

#ifdef MGPU_MERGE_GLOBAL_A
#if !defined(MGPU_MERGE_GLOBAL_B) || !defined(MGPU_MERGE_PATH_SHARED)
#error "merge_path.glsl: mgpu_cta_merge_path needs MGPU_MERGE_GLOBAL_B(i) and MGPU_MERGE_PATH_SHARED (shared uint[8])"
#endif

/* A's element a goes before B's element diag - 1 - a, read from global memory. */
bool mgpu_merge_global_a_first(uint diag, uint a, bool b_first) {
    return mgpu_merge_a_first(MGPU_MERGE_GLOBAL_A(a), MGPU_MERGE_GLOBAL_B(diag - 1u - a), b_first);
}

/* The A counts before diagonals diag0 (x) and diag1 (y) of the merge of a_count and b_count elements, as
 * mgpu_merge_path (b_first: mgpu_merge_keys_b_first) finds them, found by the whole workgroup at once, so that a
 * merge tile needs no partition dispatch: half of it (K = NT / 2 threads) per diagonal. Each round, the answer
 * known to lie in [lo, hi], thread `lane` tests the points lo + lane * step and lo + (lane + 1) * step, step =
 * ceil((hi - lo) / K); the one thread whose first point goes before and second does not (or thread 0, when its
 * first does not) writes the new [lo, hi], at most step - 1 wide, to shared memory, and one barrier shares it.
 * At most max(1, ceil(log_K(min(a_count, b_count)))) rounds (K = 128: 2 up to 16512 elements, 3 up to 2^21),
 * each one global read latency. It pays that latency in every tile, so the host uses it only where tiles are
 * few (merge.c). The rounds alternate between two halves of MGPU_MERGE_PATH_SHARED, so that a round's writes
 * never meet the previous round's reads. No subgroup operation: any subgroup size. Unsorted input (a broken
 * precondition) gives meaningless answers, each still within its diagonal's range. Call from every thread in
 * uniform control flow, with MGPU_MERGE_PATH_SHARED free; every thread gets the result, and the kernel may
 * write the array again after its next barrier(). NT is even. */
uvec2 mgpu_cta_merge_path(uint a_count, uint b_count, uint diag0, uint diag1, bool b_first) {
    uint k = gl_WorkGroupSize.x / 2u, tid = gl_LocalInvocationID.x;
    uint side = tid / k, lane = tid - side * k;
    uint diag = side == 0u ? diag0 : diag1;
    uvec4 range = uvec4(diag0 > b_count ? diag0 - b_count : 0u, min(diag0, a_count),
                        diag1 > b_count ? diag1 - b_count : 0u, min(diag1, a_count));
    for (uint iteration = 0u; range.x < range.y || range.z < range.w; ++iteration) {
        uint lo = side == 0u ? range.x : range.z, hi = side == 0u ? range.y : range.w;
        uint slot = (iteration & 1u) * 4u + side * 2u;
        bool write = lo >= hi && lane == 0u; /* a finished side keeps its answer in the new half */
        uint new_lo = lo, new_hi = hi;
        if (lo < hi) {
            uint step = (hi - lo + k - 1u) / k;
            uint first = lo + lane * step, second = first + step; /* second < hi only where lane + 1 < k */
            if (first < hi) {
                bool first_before = mgpu_merge_global_a_first(diag, first, b_first);
                bool second_before = second < hi ? mgpu_merge_global_a_first(diag, second, b_first) : false;
                if (first_before && !second_before) {
                    write = true;
                    new_lo = first + 1u;
                    new_hi = min(second, hi);
                } else if (!first_before && lane == 0u) {
                    write = true;
                    new_hi = lo;
                }
            }
        }
        if (write) { /* atomic: with unsorted input (a broken precondition) several threads may write */
            atomicExchange(MGPU_MERGE_PATH_SHARED[slot], new_lo);
            atomicExchange(MGPU_MERGE_PATH_SHARED[slot + 1u], new_hi);
        }
        barrier();
        uint base = (iteration & 1u) * 4u;
        range = uvec4(MGPU_MERGE_PATH_SHARED[base], MGPU_MERGE_PATH_SHARED[base + 1u],
                      MGPU_MERGE_PATH_SHARED[base + 2u], MGPU_MERGE_PATH_SHARED[base + 3u]);
    }
    return range.xz;
}
#endif

#endif
