/*
 * gallop.glsl: a galloping search, for a bound that likely lies near one end of its range (the end of a short run
 * of equal keys): probes 1, 2, 4, .. elements in from that end until one lies past the bound, then halves the last
 * gap. A bound r elements from its end costs about 2 log2(r + 1) + 1 probes. The join's run ends (global memory)
 * and the set operations' ranks (shared memory, then global memory) use it.
 * Contract: define MGPU_GALLOP_RIGHT(i) before including: whether the bound lies right of position i (true, then
 * false, over the range). It is expanded inside the function, so it reads only globals, shared memory and push
 * constants.
 */
#ifndef MGPU_GALLOP_GLSL
#define MGPU_GALLOP_GLSL

#ifndef MGPU_GALLOP_RIGHT
#error "gallop.glsl: define MGPU_GALLOP_RIGHT(i)"
#endif

/* The bound in [begin, end]: the first position in [begin, end) where MGPU_GALLOP_RIGHT is false, or end. Searched
 * from the last position (from_end) or the first. */
uint mgpu_gallop(uint begin, uint end, bool from_end) {
    for (uint step = 1u; begin < end; step <<= 1u) {
        uint probe = from_end ? end - min(step, end - begin) : begin + min(step, end - begin) - 1u;
        bool right = MGPU_GALLOP_RIGHT(probe);
        if (from_end && right) {
            begin = probe + 1u;
            break;
        }
        if (!from_end && !right) {
            end = probe;
            break;
        }
        if (from_end) end = probe;
        else begin = probe + 1u;
    }
    while (begin < end) {
        uint mid = (begin + end) >> 1u;
        if (MGPU_GALLOP_RIGHT(mid)) begin = mid + 1u;
        else end = mid;
    }
    return begin;
}

#endif
