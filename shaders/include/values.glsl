/*
 * values.glsl: the values that travel with keys (pairs, intervals, bulk operations): VALUE_WORDS 32-bit words
 * (1 or 2), moved as raw bits in a uvec2 (the second word unused for 1), with one load or store each.
 * Contract: include after types.glsl; the kernel declares
 * `layout(constant_id = MGPU_SPEC_VALUE_WORDS) const uint VALUE_WORDS`.
 */
#ifndef MGPU_VALUES_GLSL
#define MGPU_VALUES_GLSL

uvec2 mgpu_value_load(uvec2 address, uint i) {
    return VALUE_WORDS == 2u ? Uvec2Array(address).v[i] : uvec2(UintArray(address).v[i], 0u);
}

void mgpu_value_store(uvec2 address, uint i, uvec2 v) {
    if (VALUE_WORDS == 2u) Uvec2Array(address).v[i] = v;
    else UintArray(address).v[i] = v.x;
}

/* The same through coherent references: values that another workgroup wrote in the same dispatch (the radix
 * sort's chained passes). */
uvec2 mgpu_value_load_coherent(uvec2 address, uint i) {
    return VALUE_WORDS == 2u ? Uvec2ArrayCoherent(address).v[i] : uvec2(UintArrayCoherent(address).v[i], 0u);
}

void mgpu_value_store_coherent(uvec2 address, uint i, uvec2 v) {
    if (VALUE_WORDS == 2u) Uvec2ArrayCoherent(address).v[i] = v;
    else UintArrayCoherent(address).v[i] = v.x;
}

#endif
