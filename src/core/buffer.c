/*
 * Buffers: host transfers through pooled staging, PrintArray, and the scratch check of the recording tier.
 * The GPU fills and the copy shader are primitive families of their own (src/prims/fill.c, copy.c).
 */
#include "../mgpu_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MGPU_STAGING_CHUNK ((VkDeviceSize)32 << 20)

static mgpu_result mgpu_transfer(mgpu_context ctx, mgpu_range device_range, void *host, VkDeviceSize bytes,
                                 bool upload) {
    const char *name = upload ? "mgpu_buffer_upload" : "mgpu_buffer_download";
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (!host && bytes) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: null host pointer", name);
    mgpu_result r = mgpu__check_range(ctx, name, device_range, bytes, 1);
    if (r == MGPU_SUCCESS)
        r = mgpu__check_usage(ctx, name, device_range,
                              upload ? VK_BUFFER_USAGE_TRANSFER_DST_BIT : VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
    if (r != MGPU_SUCCESS || bytes == 0) return r;
    if (!ctx->queue) return mgpu__fail(ctx, MGPU_ERROR_UNSUPPORTED, "%s: the context has no queue", name);
    VkDeviceSize chunk = bytes < MGPU_STAGING_CHUNK ? bytes : MGPU_STAGING_CHUNK;
    mgpu_range staging;
    r = mgpu__pool_alloc(ctx, MGPU_MEMORY_HOST, chunk, &staging);
    if (r != MGPU_SUCCESS) return r;
    char *mapped = mgpu__pool_mapped(ctx, staging);
    for (VkDeviceSize done = 0; done < bytes && r == MGPU_SUCCESS; done += chunk) {
        VkDeviceSize n = bytes - done < chunk ? bytes - done : chunk;
        if (upload) memcpy(mapped, (const char *)host + done, n);
        VkCommandBuffer cmd;
        r = mgpu__commands_begin(ctx, &cmd);
        if (r != MGPU_SUCCESS) break;
        VkBufferCopy region = {.srcOffset = upload ? staging.offset : device_range.offset + done,
                               .dstOffset = upload ? device_range.offset + done : staging.offset,
                               .size = n};
        /* Order against earlier shader work and make the copy visible to later shaders or the host. */
        VkMemoryBarrier before = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                  .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_HOST_WRITE_BIT,
                                  .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT};
        ctx->vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_HOST_BIT,
                                     VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &before, 0, NULL, 0, NULL);
        ctx->vk.vkCmdCopyBuffer(cmd, upload ? staging.buffer : device_range.buffer,
                                upload ? device_range.buffer : staging.buffer, 1, &region);
        mgpu__barrier_compute_write_to_host_read(ctx, cmd);
        r = mgpu__commands_submit(ctx, NULL);
        if (r == MGPU_SUCCESS && !upload) memcpy((char *)host + done, mapped, n);
    }
    mgpu_buffer_free(ctx, staging);
    return r;
}

mgpu_result mgpu__check_scratch(mgpu_context ctx, const char *name, mgpu_range scratch, VkDeviceSize bytes,
                                VkDeviceSize alignment, const mgpu_range_use *uses, size_t use_count) {
    mgpu_result r = mgpu__check_range(ctx, name, scratch, bytes, alignment);
    for (size_t i = 0; i < use_count && r == MGPU_SUCCESS; ++i)
        if (mgpu__ranges_overlap(scratch, bytes, uses[i].range, uses[i].bytes))
            r = mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s overlaps %s", name, uses[i].name);
    return r;
}

mgpu_result mgpu__check_overflow(mgpu_context ctx, const char *what, mgpu_range overflow, mgpu_range indirect_count,
                                 const mgpu_range_use *uses, size_t use_count) {
    if (!overflow.buffer) return MGPU_SUCCESS;
    if (!indirect_count.buffer)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: overflow given without an indirect count", what);
    char name[64];
    snprintf(name, sizeof name, "%s overflow", what);
    mgpu_result r = mgpu__check_range(ctx, name, overflow, 4, 4);
    if (r == MGPU_SUCCESS && mgpu__ranges_overlap(overflow, 4, indirect_count, 4))
        r = mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: overflow overlaps indirect_count", what);
    for (size_t i = 0; i < use_count && r == MGPU_SUCCESS; ++i)
        if (mgpu__ranges_overlap(overflow, 4, uses[i].range, uses[i].bytes))
            r = mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: overflow overlaps %s", what, uses[i].name);
    return r;
}

mgpu_result mgpu_buffer_upload(mgpu_context ctx, mgpu_range dst, const void *src, VkDeviceSize bytes) {
    return mgpu_transfer(ctx, dst, (void *)src, bytes, true);
}

mgpu_result mgpu_buffer_download(mgpu_context ctx, mgpu_range src, void *dst, VkDeviceSize bytes) {
    return mgpu_transfer(ctx, src, dst, bytes, false);
}

static void mgpu_print_value(FILE *f, mgpu_type type, const char *format, const void *p) {
    switch (type) {
        case MGPU_TYPE_U32: fprintf(f, format ? format : "%6" PRIu32, *(const uint32_t *)p); break;
        case MGPU_TYPE_I32: fprintf(f, format ? format : "%6" PRId32, *(const int32_t *)p); break;
        case MGPU_TYPE_F32: fprintf(f, format ? format : "%8.3f", (double)*(const float *)p); break;
        case MGPU_TYPE_U64: fprintf(f, format ? format : "%8" PRIu64, *(const uint64_t *)p); break;
        case MGPU_TYPE_I64: fprintf(f, format ? format : "%8" PRId64, *(const int64_t *)p); break;
        case MGPU_TYPE_F64: fprintf(f, format ? format : "%8.3f", *(const double *)p); break;
        default: break;
    }
}

mgpu_result mgpu_buffer_print(mgpu_context ctx, mgpu_type type, mgpu_range range, uint32_t count, const char *format,
                              uint32_t columns, FILE *f) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    size_t size = mgpu_type_size(type);
    if (!size) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "print: type %d", (int)type);
    if (!f) f = stdout;
    if (!columns) columns = 10;
    if (count == 0) return MGPU_SUCCESS;
    void *host = malloc((size_t)count * size);
    if (!host) return mgpu__fail(ctx, MGPU_ERROR_OUT_OF_MEMORY, "print: %u elements", count);
    mgpu_result r = mgpu_buffer_download(ctx, range, host, (VkDeviceSize)count * size);
    for (uint32_t i = 0; r == MGPU_SUCCESS && i < count; ++i) {
        if (i % columns == 0) fprintf(f, "%s%5u: ", i ? "\n" : "", i);
        fputc(' ', f);
        mgpu_print_value(f, type, format, (const char *)host + (size_t)i * size);
    }
    if (r == MGPU_SUCCESS) fputc('\n', f);
    free(host);
    return r;
}
