/*
 * Out of memory, and failures half-way through the blocking calls.
 *
 * lavapipe takes device memory from host malloc (posix_memalign) and does not hold allocations to the heap it
 * reports, so the test makes allocation really fail: for the span of a check it lowers the process's
 * address-space limit (RLIMIT_AS) to what the process has mapped now plus a headroom, then restores it. Under
 * AddressSanitizer this works too (its shadow and allocator regions are reserved at start, so they count as
 * mapped already, and large allocations are fresh mmaps), provided ASan returns NULL rather than aborting:
 * the ctest entry (tests/robustness.cmake) sets ASAN_OPTIONS=allocator_may_return_null=1.
 * Everything that runs under a limit has its pipelines built before (LLVM aborts when it runs out of memory
 * while compiling).
 *
 * Checks: an allocation past the device's memory, and one the host cannot back, return
 * MGPU_ERROR_OUT_OF_MEMORY; mergesort and radix sort whose scratch cannot be allocated, and scan, reduce,
 * upload and download whose host-visible staging cannot, return MGPU_ERROR_OUT_OF_MEMORY; every blocking call
 * that fails after taking its scratch (the context's command buffer is busy) returns what it should; after
 * each failure the pool's in-use ranges and bytes are what they were before the call; the context keeps
 * working (a small scan and sort, under the limit and after it) and ends with nothing in use.
 *
 * The test has its own context, on the CPU device (lavapipe) whatever device the run tests: the paths under
 * test are the library's host code, and only there is device memory the process's own memory. Mesa reports
 * the VK_ERROR_OUT_OF_DEVICE_MEMORY it returns to the debug messenger (as an error of the driver, not of the
 * validation layers), and the library counts it as a validation message; this context's log tells those
 * reports from anything else, which fails the test.
 */
#include "common.h"

#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define OOM_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define OOM_ASAN 1
#endif
#endif

#define MIB ((VkDeviceSize)1 << 20)

typedef struct oom_log {
    uint64_t driver_oom; /* the driver's reports of the out-of-memory results it returned */
    uint64_t other;      /* any other validation message: a failure */
} oom_log;

static void oom_log_message(void *user, mgpu_log_level level, const char *message) {
    oom_log *log = user;
    if (level != MGPU_LOG_VALIDATION) return; /* the library's own error lines are the failures asked for */
    if (!strcmp(message, "VK_ERROR_OUT_OF_DEVICE_MEMORY") || !strcmp(message, "VK_ERROR_OUT_OF_HOST_MEMORY")) {
        ++log->driver_oom;
    } else {
        ++log->other;
        fprintf(stderr, "[oom vulkan] %s\n", message);
    }
}

/* ---- the address-space limit ------------------------------------------------------------------------------ */

static struct rlimit oom_saved_limit;

/* Bytes of address space mapped now: the first field of /proc/self/statm, what RLIMIT_AS is checked against. */
static uint64_t oom_mapped_bytes(void) {
    unsigned long long pages = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f) {
        if (fscanf(f, "%llu", &pages) != 1) pages = 0;
        fclose(f);
    }
    return (uint64_t)pages * (uint64_t)sysconf(_SC_PAGESIZE);
}

/* From now on the process can map `headroom` bytes more than it has. */
static bool oom_limit_begin(VkDeviceSize headroom) {
    uint64_t mapped = oom_mapped_bytes();
    CHECK(mapped > 0, "reading /proc/self/statm");
    CHECK(getrlimit(RLIMIT_AS, &oom_saved_limit) == 0, "getrlimit(RLIMIT_AS)");
    struct rlimit limit = oom_saved_limit;
    limit.rlim_cur = (rlim_t)(mapped + headroom);
    if (oom_saved_limit.rlim_max != RLIM_INFINITY && limit.rlim_cur > oom_saved_limit.rlim_max) {
        CHECK(false, "the hard RLIMIT_AS (%llu) leaves no room for the test",
              (unsigned long long)oom_saved_limit.rlim_max);
        return false;
    }
    bool ok = mapped > 0 && setrlimit(RLIMIT_AS, &limit) == 0;
    CHECK(ok, "setrlimit(RLIMIT_AS, %llu MiB)", (unsigned long long)(limit.rlim_cur >> 20));
    return ok;
}

