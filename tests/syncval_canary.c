/*
 * Synchronization validation canary, run by ctest in a sanitized build (tests/robustness.cmake), where every
 * entry runs with VK_LAYER_ENABLES asking VK_LAYER_KHRONOS_validation for synchronization validation.
 * It records two fills of one range into the context's command buffer with no barrier between them, a
 * write-after-write hazard that only synchronization validation reports, and fails unless it is reported:
 * proof that the suite's other entries really ran with it on. Exit status 0 when reported, 1 otherwise.
 */
#include "mgpuvk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>

static unsigned hazards, others;

static void canary_log(void *user, mgpu_log_level level, const char *message) {
    (void)user;
    if (level != MGPU_LOG_VALIDATION) return;
    if (strstr(message, "SYNC-HAZARD-WRITE-AFTER-WRITE")) {
        ++hazards;
    } else {
        ++others;
        fprintf(stderr, "syncval_canary: unexpected validation message: %s\n", message);
    }
}

int main(void) {
    mgpu_context ctx = NULL;
    mgpu_result r = mgpu_context_create(&(mgpu_context_desc){.validation = true, .log = canary_log}, &ctx);
    if (r != MGPU_SUCCESS) {
        fprintf(stderr, "syncval_canary: no context: %s\n", mgpu_result_name(r));
        return 1;
    }
    mgpu_range range = {0};
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    r = mgpu_buffer_alloc(ctx, 4096, &range);
    if (r == MGPU_SUCCESS) r = mgpu_commands_begin(ctx, &cmd);
    if (r == MGPU_SUCCESS) {
        vkCmdFillBuffer(cmd, range.buffer, range.offset, 4096, 1);
        vkCmdFillBuffer(cmd, range.buffer, range.offset, 4096, 2); /* no barrier: write after write */
        r = mgpu_commands_submit(ctx, NULL);
    }
    if (r != MGPU_SUCCESS) fprintf(stderr, "syncval_canary: %s\n", mgpu_context_last_error(ctx));
    mgpu_buffer_free(ctx, range);
    mgpu_context_destroy(ctx);
    if (!hazards)
        fprintf(stderr,
                "syncval_canary: the hazard was not reported: synchronization validation is off "
                "(VK_LAYER_ENABLES=%s)\n",
                getenv("VK_LAYER_ENABLES") ? getenv("VK_LAYER_ENABLES") : "");
    else
        printf("syncval_canary: synchronization validation reported the hazard\n");
    return r == MGPU_SUCCESS && hazards > 0 && others == 0 ? 0 : 1;
}
