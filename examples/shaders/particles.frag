#version 460
// The particle's colour, exact in RGBA8 (k / 255); the blend state composites it over what is behind.
layout(location = 0) flat in uint color;
layout(location = 0) out vec4 frag;
void main() { frag = unpackUnorm4x8(color); }