static void oom_limit_end(void) { CHECK(setrlimit(RLIMIT_AS, &oom_saved_limit) == 0, "restoring RLIMIT_AS"); }

/* ---- checks ------------------------------------------------------------------------------------------------- */

/* The pool holds what it held before a failed call. */
static void oom_expect_unchanged(mgpu_context ctx, const mgpu_pool_stats *before, const char *what) {
    mgpu_pool_stats after = test_pool_stats(ctx);
    CHECK(after.in_use_ranges == before->in_use_ranges && after.in_use_bytes == before->in_use_bytes,
          "%s: %llu ranges (%llu bytes) in use after the failure, %llu (%llu bytes) before", what,
          (unsigned long long)after.in_use_ranges, (unsigned long long)after.in_use_bytes,
          (unsigned long long)before->in_use_ranges, (unsigned long long)before->in_use_bytes);
}

/* expr fails with `expected`, its detail containing `detail`, and leaves the pool's use as it was. */
#define OOM_FAILS(ctx, expr, expected, detail)                                                                       \
    do {                                                                                                             \
        mgpu_pool_stats before_ = test_pool_stats(ctx);                                                              \
        mgpu_result r_ = (expr);                                                                                     \
        const char *error_ = mgpu_context_last_error(ctx);                                                           \
        CHECK(r_ == (expected) && strstr(error_, (detail)) != NULL, "%s -> %s (%s), expected %s with \"%s\"", #expr, \
              mgpu_result_name(r_), error_, mgpu_result_name(expected), (detail));                                   \
        oom_expect_unchanged(ctx, &before_, #expr);                                                                  \
    } while (0)

/* A scan and a radix sort of a few tiles give the CPU reference's results. */
static void oom_small_checks(mgpu_context ctx, const char *when) {
    const uint32_t n = 20000;
    uint32_t *keys = malloc(n * 4u), *want = malloc(n * 4u), *got = malloc(n * 4u);
    test_fill_random(MGPU_TYPE_U32, keys, n, 0, 1 << 20);
    mgpu_scalar want_total, total;
    memset(&total, 0, sizeof total);
    ref_scan(MGPU_TYPE_U32, MGPU_OP_ADD, true, keys, want, n, &want_total);
    mgpu_range r = {0};
    CHECK_OK_IN(ctx, mgpu_buffer_alloc(ctx, n * 4u, &r));
    CHECK_OK_IN(ctx, mgpu_buffer_upload(ctx, r, keys, n * 4u));
    CHECK_OK_IN(
        ctx,
        mgpu_scan(ctx, &(mgpu_scan_info){.type = MGPU_TYPE_U32, .exclusive = true, .count = n, .input = r, .output = r},
                  &total));
    memset(got, 0, n * 4u);
    CHECK_OK_IN(ctx, mgpu_buffer_download(ctx, r, got, n * 4u));
    CHECK(memcmp(got, want, n * 4u) == 0 && total.u32 == want_total.u32, "scan %s differs from the CPU reference",
          when);
    ref_sort(MGPU_TYPE_U32, 0, false, keys, NULL, n, want, NULL, NULL);
    CHECK_OK_IN(ctx, mgpu_buffer_upload(ctx, r, keys, n * 4u));
    CHECK_OK_IN(ctx, mgpu_radixsort(
                         ctx, &(mgpu_sort_info){.key_type = MGPU_TYPE_U32, .count = n, .keys_in = r, .keys_out = r}));
    memset(got, 0, n * 4u);
    CHECK_OK_IN(ctx, mgpu_buffer_download(ctx, r, got, n * 4u));
    CHECK(memcmp(got, want, n * 4u) == 0, "radix sort %s differs from the CPU reference", when);
    mgpu_buffer_free(ctx, r);
    free(keys);
    free(want);
    free(got);
}

/* Allocations the device's heap cannot hold, and ones the host cannot back. */
static void oom_allocations(mgpu_context ctx, VkDeviceSize big, VkDeviceSize headroom) {
    mgpu_device_info info;
    mgpu_context_get_device_info(ctx, &info);
    mgpu_range r = {0};
    OOM_FAILS(ctx, mgpu_buffer_alloc(ctx, info.device_local_bytes + 1, &r), MGPU_ERROR_OUT_OF_MEMORY, "exceed");
    if (!oom_limit_begin(headroom)) return;
    /* Vulkan's own failure: VK_ERROR_OUT_OF_DEVICE_MEMORY from vkAllocateMemory. */
    OOM_FAILS(ctx, mgpu_buffer_alloc(ctx, big, &r), MGPU_ERROR_OUT_OF_MEMORY, "VkResult");
    oom_small_checks(ctx, "under the limit, after a failed allocation");
    oom_limit_end();
}

/* Sorts whose scratch cannot be allocated. */
static void oom_scratch(mgpu_context ctx, VkDeviceSize headroom) {
    const uint32_t n = 1u << 26; /* keys and values of 256 MiB each, scratch of at least 512 MiB */
    mgpu_range keys = {0}, values = {0}, probe = {0};
    CHECK_OK_IN(ctx, mgpu_buffer_alloc(ctx, (VkDeviceSize)n * 4, &keys));
    CHECK_OK_IN(ctx, mgpu_buffer_alloc(ctx, (VkDeviceSize)n * 4, &values));
    mgpu_sort_info sort = {.key_type = MGPU_TYPE_U32,
                           .value_size = 4,
                           .count = n,
                           .keys_in = keys,
                           .keys_out = keys,
                           .values_in = values,
                           .values_out = values};
    mgpu_requirements merge_req = {0}, radix_req = {0};
    CHECK_OK_IN(ctx, mgpu_mergesort_get_requirements(ctx, &sort, &merge_req));
    CHECK_OK_IN(ctx, mgpu_radixsort_get_requirements(ctx, &sort, &radix_req));
    CHECK(merge_req.scratch_size > 2 * headroom && radix_req.scratch_size > 2 * headroom,
          "sort scratch (%llu and %llu bytes) beyond the headroom", (unsigned long long)merge_req.scratch_size,
          (unsigned long long)radix_req.scratch_size);
    if (keys.buffer && values.buffer && oom_limit_begin(headroom)) {
        /* Should the limit not hold, the sorts below would run on 2^26 keys: make sure first. */
        mgpu_result r = mgpu_buffer_alloc(ctx, merge_req.scratch_size, &probe);
        CHECK(r == MGPU_ERROR_OUT_OF_MEMORY, "an allocation of the sort's scratch under the limit -> %s",
              mgpu_result_name(r));
        if (r == MGPU_SUCCESS) mgpu_buffer_free(ctx, probe);
        if (r == MGPU_ERROR_OUT_OF_MEMORY) {
            OOM_FAILS(ctx, mgpu_mergesort(ctx, &sort), MGPU_ERROR_OUT_OF_MEMORY, "VkResult");
            OOM_FAILS(ctx, mgpu_radixsort(ctx, &sort), MGPU_ERROR_OUT_OF_MEMORY, "VkResult");
            oom_small_checks(ctx, "under the limit, after sorts without scratch");
        }
        oom_limit_end();
    }
    mgpu_buffer_free(ctx, keys);
    mgpu_buffer_free(ctx, values);
}

/* Calls whose host-visible staging or readback range cannot be allocated: the pool is trimmed so that the
 * next host range needs a new block, and the headroom is less than one. */
static void oom_staging(mgpu_context ctx) {
    const uint32_t n = 5000;
    uint32_t *data = calloc(n, 4);
    mgpu_range in = {0}, out = {0};
    CHECK_OK_IN(ctx, mgpu_buffer_alloc(ctx, n * 4u, &in));
    CHECK_OK_IN(ctx, mgpu_buffer_alloc(ctx, n * 4u, &out));
    CHECK_OK_IN(ctx, mgpu_buffer_upload(ctx, in, data, n * 4u));
    mgpu_pool_trim(ctx);
    if (in.buffer && out.buffer && oom_limit_begin(16 * MIB)) {
        mgpu_scalar total;
        mgpu_reduce_value value;
        OOM_FAILS(
            ctx,
            mgpu_scan(ctx, &(mgpu_scan_info){.type = MGPU_TYPE_U32, .count = n, .input = in, .output = out}, &total),
            MGPU_ERROR_OUT_OF_MEMORY, "VkResult");
        OOM_FAILS(ctx, mgpu_reduce(ctx, &(mgpu_reduce_info){.type = MGPU_TYPE_U32, .count = n, .input = in}, &value),
                  MGPU_ERROR_OUT_OF_MEMORY, "VkResult");
        OOM_FAILS(ctx, mgpu_buffer_upload(ctx, in, data, n * 4u), MGPU_ERROR_OUT_OF_MEMORY, "VkResult");
        OOM_FAILS(ctx, mgpu_buffer_download(ctx, in, data, n * 4u), MGPU_ERROR_OUT_OF_MEMORY, "VkResult");
        oom_limit_end();
    }
    mgpu_buffer_free(ctx, in);
    mgpu_buffer_free(ctx, out);
    free(data);
}

/* Every blocking call, with valid arguments, while the context's command buffer is being recorded: each takes
 * its scratch (and readback range) and then cannot begin recording; nothing may stay allocated. */
static void oom_busy(mgpu_context ctx) {
    const uint32_t n = 20000; /* several tiles of every primitive: scratch is needed */
    mgpu_range r[8];
    memset(r, 0, sizeof r);
    for (int k = 0; k < 8; ++k) CHECK_OK_IN(ctx, mgpu_buffer_alloc(ctx, (VkDeviceSize)n * 8, &r[k]));
    int32_t *ramp = malloc(n * 4u);
    for (uint32_t i = 0; i < n; ++i) ramp[i] = (int32_t)i;
    CHECK_OK_IN(ctx, mgpu_buffer_upload(ctx, r[0], ramp, n * 4u)); /* sorted, and valid starts and indices */
    free(ramp);
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    CHECK_OK_IN(ctx, mgpu_commands_begin(ctx, &cmd));
    const char *busy = "already being recorded";
    const mgpu_result bad = MGPU_ERROR_INVALID_ARGUMENT;
    mgpu_scalar total;
    mgpu_reduce_value value;
    uint32_t a_matches, b_matches;
    OOM_FAILS(
        ctx,
        mgpu_scan(ctx, &(mgpu_scan_info){.type = MGPU_TYPE_U32, .count = n, .input = r[1], .output = r[2]}, &total),
        bad, busy);
    OOM_FAILS(ctx, mgpu_reduce(ctx, &(mgpu_reduce_info){.type = MGPU_TYPE_U32, .count = n, .input = r[1]}, &value), bad,
              busy);
    OOM_FAILS(ctx, mgpu_fill(ctx, &(mgpu_fill_info){.type = MGPU_TYPE_U32, .count = n, .output = r[1]}), bad, busy);
    OOM_FAILS(ctx,
              mgpu_merge(ctx, &(mgpu_merge_info){.key_type = MGPU_TYPE_U32,
                                                 .value_size = 4,
                                                 .a_count = n / 2,
                                                 .b_count = n / 2,
                                                 .a_keys = r[0],
                                                 .b_keys = r[1],
                                                 .a_values = r[2],
                                                 .b_values = r[3],
                                                 .out_keys = r[4],
                                                 .out_values = r[5]}),
              bad, busy);
    mgpu_sort_info sort = {.key_type = MGPU_TYPE_U32,
                           .value_size = 4,
                           .count = n,
                           .keys_in = r[1],
                           .keys_out = r[2],
                           .values_in = r[3],
                           .values_out = r[4]};
    OOM_FAILS(ctx, mgpu_mergesort(ctx, &sort), bad, busy);
    OOM_FAILS(ctx, mgpu_radixsort(ctx, &sort), bad, busy);
    OOM_FAILS(ctx,
              mgpu_load_balance(ctx, &(mgpu_load_balance_info){.item_count = n,
                                                               .object_count = n / 4,
                                                               .object_starts = r[0],
                                                               .out_objects = r[1]}),
              bad, busy);
    OOM_FAILS(ctx,
              mgpu_interval(ctx, &(mgpu_interval_info){.op = MGPU_INTERVAL_OP_EXPAND,
                                                       .value_size = 4,
                                                       .item_count = n,
                                                       .interval_count = n / 4,
                                                       .interval_starts = r[0],
                                                       .input = r[1],
                                                       .output = r[2]}),
              bad, busy);
    OOM_FAILS(ctx,
              mgpu_sorted_search(ctx,
                                 &(mgpu_sorted_search_info){.key_type = MGPU_TYPE_U32,
                                                            .a_count = n,
                                                            .b_count = n,
                                                            .a_keys = r[0],
                                                            .b_keys = r[0],
                                                            .a_indices = r[1],
                                                            .a_matches = r[2],
                                                            .b_matches = r[3]},
                                 &a_matches, &b_matches),
              bad, busy);
    OOM_FAILS(
        ctx,
        mgpu_bulk_remove(
            ctx,
            &(mgpu_bulk_remove_info){
                .value_size = 4, .count = n, .input = r[1], .index_count = n / 4, .indices = r[0], .output = r[2]}),
        bad, busy);
    OOM_FAILS(ctx,
              mgpu_bulk_insert(ctx, &(mgpu_bulk_insert_info){.value_size = 4,
                                                             .b_count = n,
                                                             .b = r[1],
                                                             .a_count = n / 4,
                                                             .insert = r[2],
                                                             .indices = r[0],
                                                             .output = r[3]}),
              bad, busy);
    OOM_FAILS(ctx, mgpu_buffer_upload(ctx, r[1], &n, 4), bad, busy);
    OOM_FAILS(ctx, mgpu_buffer_download(ctx, r[1], &total, 4), bad, busy);
    CHECK_OK_IN(ctx, mgpu_commands_submit(ctx, NULL));
    for (int k = 0; k < 8; ++k) mgpu_buffer_free(ctx, r[k]);
}

void test_oom(void) {
#ifdef OOM_ASAN
    const char *options = getenv("ASAN_OPTIONS");
    if (!options || !strstr(options, "allocator_may_return_null=1")) {
        CHECK(false, "under AddressSanitizer the oom family needs ASAN_OPTIONS=allocator_may_return_null=1 (its ctest "
                     "entry in tests/robustness.cmake sets it)");
        return;
    }
#endif
    mgpu_device_info devices[16];
    uint32_t count = 16;
    char cpu[16] = "";
    CHECK_OK(mgpu_enumerate_devices(devices, &count, NULL));
    for (uint32_t i = 0; i < count && !cpu[0]; ++i)
        if (devices[i].type == VK_PHYSICAL_DEVICE_TYPE_CPU) snprintf(cpu, sizeof cpu, "%u", i);
    if (!cpu[0]) {
        CHECK(false, "the oom family needs a CPU Vulkan device (lavapipe, Debian package mesa-vulkan-drivers)");
        return;
    }
    oom_log log = {0, 0};
    mgpu_context ctx = NULL;
    mgpu_context_desc desc = {.device = cpu, .validation = g_test.validation, .log = oom_log_message, .log_user = &log};
    mgpu_result r = mgpu_context_create(&desc, &ctx);
    CHECK(r == MGPU_SUCCESS, "mgpu_context_create -> %s", mgpu_result_name(r));
    if (!ctx) return;
    mgpu_device_info info;
    mgpu_context_get_device_info(ctx, &info);
    /* Less than the device's heap (so Vulkan is asked), more than the headroom and all the pool could give back. */
    const VkDeviceSize headroom = 192 * MIB, big = (VkDeviceSize)1 << 30;
    CHECK(info.device_local_bytes > big, "device memory of %llu MiB: the test wants more than %llu MiB",
          (unsigned long long)(info.device_local_bytes >> 20), (unsigned long long)(big >> 20));
    mgpu_pool_stats start = test_pool_stats(ctx);

    oom_small_checks(ctx, "before"); /* builds the pipelines that run under the limits */
    oom_allocations(ctx, big, headroom);
    oom_scratch(ctx, headroom);
    oom_staging(ctx);
    oom_busy(ctx);
    oom_small_checks(ctx, "after the limits");

    mgpu_pool_stats end = test_pool_stats(ctx);
    CHECK(end.in_use_ranges == start.in_use_ranges && end.in_use_bytes == start.in_use_bytes,
          "%llu ranges (%llu bytes) in use at the end, %llu at the start", (unsigned long long)end.in_use_ranges,
          (unsigned long long)end.in_use_bytes, (unsigned long long)start.in_use_ranges);
    uint64_t counted = mgpu_context_validation_message_count(ctx);
    mgpu_context_destroy(ctx);
    CHECK(log.other == 0, "%llu validation messages", (unsigned long long)log.other);
    CHECK(counted == log.driver_oom + log.other, "the context counted %llu validation messages, its log heard %llu",
          (unsigned long long)counted, (unsigned long long)(log.driver_oom + log.other));
}
