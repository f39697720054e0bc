/* The benchmark's Merge Path family cases (bench/cases.c): inputs, recording and an O(n) host check. */
#ifndef MGPU_BENCH_CASES_H
#define MGPU_BENCH_CASES_H

#include "mgpuvk.h"
#include "ref/ref.h"

typedef enum bench_case_kind {
    BENCH_MERGE,
    BENCH_SORT,
    BENCH_SORT_PAIRS,
    BENCH_RADIX,
    BENCH_RADIX_PAIRS,
    BENCH_SEARCH,
    BENCH_LBS,
    BENCH_EXPAND,
    BENCH_MOVE,
    BENCH_REMOVE,
    BENCH_INSERT,
    BENCH_CASE_COUNT
} bench_case_kind;

extern const char *const bench_case_names[BENCH_CASE_COUNT];

/* Device arrays of the largest size n: in, out hold n keys (out 5/4 n), aux1 and aux2 n 8-byte words. */
typedef struct bench_buffers {
    mgpu_range in, out, aux1, aux2;
} bench_buffers;

typedef mgpu_result (*bench_record_fn)(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch);

typedef struct bench_case {
    bench_case_kind kind;
    mgpu_type type;
    bench_record_fn record;
    union {
        mgpu_merge_info merge;
        mgpu_sort_info sort;
        mgpu_sorted_search_info search;
        mgpu_load_balance_info lbs;
        mgpu_interval_info interval;
        mgpu_bulk_remove_info remove;
        mgpu_bulk_insert_info insert;
    } info;
    double items; /* counted in items/s */
    double bytes; /* the bytes the primitive must read and write at least */
} bench_case;

/* Makes the inputs of case kind for n elements of type in b (GPU fills, deterministic) and its info. */
bool bench_case_setup(mgpu_context ctx, bench_case_kind kind, mgpu_type type, uint64_t n, const bench_buffers *b,
                      bench_case *c);
/* Pooled scratch of the size the case needs (empty when none). */
bool bench_case_scratch(mgpu_context ctx, const bench_case *c, mgpu_range *scratch);
/* Runs the case once more and checks its outputs on the host. */
bool bench_case_verify(mgpu_context ctx, const bench_case *c);

#endif
