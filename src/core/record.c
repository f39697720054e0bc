/*
 * Recording: dispatches, the barriers named for what they order, grid folding, and the context's own
 * command buffer with GPU timestamps for the blocking tier, tools and benchmarks.
 */
#include "../mgpu_internal.h"
#include "kernels/fill/indirect_pc.h"

#include <stdio.h>
#include <stdlib.h>

void mgpu__fold_grid(mgpu_context ctx, uint32_t groups, uint32_t *x, uint32_t *y) {
    uint32_t limit = ctx->info.max_workgroup_count_x ? ctx->info.max_workgroup_count_x : 65535u;
    if (groups <= limit) {
        *x = groups;
        *y = 1;
    } else {
        *x = limit;
        *y = (groups + limit - 1) / limit;
    }
}

/* A workgroup takes at most MGPU_TILES_PER_GROUP_MAX tiles (while the grid's width allows): llvmpipe (lavapipe)
 * ends every loop of an invocation once its loops together have run 65535 iterations (Mesa's
 * LP_MAX_TGSI_LOOP_ITERATIONS), silently, so a workgroup looping over tens of thousands of tiles (a tile's own
 * searches count too) stopped part way and left the last tiles unwritten. 256 tiles of a few dozen iterations
 * each stay far below it, and GPUs at the default `groups` never come near the bound. */
uint32_t mgpu__tile_groups(mgpu_context ctx, const mgpu_tuning *tuning, uint32_t tiles) {
    uint32_t limit = ctx->info.max_workgroup_count_x ? ctx->info.max_workgroup_count_x : 65535u;
    uint32_t least = (uint32_t)(((uint64_t)tiles + MGPU_TILES_PER_GROUP_MAX - 1) / MGPU_TILES_PER_GROUP_MAX);
    uint32_t groups = tuning->groups > least ? tuning->groups : least;
    groups = tiles < groups ? tiles : groups;
    return groups < limit ? groups : limit;
}

mgpu_result mgpu__dispatch_partitions(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_pipeline_key *key,
                                      const void *push, uint32_t push_size, uint32_t partitions) {
    mgpu_pipeline_key chosen = *key;
    chosen.subgroup = key->subgroup && partitions <= MGPU_PARTITION_SUBGROUP_MAX;
    /* Both forms loop over partitions, so the subgroup size assumed here only sets the grid's size. */
    uint32_t per_group = chosen.subgroup ? MGPU_PARTITION_NT / ctx->info.subgroup_size : MGPU_PARTITION_NT;
    uint32_t limit = ctx->info.max_workgroup_count_x ? ctx->info.max_workgroup_count_x : 65535u;
    uint32_t groups = (uint32_t)(((uint64_t)partitions + per_group - 1) / per_group);
    return mgpu__dispatch(ctx, cmd, &chosen, push, push_size, groups < limit ? groups : limit, 1);
}

mgpu_result mgpu__prepare_partitions(mgpu_context ctx, const mgpu_pipeline_key *key) {
    VkPipeline p;
    mgpu_pipeline_key threads = *key;
    threads.subgroup = 0;
    mgpu_result r = mgpu__pipeline_get(ctx, &threads, &p);
    return r == MGPU_SUCCESS && key->subgroup ? mgpu__pipeline_get(ctx, key, &p) : r;
}

bool mgpu__partitions_sampled(mgpu_tuning tuning, uint32_t partitions) {
    return tuning.subgroup != MGPU_SWITCH_ON || partitions > MGPU_PARTITION_SUBGROUP_MAX;
}

/* The gather and the sampled partitions of key (mgpu__dispatch_sampled_partitions), both one a thread. */
static void mgpu_sampled_keys(const mgpu_pipeline_key *key, mgpu_pipeline_key *gather, mgpu_pipeline_key *sampled) {
    *gather = *sampled = *key;
    gather->subgroup = sampled->subgroup = 0;
    gather->spec[MGPU_SPEC_MODE] = MGPU_PARTITION_MODE_GATHER;
    sampled->spec[MGPU_SPEC_MODE] |= MGPU_PARTITION_MODE_SAMPLED;
}

