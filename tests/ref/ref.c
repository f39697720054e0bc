#include "ref.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

mgpu_scalar ref_from_double(mgpu_type type, double v) {
    mgpu_scalar s;
    memset(&s, 0, sizeof s);
    switch (type) {
    case MGPU_TYPE_U32: s.u32 = (uint32_t)v; break;
    case MGPU_TYPE_I32: s.i32 = (int32_t)v; break;
    case MGPU_TYPE_F32: s.f32 = (float)v; break;
    case MGPU_TYPE_U64: s.u64 = (uint64_t)v; break;
    case MGPU_TYPE_I64: s.i64 = (int64_t)v; break;
    default: s.f64 = v; break;
    }
    return s;
}

mgpu_scalar ref_get(mgpu_type type, const void *array, size_t i) {
    mgpu_scalar v;
    memset(&v, 0, sizeof v);
    size_t size = mgpu_type_size(type);
    memcpy(&v, (const char *)array + i * size, size);
    return v;
}

void ref_set(mgpu_type type, void *array, size_t i, mgpu_scalar v) {
    size_t size = mgpu_type_size(type);
    memcpy((char *)array + i * size, &v, size);
}

mgpu_scalar ref_identity(mgpu_type type, mgpu_op op) {
    mgpu_scalar v;
    memset(&v, 0, sizeof v);
    if (op == MGPU_OP_ADD) return v;
    bool max = op == MGPU_OP_MIN; /* min's identity is the type's maximum */
    switch (type) {
    case MGPU_TYPE_U32: v.u32 = max ? UINT32_MAX : 0; break;
    case MGPU_TYPE_I32: v.i32 = max ? INT32_MAX : INT32_MIN; break;
    case MGPU_TYPE_F32: v.f32 = max ? INFINITY : -INFINITY; break;
    case MGPU_TYPE_U64: v.u64 = max ? UINT64_MAX : 0; break;
    case MGPU_TYPE_I64: v.i64 = max ? INT64_MAX : INT64_MIN; break;
    case MGPU_TYPE_F64: v.f64 = max ? INFINITY : -INFINITY; break;
    default: break;
    }
    return v;
}

#define REF_MINMAX(a, b, nan_a, lt) (((lt) || (nan_a)) ? (a) : (b))

mgpu_scalar ref_apply(mgpu_type type, mgpu_op op, mgpu_scalar a, mgpu_scalar b) {
    mgpu_scalar r = a;
    bool is_min = op == MGPU_OP_MIN;
    switch (type) {
    case MGPU_TYPE_U32:
        r.u32 = op == MGPU_OP_ADD ? a.u32 + b.u32 : REF_MINMAX(a.u32, b.u32, false, is_min ? a.u32 < b.u32 : a.u32 > b.u32);
        break;
    case MGPU_TYPE_I32:
        r.i32 = op == MGPU_OP_ADD ? (int32_t)((uint32_t)a.i32 + (uint32_t)b.i32)
                                  : REF_MINMAX(a.i32, b.i32, false, is_min ? a.i32 < b.i32 : a.i32 > b.i32);
        break;
    case MGPU_TYPE_F32:
        r.f32 = op == MGPU_OP_ADD ? a.f32 + b.f32
                                  : REF_MINMAX(a.f32, b.f32, isnan(a.f32), is_min ? a.f32 < b.f32 : a.f32 > b.f32);
        break;
    case MGPU_TYPE_U64:
        r.u64 = op == MGPU_OP_ADD ? a.u64 + b.u64 : REF_MINMAX(a.u64, b.u64, false, is_min ? a.u64 < b.u64 : a.u64 > b.u64);
        break;
    case MGPU_TYPE_I64:
        r.i64 = op == MGPU_OP_ADD ? (int64_t)((uint64_t)a.i64 + (uint64_t)b.i64)
                                  : REF_MINMAX(a.i64, b.i64, false, is_min ? a.i64 < b.i64 : a.i64 > b.i64);
        break;
    case MGPU_TYPE_F64:
        r.f64 = op == MGPU_OP_ADD ? a.f64 + b.f64
                                  : REF_MINMAX(a.f64, b.f64, isnan(a.f64), is_min ? a.f64 < b.f64 : a.f64 > b.f64);
        break;
    default: break;
    }
    return r;
}

