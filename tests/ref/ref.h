/* CPU references: serial and obviously right. Used by the tests and by the benchmark's verification. */
#ifndef MGPU_TEST_REF_H
#define MGPU_TEST_REF_H

#include "mgpuvk.h"

/* Elements of one type: one row per mgpu_type, the one place where the references and the tests tell the types
 * apart (the ref_ functions below, the tests' inputs and checks). */
typedef struct ref_type_info {
    size_t size;                          /* bytes, as mgpu_type_size */
    bool is_float, is_signed;             /* is_signed: i32, i64 and the floats */
    mgpu_scalar (*from_int)(int64_t v);   /* integers modulo 2^bits (-1: the unsigned maximum), floats rounded */
    mgpu_scalar (*from_double)(double v); /* integers truncated toward zero (v must fit) */
    double (*to_double)(mgpu_scalar v);
    mgpu_scalar (*add)(mgpu_scalar a, mgpu_scalar b); /* integers wrap */
    mgpu_scalar (*extreme)(bool highest);             /* integers: the minimum or maximum; floats: -inf or +inf */
} ref_type_info;
/* The row of type; NULL for a value that is no type. The scalars the rows make have their unused bytes zero. */
const ref_type_info *ref_type(mgpu_type type);

/* The op's identity for type (max-index: the value part). */
mgpu_scalar ref_identity(mgpu_type type, mgpu_op op);
/* acc = op(acc, x) exactly as the kernels do it (NaN-propagating min/max, wrapping integer add). */
mgpu_scalar ref_apply(mgpu_type type, mgpu_op op, mgpu_scalar acc, mgpu_scalar x);
/* Element i of an array of type. */
mgpu_scalar ref_get(mgpu_type type, const void *array, size_t i);
/* v converted to type (integers truncated toward zero; v must fit the type), the unused bytes zero. */
mgpu_scalar ref_from_double(mgpu_type type, double v);
void ref_set(mgpu_type type, void *array, size_t i, mgpu_scalar v);
/* Equality for checking: integers exactly; floats by value (-0.0 == +0.0) with NaN equal to NaN. */
bool ref_equal(mgpu_type type, mgpu_scalar a, mgpu_scalar b);
/* Floats within a relative tolerance of scale (for sums whose rounding depends on order). */
bool ref_close(mgpu_type type, mgpu_scalar a, mgpu_scalar b, double scale);
double ref_to_double(mgpu_type type, mgpu_scalar v);
/* Prints v into buf. */
void ref_format(mgpu_type type, mgpu_scalar v, char *buf, size_t size);

void ref_scan(mgpu_type type, mgpu_op op, bool exclusive, const void *in, void *out, size_t n, mgpu_scalar *total);
mgpu_reduce_value ref_reduce(mgpu_type type, mgpu_op op, const void *in, size_t n);

/* Keys in the order of DESIGN.md: an order-preserving map to unsigned bits (floats: IEEE total order). */
uint64_t ref_key_bits(mgpu_type type, mgpu_scalar key);
/* Stable merge of sorted a and b (A's element first on equal keys); values of value_size bytes (0: none). */
void ref_merge(mgpu_type type, size_t value_size, bool descending, const void *a, const void *va, size_t an,
               const void *b, const void *vb, size_t bn, void *out, void *vout);
/* Stable sort of n keys in the total order (values of value_size bytes moved along, 0: none); indices_out
 * (optional) receives each sorted key's input position. */
void ref_sort(mgpu_type type, size_t value_size, bool descending, const void *keys, const void *values, size_t n,
              void *keys_out, void *values_out, int32_t *indices_out);
/* The same by bits [begin_bit, end_bit) of the key's order-preserving bits (complemented when descending). */
void ref_sort_bits(mgpu_type type, size_t value_size, bool descending, unsigned begin_bit, unsigned end_bit,
                   const void *keys, const void *values, size_t n, void *keys_out, void *values_out,
                   int32_t *indices_out);

/* ---- segmented reduce and reduce-by-key (tests/test_segreduce.c, bench/cases_segreduce.c) ---- */
/* out[k] = op over values [starts[k], starts[k + 1]) (the last segment ends at n), from the op's identity, so an
 * empty segment gives the identity; values before starts[0] belong to none. starts ascending in [0, n]. */
void ref_segreduce(mgpu_type type, mgpu_op op, const void *values, size_t n, const int32_t *starts, size_t m,
                   void *out);
/* Runs of keys with equal bits: one key and the op's reduction of its values each, in keys_out and values_out
 * (room for n); returns the number of runs. */
size_t ref_reduce_by_key(mgpu_type key_type, mgpu_type value_type, mgpu_op op, const void *keys, const void *values,
                         size_t n, void *keys_out, void *values_out);

#endif
