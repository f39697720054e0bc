/* The pooled allocator: reuse (hits), misses, LRU eviction past the capacity, capacity set/get, alignment,
 * simple mode, wrapping a caller's buffer, stats JSON, bad arguments. */
#include "common.h"

#include <string.h>

void test_pool(void) {
    mgpu_context ctx = g_test.ctx;
    mgpu_pool_trim(ctx);
    mgpu_pool_stats s0, s;
    mgpu_pool_get_stats(ctx, &s0);

    /* alignment, and distinct ranges do not overlap */
    mgpu_range r[8];
    for (int i = 0; i < 8; ++i) {
        CHECK_OK(mgpu_buffer_alloc(ctx, 1 + 1000 * (VkDeviceSize)i, &r[i]));
        CHECK(r[i].offset % MGPU_POOL_ALIGNMENT == 0, "offset %llu not aligned", (unsigned long long)r[i].offset);
        CHECK(r[i].size == 1 + 1000 * (VkDeviceSize)i, "size %llu", (unsigned long long)r[i].size);
        CHECK(mgpu_range_address(ctx, r[i]) % MGPU_POOL_ALIGNMENT == 0, "address not aligned");
    }
    for (int i = 0; i < 8; ++i)
        for (int j = i + 1; j < 8; ++j)
            CHECK(!(r[i].buffer == r[j].buffer && r[i].offset < r[j].offset + r[j].size &&
                    r[j].offset < r[i].offset + r[i].size),
                  "ranges %d and %d overlap", i, j);
    /* Data written to one range survives writes to the others. */
    uint32_t pattern[250];
    for (int i = 0; i < 250; ++i) pattern[i] = 0x1000u + (uint32_t)i;
    CHECK_OK(mgpu_buffer_upload(ctx, r[1], pattern, 1000));
    uint32_t junk[1750];
    memset(junk, 0xff, sizeof junk);
    CHECK_OK(mgpu_buffer_upload(ctx, r[7], junk, 7000));
    CHECK_OK(mgpu_buffer_upload(ctx, r[0], junk, 1));
    uint32_t back[250];
    CHECK_OK(mgpu_buffer_download(ctx, r[1], back, 1000));
    CHECK(memcmp(back, pattern, 1000) == 0, "a range was overwritten by its neighbours");
    mgpu_pool_get_stats(ctx, &s);
    CHECK(s.in_use_ranges == s0.in_use_ranges + 8, "in use ranges %llu", (unsigned long long)s.in_use_ranges);
    CHECK(s.misses >= s0.misses + 8, "misses");

    /* reuse: a freed range serves the next request of its size class */
    VkBuffer b3 = r[3].buffer;
    VkDeviceSize o3 = r[3].offset;
    mgpu_buffer_free(ctx, r[3]);
    mgpu_pool_get_stats(ctx, &s0);
    CHECK(s0.cached_ranges >= 1 && s0.cached_bytes >= 3001, "a freed range is cached");
    mgpu_range again;
    CHECK_OK(mgpu_buffer_alloc(ctx, 3001, &again));
    mgpu_pool_get_stats(ctx, &s);
    CHECK(s.hits == s0.hits + 1, "hit expected (%llu -> %llu)", (unsigned long long)s0.hits,
          (unsigned long long)s.hits);
    CHECK(again.buffer == b3 && again.offset == o3, "the cached range is handed back");
    r[3] = again;

    /* capacity and LRU eviction */
    CHECK_OK(mgpu_pool_set_capacity(ctx, 8192));
    CHECK(mgpu_pool_get_capacity(ctx) == 8192, "capacity reads back");
    for (int i = 0; i < 8; ++i) mgpu_buffer_free(ctx, r[i]);
    mgpu_pool_get_stats(ctx, &s);
    CHECK(s.cached_bytes <= 8192, "cached %llu past capacity", (unsigned long long)s.cached_bytes);
    CHECK(s.evictions > s0.evictions, "evictions counted");
    /* The most recently freed small range is still cached (LRU keeps the newest). */
    mgpu_range small;
    mgpu_pool_get_stats(ctx, &s0);
    CHECK_OK(mgpu_buffer_alloc(ctx, 7001, &small));
    mgpu_pool_get_stats(ctx, &s);
    CHECK(s.hits == s0.hits + 1, "the newest freed range survives eviction");
    mgpu_buffer_free(ctx, small);
    mgpu_pool_trim(ctx);
    mgpu_pool_get_stats(ctx, &s);
    CHECK(s.cached_bytes == 0 && s.cached_ranges == 0, "trim empties the cache");
    CHECK_OK(mgpu_pool_set_capacity(ctx, (VkDeviceSize)256 << 20));

    /* simple mode: no caching, frees at once */
    CHECK_OK(mgpu_pool_set_mode(ctx, MGPU_POOL_SIMPLE));
    mgpu_pool_get_stats(ctx, &s0);
    mgpu_range simple;
    CHECK_OK(mgpu_buffer_alloc(ctx, 12345, &simple));
    mgpu_pool_get_stats(ctx, &s);
    CHECK(s.blocks == s0.blocks + 1, "simple mode gives an allocation its own memory");
    mgpu_buffer_free(ctx, simple);
    mgpu_pool_get_stats(ctx, &s);
    CHECK(s.blocks == s0.blocks && s.cached_ranges == 0, "simple mode frees at once");
    CHECK_OK(mgpu_pool_set_mode(ctx, MGPU_POOL_BUCKETS));
    CHECK_RESULT(mgpu_pool_set_mode(ctx, (mgpu_pool_mode)5), MGPU_ERROR_INVALID_ARGUMENT);

    /* wrapping a caller's VkBuffer; the pool's own buffers are refused */
    VkDeviceMemory memory;
    VkBuffer caller = test_caller_buffer_create(4096, &memory);
    mgpu_range whole, wrapped;
    CHECK_OK(
        mgpu_buffer_wrap(ctx,
                         &(mgpu_buffer_wrap_desc){
                             .buffer = caller, .usage = TEST_CALLER_USAGE, .buffer_size = 4096, .size = VK_WHOLE_SIZE},
                         &whole));
    CHECK_OK(mgpu_buffer_wrap(
        ctx, &(mgpu_buffer_wrap_desc){.buffer = caller, .usage = TEST_CALLER_USAGE, .offset = 1024, .size = 2048},
        &wrapped));
    CHECK(mgpu_range_address(ctx, wrapped) == mgpu_range_address(ctx, whole) + 1024, "wrapped address");
    uint32_t values[512];
    for (int i = 0; i < 512; ++i) values[i] = (uint32_t)i * 3u;
    CHECK_OK(mgpu_buffer_upload(ctx, wrapped, values, sizeof values));
    mgpu_scalar total;
    CHECK_OK(mgpu_scan(ctx, &(mgpu_scan_info){.type = MGPU_TYPE_U32, .count = 512, .input = wrapped, .output = wrapped},
                       &total));
    CHECK(total.u32 == 3u * 511u * 512u / 2u, "scan over a wrapped range: total %u", total.u32);
    mgpu_buffer_free(ctx, wrapped); /* forgets it; the other wrap stays valid */
    CHECK_OK(mgpu_buffer_download(ctx, whole, values, 16));
    mgpu_buffer_free(ctx, whole);
    mgpu_range owner;
    CHECK_OK(mgpu_buffer_alloc(ctx, 4096, &owner));
    CHECK_RESULT(
        mgpu_buffer_wrap(ctx,
                         &(mgpu_buffer_wrap_desc){
                             .buffer = owner.buffer, .usage = TEST_CALLER_USAGE, .offset = owner.offset, .size = 4096},
                         &wrapped),
        MGPU_ERROR_INVALID_ARGUMENT);
    mgpu_buffer_free(ctx, owner);
    CHECK_RESULT(
        mgpu_buffer_wrap(
            ctx, &(mgpu_buffer_wrap_desc){.buffer = VK_NULL_HANDLE, .usage = TEST_CALLER_USAGE, .size = 16}, &wrapped),
        MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_buffer_wrap(
                     ctx,
                     &(mgpu_buffer_wrap_desc){
                         .buffer = caller, .usage = TEST_CALLER_USAGE, .buffer_size = 100, .offset = 64, .size = 64},
                     &wrapped),
                 MGPU_ERROR_RANGE_TOO_SMALL);
    CHECK_RESULT(
        mgpu_buffer_wrap(
            ctx, &(mgpu_buffer_wrap_desc){.buffer = caller, .usage = TEST_CALLER_USAGE, .size = (VkDeviceSize)1 << 30},
            &wrapped),
        MGPU_ERROR_RANGE_TOO_SMALL);
    CHECK_RESULT(mgpu_buffer_wrap(
                     ctx,
                     &(mgpu_buffer_wrap_desc){.buffer = caller, .usage = TEST_CALLER_USAGE, .offset = 2, .size = 64},
                     &wrapped),
                 MGPU_ERROR_MISALIGNED);
    CHECK_RESULT(mgpu_buffer_wrap(
                     ctx, &(mgpu_buffer_wrap_desc){.buffer = caller, .usage = TEST_CALLER_USAGE, .size = VK_WHOLE_SIZE},
                     &wrapped),
                 MGPU_ERROR_INVALID_ARGUMENT);
    /* The usage the buffer was made with: without SHADER_DEVICE_ADDRESS the wrap is refused; without the
     * transfer bits, the transfers and a blocking result read back from it are. */
    CHECK_RESULT_IN(ctx,
                    mgpu_buffer_wrap(ctx,
                                     &(mgpu_buffer_wrap_desc){.buffer = caller,
                                                              .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                                                       VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                                                       VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                                              .size = 64},
                                     &wrapped),
                    MGPU_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(mgpu_context_last_error(ctx), "SHADER_DEVICE_ADDRESS") != NULL, "the refusal names the usage: %s",
          mgpu_context_last_error(ctx));
    CHECK_RESULT(mgpu_buffer_wrap(ctx, NULL, &wrapped), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(
        mgpu_buffer_wrap(
            ctx, &(mgpu_buffer_wrap_desc){.next = &wrapped, .buffer = caller, .usage = TEST_CALLER_USAGE, .size = 64},
            &wrapped),
        MGPU_ERROR_INVALID_ARGUMENT);
    mgpu_range addressed;
    CHECK_OK(mgpu_buffer_wrap(
        ctx,
        &(mgpu_buffer_wrap_desc){
            .buffer = caller, .usage = VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT, .buffer_size = 4096, .size = 4096},
        &addressed));
    CHECK_RESULT_IN(ctx, mgpu_buffer_upload(ctx, addressed, values, 16), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT_IN(ctx, mgpu_buffer_download(ctx, addressed, values, 16), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_OK(mgpu_fill(
        ctx, &(mgpu_fill_info){
                 .type = MGPU_TYPE_U32, .mode = MGPU_FILL_CONSTANT, .count = 512, .output = addressed, .a.u32 = 2}));
    CHECK_OK(mgpu_scan(
        ctx,
        &(mgpu_scan_info){
            .type = MGPU_TYPE_U32, .count = 512, .input = addressed, .output = mgpu_range_slice(addressed, 2048, 2048)},
        &total));
    CHECK(total.u32 == 1024, "scan in a buffer wrapped without transfer usage: total %u", total.u32);
    mgpu_reduce_value reduced;
    CHECK_RESULT_IN(ctx,
                    mgpu_reduce(ctx,
                                &(mgpu_reduce_info){.type = MGPU_TYPE_U32,
                                                    .count = 256,
                                                    .input = addressed,
                                                    .result = mgpu_range_slice(addressed, 3072, 16)},
                                &reduced),
                    MGPU_ERROR_INVALID_ARGUMENT); /* its result would be copied out of the buffer */
    mgpu_buffer_free(ctx, addressed);
    test_caller_buffer_destroy(caller, memory);

    /* bad arguments */
    mgpu_range bad;
    CHECK_RESULT(mgpu_buffer_alloc(ctx, 0, &bad), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_buffer_alloc(ctx, 16, NULL), MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_buffer_alloc(ctx, (VkDeviceSize)1 << 50, &bad), MGPU_ERROR_OUT_OF_MEMORY);
    mgpu_buffer_free(ctx, (mgpu_range){0}); /* ignored */

    char json[512];
    mgpu_pool_get_stats(ctx, &s);
    size_t len = mgpu_pool_stats_json(&s, json, sizeof json);
    CHECK(len > 0 && len < sizeof json && json[0] == '{' && strstr(json, "\"hits\":"), "stats JSON: %s", json);
}