double ref_to_double(mgpu_type type, mgpu_scalar v) {
    switch (type) {
    case MGPU_TYPE_U32: return v.u32;
    case MGPU_TYPE_I32: return v.i32;
    case MGPU_TYPE_F32: return v.f32;
    case MGPU_TYPE_U64: return (double)v.u64;
    case MGPU_TYPE_I64: return (double)v.i64;
    case MGPU_TYPE_F64: return v.f64;
    default: return 0;
    }
}

bool ref_equal(mgpu_type type, mgpu_scalar a, mgpu_scalar b) {
    switch (type) {
    case MGPU_TYPE_U32: case MGPU_TYPE_I32: return a.u32 == b.u32;
    case MGPU_TYPE_U64: case MGPU_TYPE_I64: return a.u64 == b.u64;
    case MGPU_TYPE_F32: return a.f32 == b.f32 || (isnan(a.f32) && isnan(b.f32));
    case MGPU_TYPE_F64: return a.f64 == b.f64 || (isnan(a.f64) && isnan(b.f64));
    default: return false;
    }
}

bool ref_close(mgpu_type type, mgpu_scalar a, mgpu_scalar b, double scale) {
    if (ref_equal(type, a, b)) return true;
    if (type != MGPU_TYPE_F32 && type != MGPU_TYPE_F64) return false;
    double eps = type == MGPU_TYPE_F32 ? 1e-5 : 1e-12;
    double x = ref_to_double(type, a), y = ref_to_double(type, b);
    return fabs(x - y) <= eps * (scale > 1 ? scale : 1);
}

void ref_format(mgpu_type type, mgpu_scalar v, char *buf, size_t size) {
    switch (type) {
    case MGPU_TYPE_U32: snprintf(buf, size, "%" PRIu32, v.u32); break;
    case MGPU_TYPE_I32: snprintf(buf, size, "%" PRId32, v.i32); break;
    case MGPU_TYPE_F32: snprintf(buf, size, "%.9g", (double)v.f32); break;
    case MGPU_TYPE_U64: snprintf(buf, size, "%" PRIu64, v.u64); break;
    case MGPU_TYPE_I64: snprintf(buf, size, "%" PRId64, v.i64); break;
    case MGPU_TYPE_F64: snprintf(buf, size, "%.17g", v.f64); break;
    default: snprintf(buf, size, "?"); break;
    }
}

void ref_scan(mgpu_type type, mgpu_op op, bool exclusive, const void *in, void *out, size_t n, mgpu_scalar *total) {
    mgpu_scalar acc = ref_identity(type, op);
    for (size_t i = 0; i < n; ++i) {
        mgpu_scalar x = ref_get(type, in, i);
        mgpu_scalar next = ref_apply(type, op, acc, x);
        ref_set(type, out, i, exclusive ? acc : next);
        acc = next;
    }
    if (total) *total = acc;
}

/* NaN above every number; among equals the first. */
static bool ref_greater(mgpu_type type, mgpu_scalar b, mgpu_scalar a) {
    switch (type) {
    case MGPU_TYPE_U32: return b.u32 > a.u32;
    case MGPU_TYPE_I32: return b.i32 > a.i32;
    case MGPU_TYPE_U64: return b.u64 > a.u64;
    case MGPU_TYPE_I64: return b.i64 > a.i64;
    case MGPU_TYPE_F32: return !isnan(a.f32) && (isnan(b.f32) || b.f32 > a.f32);
    case MGPU_TYPE_F64: return !isnan(a.f64) && (isnan(b.f64) || b.f64 > a.f64);
    default: return false;
    }
}

mgpu_reduce_value ref_reduce(mgpu_type type, mgpu_op op, const void *in, size_t n) {
    mgpu_reduce_value r = {.value = ref_identity(type, op), .index = -1};
    for (size_t i = 0; i < n; ++i) {
        mgpu_scalar x = ref_get(type, in, i);
        if (op != MGPU_OP_MAX_INDEX) {
            r.value = ref_apply(type, op, r.value, x);
        } else if (r.index < 0 || ref_greater(type, x, r.value)) {
            r.value = x;
            r.index = (int64_t)i;
        }
    }
    return r;
}

