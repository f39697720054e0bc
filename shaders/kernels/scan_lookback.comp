#version 460
#extension GL_GOOGLE_include_directive : require
// Single-pass scan: each tile finds its prefix by decoupled look-back over its predecessors.
// GLSL450 memory model (coherent buffers, device-scope acquire/release atomics), not the Vulkan memory
// model: lavapipe (Mesa 22.3) drops a subgroup's stores from modules that declare VulkanMemoryModel.
#define MGPU_SCAN_LOOKBACK 1
#include "include/scan_tile.glsl"
