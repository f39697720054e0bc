/*
 * The particles example's constants and simulation, shared word for word by examples/particles.c (C11) and its
 * shaders (GLSL 4.60): the step is integer arithmetic, so the CPU reference of --check finds exactly the
 * particles, pixels and keys the GPU does.
 *
 * A particle: a position (x, y, z) in integer world units (z is the view depth, the camera at the origin looking
 * down +z) and a velocity, both from a seeded hash of its index; one step moves it by its velocity times the
 * step number. Projected with a focal length of PARTICLES_FOCAL pixels, it is a square of half-size
 * PARTICLES_RADIUS / z pixels (at least 1), its edges on pixel boundaries, so that rasterization covers exactly
 * the pixels whose centres it contains.
 */
#ifndef PARTICLES_SHARED_H
#define PARTICLES_SHARED_H

#define PARTICLES_COUNT      4096u /* N; the keys hold the index in their low 12 bits */
#define PARTICLES_WIDTH      256
#define PARTICLES_HEIGHT     256
#define PARTICLES_FOCAL      256 /* pixels */
#define PARTICLES_RADIUS     3072
#define PARTICLES_GROUP      64u /* the simulation's workgroup size */
#define PARTICLES_INDEX_BITS 12u

/* C and GLSL spell the integer types, casts and functions alike through these (the shaders define
 * PARTICLES_GLSL before they include this file). */
#ifdef PARTICLES_GLSL
#define PARTICLES_U32       uint
#define PARTICLES_I32       int
#define PARTICLES_TO_I32(x) int(x)
#define PARTICLES_FN
#else
#define PARTICLES_U32       uint32_t
#define PARTICLES_I32       int32_t
#define PARTICLES_TO_I32(x) ((int32_t)(x))
#define PARTICLES_FN        static
#endif

/* A 32-bit integer hash (lowbias32, Chris Wellons). */
PARTICLES_FN PARTICLES_U32 particles_hash(PARTICLES_U32 x) {
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

/* The particle's hash chain; word k (0 .. 6) of particle i. */
PARTICLES_FN PARTICLES_U32 particles_word(PARTICLES_U32 seed, PARTICLES_U32 i, PARTICLES_U32 k) {
    return particles_hash(particles_hash(i * 0x9e3779b9u ^ seed) + k * 0x632be5abu);
}

/* Position after `step` steps: x, y in [-2048, 2048), z in [256, 4352), velocity -32 .. 32 per axis and step. */
PARTICLES_FN PARTICLES_I32 particles_axis(PARTICLES_U32 seed, PARTICLES_U32 i, PARTICLES_U32 k, PARTICLES_U32 step) {
    PARTICLES_I32 start = PARTICLES_TO_I32(particles_word(seed, i, k) % 4096u) - 2048;
    if (k == 2u) start += 2304;
    PARTICLES_I32 velocity = PARTICLES_TO_I32(particles_word(seed, i, k + 3u) % 65u) - 32;
    return start + velocity * PARTICLES_TO_I32(step);
}

/* Colour RGBA8 (red in the low byte): each channel 64 .. 255, alpha 128 .. 223. */
PARTICLES_FN PARTICLES_U32 particles_color(PARTICLES_U32 seed, PARTICLES_U32 i) {
    PARTICLES_U32 h = particles_word(seed, i, 6u);
    return (64u + (h & 0xffu) % 192u) | (64u + (h >> 8 & 0xffu) % 192u) << 8 | (64u + (h >> 16 & 0xffu) % 192u) << 16 |
           (128u + (h >> 24) % 96u) << 24;
}

/* The square on screen: centre (sx, sy) and half-size r in pixels; visible when it meets the image. */
PARTICLES_FN PARTICLES_I32 particles_screen(PARTICLES_I32 v, PARTICLES_I32 z, PARTICLES_I32 centre) {
    /* truncated towards zero, as C divides: a negative dividend is divided as positive (GLSL leaves its
     * rounding to the implementation) */
    return v >= 0 ? centre + v * PARTICLES_FOCAL / z : centre - (-v) * PARTICLES_FOCAL / z;
}
PARTICLES_FN PARTICLES_I32 particles_half_size(PARTICLES_I32 z) {
    PARTICLES_I32 r = PARTICLES_RADIUS / z;
    return r < 1 ? 1 : r;
}
PARTICLES_FN bool particles_visible(PARTICLES_I32 x, PARTICLES_I32 y, PARTICLES_I32 z) {
    if (z <= 0) return false;
    PARTICLES_I32 sx = particles_screen(x, z, PARTICLES_WIDTH / 2), sy = particles_screen(y, z, PARTICLES_HEIGHT / 2);
    PARTICLES_I32 r = particles_half_size(z);
    return sx + r > 0 && sx - r < PARTICLES_WIDTH && sy + r > 0 && sy - r < PARTICLES_HEIGHT;
}

#endif
