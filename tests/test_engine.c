/*
 * The engine path: the test plays an engine. It creates its own instance (with the validation layers),
 * device (with the features mgpu_query_device_requirements asks for) and queue as the harness makes them
 * (test_vk_device_create), and its own buffer, pipeline and command buffer; adopts them into a context;
 * records its own dispatch, mgpu_cmd_reduce, mgpu_cmd_scan, an in-place descending mgpu_cmd_radixsort of a
 * prefix whose length the engine's buffer holds (indirect count), and its own dispatch again into one command
 * buffer it submits itself; and checks the result.
 */
#include "common.h"
#include "engine_shader.h"

#include <string.h>
#include <vulkan/vulkan.h>

typedef struct engine_push {
    uint64_t data;
    uint32_t count;
    uint32_t mode;
} engine_push;

void test_engine(void) {
    /* The engine's instance (validation as the run asks, its messages counted) and device (test_vk_device_create). */
    test_vk_device d;
    bool made = test_vk_device_create(&d);
    CHECK(made, "the engine's instance and device");
    if (!made) {
        test_vk_device_destroy(&d);
        return;
    }
    mgpu_context_get_handles(g_test.ctx, NULL, NULL, NULL, NULL, NULL);
    CHECK(!d.requirements.required_missing && d.requirements.vk12.bufferDeviceAddress,
          "requirements ask for bufferDeviceAddress");
    VkInstance instance = d.instance;
    VkPhysicalDevice chosen = d.physical_device;
    VkDevice device = d.device;
    uint32_t family = d.family;
    VkQueue queue = d.queue;

    /* The engine's own buffer: data (n u32) | total (16 bytes) | reduce result (16 bytes) | sort count (16). */
    const uint32_t n = 100000;
    VkDeviceSize bytes = (VkDeviceSize)n * 4 + 48;
    VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                              .size = bytes,
                              .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT};
    VkBuffer buffer;
    vkCreateBuffer(device, &bci, NULL, &buffer);
    VkMemoryRequirements mr;
    vkGetBufferMemoryRequirements(device, buffer, &mr);
    VkPhysicalDeviceMemoryProperties mp;
    vkGetPhysicalDeviceMemoryProperties(chosen, &mp);
    uint32_t type = 0;
    VkMemoryPropertyFlags host = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    while (type < mp.memoryTypeCount &&
           (!(mr.memoryTypeBits & (1u << type)) || (mp.memoryTypes[type].propertyFlags & host) != host))
        ++type;
    VkMemoryAllocateFlagsInfo flags = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO,
                                       .flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT};
    VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                .pNext = &flags,
                                .allocationSize = mr.size,
                                .memoryTypeIndex = type};
    VkDeviceMemory memory;
    CHECK(vkAllocateMemory(device, &mai, NULL, &memory) == VK_SUCCESS, "engine memory");
    vkBindBufferMemory(device, buffer, memory, 0);
    VkBufferDeviceAddressInfo bai = {.sType = VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, .buffer = buffer};
    VkDeviceAddress address = vkGetBufferDeviceAddress(device, &bai);

    /* The engine's own pipeline. */
    VkShaderModuleCreateInfo smci = {
        .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .codeSize = sizeof engine_shader, .pCode = engine_shader};
    VkShaderModule module;
    vkCreateShaderModule(device, &smci, NULL, &module);
    VkPushConstantRange pcr = {.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT, .size = sizeof(engine_push)};
    VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                       .pushConstantRangeCount = 1,
                                       .pPushConstantRanges = &pcr};
    VkPipelineLayout layout;
    vkCreatePipelineLayout(device, &plci, NULL, &layout);
    VkComputePipelineCreateInfo cpci = {.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
                                        .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                                                  .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                                                  .module = module,
                                                  .pName = "main"},
                                        .layout = layout};
    VkPipeline pipeline;
    vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &cpci, NULL, &pipeline);

    /* Adopt, without a queue: only the recording tier. */
    mgpu_context ctx = NULL;
    CHECK_OK(mgpu_context_adopt(&(mgpu_adopt_desc){.instance = instance,
                                                   .physical_device = chosen,
                                                   .device = device,
                                                   .queue_family_index = family,
                                                   .get_instance_proc_addr = vkGetInstanceProcAddr,
                                                   .api_version = VK_API_VERSION_1_2},
                                &ctx));
    if (ctx) {
        mgpu_range data, total, result, sort_count;
        CHECK_OK(mgpu_buffer_wrap(ctx, buffer, bytes, 0, (VkDeviceSize)n * 4, &data));
        CHECK_OK(mgpu_buffer_wrap(ctx, buffer, bytes, (VkDeviceSize)n * 4, 16, &total));
        CHECK_OK(mgpu_buffer_wrap(ctx, buffer, bytes, (VkDeviceSize)n * 4 + 16, 16, &result));
        CHECK_OK(mgpu_buffer_wrap(ctx, buffer, bytes, (VkDeviceSize)n * 4 + 32, 16, &sort_count));
        uint32_t sorted = n - 5; /* the engine's count, read by the sort on the device */
        uint32_t *count_word = NULL;
        vkMapMemory(device, memory, 0, VK_WHOLE_SIZE, 0, (void **)&count_word);
        if (count_word) {
            count_word[n + 8] = sorted;
            vkUnmapMemory(device, memory);
        }
        mgpu_sort_info sort = {.key_type = MGPU_TYPE_U32,
                               .descending = true,
                               .count = n,
                               .keys_in = data,
                               .keys_out = data,
                               .indirect_count = sort_count};
        CHECK_RESULT(mgpu_scan(ctx, &(mgpu_scan_info){.count = n, .input = data, .output = data}, NULL),
                     MGPU_ERROR_UNSUPPORTED);
        mgpu_scan_info scan = {.type = MGPU_TYPE_U32,
                               .op = MGPU_OP_ADD,
                               .exclusive = true,
                               .count = n,
                               .input = data,
                               .output = data,
                               .total = total};
        mgpu_reduce_info reduce = {
            .type = MGPU_TYPE_U32, .op = MGPU_OP_MAX_INDEX, .count = n, .input = data, .result = result};
        mgpu_requirements scan_req, reduce_req, sort_req;
        CHECK_OK(mgpu_scan_get_requirements(ctx, &scan, &scan_req));
        CHECK_OK(mgpu_radixsort_get_requirements(ctx, &sort, &sort_req));
        CHECK_OK(mgpu_reduce_get_requirements(ctx, &reduce, &reduce_req));
        /* Scratch from the context's pool: the engine could as well hand in its own buffer. */
        mgpu_range scan_scratch = {0}, reduce_scratch = {0}, sort_scratch = {0};
        if (sort_req.scratch_size) CHECK_OK(mgpu_buffer_alloc(ctx, sort_req.scratch_size, &sort_scratch));
        if (scan_req.scratch_size) CHECK_OK(mgpu_buffer_alloc(ctx, scan_req.scratch_size, &scan_scratch));
        if (reduce_req.scratch_size) CHECK_OK(mgpu_buffer_alloc(ctx, reduce_req.scratch_size, &reduce_scratch));

        VkCommandPoolCreateInfo cpi = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, .queueFamilyIndex = family};
        VkCommandPool pool;
        vkCreateCommandPool(device, &cpi, NULL, &pool);
        VkCommandBufferAllocateInfo cbai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                            .commandPool = pool,
                                            .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                            .commandBufferCount = 1};
        VkCommandBuffer cmd;
        vkAllocateCommandBuffers(device, &cbai, &cmd);
        VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
        vkBeginCommandBuffer(cmd, &begin);
        VkMemoryBarrier barrier = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                   .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                                   .dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT};
        engine_push push = {address, n, 0};
        vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
        vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof push, &push);
        vkCmdDispatch(cmd, (n + 63) / 64, 1, 1);
        /* The documented contract: compute-shader writes before the primitive's compute-shader accesses. */
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1,
                             &barrier, 0, NULL, 0, NULL);
        CHECK_OK(mgpu_cmd_reduce(ctx, cmd, &reduce, reduce_scratch));
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1,
                             &barrier, 0, NULL, 0, NULL);
        CHECK_OK(mgpu_cmd_scan(ctx, cmd, &scan, scan_scratch));
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1,
                             &barrier, 0, NULL, 0, NULL);
        CHECK_OK(mgpu_cmd_radixsort(ctx, cmd, &sort, sort_scratch));
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1,
                             &barrier, 0, NULL, 0, NULL);
        push.mode = 1;
        vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline); /* the primitive bound its own */
        vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof push, &push);
        vkCmdDispatch(cmd, (n + 63) / 64, 1, 1);
        VkMemoryBarrier to_host = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                   .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                                   .dstAccessMask = VK_ACCESS_HOST_READ_BIT};
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &to_host, 0,
                             NULL, 0, NULL);
        vkEndCommandBuffer(cmd);
        VkSubmitInfo submit = {
            .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cmd};
        CHECK(vkQueueSubmit(queue, 1, &submit, VK_NULL_HANDLE) == VK_SUCCESS, "engine submit");
        vkQueueWaitIdle(queue);

        uint32_t *mapped = NULL;
        vkMapMemory(device, memory, 0, VK_WHOLE_SIZE, 0, (void **)&mapped);
        if (mapped) {
            /* the exclusive scan, its first `sorted` elements reversed by the descending sort, plus 1000 */
            uint32_t *prefix = malloc((size_t)n * 4), acc = 0;
            for (uint32_t i = 0; i < n; ++i) {
                prefix[i] = acc;
                acc += i % 7u;
            }
            bool ok = true;
            for (uint32_t i = 0; i < n && ok; ++i) {
                uint32_t expected = (i < sorted ? prefix[sorted - 1 - i] : prefix[i]) + 1000u;
                ok = mapped[i] == expected;
                if (!ok) CHECK(false, "engine result [%u] = %u, expected %u", i, mapped[i], expected);
            }
            free(prefix);
            CHECK(mapped[n] == acc, "engine scan total %u, expected %u", mapped[n], acc);
            int64_t index;
            memcpy(&index, &mapped[n + 4 + 2], 8);
            CHECK(mapped[n + 4] == 6 && index == 6, "engine max-index %u at %lld", mapped[n + 4], (long long)index);
            vkUnmapMemory(device, memory);
        }
        vkDestroyCommandPool(device, pool, NULL);
        mgpu_buffer_free(ctx, scan_scratch);
        mgpu_buffer_free(ctx, reduce_scratch);
        mgpu_buffer_free(ctx, sort_scratch);
        mgpu_buffer_free(ctx, sort_count);
        mgpu_buffer_free(ctx, data);
        mgpu_buffer_free(ctx, total);
        mgpu_buffer_free(ctx, result);
        mgpu_context_destroy(ctx);
    }
    vkDestroyPipeline(device, pipeline, NULL);
    vkDestroyPipelineLayout(device, layout, NULL);
    vkDestroyShaderModule(device, module, NULL);
    vkDestroyBuffer(device, buffer, NULL);
    vkFreeMemory(device, memory, NULL);
    test_vk_device_destroy(&d);
    CHECK(d.messages == 0, "%llu validation messages in the engine's instance", (unsigned long long)d.messages);
}
