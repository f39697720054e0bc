#version 460
#extension GL_GOOGLE_include_directive : require
// Radix sort, reduce-then-scan digit pass, second phase: sort each tile by the digit, write each digit's run to
// the offsets the scan of all tiles' counts gave (include/radix_tile.glsl).
#include "include/radix_tile.glsl"
