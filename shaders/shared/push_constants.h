/*
 * What every push-constant layout shared by the host (C) and the kernels (GLSL) is written in. Addresses are
 * buffer device addresses: uint64_t in C, uvec2 in GLSL (GL_EXT_buffer_reference_uvec2 turns them into
 * references), so 32-bit kernels never need shaderInt64. An address of 0 means "absent". Every block fits the
 * 128 bytes Vulkan guarantees.
 *
 * The layouts are the families': shaders/kernels/<family>/<family>_pc.h holds a family's MGPU_*_PC_FIELDS and the
 * constants its kernels and its file agree on, and, in C, its struct (mgpu_<name>_pc) with its size checked. A
 * family's kernels and src/prims/<family>.c include it as "kernels/<family>/<family>_pc.h" (glslangValidator and
 * the library's C both search shaders/); a family that runs another's kernels includes that one's header.
 */
#ifndef MGPU_PUSH_CONSTANTS_H
#define MGPU_PUSH_CONSTANTS_H

#ifdef VULKAN /* GLSL, compiled by glslangValidator -V */
#define MGPU_ADDR uvec2
#define MGPU_UINT uint
#else
#include <assert.h>
#include <stdint.h>
#define MGPU_ADDR uint64_t
#define MGPU_UINT uint32_t
#endif

#endif
