/* The tests' harness (harness.c): the run's state and the context under test, checks, random inputs and keys,
 * transfers, tile sizes, the sort test of mergesort and radix sort, a caller's VkBuffer, running the mgpuvk
 * tool, the tests' own Vulkan device; and the families (families.def). Element types are told apart through
 * ref_type (ref/ref.h). */
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
    const char *cli_path; /* the mgpuvk tool, for the families with the cli flag */
    const char *temp_dir;
    bool validation;
} test_env;

extern test_env g_test;

#define CHECK(cond, ...)                                                        \
    do {                                                                        \
        ++g_test.checks;                                                        \
        if (!(cond)) {                                                          \
            ++g_test.failures;                                                  \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                \
            fprintf(stderr, __VA_ARGS__);                                       \
            fprintf(stderr, " (seed %llu)\n", (unsigned long long)g_test.seed); \
        }                                                                       \
    } while (0)

/* expr succeeds; a failure names the last error of ctx (CHECK_OK: the test context's). */
#define CHECK_OK_IN(ctx, expr)                                                                                \
    do {                                                                                                      \
        mgpu_result r_ = (expr);                                                                              \
        CHECK(r_ == MGPU_SUCCESS, "%s -> %s: %s", #expr, mgpu_result_name(r_), mgpu_context_last_error(ctx)); \
    } while (0)
#define CHECK_OK(expr) CHECK_OK_IN(g_test.ctx, expr)

/* expr returns expected. CHECK_RESULT_IN also names the last error of ctx. */
#define CHECK_RESULT(expr, expected)                                                                               \
    do {                                                                                                           \
        mgpu_result r_ = (expr);                                                                                   \
        CHECK(r_ == (expected), "%s -> %s, expected %s", #expr, mgpu_result_name(r_), mgpu_result_name(expected)); \
    } while (0)
#define CHECK_RESULT_IN(ctx, expr, expected)                                               \
    do {                                                                                   \
        mgpu_result r_ = (expr);                                                           \
        CHECK(r_ == (expected), "%s -> %s (%s), expected %s", #expr, mgpu_result_name(r_), \
              mgpu_context_last_error(ctx), mgpu_result_name(expected));                   \
    } while (0)

/* xorshift64* random numbers from the run's seed. */
uint64_t test_random(void);
uint32_t test_random_below(uint32_t bound);
/* count random elements of type: mostly small values (sums stay exact in floats), with duplicates. */
void test_fill_random(mgpu_type type, void *data, size_t count, int64_t lo, int64_t hi);
/* A device range holding `count` elements copied from host data. */
mgpu_range test_upload(mgpu_type type, const void *data, size_t count);
/* `count` elements from element `shift` on of a buffer of their own (copied from data unless NULL): their range,
 * and in *parent the buffer's whole range, the one to free. A shift makes the range's address unaligned. */
mgpu_range test_upload_shifted(mgpu_type type, const void *data, size_t count, size_t shift, mgpu_range *parent);
void *test_download(mgpu_type type, mgpu_range range, size_t count);
/* The tile size (NT * VT) of prim for type under the current tuning. */
uint32_t test_tile(mgpu_prim prim, mgpu_type type);
/* A context of its own created with env MGPU_TUNE set to `tune` (restored after), or NULL (a failed check). */
mgpu_context test_context_with_tune(const char *tune);
/* Sizes that straddle tile boundaries for tile: 0, 1, 2, tile-1, tile, tile+1, ... */
size_t test_sizes(uint32_t tile, uint32_t *sizes, size_t capacity);
/* The pool statistics of ctx. */
mgpu_pool_stats test_pool_stats(mgpu_context ctx);

/* n random keys of type in [-distinct, distinct], for floats (n > 8) also NaN, -NaN, -0.0, +0.0, infinities. */
void test_keys(mgpu_type type, void *keys, size_t n, int distinct);
/* n keys of type sorted in the total order (both directions): values in [-distinct, distinct], for floats
 * also NaN, -NaN, -0.0, +0.0 and infinities. */
void sorted_keys(mgpu_type type, bool descending, void *keys, size_t n, int distinct);

/* Sort tests shared by mergesort and radix sort. */
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
    int64_t indirect;    /* -1, or the device count (clamped to n; up to UINT32_MAX; radix: past n, overflow 1) */
    bool caller_scratch; /* radix: the recording tier, scratch in a caller's buffer without indirect usage */
    bool shifted;        /* the keys (in and out) one element into their buffers: not 16-byte aligned */
} sort_test;
/* Sorts fresh keys as t says and checks keys and values (or indices) against ref_sort_bits, and that the
 * outputs past an indirect count keep their prior content. */
void sort_test_run(const sort_test *t);
/* Runs fn(arg) twice, with prim's indirect-count grids sized on the device (mgpu_tuning.grids ON) and then the
 * capacity's (OFF), each type's tuning otherwise as it resolves now, and restores each type's tuning as it
 * resolved before. The default, AUTO, takes the capacity's grids at the tests' sizes. */
void test_each_grids(mgpu_prim prim, void (*fn)(void *), void *arg);

/* A caller's VkBuffer of size bytes with its own memory on the test context's device, created with
 * TEST_CALLER_USAGE (what the pool's buffers have); destroy frees both. */
#define TEST_CALLER_USAGE                                                             \
    (VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT | \
     VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT)
VkBuffer test_caller_buffer_create(VkDeviceSize size, VkDeviceMemory *memory);
void test_caller_buffer_destroy(VkBuffer buffer, VkDeviceMemory memory);
/* Scratch of size bytes in a caller's buffer wrapped with TEST_CALLER_USAGE, which lacks
 * VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT: a call with an indirect count given it sizes its grids by the capacity
 * (mgpuvk.h, "Indirect grids"); a grid read from it would be a validation error. */
typedef struct test_caller_scratch {
    VkBuffer buffer;
    VkDeviceMemory memory;
    mgpu_range range;
} test_caller_scratch;
test_caller_scratch test_caller_scratch_create(VkDeviceSize size);
void test_caller_scratch_destroy(test_caller_scratch *scratch);

/* The mgpuvk tool, for the families with the cli flag (families.def): each works in a folder of its own under
 * --temp, made by test_cli_begin and removed by test_cli_end, and runs the tool with the validation layers as
 * the run has them (MGPU_VALIDATION). The helpers below work in that folder. */
/* Makes the folder TEMP/family-SEED-PID for family (its name in messages). Fails the family with a CHECK and returns
 * false when the run has no --cli PATH or the folder cannot be made; the mkdir is one check either way. */
bool test_cli_begin(const char *family);
/* Removes the folder of test_cli_begin and all in it (one check). */
void test_cli_end(void);
/* The folder of test_cli_begin. */
const char *test_cli_dir(void);
/* buf = the folder's path joined with name. */
void test_cli_path(char *buf, size_t size, const char *name);
/* Runs `mgpuvk args` (args as a shell reads them: quote paths) and returns its exit status (-1 if it did not
 * exit). Its stdout and stderr go into out and err (size > 0, cut to size - 1 bytes, NUL-ended); NULL
 * discards one. */
int test_cli_run(const char *args, char *out, size_t out_size, char *err, size_t err_size);
/* Whether file exists. */
bool test_cli_exists(const char *file);
/* Bad input, three checks: `mgpuvk args` exits with 2, writes exactly one line on stderr, and creates neither
 * out nor out2 (each may be NULL; both are removed first) and leaves keep (NULL for none), an existing file,
 * byte for byte as it was. */
void test_cli_rejected(const char *args, const char *out, const char *out2, const char *keep);
/* Writes n elements of type as a .npy file (one check). */
void test_cli_write(const char *file, mgpu_type type, const void *data, size_t n);
/* Two checks: file is a .npy that can be read, and it holds exactly n elements of type, the bytes of want. what
 * names the output in messages, which tell a dtype or count that differs, or the first element that does. */
void test_cli_expect(const char *file, mgpu_type type, const void *want, size_t n, const char *what);

/* The tests' own instance (validation as the run asks, its messages counted) and a device for the test
 * context's GPU, made as an engine makes them: its own feature chain and extension list, into which
 * mgpu_device_requirements_merge writes what the library wants (or, minimal, bufferDeviceAddress alone). The
 * chain and the list are what mgpu_adopt_desc passes on (test_vk_adopt_desc). Not to be copied: the chain
 * points into it. */
typedef struct test_vk_device {
    VkInstance instance;
    VkDebugUtilsMessengerEXT messenger;
    VkPhysicalDevice physical_device;
    VkDevice device;
    uint32_t family;
    VkQueue queue;
    uint32_t api_version;                  /* of the instance and device */
    VkPhysicalDeviceFeatures2 features;    /* what the device was made with: features.pNext = &vk12 */
    VkPhysicalDeviceVulkan12Features vk12; /* bufferDeviceAddress, and what the merge sets */
    const char *extensions[8];
    uint32_t extension_count;
    mgpu_device_merge merge; /* the merge's storage (structs it appended to the chain), unless minimal */
    uint64_t messages;       /* validation warnings and errors of the instance */
} test_vk_device;
/* api_version: VK_API_VERSION_1_2 or 1_3 (the instance's and the device's); minimal: bufferDeviceAddress alone. */
bool test_vk_device_create_with(test_vk_device *d, uint32_t api_version, bool minimal);
/* Vulkan 1.2, with all the library wants. */
bool test_vk_device_create(test_vk_device *d);
/* The desc that adopts d's handles and queue, with the features and extensions d was made with. */
mgpu_adopt_desc test_vk_adopt_desc(const test_vk_device *d);
void test_vk_device_destroy(test_vk_device *d);

/* The families (families.def): void test_NAME(void) each. MGPU_TEST_FAMILY stays defined so, for the rows a
 * primitive family's test file holds (they declare its functions there too). */
typedef void (*test_family_fn)(void);
#define MGPU_TEST_FAMILY(name, flags) void test_##name(void);
#include "families.def"

#endif