mgpu_result mgpu__dispatch_sampled_partitions(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_pipeline_key *key,
                                              const void *push, uint32_t push_size, uint32_t partitions,
                                              uint32_t a_count, uint32_t b_count, uint32_t sample_shift) {
    mgpu_pipeline_key gather, sampled;
    mgpu_sampled_keys(key, &gather, &sampled);
    uint64_t groups = (mgpu__merge_samples(a_count, b_count, sample_shift) + MGPU_PARTITION_NT - 1) / MGPU_PARTITION_NT;
    uint32_t limit = ctx->info.max_workgroup_count_x ? ctx->info.max_workgroup_count_x : 65535u;
    mgpu_result r = mgpu__dispatch(ctx, cmd, &gather, push, push_size, groups < limit ? (uint32_t)groups : limit, 1);
    if (r != MGPU_SUCCESS) return r;
    mgpu__barrier_compute_write_to_read(ctx, cmd);
    return mgpu__dispatch_partitions(ctx, cmd, &sampled, push, push_size, partitions);
}

mgpu_result mgpu__prepare_sampled_partitions(mgpu_context ctx, const mgpu_pipeline_key *key) {
    mgpu_pipeline_key gather, sampled;
    mgpu_sampled_keys(key, &gather, &sampled);
    VkPipeline p;
    mgpu_result r = mgpu__pipeline_get(ctx, &gather, &p);
    return r == MGPU_SUCCESS ? mgpu__pipeline_get(ctx, &sampled, &p) : r;
}

mgpu_result mgpu__dispatch(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_pipeline_key *key, const void *push,
                           uint32_t push_size, uint32_t groups_x, uint32_t groups_y) {
    VkPipeline pipeline;
    mgpu_result r = mgpu__pipeline_get(ctx, key, &pipeline);
    if (r != MGPU_SUCCESS) return r;
    ctx->vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
    ctx->vk.vkCmdPushConstants(cmd, ctx->pipeline_layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, push_size, push);
    ctx->vk.vkCmdDispatch(cmd, groups_x, groups_y, 1);
    /* The context's own command buffer first: other threads' recordings never read its state (set at creation). */
    if (cmd == ctx->command_buffer && ctx->profile_timestamps && ctx->recording &&
        ctx->profile_count < MGPU_PROFILE_DISPATCHES) {
        ctx->profile_keys[ctx->profile_count] = *key;
        ctx->profile_groups[ctx->profile_count] = groups_x * groups_y;
        ctx->vk.vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, ctx->profile_timestamps,
                                    ++ctx->profile_count);
    }
    return MGPU_SUCCESS;
}

mgpu_result mgpu__dispatch_indirect(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_pipeline_key *key,
                                    const void *push, uint32_t push_size, VkBuffer buffer, VkDeviceSize offset) {
    VkPipeline pipeline;
    mgpu_result r = mgpu__pipeline_get(ctx, key, &pipeline);
    if (r != MGPU_SUCCESS) return r;
    ctx->vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
    ctx->vk.vkCmdPushConstants(cmd, ctx->pipeline_layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, push_size, push);
    ctx->vk.vkCmdDispatchIndirect(cmd, buffer, offset);
    if (cmd == ctx->command_buffer && ctx->profile_timestamps && ctx->recording &&
        ctx->profile_count < MGPU_PROFILE_DISPATCHES) {
        ctx->profile_keys[ctx->profile_count] = *key;
        ctx->profile_groups[ctx->profile_count] = 0; /* decided on the device: the profile says 0 */
        ctx->vk.vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, ctx->profile_timestamps,
                                    ++ctx->profile_count);
    }
    return MGPU_SUCCESS;
}

/* The setup kernel's one pipeline (shaders/kernels/fill/indirect_setup.comp). */
static mgpu_pipeline_key mgpu_indirect_setup_key(void) {
    return (mgpu_pipeline_key){.kernel = MGPU_KERNEL_INDIRECT_SETUP,
                               .type = MGPU_TYPE_U32,
                               .spec = {[MGPU_SPEC_NT] = MGPU_INDIRECT_SETUP_NT, [MGPU_SPEC_VT] = 1}};
}

