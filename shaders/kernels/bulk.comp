#version 460
#extension GL_GOOGLE_include_directive : require
// Bulk remove and bulk insert (the seeds' chapter 5), first version: each output finds its source by a
// binary search over the sorted indices. MODE 0, remove: the sources are the positions of `source` not in
// indices (strictly ascending); output j comes from j + m, m = the number of k with indices[k] - k <= j.
// MODE 1, insert: insert[i] goes before source[indices[i]] (indices ascending); insert[i] lands at
// indices[i] + i, and output p not taken by an insert comes from source[p - m], m inserts before it.
#include "shared/spec_ids.h"
#include "shared/push_constants.h"
#define MGPU_TYPE_I32
#include "include/types.glsl"

layout(local_size_x_id = MGPU_SPEC_NT) in;
layout(constant_id = MGPU_SPEC_MODE) const uint MODE = 0u;
layout(constant_id = MGPU_SPEC_VALUE_WORDS) const uint VALUE_WORDS = 1u;
layout(push_constant, std430) uniform BulkPush { MGPU_BULK_PC_FIELDS } pc;

void copy_value(UintArray dst, uint to, UintArray src, uint from) {
    for (uint w = 0u; w < VALUE_WORDS; ++w) dst.v[to * VALUE_WORDS + w] = src.v[from * VALUE_WORDS + w];
}

void main() {
    IntArray indices = IntArray(pc.indices);
    UintArray src = UintArray(pc.source), ins = UintArray(pc.insert), dst = UintArray(pc.dst);
    uint stride = gl_WorkGroupSize.x * gl_NumWorkGroups.x;
    for (uint p = gl_GlobalInvocationID.x; p < pc.out_count; p += stride) {
        uint lo = 0u, hi = pc.index_count;
        if (MODE == 0u) {
            while (lo < hi) { // the first k with indices[k] - k > p
                uint mid = (lo + hi) >> 1u;
                if (uint(indices.v[mid]) - mid <= p) lo = mid + 1u; else hi = mid;
            }
            copy_value(dst, p, src, p + lo);
        } else {
            while (lo < hi) { // the first i with indices[i] + i >= p
                uint mid = (lo + hi) >> 1u;
                if (uint(indices.v[mid]) + mid < p) lo = mid + 1u; else hi = mid;
            }
            if (lo < pc.index_count && uint(indices.v[lo]) + lo == p) copy_value(dst, p, ins, lo);
            else copy_value(dst, p, src, p - lo);
        }
    }
}
