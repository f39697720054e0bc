/* The test runner's shared helpers: checks, random inputs, the context under test. */
#ifndef MGPU_TEST_COMMON_H
#define MGPU_TEST_COMMON_H

#include "mgpuvk.h"
#include "ref/ref.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct test_env {
    mgpu_context ctx;
    uint64_t seed;
    uint64_t checks;
    uint64_t failures;
    const char *cli_path;   /* the mgpuvk tool, for the cli family */
    const char *temp_dir;
    bool validation;
} test_env;

extern test_env g_test;

#define CHECK(cond, ...)                                                                       \
    do {                                                                                       \
        ++g_test.checks;                                                                       \
        if (!(cond)) {                                                                         \
            ++g_test.failures;                                                                 \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                               \
            fprintf(stderr, __VA_ARGS__);                                                      \
            fprintf(stderr, " (seed %llu)\n", (unsigned long long)g_test.seed);                \
        }                                                                                      \
    } while (0)

#define CHECK_OK(expr)                                                                         \
    do {                                                                                       \
        mgpu_result r_ = (expr);                                                               \
        CHECK(r_ == MGPU_SUCCESS, "%s -> %s: %s", #expr, mgpu_result_name(r_),                 \
              mgpu_context_last_error(g_test.ctx));                                            \
    } while (0)

#define CHECK_RESULT(expr, expected)                                                           \
    do {                                                                                       \
        mgpu_result r_ = (expr);                                                               \
        CHECK(r_ == (expected), "%s -> %s, expected %s", #expr, mgpu_result_name(r_),           \
              mgpu_result_name(expected));                                                     \
    } while (0)

/* xorshift64* random numbers from the run's seed. */
uint64_t test_random(void);
uint32_t test_random_below(uint32_t bound);
/* count random elements of type: mostly small values (sums stay exact in floats), with duplicates. */
void test_fill_random(mgpu_type type, void *data, size_t count, int64_t lo, int64_t hi);
/* A device range holding `count` elements copied from host data. */
mgpu_range test_upload(mgpu_type type, const void *data, size_t count);
void *test_download(mgpu_type type, mgpu_range range, size_t count);
/* The tile size (NT * VT) of prim for type under the current tuning. */
uint32_t test_tile(mgpu_prim prim, mgpu_type type);
/* Sizes that straddle tile boundaries for tile: 0, 1, 2, tile-1, tile, tile+1, ... */
size_t test_sizes(uint32_t tile, uint32_t *sizes, size_t capacity);

/* n random keys of type in [-distinct, distinct], for floats (n > 8) also NaN, -NaN, -0.0, +0.0, infinities. */
void test_keys(mgpu_type type, void *keys, size_t n, int distinct);
/* n keys of type sorted in the total order (both directions): values in [-distinct, distinct], for floats
 * also NaN, -NaN, -0.0, +0.0 and infinities. */
void sorted_keys(mgpu_type type, bool descending, void *keys, size_t n, int distinct);

/* Sort tests shared by mergesort and radix sort (test_mergesort.c). */
typedef enum sort_input {
    SORT_INPUT_FEW,
    SORT_INPUT_MANY,
    SORT_INPUT_SORTED,
    SORT_INPUT_REVERSED,
    SORT_INPUT_EQUAL,
    SORT_INPUT_COUNT
} sort_input;
void sort_test_keys(mgpu_type type, sort_input kind, void *keys, size_t n);
typedef struct sort_test {
    mgpu_type type;
    uint32_t payload; /* 0 keys only, 1 indices, 4 or 8 pairs */
    bool descending;
    sort_input kind;
    size_t n;
    bool in_place;
    bool radix;
    unsigned begin_bit, end_bit; /* radix: 0, 0 for every bit */
    int64_t indirect;            /* radix: -1, or the device count (<= n) */
} sort_test;
/* Sorts fresh keys as t says and checks keys and values (or indices) against ref_sort_bits, and that the
 * outputs past an indirect count keep their prior content. */
void sort_test_run(const sort_test *t);

/* The tests' own instance (validation as the run asks, its messages counted) and a device for the test
 * context's GPU with what mgpu_query_device_requirements asks for, as an engine makes them (test_vk_device.c). */
typedef struct test_vk_device {
    VkInstance instance;
    VkDebugUtilsMessengerEXT messenger;
    VkPhysicalDevice physical_device;
    VkDevice device;
    uint32_t family;
    VkQueue queue;
    uint64_t messages; /* validation warnings and errors of the instance */
} test_vk_device;
bool test_vk_device_create(test_vk_device *d);
void test_vk_device_destroy(test_vk_device *d);

typedef void (*test_family_fn)(void);
void test_pool(void);
void test_npy(void);
void test_ranges(void);
void test_threads(void);
void test_oom(void);
void test_device_lost(void);
void test_buffer(void);
void test_reduce(void);
void test_scan(void);
void test_scan_paths(void);
void test_scan_lookback(void);
void test_engine(void);
void test_merge(void);
void test_mergesort(void);
void test_radixsort(void);
void test_load_balance(void);
void test_intervals(void);
void test_sorted_search(void);
void test_bulk(void);
void test_cli(void);
void test_contracts(void);

#endif
