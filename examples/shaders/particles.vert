#version 460
// One square per instance: instance k draws the particle sorted k-th (back to front), its 6 vertices the two
// triangles of its square, corners on pixel boundaries.
#extension GL_EXT_buffer_reference : require
#extension GL_GOOGLE_include_directive : require
#define PARTICLES_GLSL
#include "particles_shared.h"

layout(buffer_reference, std430, buffer_reference_align = 16) readonly buffer Particles { ivec4 p[]; };
layout(buffer_reference, std430, buffer_reference_align = 4) readonly buffer Words { uint v[]; };
layout(push_constant, std430) uniform Push {
    Particles particles;
    Words sorted_indices;
} pc;
layout(location = 0) flat out uint color;

void main() {
    ivec4 p = pc.particles.p[pc.sorted_indices.v[gl_InstanceIndex]];
    int r = particles_half_size(p.z);
    int sx = particles_screen(p.x, p.z, PARTICLES_WIDTH / 2), sy = particles_screen(p.y, p.z, PARTICLES_HEIGHT / 2);
    const ivec2 corners[6] = ivec2[6](ivec2(-1, -1), ivec2(1, -1), ivec2(-1, 1), ivec2(-1, 1), ivec2(1, -1), ivec2(1, 1));
    ivec2 pixel = ivec2(sx, sy) + corners[gl_VertexIndex] * r;
    // Pixel (x, y) of the image, row 0 at the top, is NDC (2x / W - 1, 2y / H - 1): exact in float.
    gl_Position = vec4(vec2(pixel) * vec2(2.0 / PARTICLES_WIDTH, 2.0 / PARTICLES_HEIGHT) - 1.0, 0.0, 1.0);
    color = uint(p.w);
}
