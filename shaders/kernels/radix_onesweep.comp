#version 460
#extension GL_GOOGLE_include_directive : require
// Radix sort, one-sweep digit pass: sort each tile by the digit, find the tile's offsets by decoupled
// look-back over the tiles' digit counts, write each digit's run (include/radix_tile.glsl).
#define MGPU_RADIX_ONESWEEP 1
#include "include/radix_tile.glsl"