mgpu_result mgpu__indirect_setup(mgpu_context ctx, VkCommandBuffer cmd, mgpu_range indirect_count, mgpu_range overflow,
                                 uint32_t capacity, mgpu_switch grids, mgpu_range args, const mgpu_indirect_rule *rules,
                                 uint32_t rule_count, mgpu_indirect *out) {
    *out = (mgpu_indirect){0};
    assert(rule_count <= MGPU_INDIRECT_MAX_RULES);
    if (!indirect_count.buffer) return MGPU_SUCCESS;
    /* AUTO: the setup costs about one dispatch and barrier (5 us on an H200), the capacity's grid's idle
     * workgroups little each: sized only where that grid is large. */
    uint32_t capacity_groups = 0;
    for (uint32_t i = 0; i < rule_count; ++i) {
        uint64_t g = ((uint64_t)capacity + rules[i].per_group - 1) / rules[i].per_group + rules[i].extra;
        g = g < rules[i].min_groups ? rules[i].min_groups : g > rules[i].max_groups ? rules[i].max_groups : g;
        if (g > capacity_groups) capacity_groups = (uint32_t)g;
    }
    bool wanted =
        grids == MGPU_SWITCH_ON || (grids == MGPU_SWITCH_AUTO && capacity_groups >= MGPU_INDIRECT_SIZED_GROUPS);
    bool sized = wanted && rule_count && args.buffer && args.size >= mgpu__indirect_args_bytes(rule_count) &&
                 mgpu__range_has_usage(ctx, args, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT);
    /* The capacity's grids (the kernels clamp): the flag alone, which nothing in the call reads, so no barrier. */
    if (!sized) return mgpu__write_overflow(ctx, cmd, overflow, indirect_count, capacity, (mgpu_range){0}, 0);
    mgpu_indirect_pc pc = {.count_address = mgpu_range_address(ctx, indirect_count),
                           .overflow = overflow.buffer ? mgpu_range_address(ctx, overflow) : 0,
                           .args = mgpu_range_address(ctx, args),
                           .capacity = capacity,
                           .rule_count = rule_count,
                           .fold_limit = ctx->info.max_workgroup_count_x ? ctx->info.max_workgroup_count_x : 65535u};
    for (uint32_t i = 0; i < rule_count; ++i) {
        assert(rules[i].per_group > 0 && rules[i].min_groups <= rules[i].max_groups);
        pc.rules[i][0] = rules[i].per_group;
        pc.rules[i][1] = rules[i].extra;
        pc.rules[i][2] = rules[i].min_groups;
        pc.rules[i][3] = rules[i].max_groups;
    }
    mgpu_pipeline_key key = mgpu_indirect_setup_key();
    mgpu_result r = mgpu__dispatch(ctx, cmd, &key, &pc, sizeof pc, 1, 1);
    if (r != MGPU_SUCCESS) return r;
    out->args = mgpu__subrange(args, 0, mgpu__indirect_args_bytes(rule_count));
    out->address = pc.args;
    mgpu__barrier_compute_write_to_indirect_read(ctx, cmd);
    return MGPU_SUCCESS;
}

mgpu_result mgpu__write_overflow(mgpu_context ctx, VkCommandBuffer cmd, mgpu_range overflow, mgpu_range count,
                                 uint32_t capacity, mgpu_range count2, uint32_t capacity2) {
    if (!overflow.buffer) return MGPU_SUCCESS;
    if (!count.buffer) { /* the second count alone: it is the setup's first */
        count = count2;
        capacity = capacity2;
        count2 = (mgpu_range){0};
    }
    assert(count.buffer);
    mgpu_indirect_pc pc = {.count_address = mgpu_range_address(ctx, count),
                           .overflow = mgpu_range_address(ctx, overflow),
                           .count2_address = count2.buffer ? mgpu_range_address(ctx, count2) : 0,
                           .capacity = capacity,
                           .capacity2 = count2.buffer ? capacity2 : 0,
                           .fold_limit = 1};
    mgpu_pipeline_key key = mgpu_indirect_setup_key();
    return mgpu__dispatch(ctx, cmd, &key, &pc, sizeof pc, 1, 1);
}

mgpu_result mgpu__indirect_prepare(mgpu_context ctx) {
    mgpu_pipeline_key key = mgpu_indirect_setup_key();
    VkPipeline p;
    return mgpu__pipeline_get(ctx, &key, &p);
}

mgpu_result mgpu__dispatch_sized(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_pipeline_key *key, const void *push,
                                 uint32_t push_size, const mgpu_indirect *indirect, uint32_t rule, uint32_t groups_x,
                                 uint32_t groups_y) {
    if (indirect && indirect->args.buffer)
        return mgpu__dispatch_indirect(ctx, cmd, key, push, push_size, indirect->args.buffer,
                                       indirect->args.offset + (VkDeviceSize)rule * MGPU_INDIRECT_ARGS_STRIDE);
    return mgpu__dispatch(ctx, cmd, key, push, push_size, groups_x, groups_y);
}

