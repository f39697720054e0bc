/* mgpuvk info: the Vulkan devices, the details of one, and the copy shader's bandwidth (--bench). */
#include "cli.h"

#include <stdlib.h>

static mgpu_result record_copy(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    (void)scratch;
    return mgpu_cmd_copy(ctx, cmd, info);
}

/* info --bench: the bandwidth of the copy shader on 64 MiB, the reference of every benchmark figure. */
static void bench_copy(mgpu_context ctx) {
    VkDeviceSize bytes = (VkDeviceSize)64 << 20;
    mgpu_range src = {0}, dst = {0};
    if (mgpu_buffer_alloc(ctx, bytes, &src) == MGPU_SUCCESS && mgpu_buffer_alloc(ctx, bytes, &dst) == MGPU_SUCCESS) {
        printf("copy of 64 MiB: ");
        bench(ctx, record_copy, &(mgpu_copy_info){.src = src, .dst = dst, .bytes = bytes}, 0, bytes / 4,
              2.0 * (double)bytes);
    }
    mgpu_buffer_free(ctx, src);
    mgpu_buffer_free(ctx, dst);
}

static int command_info(const options *o) {
    uint32_t count = 0, def = UINT32_MAX;
    mgpu_result r = mgpu_enumerate_devices(NULL, &count, &def);
    if (r != MGPU_SUCCESS) fail(EXIT_DEVICE, "cannot list Vulkan devices: %s", mgpu_result_message(r));
    mgpu_device_info *infos = calloc(count ? count : 1, sizeof *infos);
    if (!infos) fail(EXIT_DEVICE, "out of memory");
    mgpu_enumerate_devices(infos, &count, &def);
    static const char *const types[] = {"other", "integrated", "discrete", "virtual", "cpu"};
    for (uint32_t i = 0; i < count; ++i) {
        const mgpu_device_info *d = &infos[i];
        printf("%c %u: %s [%s] driver %s %s, subgroup %u, memory %llu MiB\n", i == def ? '*' : ' ', i, d->name,
               (unsigned)d->type < 5 ? types[d->type] : "other", d->driver_name, d->driver_info, d->subgroup_size,
               (unsigned long long)(d->device_local_bytes >> 20));
    }
    if (o->device || o->bench) {
        mgpu_context ctx = open_context(o);
        mgpu_device_info info;
        mgpu_context_get_device_info(ctx, &info);
        mgpu_device_info_print(&info, stdout);
        if (o->bench) bench_copy(ctx);
        free(infos);
        return finish(ctx);
    }
    free(infos);
    return 0;
}

/* The tool's own subcommand, first in the table (tools/mgpuvk.c); not a family's. */
static const subcommand commands[] = {
    {"info",
     "info [--device N|NAME] [--bench]",
     "list the Vulkan devices (* marks the default); with --device or --bench also the details of one",
     "  --bench  the bandwidth of the copy shader on 64 MiB, the reference of every benchmark figure\n",
     command_info,
     NULL,
     {{0}},
     {{0}},
     {{0}}},
};
const cli_family cli_info = CLI_FAMILY(commands);
