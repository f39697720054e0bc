#include "ref.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The rows of ref_type: the functions of one type, from its scalar field, C type and extremes. */
#define REF_TYPE_FUNCTIONS(name, field, ctype, utype, lowest, highest)        \
    static mgpu_scalar name##_from_int(int64_t v) {                           \
        mgpu_scalar s;                                                        \
        memset(&s, 0, sizeof s);                                              \
        s.field = (ctype)v;                                                   \
        return s;                                                             \
    }                                                                         \
    static mgpu_scalar name##_from_double(double v) {                         \
        mgpu_scalar s;                                                        \
        memset(&s, 0, sizeof s);                                              \
        s.field = (ctype)v;                                                   \
        return s;                                                             \
    }                                                                         \
    static double name##_to_double(mgpu_scalar v) { return (double)v.field; } \
    static mgpu_scalar name##_add(mgpu_scalar a, mgpu_scalar b) {             \
        mgpu_scalar s;                                                        \
        memset(&s, 0, sizeof s);                                              \
        s.field = (ctype)((utype)a.field + (utype)b.field);                   \
        return s;                                                             \
    }                                                                         \
    static mgpu_scalar name##_extreme(bool high) {                            \
        mgpu_scalar s;                                                        \
        memset(&s, 0, sizeof s);                                              \
        s.field = high ? (highest) : (lowest);                                \
        return s;                                                             \
    }

REF_TYPE_FUNCTIONS(ref_u32, u32, uint32_t, uint32_t, 0, UINT32_MAX)
REF_TYPE_FUNCTIONS(ref_i32, i32, int32_t, uint32_t, INT32_MIN, INT32_MAX)
REF_TYPE_FUNCTIONS(ref_f32, f32, float, float, -INFINITY, INFINITY)
REF_TYPE_FUNCTIONS(ref_u64, u64, uint64_t, uint64_t, 0, UINT64_MAX)
REF_TYPE_FUNCTIONS(ref_i64, i64, int64_t, uint64_t, INT64_MIN, INT64_MAX)
REF_TYPE_FUNCTIONS(ref_f64, f64, double, double, -INFINITY, INFINITY)

