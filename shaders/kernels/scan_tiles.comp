#version 460
#extension GL_GOOGLE_include_directive : require
// Scan passes without look-back: a single tile, or the upsweep/downsweep of reduce-then-scan (MODE).
#define MGPU_SCAN_LOOKBACK 0
#include "include/scan_tile.glsl"