VkDeviceAddress mgpu__indirect_groups_address(const mgpu_indirect *indirect, uint32_t rule) {
    return indirect->args.buffer ? indirect->address + (VkDeviceSize)rule * MGPU_INDIRECT_ARGS_STRIDE + 12 : 0;
}

mgpu_range mgpu__indirect_groups_range(const mgpu_indirect *indirect, uint32_t rule) {
    if (!indirect->args.buffer) return (mgpu_range){0};
    return mgpu__subrange(indirect->args, (VkDeviceSize)rule * MGPU_INDIRECT_ARGS_STRIDE + 12, 4);
}

VkDeviceSize mgpu__indirect_args_bytes(uint32_t rule_count) {
    return (VkDeviceSize)rule_count * MGPU_INDIRECT_ARGS_STRIDE;
}

/* The profile of one submit: for each dispatch, the time since the previous one ended (or the command buffer
 * began), so barriers and gaps count to the dispatch after them. */
static void mgpu_profile_write(mgpu_context ctx) {
    uint64_t ticks[MGPU_PROFILE_DISPATCHES + 1];
    uint32_t n = ctx->profile_count;
    ctx->profile_count = 0;
    if (!n ||
        ctx->vk.vkGetQueryPoolResults(ctx->device, ctx->profile_timestamps, 0, n + 1, sizeof ticks, ticks,
                                      sizeof ticks[0], VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT) != VK_SUCCESS)
        return;
    uint64_t mask = ctx->timestamp_valid_bits >= 64 ? UINT64_MAX : ((1ull << ctx->timestamp_valid_bits) - 1);
    for (uint32_t i = 0; i < n; ++i) {
        const mgpu_pipeline_key *k = &ctx->profile_keys[i];
        fprintf(ctx->profile, "submit %u dispatch %u kernel %u type %u subgroup %u nt %u vt %u groups %u us %.2f\n",
                ctx->profile_submits, i, k->kernel, k->type, k->subgroup, k->spec[MGPU_SPEC_NT], k->spec[MGPU_SPEC_VT],
                ctx->profile_groups[i],
                (double)((ticks[i + 1] - ticks[i]) & mask) * ctx->info.timestamp_period_ns * 1e-3);
    }
    fflush(ctx->profile);
    ++ctx->profile_submits;
}

static void mgpu_memory_barrier(mgpu_context ctx, VkCommandBuffer cmd, VkPipelineStageFlags src_stage,
                                VkAccessFlags src, VkPipelineStageFlags dst_stage, VkAccessFlags dst) {
    VkMemoryBarrier barrier = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER, .srcAccessMask = src, .dstAccessMask = dst};
    ctx->vk.vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 1, &barrier, 0, NULL, 0, NULL);
}

