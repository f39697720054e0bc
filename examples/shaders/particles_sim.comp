#version 460
// The engine's simulation and culling: moves every particle one step, writes its position and colour, and
// appends each visible one (its square meets the image) to the compacted key and index arrays, its slot from an
// atomic counter that is the instance count of the indirect draw (and the sort's indirect count).
#extension GL_EXT_buffer_reference : require
#extension GL_GOOGLE_include_directive : require
#define PARTICLES_GLSL
#include "particles_shared.h"

layout(local_size_x = PARTICLES_GROUP) in;
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Particles { ivec4 p[]; };
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Words { uint v[]; };
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Draw {
    uint vertex_count;
    uint instance_count; // the visible count
    uint first_vertex;
    uint first_instance;
};
layout(push_constant, std430) uniform Push {
    Particles particles;
    Words keys;
    Words indices;
    Draw draw;
    uint count;
    uint step;
    uint seed;
} pc;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= pc.count) return;
    int x = particles_axis(pc.seed, i, 0u, pc.step);
    int y = particles_axis(pc.seed, i, 1u, pc.step);
    int z = particles_axis(pc.seed, i, 2u, pc.step);
    pc.particles.p[i] = ivec4(x, y, z, int(particles_color(pc.seed, i)));
    if (!particles_visible(x, y, z)) return;
    // The view depth as an order-preserving key: a positive float's bits grow with it. Its 12 low bits give way
    // to the index, so that keys are unique and the order does not depend on which thread appended first.
    float depth = float(z) / 256.0;
    uint key = (floatBitsToUint(depth) & ~((1u << PARTICLES_INDEX_BITS) - 1u)) | i;
    uint slot = atomicAdd(pc.draw.instance_count, 1u);
    pc.keys.v[slot] = key;
    pc.indices.v[slot] = i;
}
