#version 460
#extension GL_GOOGLE_include_directive : require
// Radix sort, one-sweep digit pass (include/radix_onesweep.glsl).
#include "include/radix_onesweep.glsl"