void mgpu__barrier_compute_write_to_read(mgpu_context ctx, VkCommandBuffer cmd) {
    mgpu_memory_barrier(ctx, cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
                        VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
}

void mgpu__barrier_compute_write_to_indirect_read(mgpu_context ctx, VkCommandBuffer cmd) {
    mgpu_memory_barrier(ctx, cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
                        VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT | VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                        VK_ACCESS_INDIRECT_COMMAND_READ_BIT | VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
}

void mgpu__barrier_compute_write_to_host_read(mgpu_context ctx, VkCommandBuffer cmd) {
    mgpu_memory_barrier(ctx, cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT,
                        VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                        VK_ACCESS_HOST_READ_BIT);
}

void mgpu_cmd_barrier(mgpu_context ctx, VkCommandBuffer cmd) {
    /* The indirect-command reads of the earlier calls' scratch (mgpu__indirect_setup) finish before the later
     * calls' compute shaders write it again. */
    if (ctx && cmd)
        mgpu_memory_barrier(ctx, cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT,
                            VK_ACCESS_SHADER_WRITE_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                            VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
}

mgpu_result mgpu__commands_init(mgpu_context ctx) {
    if (!ctx->queue) return MGPU_SUCCESS; /* an adopted device without a queue records only */
    VkCommandPoolCreateInfo pool_info = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                         .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
                                         .queueFamilyIndex = ctx->queue_family};
    VkResult vr = ctx->vk.vkCreateCommandPool(ctx->device, &pool_info, ctx->allocator, &ctx->command_pool);
    if (vr != VK_SUCCESS) return mgpu__vk_result(ctx, vr, "vkCreateCommandPool");
    VkCommandBufferAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                         .commandPool = ctx->command_pool,
                                         .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                         .commandBufferCount = 1};
    vr = ctx->vk.vkAllocateCommandBuffers(ctx->device, &alloc, &ctx->command_buffer);
    if (vr != VK_SUCCESS) return mgpu__vk_result(ctx, vr, "vkAllocateCommandBuffers");
    VkFenceCreateInfo fence = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    vr = ctx->vk.vkCreateFence(ctx->device, &fence, ctx->allocator, &ctx->fence);
    if (vr != VK_SUCCESS) return mgpu__vk_result(ctx, vr, "vkCreateFence");
    if (ctx->timestamp_valid_bits) {
        VkQueryPoolCreateInfo query = {
            .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO, .queryType = VK_QUERY_TYPE_TIMESTAMP, .queryCount = 2};
        vr = ctx->vk.vkCreateQueryPool(ctx->device, &query, ctx->allocator, &ctx->timestamps);
        if (vr != VK_SUCCESS) return mgpu__vk_result(ctx, vr, "vkCreateQueryPool");
        if (ctx->profile) {
            query.queryCount = MGPU_PROFILE_DISPATCHES + 1;
            vr = ctx->vk.vkCreateQueryPool(ctx->device, &query, ctx->allocator, &ctx->profile_timestamps);
            if (vr != VK_SUCCESS) return mgpu__vk_result(ctx, vr, "vkCreateQueryPool");
        }
    }
    return MGPU_SUCCESS;
}

void mgpu__commands_destroy(mgpu_context ctx) {
    if (ctx->timestamps) ctx->vk.vkDestroyQueryPool(ctx->device, ctx->timestamps, ctx->allocator);
    if (ctx->profile_timestamps) ctx->vk.vkDestroyQueryPool(ctx->device, ctx->profile_timestamps, ctx->allocator);
    if (ctx->fence) ctx->vk.vkDestroyFence(ctx->device, ctx->fence, ctx->allocator);
    if (ctx->command_pool) ctx->vk.vkDestroyCommandPool(ctx->device, ctx->command_pool, ctx->allocator);
}

mgpu_result mgpu__commands_begin(mgpu_context ctx, VkCommandBuffer *out) {
    if (!ctx->queue)
        return mgpu__fail(ctx, MGPU_ERROR_UNSUPPORTED, "the context has no queue: use the mgpu_cmd_* tier");
    if (ctx->device_lost)
        return mgpu__fail(ctx, MGPU_ERROR_DEVICE_LOST,
                          "the device was lost earlier: destroy the context (and, if "
                          "the device is yours, the device) and create a new one");
    if (ctx->recording)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "the context's command buffer is already being recorded");
    VkResult vr = ctx->vk.vkResetCommandBuffer(ctx->command_buffer, 0);
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
    if (vr == VK_SUCCESS) vr = ctx->vk.vkBeginCommandBuffer(ctx->command_buffer, &begin);
    if (vr != VK_SUCCESS) return mgpu__vk_result(ctx, vr, "vkBeginCommandBuffer");
    if (ctx->timestamps) {
        ctx->vk.vkCmdResetQueryPool(ctx->command_buffer, ctx->timestamps, 0, 2);
        ctx->vk.vkCmdWriteTimestamp(ctx->command_buffer, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, ctx->timestamps, 0);
    }
    if (ctx->profile_timestamps) {
        ctx->profile_count = 0;
        ctx->vk.vkCmdResetQueryPool(ctx->command_buffer, ctx->profile_timestamps, 0, MGPU_PROFILE_DISPATCHES + 1);
        ctx->vk.vkCmdWriteTimestamp(ctx->command_buffer, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, ctx->profile_timestamps, 0);
    }
    ctx->recording = true;
    *out = ctx->command_buffer;
    return MGPU_SUCCESS;
}

