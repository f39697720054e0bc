/*
 * Device loss. A real loss cannot be caused on purpose, so the test adopts its own device (test_vk_device_create
 * of the harness) through an interposed vkGetInstanceProcAddr whose vkQueueSubmit or vkWaitForFences reports
 * VK_ERROR_DEVICE_LOST when the test says so (the wait still waits first, so the device is idle as Vulkan's
 * rules for destruction want). Checks, for a loss at the wait of a blocking sort and at the submit of an
 * upload: the call returns MGPU_ERROR_DEVICE_LOST with its scratch back in the pool; every later call that
 * would submit (blocking primitives, upload, download, mgpu_commands_begin) returns MGPU_ERROR_DEVICE_LOST
 * without submitting anything; ranges can still be freed and the context destroyed, with no validation
 * message (and, in the sanitized run, no leak).
 */
#include "common.h"

#include <string.h>

typedef enum lose_at { LOSE_NEVER, LOSE_AT_SUBMIT, LOSE_AT_WAIT } lose_at;

static struct {
    lose_at mode;
    unsigned submits; /* vkQueueSubmit calls that reached the driver */
    PFN_vkGetDeviceProcAddr get_device_proc_addr;
    PFN_vkQueueSubmit queue_submit;
    PFN_vkWaitForFences wait_for_fences;
} lost;

static VKAPI_ATTR VkResult VKAPI_CALL lost_queue_submit(VkQueue queue, uint32_t count, const VkSubmitInfo *submits,
                                                        VkFence fence) {
    if (lost.mode == LOSE_AT_SUBMIT) return VK_ERROR_DEVICE_LOST;
    ++lost.submits;
    return lost.queue_submit(queue, count, submits, fence);
}

static VKAPI_ATTR VkResult VKAPI_CALL lost_wait_for_fences(VkDevice device, uint32_t count, const VkFence *fences,
                                                           VkBool32 all, uint64_t timeout) {
    VkResult vr = lost.wait_for_fences(device, count, fences, all, timeout);
    return lost.mode == LOSE_AT_WAIT ? VK_ERROR_DEVICE_LOST : vr;
}

static VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL lost_get_device_proc_addr(VkDevice device, const char *name) {
    PFN_vkVoidFunction real = lost.get_device_proc_addr(device, name);
    if (!real) return NULL;
    if (!strcmp(name, "vkQueueSubmit")) {
        lost.queue_submit = (PFN_vkQueueSubmit)real;
        return (PFN_vkVoidFunction)lost_queue_submit;
    }
    if (!strcmp(name, "vkWaitForFences")) {
        lost.wait_for_fences = (PFN_vkWaitForFences)real;
        return (PFN_vkVoidFunction)lost_wait_for_fences;
    }
    return real;
}

static VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL lost_get_instance_proc_addr(VkInstance instance, const char *name) {
    PFN_vkVoidFunction real = vkGetInstanceProcAddr(instance, name);
    if (real && !strcmp(name, "vkGetDeviceProcAddr")) {
        lost.get_device_proc_addr = (PFN_vkGetDeviceProcAddr)real;
        return (PFN_vkVoidFunction)lost_get_device_proc_addr;
    }
    return real;
}

static uint64_t lost_log_errors; /* validation messages heard by the contexts' logs */

static void lost_log(void *user, mgpu_log_level level, const char *message) {
    (void)user;
    if (level != MGPU_LOG_VALIDATION) return; /* the library's own error lines are the failures asked for */
    ++lost_log_errors;
    fprintf(stderr, "[device_lost vulkan] %s\n", message);
}

/* Every call that would submit, after the loss: each fails and none reaches the driver. */
static void lost_after(mgpu_context ctx, mgpu_range keys, mgpu_range out, uint32_t n) {
    lost.mode = LOSE_NEVER;
    unsigned submits = lost.submits;
    uint64_t in_use = test_pool_stats(ctx).in_use_ranges;
    uint32_t host[4] = {1, 2, 3, 4};
    mgpu_scalar total;
    mgpu_reduce_value value;
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    CHECK_RESULT_IN(ctx, mgpu_buffer_upload(ctx, keys, host, sizeof host), MGPU_ERROR_DEVICE_LOST);
    CHECK_RESULT_IN(ctx, mgpu_buffer_download(ctx, keys, host, sizeof host), MGPU_ERROR_DEVICE_LOST);
    CHECK_RESULT_IN(
        ctx, mgpu_scan(ctx, &(mgpu_scan_info){.type = MGPU_TYPE_U32, .count = n, .input = keys, .output = out}, &total),
        MGPU_ERROR_DEVICE_LOST);
    CHECK_RESULT_IN(ctx,
                    mgpu_reduce(ctx, &(mgpu_reduce_info){.type = MGPU_TYPE_U32, .count = n, .input = keys}, &value),
                    MGPU_ERROR_DEVICE_LOST);
    CHECK_RESULT_IN(
        ctx,
        mgpu_mergesort(ctx, &(mgpu_sort_info){.key_type = MGPU_TYPE_U32, .count = n, .keys_in = keys, .keys_out = out}),
        MGPU_ERROR_DEVICE_LOST);
    CHECK_RESULT_IN(ctx, mgpu_commands_begin(ctx, &cmd), MGPU_ERROR_DEVICE_LOST);
    CHECK_RESULT_IN(ctx, mgpu_commands_submit(ctx, NULL), MGPU_ERROR_INVALID_ARGUMENT); /* nothing was begun */
    CHECK(lost.submits == submits, "%u submissions after the loss", lost.submits - submits);
    uint64_t after = test_pool_stats(ctx).in_use_ranges;
    CHECK(after == in_use, "%llu ranges in use after the failed calls, %llu before", (unsigned long long)after,
          (unsigned long long)in_use);
}

