/*
 * count.glsl: a kernel's element count, host-given or indirect. `capacity` is the count the host recorded (which
 * sized the scratch and the dispatch); `address` is absent (0), or the device address of a uint32 written on the
 * device before the command executes: the count is then that uint32 clamped to the capacity. Contract: include
 * after types.glsl (UintArray, mgpu_present).
 */
#ifndef MGPU_COUNT_GLSL
#define MGPU_COUNT_GLSL

uint mgpu_count(uvec2 address, uint capacity) {
    return mgpu_present(address) ? min(UintArray(address).v[0], capacity) : capacity;
}

#endif