mgpu_result mgpu__commands_submit(mgpu_context ctx, double *gpu_ns) {
    if (gpu_ns) *gpu_ns = 0;
    if (!ctx->recording) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "no command buffer is being recorded");
    ctx->recording = false;
    if (ctx->timestamps)
        ctx->vk.vkCmdWriteTimestamp(ctx->command_buffer, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, ctx->timestamps, 1);
    VkResult vr = ctx->vk.vkEndCommandBuffer(ctx->command_buffer);
    if (vr != VK_SUCCESS) return mgpu__vk_result(ctx, vr, "vkEndCommandBuffer");
    VkSubmitInfo submit = {
        .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &ctx->command_buffer};
    vr = ctx->vk.vkQueueSubmit(ctx->queue, 1, &submit, ctx->fence);
    if (vr != VK_SUCCESS) return mgpu__vk_result(ctx, vr, "vkQueueSubmit");
    vr = ctx->vk.vkWaitForFences(ctx->device, 1, &ctx->fence, VK_TRUE, UINT64_MAX);
    VkResult reset = ctx->vk.vkResetFences(ctx->device, 1, &ctx->fence);
    if (vr != VK_SUCCESS) return mgpu__vk_result(ctx, vr, "vkWaitForFences");
    if (reset != VK_SUCCESS) return mgpu__vk_result(ctx, reset, "vkResetFences");
    if (gpu_ns && ctx->timestamps) {
        uint64_t ticks[2];
        vr = ctx->vk.vkGetQueryPoolResults(ctx->device, ctx->timestamps, 0, 2, sizeof ticks, ticks, sizeof ticks[0],
                                           VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
        if (vr != VK_SUCCESS) return mgpu__vk_result(ctx, vr, "vkGetQueryPoolResults");
        uint64_t mask = ctx->timestamp_valid_bits >= 64 ? UINT64_MAX : ((1ull << ctx->timestamp_valid_bits) - 1);
        *gpu_ns = (double)((ticks[1] - ticks[0]) & mask) * ctx->info.timestamp_period_ns;
    }
    if (ctx->profile_timestamps) mgpu_profile_write(ctx);
    return MGPU_SUCCESS;
}

mgpu_result mgpu_commands_begin(mgpu_context ctx, VkCommandBuffer *out_cmd) {
    if (!ctx || !out_cmd) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "mgpu_commands_begin: null argument");
    return mgpu__commands_begin(ctx, out_cmd);
}

mgpu_result mgpu_commands_submit(mgpu_context ctx, double *gpu_ns) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    return mgpu__commands_submit(ctx, gpu_ns);
}

void mgpu__commands_abandon(mgpu_context ctx) {
    if (!ctx->recording) return;
    ctx->recording = false;
    ctx->vk.vkEndCommandBuffer(ctx->command_buffer);
    ctx->vk.vkResetCommandBuffer(ctx->command_buffer, 0);
}

mgpu_result mgpu__record_readback(mgpu_context ctx, VkCommandBuffer cmd, mgpu_range src, mgpu_range host,
                                  VkDeviceSize bytes) {
    VkMemoryBarrier before = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                              .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                              .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT};
    ctx->vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1,
                                 &before, 0, NULL, 0, NULL);
    VkBufferCopy region = {.srcOffset = src.offset, .dstOffset = host.offset, .size = bytes};
    ctx->vk.vkCmdCopyBuffer(cmd, src.buffer, host.buffer, 1, &region);
    mgpu__barrier_compute_write_to_host_read(ctx, cmd);
    return MGPU_SUCCESS;
}

mgpu_result mgpu__run_blocking(mgpu_context ctx, mgpu__record_fn record, const void *info, VkDeviceSize scratch_bytes,
                               mgpu_range readback, mgpu_range host, VkDeviceSize readback_bytes) {
    mgpu_range scratch = {0};
    mgpu_result r = MGPU_SUCCESS;
    bool copied = readback_bytes && (readback.buffer != host.buffer || readback.offset != host.offset);
    if (copied) r = mgpu__check_usage(ctx, "the host result", readback, VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
    if (r == MGPU_SUCCESS && scratch_bytes) r = mgpu__pool_alloc(ctx, MGPU_MEMORY_DEVICE, scratch_bytes, &scratch);
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    if (r == MGPU_SUCCESS) r = mgpu__commands_begin(ctx, &cmd);
    if (r == MGPU_SUCCESS) {
        r = record(ctx, cmd, info, scratch);
        if (r == MGPU_SUCCESS && readback_bytes) {
            if (copied)
                r = mgpu__record_readback(ctx, cmd, readback, host, readback_bytes);
            else
                mgpu__barrier_compute_write_to_host_read(ctx, cmd);
        }
        if (r == MGPU_SUCCESS)
            r = mgpu__commands_submit(ctx, NULL);
        else
            mgpu__commands_abandon(ctx);
    }
    mgpu_buffer_free(ctx, scratch);
    return r;
}
