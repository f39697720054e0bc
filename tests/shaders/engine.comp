#version 460
// The engine test's own kernel: mode 0 writes data[i] = i % 7, mode 1 adds 1000 to every element.
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_buffer_reference_uvec2 : require
layout(local_size_x = 64) in;
layout(buffer_reference, std430, buffer_reference_align = 4) buffer Data { uint v[]; };
layout(push_constant, std430) uniform Push { uvec2 data; uint count; uint mode; } pc;
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= pc.count) return;
    Data d = Data(pc.data);
    d.v[i] = pc.mode == 0u ? i % 7u : d.v[i] + 1000u;
}
