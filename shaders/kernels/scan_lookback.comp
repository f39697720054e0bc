#version 460
#extension GL_GOOGLE_include_directive : require
// Single-pass scan: each tile finds its prefix by decoupled look-back over its predecessors.
#pragma use_vulkan_memory_model
#define MGPU_SCAN_LOOKBACK 1
#include "include/scan_tile.glsl"
