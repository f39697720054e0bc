#version 460
#extension GL_GOOGLE_include_directive : require
// Merge Path partitions: partition i finds how many of its pair's A elements precede output min(i * NV, total),
// counted from the pair's start (a plain merge has one pair), NV = NT * VT of the merge kernel (given here as
// VT). With pc.run > 0 this partitions a mergesort pass over runs of pc.run elements of a_keys. MODE holds
// MGPU_PARTITION_MODE_* flags (shared/constants.h): B_FIRST merges B's element before an equal A's (the
// upper-bound sorted search); SAMPLED starts each one-thread search in a sample array (pc.samples, stride
// 2^pc.sample_shift: a mergesort pass after the first, the previous pass's; a sorted search's, from GATHER); GATHER
// writes that array from A and B instead of partitions. One thread per partition, or one subgroup
// in the subgroup variant (merge_path.glsl's mgpu_partitions, the body of lbs_partition.comp too). With indirect
// counts (a plain merge or sorted search) the partitions are those of the real counts: the tile kernel reads the
// same counts, so it never reads a partition past the real tiles' (the rest of the capacity's are not written).
#include "shared/spec_ids.h"
#include "kernels/merge/merge_pc.h"
#include "include/types.glsl"
#include "include/count.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_VT) const uint VT = 1u; /* the merge kernel's tile size NT * VT */
layout(constant_id = MGPU_SPEC_DESCENDING) const bool DESCENDING = false;
layout(constant_id = MGPU_SPEC_MODE) const uint MODE = 0u; /* MGPU_PARTITION_MODE_* flags */
layout(push_constant, std430) uniform MergePush { MGPU_MERGE_PC_FIELDS } pc;

#include "shared/constants.h"
#include "include/keys.glsl"
#include "include/count.glsl"
const bool B_FIRST = (MODE & MGPU_PARTITION_MODE_B_FIRST) != 0u;
#define MGPU_MERGE_A(i) TArray(pc.a_keys).v[g_path_a_base + (i)]
#define MGPU_MERGE_B(i) TArray(pc.b_keys).v[g_path_b_base + (i)]
#define MGPU_PATH_A_FIRST(diag, p) (B_FIRST ? mgpu_merge_keys_b_first(diag, p) : mgpu_merge_keys_a_first(diag, p))
/* The sample array (merge_pc.h): A's key k * S at [g_path_a_base / S + k], B's key diag - 1 - k * S in the second
 * half, at [g_samples_per_half + (g_path_b_base + diag - 1 - k * S) / S]. */
uint g_samples_per_half; /* ceil(pc.a_count / S) */
#define MGPU_PATH_SAMPLED ((MODE & MGPU_PARTITION_MODE_SAMPLED) != 0u)
#define MGPU_PATH_SAMPLE_SHIFT pc.sample_shift
#define MGPU_PATH_SAMPLE_A_FIRST(diag, k) mgpu_sample_a_first(diag, k)
bool mgpu_sample_a_first(uint diag, uint k);
#include "include/merge_path.glsl"

/* MGPU_PATH_A_FIRST(diag, k * S), read from the samples. */
bool mgpu_sample_a_first(uint diag, uint k) {
    uint shift = pc.sample_shift;
    TArray samples = TArray(pc.samples);
    T a_key = samples.v[(g_path_a_base >> shift) + k];
    T b_key = samples.v[g_samples_per_half + ((g_path_b_base + diag - 1u - (k << shift)) >> shift)];
    return B_FIRST ? mgpu_wkey_less(a_key, b_key) : !mgpu_wkey_less(b_key, a_key);
}

/* GATHER: the sample array of A's and B's keys (merge_pc.h), one thread a sample, the grid looping over them. */
void mgpu_gather_samples(uint a_count, uint b_count) {
    uint shift = pc.sample_shift, stride = 1u << shift;
    uint per_half = mgpu_sample_count(pc.a_count, shift), b_samples = mgpu_sample_count(pc.b_count, shift);
    TArray a_keys = TArray(pc.a_keys), b_keys = TArray(pc.b_keys), samples = TArray(pc.samples);
    for (uint i = gl_GlobalInvocationID.x; i < per_half + b_samples; i += gl_NumWorkGroups.x * gl_WorkGroupSize.x) {
        if (i < per_half) {
            if ((i << shift) < a_count) samples.v[i] = a_keys.v[i << shift];
        } else {
            uint b = ((i - per_half) << shift) + stride - 1u;
            if (b < b_count) samples.v[i] = b_keys.v[b];
        }
    }
}

void main() {
    uint a_count = mgpu_count(pc.a_count_address, pc.a_count), b_count = mgpu_count(pc.b_count_address, pc.b_count);
    if ((MODE & MGPU_PARTITION_MODE_GATHER) != 0u) {
        mgpu_gather_samples(a_count, b_count);
        return;
    }
    if (MGPU_PATH_SAMPLED) g_samples_per_half = mgpu_sample_count(pc.a_count, pc.sample_shift);
    mgpu_partitions(pc.partitions, a_count, b_count, pc.run, VT);
}