uint64_t ref_key_bits(mgpu_type type, mgpu_scalar k) {
    switch (type) {
    case MGPU_TYPE_U32: return k.u32;
    case MGPU_TYPE_I32: return (uint32_t)k.i32 ^ 0x80000000u;
    case MGPU_TYPE_F32: return k.u32 ^ ((k.u32 >> 31) ? 0xffffffffu : 0x80000000u);
    case MGPU_TYPE_U64: return k.u64;
    case MGPU_TYPE_I64: return (uint64_t)k.i64 ^ 0x8000000000000000ull;
    case MGPU_TYPE_F64: return k.u64 ^ ((k.u64 >> 63) ? 0xffffffffffffffffull : 0x8000000000000000ull);
    default: return 0;
    }
}

void ref_merge(mgpu_type type, size_t value_size, bool descending, const void *a, const void *va, size_t an,
               const void *b, const void *vb, size_t bn, void *out, void *vout) {
    size_t i = 0, j = 0, size = mgpu_type_size(type);
    for (size_t o = 0; o < an + bn; ++o) {
        bool take_a;
        if (j >= bn) take_a = true;
        else if (i >= an) take_a = false;
        else {
            uint64_t x = ref_key_bits(type, ref_get(type, a, i)), y = ref_key_bits(type, ref_get(type, b, j));
            take_a = descending ? !(x < y) : !(y < x);
        }
        const void *src = take_a ? a : b;
        size_t k = take_a ? i++ : j++;
        memcpy((char *)out + o * size, (const char *)src + k * size, size);
        if (value_size) memcpy((char *)vout + o * value_size, (const char *)(take_a ? va : vb) + k * value_size, value_size);
    }
}

/* qsort has no context argument: the sort keys of ref_sort_bits. */
static const uint64_t *ref_sort_by;

static int ref_compare_positions(const void *x, const void *y) {
    uint32_t i = *(const uint32_t *)x, j = *(const uint32_t *)y;
    uint64_t p = ref_sort_by[i], q = ref_sort_by[j];
    int c = p < q ? -1 : p > q;
    return c ? c : (i < j ? -1 : i > j); /* stable: equal keys keep their input order */
}

void ref_sort_bits(mgpu_type type, size_t value_size, bool descending, unsigned begin_bit, unsigned end_bit,
                   const void *keys, const void *values, size_t n, void *keys_out, void *values_out, int32_t *indices_out) {
    size_t size = mgpu_type_size(type);
    uint64_t *bits = malloc(n * sizeof *bits + 8);
    uint32_t *order = malloc(n * sizeof *order + 8);
    unsigned width = end_bit - begin_bit;
    uint64_t mask = width >= 64 ? ~0ull : (1ull << width) - 1;
    for (size_t i = 0; i < n; ++i) {
        uint64_t k = ref_key_bits(type, ref_get(type, keys, i));
        if (descending) k = ~k;
        bits[i] = begin_bit >= 64 ? 0 : (k >> begin_bit) & mask;
        order[i] = (uint32_t)i;
    }
    ref_sort_by = bits;
    qsort(order, n, sizeof *order, ref_compare_positions);
    for (size_t o = 0; o < n; ++o) {
        memcpy((char *)keys_out + o * size, (const char *)keys + order[o] * size, size);
        if (value_size) memcpy((char *)values_out + o * value_size, (const char *)values + order[o] * value_size, value_size);
        if (indices_out) indices_out[o] = (int32_t)order[o];
    }
    free(bits);
    free(order);
}

void ref_sort(mgpu_type type, size_t value_size, bool descending, const void *keys, const void *values, size_t n,
              void *keys_out, void *values_out, int32_t *indices_out) {
    unsigned width = (unsigned)mgpu_type_size(type) * 8; /* 32-bit key bits: the high word is zero */
    ref_sort_bits(type, value_size, descending, 0, width, keys, values, n, keys_out, values_out, indices_out);
}
