/*
 * types.glsl: the element type of a kernel variant.
 * Contract: the build defines exactly one of MGPU_TYPE_U32 I32 F32 U64 I64 F64 (a kernel row: cmake/shaders.cmake).
 * Provides: T, MGPU_WORDS (32-bit words per element), MGPU_EPV (elements per uvec4), mgpu_from_words,
 * mgpu_to_words, mgpu_from_vec4, mgpu_type_max, mgpu_type_lowest, mgpu_is_nan, and the buffer reference types TArray,
 * TArrayCoherent, Vec4Array, UintArray, IntArray, Uvec2Array, Uvec2ArrayCoherent.
 * 32-bit variants use no 64-bit capability, so they run on devices without shaderInt64.
 */
#ifndef MGPU_TYPES_GLSL
#define MGPU_TYPES_GLSL

#extension GL_EXT_buffer_reference : require
#extension GL_EXT_buffer_reference_uvec2 : require
#extension GL_EXT_control_flow_attributes : require

#if defined(MGPU_TYPE_U64) || defined(MGPU_TYPE_I64) || defined(MGPU_TYPE_F64)
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#define MGPU_WORDS 2u
#define MGPU_ALIGN 8
#else
#define MGPU_WORDS 1u
#define MGPU_ALIGN 4
#endif
#define MGPU_EPV (4u / MGPU_WORDS)

#if defined(MGPU_TYPE_U32)
#define T uint
#define mgpu_from_words(w) ((w).x)
#define mgpu_to_words(v) uvec2((v), 0u)
#define mgpu_type_max() 0xffffffffu
#define mgpu_type_lowest() 0u
#define mgpu_is_nan(v) false
#elif defined(MGPU_TYPE_I32)
#define T int
#define mgpu_from_words(w) int((w).x)
#define mgpu_to_words(v) uvec2(uint(v), 0u)
#define mgpu_type_max() 0x7fffffff
#define mgpu_type_lowest() (-0x7fffffff - 1)
#define mgpu_is_nan(v) false
#elif defined(MGPU_TYPE_F32)
#define MGPU_FLOAT 1
#define T float
#define mgpu_from_words(w) uintBitsToFloat((w).x)
#define mgpu_to_words(v) uvec2(floatBitsToUint(v), 0u)
#define mgpu_type_max() uintBitsToFloat(0x7f800000u)
#define mgpu_type_lowest() uintBitsToFloat(0xff800000u)
#define mgpu_is_nan(v) isnan(v)
#elif defined(MGPU_TYPE_U64)
#define T uint64_t
#define mgpu_from_words(w) pack64(w)
#define mgpu_to_words(v) unpack32(v)
#define mgpu_type_max() 0xffffffffffffffffUL
#define mgpu_type_lowest() 0UL
#define mgpu_is_nan(v) false
#elif defined(MGPU_TYPE_I64)
#define T int64_t
#define mgpu_from_words(w) int64_t(pack64(w))
#define mgpu_to_words(v) unpack32(uint64_t(v))
#define mgpu_type_max() 0x7fffffffffffffffL
#define mgpu_type_lowest() (-0x7fffffffffffffffL - 1L)
#define mgpu_is_nan(v) false
#elif defined(MGPU_TYPE_F64)
#define MGPU_FLOAT 1
#define T double
#define mgpu_from_words(w) packDouble2x32(w)
#define mgpu_to_words(v) unpackDouble2x32(v)
#define mgpu_type_max() packDouble2x32(uvec2(0u, 0x7ff00000u))
#define mgpu_type_lowest() packDouble2x32(uvec2(0u, 0xfff00000u))
#define mgpu_is_nan(v) isnan(v)
#else
#error "types.glsl: define one of MGPU_TYPE_U32 I32 F32 U64 I64 F64"
#endif

/* Element e (< MGPU_EPV) of a uvec4 of elements, as a Vec4Array load gives it. */
#define mgpu_from_vec4(w, e) mgpu_from_words(uvec2((w)[(e)*MGPU_WORDS], (w)[((e)*MGPU_WORDS + 1u) & 3u]))

layout(buffer_reference, std430, buffer_reference_align = MGPU_ALIGN) buffer TArray { T v[]; };
layout(buffer_reference, std430, buffer_reference_align = MGPU_ALIGN) coherent buffer TArrayCoherent { T v[]; };
layout(buffer_reference, std430, buffer_reference_align = 16) buffer Vec4Array { uvec4 v[]; };
layout(buffer_reference, std430, buffer_reference_align = 4) buffer UintArray { uint v[]; };
layout(buffer_reference, std430, buffer_reference_align = 4) coherent buffer UintArrayCoherent { uint v[]; };
layout(buffer_reference, std430, buffer_reference_align = 4) buffer IntArray { int v[]; };
layout(buffer_reference, std430, buffer_reference_align = 8) buffer Uvec2Array { uvec2 v[]; };
layout(buffer_reference, std430, buffer_reference_align = 8) coherent buffer Uvec2ArrayCoherent { uvec2 v[]; };

/* True when a push-constant address is present (non-zero). */
bool mgpu_present(uvec2 address) { return (address.x | address.y) != 0u; }

/* A push-constant address `bytes` further on. */
uvec2 mgpu_address_add(uvec2 address, uint bytes) {
    uint carry;
    uint low = uaddCarry(address.x, bytes, carry);
    return uvec2(low, address.y + carry);
}

#endif