#define REF_TYPE_ROW(name, size, is_float, is_signed) \
    { size, is_float, is_signed, name##_from_int, name##_from_double, name##_to_double, name##_add, name##_extreme }

static const ref_type_info ref_types[MGPU_TYPE_COUNT] = {
    [MGPU_TYPE_U32] = REF_TYPE_ROW(ref_u32, 4, false, false), [MGPU_TYPE_I32] = REF_TYPE_ROW(ref_i32, 4, false, true),
    [MGPU_TYPE_F32] = REF_TYPE_ROW(ref_f32, 4, true, true),   [MGPU_TYPE_U64] = REF_TYPE_ROW(ref_u64, 8, false, false),
    [MGPU_TYPE_I64] = REF_TYPE_ROW(ref_i64, 8, false, true),  [MGPU_TYPE_F64] = REF_TYPE_ROW(ref_f64, 8, true, true),
};

const ref_type_info *ref_type(mgpu_type type) { return (unsigned)type < MGPU_TYPE_COUNT ? &ref_types[type] : NULL; }

/* v's bits (32-bit types: the low word), as a signed integer, and the sign bit, by the row's size. */
static uint64_t ref_bits(const ref_type_info *t, mgpu_scalar v) { return t->size == 4 ? v.u32 : v.u64; }
static int64_t ref_signed(const ref_type_info *t, mgpu_scalar v) { return t->size == 4 ? v.i32 : v.i64; }
static uint64_t ref_sign_bit(const ref_type_info *t) { return 1ull << (t->size * 8 - 1); }

mgpu_scalar ref_from_double(mgpu_type type, double v) {
    const ref_type_info *t = ref_type(type);
    return (t ? t : &ref_types[MGPU_TYPE_F64])->from_double(v);
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
    const ref_type_info *t = ref_type(type);
    if (op != MGPU_OP_ADD && t) return t->extreme(op == MGPU_OP_MIN); /* min's identity is the type's maximum */
    mgpu_scalar v;
    memset(&v, 0, sizeof v);
    return v;
}

/* a < b by value (a NaN compares false). */
static bool ref_less(const ref_type_info *t, mgpu_scalar a, mgpu_scalar b) {
    if (t->is_float) return t->to_double(a) < t->to_double(b);
    return t->is_signed ? ref_signed(t, a) < ref_signed(t, b) : ref_bits(t, a) < ref_bits(t, b);
}

mgpu_scalar ref_apply(mgpu_type type, mgpu_op op, mgpu_scalar a, mgpu_scalar b) {
    const ref_type_info *t = ref_type(type);
    if (!t) return a;
    if (op == MGPU_OP_ADD) return t->add(a, b);
    /* min and max: a where it wins or is NaN (the NaN propagates), else b */
    bool a_wins = op == MGPU_OP_MIN ? ref_less(t, a, b) : ref_less(t, b, a);
    return a_wins || (t->is_float && isnan(t->to_double(a))) ? a : b;
}

double ref_to_double(mgpu_type type, mgpu_scalar v) {
    const ref_type_info *t = ref_type(type);
    return t ? t->to_double(v) : 0;
}

bool ref_equal(mgpu_type type, mgpu_scalar a, mgpu_scalar b) {
    const ref_type_info *t = ref_type(type);
    if (!t) return false;
    if (!t->is_float) return ref_bits(t, a) == ref_bits(t, b);
    double x = t->to_double(a), y = t->to_double(b);
    return x == y || (isnan(x) && isnan(y));
}

bool ref_close(mgpu_type type, mgpu_scalar a, mgpu_scalar b, double scale) {
    if (ref_equal(type, a, b)) return true;
    const ref_type_info *t = ref_type(type);
    if (!t || !t->is_float) return false;
    double eps = t->size == 4 ? 1e-5 : 1e-12;
    double x = t->to_double(a), y = t->to_double(b);
    return fabs(x - y) <= eps * (scale > 1 ? scale : 1);
}

void ref_format(mgpu_type type, mgpu_scalar v, char *buf, size_t size) {
    const ref_type_info *t = ref_type(type);
    if (!t)
        snprintf(buf, size, "?");
    else if (t->is_float)
        snprintf(buf, size, "%.*g", t->size == 4 ? 9 : 17, t->to_double(v));
    else if (t->is_signed)
        snprintf(buf, size, "%" PRId64, ref_signed(t, v));
    else
        snprintf(buf, size, "%" PRIu64, ref_bits(t, v));
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
static bool ref_greater(const ref_type_info *t, mgpu_scalar b, mgpu_scalar a) {
    if (t->is_float) return !isnan(t->to_double(a)) && (isnan(t->to_double(b)) || ref_less(t, a, b));
    return ref_less(t, a, b);
}

mgpu_reduce_value ref_reduce(mgpu_type type, mgpu_op op, const void *in, size_t n) {
    mgpu_reduce_value r = {.value = ref_identity(type, op), .index = -1};
    const ref_type_info *t = ref_type(type);
    for (size_t i = 0; i < n; ++i) {
        mgpu_scalar x = ref_get(type, in, i);
        if (op != MGPU_OP_MAX_INDEX) {
            r.value = ref_apply(type, op, r.value, x);
        } else if (r.index < 0 || (t && ref_greater(t, x, r.value))) {
            r.value = x;
            r.index = (int64_t)i;
        }
    }
    return r;
}

uint64_t ref_key_bits(mgpu_type type, mgpu_scalar k) {
    const ref_type_info *t = ref_type(type);
    if (!t) return 0;
    uint64_t bits = ref_bits(t, k), sign = ref_sign_bit(t);
    if (!t->is_float) return t->is_signed ? bits ^ sign : bits;
    return bits ^ (bits & sign ? sign | (sign - 1) : sign); /* negative: every bit flipped; else the sign */
}

void ref_merge(mgpu_type type, size_t value_size, bool descending, const void *a, const void *va, size_t an,
               const void *b, const void *vb, size_t bn, void *out, void *vout) {
    size_t i = 0, j = 0, size = mgpu_type_size(type);
    for (size_t o = 0; o < an + bn; ++o) {
        bool take_a;
        if (j >= bn)
            take_a = true;
        else if (i >= an)
            take_a = false;
        else {
            uint64_t x = ref_key_bits(type, ref_get(type, a, i)), y = ref_key_bits(type, ref_get(type, b, j));
            take_a = descending ? !(x < y) : !(y < x);
        }
        const void *src = take_a ? a : b;
        size_t k = take_a ? i++ : j++;
        memcpy((char *)out + o * size, (const char *)src + k * size, size);
        if (value_size)
            memcpy((char *)vout + o * value_size, (const char *)(take_a ? va : vb) + k * value_size, value_size);
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
                   const void *keys, const void *values, size_t n, void *keys_out, void *values_out,
                   int32_t *indices_out) {
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
        if (value_size)
            memcpy((char *)values_out + o * value_size, (const char *)values + order[o] * value_size, value_size);
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

/* ---- segmented reduce and reduce-by-key ---- */

void ref_segreduce(mgpu_type type, mgpu_op op, const void *values, size_t n, const int32_t *starts, size_t m,
                   void *out) {
    for (size_t k = 0; k < m; ++k) {
        size_t end = k + 1 < m ? (size_t)starts[k + 1] : n;
        mgpu_scalar acc = ref_identity(type, op);
        for (size_t i = (size_t)starts[k]; i < end; ++i) acc = ref_apply(type, op, acc, ref_get(type, values, i));
        ref_set(type, out, k, acc);
    }
}

size_t ref_reduce_by_key(mgpu_type key_type, mgpu_type value_type, mgpu_op op, const void *keys, const void *values,
                         size_t n, void *keys_out, void *values_out) {
    size_t key_size = mgpu_type_size(key_type), runs = 0;
    mgpu_scalar acc = ref_identity(value_type, op);
    for (size_t i = 0; i < n; ++i) {
        const char *key = (const char *)keys + i * key_size;
        if (i == 0 || memcmp(key, key - key_size, key_size) != 0) { /* a new run: equal bits, equal keys */
            if (i) ref_set(value_type, values_out, runs - 1, acc);
            memcpy((char *)keys_out + runs * key_size, key, key_size);
            acc = ref_identity(value_type, op);
            ++runs;
        }
        acc = ref_apply(value_type, op, acc, ref_get(value_type, values, i));
    }
    if (runs) ref_set(value_type, values_out, runs - 1, acc);
    return runs;
}