/* One context on the device, losing it at `mode`: first a working sort, then the loss, then lost_after. */
static void lost_case(const test_vk_device *d, lose_at mode) {
    lost.mode = LOSE_NEVER;
    mgpu_adopt_desc desc = test_vk_adopt_desc(d);
    desc.get_instance_proc_addr = lost_get_instance_proc_addr;
    desc.log = lost_log;
    mgpu_context ctx = NULL;
    mgpu_result r = mgpu_context_adopt(&desc, &ctx);
    CHECK(r == MGPU_SUCCESS, "mgpu_context_adopt -> %s", mgpu_result_name(r));
    if (!ctx) return;
    CHECK(lost.queue_submit && lost.wait_for_fences, "the context's device functions are the interposed ones");

    const uint32_t n = 50000; /* several tiles: the sorts take scratch */
    uint32_t *host = malloc(n * 4u), *sorted = malloc(n * 4u);
    for (uint32_t i = 0; i < n; ++i) host[i] = (uint32_t)test_random();
    mgpu_range keys = {0}, out = {0};
    CHECK(mgpu_buffer_alloc(ctx, n * 4u, &keys) == MGPU_SUCCESS && mgpu_buffer_alloc(ctx, n * 4u, &out) == MGPU_SUCCESS,
          "allocations");
    mgpu_sort_info sort = {.key_type = MGPU_TYPE_U32, .count = n, .keys_in = keys, .keys_out = out};
    uint64_t in_use = test_pool_stats(ctx).in_use_ranges;

    /* The device works until it is lost. */
    CHECK_RESULT_IN(ctx, mgpu_buffer_upload(ctx, keys, host, n * 4u), MGPU_SUCCESS);
    CHECK_RESULT_IN(ctx, mgpu_radixsort(ctx, &sort), MGPU_SUCCESS);
    CHECK_RESULT_IN(ctx, mgpu_buffer_download(ctx, out, sorted, n * 4u), MGPU_SUCCESS);
    bool ordered = true;
    for (uint32_t i = 1; i < n; ++i) ordered = ordered && sorted[i - 1] <= sorted[i];
    CHECK(ordered, "the sort before the loss");

    lost.mode = mode;
    if (mode == LOSE_AT_WAIT)
        CHECK_RESULT_IN(ctx, mgpu_radixsort(ctx, &sort), MGPU_ERROR_DEVICE_LOST);
    else
        CHECK_RESULT_IN(ctx, mgpu_buffer_upload(ctx, keys, host, n * 4u), MGPU_ERROR_DEVICE_LOST);
    uint64_t after = test_pool_stats(ctx).in_use_ranges;
    CHECK(after == in_use, "%llu ranges in use after the lost call, %llu before", (unsigned long long)after,
          (unsigned long long)in_use);
    const char *call = mode == LOSE_AT_WAIT ? "vkWaitForFences" : "vkQueueSubmit";
    CHECK(strstr(mgpu_context_last_error(ctx), call) != NULL, "the last error names %s: %s", call,
          mgpu_context_last_error(ctx));
    lost_after(ctx, keys, out, n);

    mgpu_buffer_free(ctx, keys);
    mgpu_buffer_free(ctx, out);
    uint64_t left = test_pool_stats(ctx).in_use_ranges;
    CHECK(left == 0, "%llu ranges in use at the end", (unsigned long long)left);
    mgpu_context_destroy(ctx);
    free(host);
    free(sorted);
}

void test_device_lost(void) {
    lost_log_errors = 0;
    test_vk_device d;
    if (test_vk_device_create(&d)) {
        lost_case(&d, LOSE_AT_WAIT);
        lost_case(&d, LOSE_AT_SUBMIT);
    }
    test_vk_device_destroy(&d);
    CHECK(lost_log_errors + d.messages == 0, "%llu validation messages",
          (unsigned long long)(lost_log_errors + d.messages));
}
