/*
 * The engine path: the test plays an engine.
 *   - A frame: it creates its own instance (with the validation layers), device (its own feature chain, into
 *     which mgpu_device_requirements_merge writes what the library wants) and queue as the harness makes them
 *     (test_vk_device_create), and its own buffer, pipeline and command buffer; adopts them into a context
 *     with the features and extensions the device was made with; records its own dispatch, mgpu_cmd_reduce,
 *     mgpu_cmd_scan, an in-place descending mgpu_cmd_radixsort of a prefix whose length the engine's buffer
 *     holds (indirect count), and its own dispatch again into one command buffer it submits itself; and checks
 *     the result.
 *   - The merge into the engine's own structures: bits set in the structs the chain has, single structs
 *     appended where it has none, extensions appended once, nothing changed when the list has no room.
 *   - Adoption by what was enabled: a Vulkan 1.3 device made with bufferDeviceAddress alone sorts and scans u32
 *     with no validation message and refuses u64 (MGPU_ERROR_UNSUPPORTED, no message), where the library
 *     once used computeFullSubgroups and shaderInt64 because the device had them; made with everything the
 *     library wants, the same calls all run.
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

/* The engine's buffer: its dispatches and the library's kernels reach it through its device address. */
#define ENGINE_USAGE (VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT)

static void engine_frame(void) {
    /* The engine's instance (validation as the run asks, its messages counted) and device (test_vk_device_create). */
    test_vk_device d;
    bool made = test_vk_device_create(&d);
    CHECK(made, "the engine's instance and device");
    if (!made) {
        test_vk_device_destroy(&d);
        return;
    }
    CHECK(!d.merge.required_missing && d.vk12.bufferDeviceAddress, "the merge finds bufferDeviceAddress");
    VkPhysicalDevice chosen = d.physical_device;
    VkDevice device = d.device;
    uint32_t family = d.family;
    VkQueue queue = d.queue;

    /* The engine's own buffer: data (n u32) | total (16 bytes) | reduce result (16 bytes) | sort count (16). */
    const uint32_t n = 100000;
    VkDeviceSize bytes = (VkDeviceSize)n * 4 + 48;
    VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = bytes, .usage = ENGINE_USAGE};
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
    mgpu_adopt_desc adopt = test_vk_adopt_desc(&d);
    adopt.queue = VK_NULL_HANDLE;
    CHECK_OK(mgpu_context_adopt(&adopt, &ctx));
    if (ctx) {
        mgpu_range data, total, result, sort_count;
        CHECK_OK(mgpu_buffer_wrap(
            ctx,
            &(mgpu_buffer_wrap_desc){
                .buffer = buffer, .usage = ENGINE_USAGE, .buffer_size = bytes, .size = (VkDeviceSize)n * 4},
            &data));
        CHECK_OK(mgpu_buffer_wrap(ctx,
                                  &(mgpu_buffer_wrap_desc){.buffer = buffer,
                                                           .usage = ENGINE_USAGE,
                                                           .buffer_size = bytes,
                                                           .offset = (VkDeviceSize)n * 4,
                                                           .size = 16},
                                  &total));
        CHECK_OK(mgpu_buffer_wrap(ctx,
                                  &(mgpu_buffer_wrap_desc){.buffer = buffer,
                                                           .usage = ENGINE_USAGE,
                                                           .buffer_size = bytes,
                                                           .offset = (VkDeviceSize)n * 4 + 16,
                                                           .size = 16},
                                  &result));
        CHECK_OK(mgpu_buffer_wrap(ctx,
                                  &(mgpu_buffer_wrap_desc){.buffer = buffer,
                                                           .usage = ENGINE_USAGE,
                                                           .buffer_size = bytes,
                                                           .offset = (VkDeviceSize)n * 4 + 32,
                                                           .size = 16},
                                  &sort_count));
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

/* ---- the merge into the engine's own structures ---------------------------------------------------------------- */

static bool device_has_extension(VkPhysicalDevice gpu, const char *name) {
    uint32_t count = 0;
    vkEnumerateDeviceExtensionProperties(gpu, NULL, &count, NULL);
    VkExtensionProperties *props = calloc(count + 1, sizeof *props);
    vkEnumerateDeviceExtensionProperties(gpu, NULL, &count, props);
    bool found = false;
    for (uint32_t i = 0; i < count; ++i) found |= strcmp(props[i].extensionName, name) == 0;
    free(props);
    return found;
}

static void engine_merge(const test_vk_device *d) {
    mgpu_device_info info; /* the test context's device: the library enabled all it supports */
    mgpu_context_get_device_info(g_test.ctx, &info);
    bool subgroups = info.subgroup_size_control;
    bool portability = device_has_extension(d->physical_device, "VK_KHR_portability_subset");
    bool subgroup_ext = device_has_extension(d->physical_device, VK_EXT_SUBGROUP_SIZE_CONTROL_EXTENSION_NAME);

    /* Vulkan 1.3 with the engine's Vulkan12/13 structs: the bits go there, nothing is appended. */
    VkPhysicalDeviceVulkan13Features v13 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
                                            .synchronization2 = VK_TRUE};
    VkPhysicalDeviceVulkan12Features v12 = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES, .pNext = &v13, .timelineSemaphore = VK_TRUE};
    VkPhysicalDeviceFeatures2 f = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &v12};
    f.features.samplerAnisotropy = VK_TRUE;
    const char *names[4] = {VK_KHR_SWAPCHAIN_EXTENSION_NAME};
    mgpu_device_merge m = {.api_version = VK_API_VERSION_1_3,
                           .features = &f,
                           .extensions = names,
                           .extension_count = 1,
                           .extension_capacity = 4};
    CHECK_OK(mgpu_device_requirements_merge(d->instance, d->physical_device, vkGetInstanceProcAddr, &m));
    CHECK(!m.required_missing && v12.bufferDeviceAddress && v12.timelineSemaphore && v13.synchronization2 &&
              f.features.samplerAnisotropy,
          "merge 1.3: bufferDeviceAddress set, the engine's bits kept");
    CHECK(f.features.shaderInt64 == (VkBool32)info.shader_int64 &&
              f.features.shaderFloat64 == (VkBool32)info.shader_float64,
          "merge 1.3: shaderInt64 %u, shaderFloat64 %u", f.features.shaderInt64, f.features.shaderFloat64);
    CHECK(v13.computeFullSubgroups == (VkBool32)subgroups && v13.subgroupSizeControl == (VkBool32)subgroups,
          "merge 1.3: the subgroup features in the engine's Vulkan13Features");
    CHECK(v13.pNext == NULL && m.extension_count == 1u + portability &&
              !strcmp(names[0], VK_KHR_SWAPCHAIN_EXTENSION_NAME),
          "merge 1.3: nothing appended but portability (%u names)", m.extension_count);

    /* Vulkan 1.2 with an empty chain: the single structs are appended, and the extension; a second call adds
     * nothing more. */
    VkPhysicalDeviceFeatures2 empty = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
    const char *list[4];
    mgpu_device_merge e = {.features = &empty, .extensions = list, .extension_capacity = 4};
    CHECK_OK(mgpu_device_requirements_merge(d->instance, d->physical_device, vkGetInstanceProcAddr, &e));
    bool ext_path = subgroups && subgroup_ext;
    CHECK(empty.pNext == &e.buffer_device_address && e.buffer_device_address.bufferDeviceAddress,
          "merge 1.2: VkPhysicalDeviceBufferDeviceAddressFeatures appended");
    CHECK(e.buffer_device_address.pNext == (ext_path ? (void *)&e.subgroup_size_control : NULL) &&
              (!ext_path || e.subgroup_size_control.computeFullSubgroups),
          "merge 1.2: VkPhysicalDeviceSubgroupSizeControlFeatures appended where the extension gives it");
    uint32_t want = (uint32_t)portability + ext_path;
    CHECK(e.extension_count == want, "merge 1.2: %u extensions, expected %u", e.extension_count, want);
    CHECK_OK(mgpu_device_requirements_merge(d->instance, d->physical_device, vkGetInstanceProcAddr, &e));
    CHECK(e.extension_count == want && empty.pNext == &e.buffer_device_address &&
              e.buffer_device_address.pNext == (ext_path ? (void *)&e.subgroup_size_control : NULL) &&
              e.subgroup_size_control.pNext == NULL,
          "merge 1.2 twice: nothing more appended");

    /* No room for the names: refused, nothing changed. */
    if (want) {
        VkPhysicalDeviceFeatures2 untouched = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
        mgpu_device_merge full = {.features = &untouched, .extensions = list, .extension_capacity = 0};
        CHECK_RESULT(mgpu_device_requirements_merge(d->instance, d->physical_device, vkGetInstanceProcAddr, &full),
                     MGPU_ERROR_INVALID_ARGUMENT);
        CHECK(untouched.pNext == NULL && !untouched.features.shaderInt64, "a refused merge changes nothing");
    }
    /* The whole-struct query asks for the same. */
    mgpu_device_requirements whole;
    CHECK_OK(mgpu_query_device_requirements(d->instance, d->physical_device, vkGetInstanceProcAddr, &whole));
    CHECK(!whole.required_missing && whole.vk12.bufferDeviceAddress &&
              whole.features.shaderInt64 == f.features.shaderInt64 &&
              whole.features.shaderFloat64 == f.features.shaderFloat64 &&
              whole.vk13.computeFullSubgroups == v13.computeFullSubgroups,
          "mgpu_query_device_requirements agrees with the merge");
    mgpu_device_merge bad = {.features = NULL};
    CHECK_RESULT(mgpu_device_requirements_merge(d->instance, d->physical_device, vkGetInstanceProcAddr, &bad),
                 MGPU_ERROR_INVALID_ARGUMENT);
    bad = (mgpu_device_merge){.next = &bad, .features = &empty};
    CHECK_RESULT(mgpu_device_requirements_merge(d->instance, d->physical_device, vkGetInstanceProcAddr, &bad),
                 MGPU_ERROR_INVALID_ARGUMENT);
    bad = (mgpu_device_merge){.features = &empty, .extension_count = 2, .extension_capacity = 1, .extensions = list};
    CHECK_RESULT(mgpu_device_requirements_merge(d->instance, d->physical_device, vkGetInstanceProcAddr, &bad),
                 MGPU_ERROR_INVALID_ARGUMENT);
}

/* ---- adoption by what the engine enabled ----------------------------------------------------------------------- */

/* A u32 radix sort and scan on ctx (blocking tier), checked; then u64: sorted where int64 is true, else every
 * call refused with MGPU_ERROR_UNSUPPORTED before it looks at anything else. */
static void engine_calls(mgpu_context ctx, bool int64, const char *how) {
    const uint32_t n = 40000;
    uint32_t *keys = malloc(n * 4u), *got = malloc(n * 4u);
    uint64_t *wide = malloc(n * 8u), *wide_got = malloc(n * 8u);
    for (uint32_t i = 0; i < n; ++i) {
        keys[i] = (uint32_t)test_random() % 1000u;
        wide[i] = test_random();
    }
    mgpu_range in = {0}, out = {0}, wide_in = {0}, wide_out = {0};
    CHECK_OK_IN(ctx, mgpu_buffer_alloc(ctx, n * 4u, &in));
    CHECK_OK_IN(ctx, mgpu_buffer_alloc(ctx, n * 4u, &out));
    CHECK_OK_IN(ctx, mgpu_buffer_alloc(ctx, n * 8u, &wide_in));
    CHECK_OK_IN(ctx, mgpu_buffer_alloc(ctx, n * 8u, &wide_out));
    CHECK_OK_IN(ctx, mgpu_buffer_upload(ctx, in, keys, n * 4u));
    CHECK_OK_IN(ctx, mgpu_buffer_upload(ctx, wide_in, wide, n * 8u));

    CHECK_OK_IN(ctx, mgpu_radixsort(ctx, &(mgpu_sort_info){
                                             .key_type = MGPU_TYPE_U32, .count = n, .keys_in = in, .keys_out = out}));
    CHECK_OK_IN(ctx, mgpu_buffer_download(ctx, out, got, n * 4u));
    bool sorted = true;
    for (uint32_t i = 1; i < n; ++i) sorted = sorted && got[i - 1] <= got[i];
    CHECK(sorted, "%s: u32 radix sort", how);
    mgpu_scalar total = {0};
    CHECK_OK_IN(
        ctx,
        mgpu_scan(
            ctx,
            &(mgpu_scan_info){
                .type = MGPU_TYPE_U32, .op = MGPU_OP_ADD, .exclusive = true, .count = n, .input = in, .output = out},
            &total));
    uint32_t want_total = 0;
    for (uint32_t i = 0; i < n; ++i) want_total += keys[i];
    CHECK(total.u32 == want_total, "%s: u32 scan total %u, expected %u", how, total.u32, want_total);
    CHECK_OK_IN(ctx, mgpu_context_prepare(ctx, MGPU_PRIM_BIT(MGPU_PRIM_RADIXSORT) | MGPU_PRIM_BIT(MGPU_PRIM_SCAN),
                                          MGPU_TYPE_MASK_ALL));

    mgpu_sort_info wide_sort = {.key_type = MGPU_TYPE_U64, .count = n, .keys_in = wide_in, .keys_out = wide_out};
    if (int64) {
        CHECK_OK_IN(ctx, mgpu_radixsort(ctx, &wide_sort));
        CHECK_OK_IN(ctx, mgpu_buffer_download(ctx, wide_out, wide_got, n * 8u));
        sorted = true;
        for (uint32_t i = 1; i < n; ++i) sorted = sorted && wide_got[i - 1] <= wide_got[i];
        CHECK(sorted, "%s: u64 radix sort", how);
    } else {
        mgpu_requirements req;
        CHECK_RESULT_IN(ctx, mgpu_radixsort(ctx, &wide_sort), MGPU_ERROR_UNSUPPORTED);
        CHECK_RESULT_IN(ctx, mgpu_radixsort_get_requirements(ctx, &wide_sort, &req), MGPU_ERROR_UNSUPPORTED);
        CHECK_RESULT_IN(ctx, mgpu_mergesort(ctx, &wide_sort), MGPU_ERROR_UNSUPPORTED);
        CHECK_RESULT_IN(
            ctx,
            mgpu_context_prepare_variants(ctx, &(mgpu_variant){.prim = MGPU_PRIM_RADIXSORT, .type = MGPU_TYPE_U64}, 1),
            MGPU_ERROR_UNSUPPORTED);
        CHECK(strstr(mgpu_context_last_error(ctx), "shaderInt64") != NULL, "%s: the last error names shaderInt64: %s",
              how, mgpu_context_last_error(ctx));
        /* Checked first: a u64 call with no ranges at all is still MGPU_ERROR_UNSUPPORTED. */
        CHECK_RESULT_IN(ctx, mgpu_radixsort(ctx, &(mgpu_sort_info){.key_type = MGPU_TYPE_U64, .count = n}),
                        MGPU_ERROR_UNSUPPORTED);
        CHECK_RESULT_IN(
            ctx,
            mgpu_scan(ctx, &(mgpu_scan_info){.type = MGPU_TYPE_I64, .count = n, .input = wide_in, .output = wide_out},
                      NULL),
            MGPU_ERROR_UNSUPPORTED);
        mgpu_reduce_value v;
        CHECK_RESULT_IN(ctx,
                        mgpu_reduce(ctx, &(mgpu_reduce_info){.type = MGPU_TYPE_F64, .count = n, .input = wide_in}, &v),
                        MGPU_ERROR_UNSUPPORTED);
    }
    mgpu_buffer_free(ctx, in);
    mgpu_buffer_free(ctx, out);
    mgpu_buffer_free(ctx, wide_in);
    mgpu_buffer_free(ctx, wide_out);
    free(keys);
    free(got);
    free(wide);
    free(wide_got);
}

/* A Vulkan 1.3 device made with bufferDeviceAddress alone (minimal), or with all the library wants. */
static void engine_enabled(bool minimal) {
    const char *how = minimal ? "bufferDeviceAddress alone" : "everything the library wants";
    test_vk_device d;
    bool made = test_vk_device_create_with(&d, VK_API_VERSION_1_3, minimal);
    CHECK(made, "%s: the engine's instance and device", how);
    if (made && minimal) engine_merge(&d);
    mgpu_context ctx = NULL;
    if (made) {
        mgpu_adopt_desc desc = test_vk_adopt_desc(&d);
        CHECK_OK_IN(ctx, mgpu_context_adopt(&desc, &ctx));
    }
    if (ctx) {
        mgpu_device_info info, all;
        mgpu_context_get_device_info(ctx, &info);
        mgpu_context_get_device_info(g_test.ctx, &all);
        if (minimal)
            CHECK(!info.shader_int64 && !info.shader_float64 && !info.subgroup_size_control,
                  "%s: the context reports int64 %d, float64 %d, subgroup size control %d", how, info.shader_int64,
                  info.shader_float64, info.subgroup_size_control);
        else
            CHECK(info.shader_int64 == all.shader_int64 && info.shader_float64 == all.shader_float64 &&
                      info.subgroup_size_control == all.subgroup_size_control,
                  "%s: the context uses what the library's own device has", how);
        engine_calls(ctx, info.shader_int64, how);
        mgpu_context_destroy(ctx);
    }
    test_vk_device_destroy(&d);
    CHECK(d.messages == 0, "%s: %llu validation messages", how, (unsigned long long)d.messages);
}

/* ---- pipelines for engines: its own cache and allocator, only the variants named ------------------------------- */

/* The engine's host allocator: counts what the library allocates through it. Each block keeps its size and the
 * offset of its start in the 16 bytes before the pointer it hands out. */
typedef struct counting_allocator {
    uint64_t allocations, frees;
} counting_allocator;

static void *counting_alloc(void *user, size_t size, size_t alignment, VkSystemAllocationScope scope) {
    (void)scope;
    size_t head = alignment > 16 ? alignment : 16;
    char *base = aligned_alloc(head, (size + head + head - 1) / head * head);
    if (!base) return NULL;
    size_t words[2] = {size, head};
    memcpy(base + head - sizeof words, words, sizeof words);
    ++((counting_allocator *)user)->allocations;
    return base + head;
}

static void counting_free(void *user, void *memory) {
    if (!memory) return;
    size_t words[2];
    memcpy(words, (char *)memory - sizeof words, sizeof words);
    free((char *)memory - words[1]);
    ++((counting_allocator *)user)->frees;
}

static void *counting_realloc(void *user, void *old, size_t size, size_t alignment, VkSystemAllocationScope scope) {
    if (!old) return counting_alloc(user, size, alignment, scope);
    if (!size) {
        counting_free(user, old);
        return NULL;
    }
    void *fresh = counting_alloc(user, size, alignment, scope);
    if (!fresh) return NULL;
    size_t words[2];
    memcpy(words, (char *)old - sizeof words, sizeof words);
    memcpy(fresh, old, words[0] < size ? words[0] : size);
    counting_free(user, old);
    return fresh;
}

/* The device functions the library gets, through an interposed vkGetInstanceProcAddr: its pipelines counted, and
 * whether each was made with the engine's cache and allocator. */
static struct {
    PFN_vkGetDeviceProcAddr get_device_proc_addr;
    PFN_vkCreateComputePipelines create_compute_pipelines;
    VkPipelineCache cache;
    const VkAllocationCallbacks *allocator;
    uint64_t pipelines, foreign; /* created; created with another cache or allocator */
} spy;

static VKAPI_ATTR VkResult VKAPI_CALL spy_create_compute_pipelines(VkDevice device, VkPipelineCache cache,
                                                                   uint32_t count,
                                                                   const VkComputePipelineCreateInfo *infos,
                                                                   const VkAllocationCallbacks *allocator,
                                                                   VkPipeline *pipelines) {
    spy.pipelines += count;
    spy.foreign += (cache != spy.cache || allocator != spy.allocator) ? count : 0;
    return spy.create_compute_pipelines(device, cache, count, infos, allocator, pipelines);
}

static VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL spy_get_device_proc_addr(VkDevice device, const char *name) {
    PFN_vkVoidFunction real = spy.get_device_proc_addr(device, name);
    if (real && !strcmp(name, "vkCreateComputePipelines")) {
        spy.create_compute_pipelines = (PFN_vkCreateComputePipelines)real;
        return (PFN_vkVoidFunction)spy_create_compute_pipelines;
    }
    return real;
}

static VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL spy_get_instance_proc_addr(VkInstance instance, const char *name) {
    PFN_vkVoidFunction real = vkGetInstanceProcAddr(instance, name);
    if (real && !strcmp(name, "vkGetDeviceProcAddr")) {
        spy.get_device_proc_addr = (PFN_vkGetDeviceProcAddr)real;
        return (PFN_vkVoidFunction)spy_get_device_proc_addr;
    }
    return real;
}

/* Records a radix sort of keys into out, in its own command buffer of the engine's pool (made without the
 * counting allocator), submitted and waited for. */
static void engine_record_sort(const test_vk_device *d, VkCommandPool pool, mgpu_context ctx,
                               const mgpu_sort_info *sort, mgpu_range scratch) {
    VkCommandBufferAllocateInfo cbai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                        .commandPool = pool,
                                        .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                        .commandBufferCount = 1};
    VkCommandBuffer cmd;
    vkAllocateCommandBuffers(d->device, &cbai, &cmd);
    VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    vkBeginCommandBuffer(cmd, &begin);
    CHECK_OK_IN(ctx, mgpu_cmd_radixsort(ctx, cmd, sort, scratch));
    VkMemoryBarrier after = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                             .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                             .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &after, 0,
                         NULL, 0, NULL);
    vkEndCommandBuffer(cmd);
    VkSubmitInfo submit = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cmd};
    CHECK(vkQueueSubmit(d->queue, 1, &submit, VK_NULL_HANDLE) == VK_SUCCESS, "engine submit");
    vkQueueWaitIdle(d->queue);
    vkFreeCommandBuffers(d->device, pool, 1, &cmd);
}

/* Sorted searches (both bounds and orders, the partitions one per subgroup where they are few, one per thread past
 * MGPU_PARTITION_SUBGROUP_MAX's 256) and an outer join (count and rows), or merges (every value width and order),
 * of `type`; the searches checked against a serial answer (keys 0..an-1 against the evens 0..2(bn-1)). */
static void engine_searches(mgpu_context ctx, mgpu_type type, bool searches, bool merges, const char *how) {
    const uint32_t an = 9000, bn = 4500; /* 13500 positions: 31 tiles of 448 on lavapipe; a GPU's are fewer */
    int32_t *a = malloc(an * 4u), *b = malloc(bn * 4u), *got = malloc(an * 8u);
    for (uint32_t i = 0; i < an; ++i) a[i] = (int32_t)i;
    for (uint32_t i = 0; i < bn; ++i) b[i] = (int32_t)(2 * i);
    mgpu_range ra = {0}, rb = {0}, out = {0}, values = {0}, count = {0};
    CHECK_OK_IN(ctx, mgpu_buffer_alloc(ctx, an * 4u, &ra));
    CHECK_OK_IN(ctx, mgpu_buffer_alloc(ctx, bn * 4u, &rb));
    CHECK_OK_IN(ctx, mgpu_buffer_alloc(ctx, (an + bn) * 8u, &out));
    CHECK_OK_IN(ctx, mgpu_buffer_alloc(ctx, (an + bn) * 8u, &values));
    CHECK_OK_IN(ctx, mgpu_buffer_alloc(ctx, 4, &count));
    CHECK_OK_IN(ctx, mgpu_buffer_upload(ctx, ra, a, an * 4u));
    CHECK_OK_IN(ctx, mgpu_buffer_upload(ctx, rb, b, bn * 4u));
    for (int upper = 0; searches && upper < 2; ++upper) {
        mgpu_sorted_search_info search = {.key_type = type,
                                          .bounds = (mgpu_bounds)upper,
                                          .a_count = an,
                                          .b_count = bn,
                                          .a_keys = ra,
                                          .b_keys = rb,
                                          .a_indices = out};
        CHECK_OK_IN(ctx, mgpu_sorted_search(ctx, &search, NULL, NULL));
        CHECK_OK_IN(ctx, mgpu_buffer_download(ctx, out, got, an * 4u));
        bool right = true; /* a[i] = i's lower bound among the evens 0..2(bn-1) is ceil(i / 2), upper i / 2 + 1 */
        for (uint32_t i = 0; i < an; ++i) {
            uint32_t want = upper ? i / 2 + 1 : (i + 1) / 2;
            right = right && (uint32_t)got[i] == (want < bn ? want : bn);
        }
        CHECK(right, "%s: the %s bounds", how, upper ? "upper" : "lower");
        search.descending = true; /* small inputs (few partitions), descending: only their pipelines matter */
        search.a_count = search.b_count = 1;
        CHECK_OK_IN(ctx, mgpu_sorted_search(ctx, &search, NULL, NULL));
    }
    for (int descending = 0; searches && descending < 2; ++descending) {
        uint32_t rows = 0;
        mgpu_join_info join = {.key_type = type,
                               .kind = MGPU_JOIN_OUTER,
                               .descending = descending,
                               .a_count = descending ? 1 : an,
                               .b_count = descending ? 1 : bn,
                               .a_keys = ra,
                               .b_keys = rb,
                               .a_indices = out,
                               .b_indices = values,
                               .capacity = an + bn,
                               .row_count = count};
        CHECK_OK_IN(ctx, mgpu_join(ctx, &join, &rows));
        CHECK(rows == (descending ? 1 : an), "%s: %u outer join rows, expected %u", how, rows, descending ? 1 : an);
    }
    for (uint32_t value_size = 0; merges && value_size <= 8; value_size += 4)
        for (int descending = 0; descending < 2; ++descending) {
            bool small = descending || value_size != 4;
            mgpu_merge_info merge = {.key_type = type,
                                     .descending = descending,
                                     .value_size = value_size,
                                     .a_count = small ? 1 : an,
                                     .b_count = small ? 1 : bn,
                                     .a_keys = ra,
                                     .b_keys = rb,
                                     .a_values = ra,
                                     .b_values = rb,
                                     .out_keys = out,
                                     .out_values = values};
            CHECK_OK_IN(ctx, mgpu_merge(ctx, &merge));
        }
    mgpu_range ranges[] = {ra, rb, out, values, count};
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; ++i) mgpu_buffer_free(ctx, ranges[i]);
    free(a);
    free(b);
    free(got);
}

static void engine_pipelines(void) {
    test_vk_device d;
    bool made = test_vk_device_create(&d);
    CHECK(made, "the engine's instance and device");
    counting_allocator counts = {0};
    VkAllocationCallbacks callbacks = {.pUserData = &counts,
                                       .pfnAllocation = counting_alloc,
                                       .pfnReallocation = counting_realloc,
                                       .pfnFree = counting_free};
    VkPipelineCache cache = VK_NULL_HANDLE;
    VkCommandPool pool = VK_NULL_HANDLE;
    mgpu_context ctx = NULL;
    if (made) {
        VkPipelineCacheCreateInfo pcci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
        CHECK(vkCreatePipelineCache(d.device, &pcci, NULL, &cache) == VK_SUCCESS, "the engine's pipeline cache");
        VkCommandPoolCreateInfo cpi = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                       .queueFamilyIndex = d.family};
        vkCreateCommandPool(d.device, &cpi, NULL, &pool);
        mgpu_adopt_desc desc = test_vk_adopt_desc(&d);
        desc.pipeline_cache = cache;
        desc.pipeline_cache_path = "engine.cache";
        CHECK_RESULT(mgpu_context_adopt(&desc, &ctx), MGPU_ERROR_INVALID_ARGUMENT); /* one cache or the other */
        desc.pipeline_cache_path = NULL;
        desc.allocation_callbacks = &callbacks;
        desc.get_instance_proc_addr = spy_get_instance_proc_addr;
        memset(&spy, 0, sizeof spy);
        spy.cache = cache;
        spy.allocator = &callbacks;
        CHECK_OK_IN(ctx, mgpu_context_adopt(&desc, &ctx));
    }
    if (ctx) {
        CHECK(counts.allocations > 0, "the library allocates through the engine's callbacks");
        const uint32_t n = 3000;
        uint32_t *keys = malloc(n * 4u), *got = malloc(n * 4u);
        for (uint32_t i = 0; i < n; ++i) keys[i] = (uint32_t)test_random();
        mgpu_range in = {0}, out = {0}, scratch = {0};
        mgpu_sort_info sort = {.key_type = MGPU_TYPE_U32, .count = n};
        mgpu_requirements req;
        CHECK_OK_IN(ctx, mgpu_radixsort_get_requirements(ctx, &sort, &req));
        CHECK_OK_IN(ctx, mgpu_buffer_alloc(ctx, n * 4u, &in));
        CHECK_OK_IN(ctx, mgpu_buffer_alloc(ctx, n * 4u, &out));
        CHECK_OK_IN(ctx, mgpu_buffer_alloc(ctx, req.scratch_size ? req.scratch_size : 16, &scratch));
        CHECK_OK_IN(ctx, mgpu_buffer_upload(ctx, in, keys, n * 4u));
        sort.keys_in = in;
        sort.keys_out = out;

        /* Bad variants are refused before anything is built. */
        CHECK_RESULT_IN(ctx, mgpu_context_prepare_variants(ctx, NULL, 1), MGPU_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT_IN(
            ctx,
            mgpu_context_prepare_variants(
                ctx, &(mgpu_variant){.prim = MGPU_PRIM_RADIXSORT, .type = MGPU_TYPE_U32, .value_size = 2}, 1),
            MGPU_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT_IN(ctx, mgpu_context_prepare_variants(ctx, &(mgpu_variant){.prim = MGPU_PRIM_COUNT}, 1),
                        MGPU_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT_IN(ctx,
                        mgpu_context_prepare_variants(
                            ctx, &(mgpu_variant){.prim = MGPU_PRIM_SCAN, .type = MGPU_TYPE_U32, .order = 3}, 1),
                        MGPU_ERROR_INVALID_ARGUMENT);
        CHECK_RESULT_IN(ctx, mgpu_context_prepare_variants(ctx, &(mgpu_variant){.prim = MGPU_PRIM_SCAN, .type = 9}, 1),
                        MGPU_ERROR_INVALID_ARGUMENT);
        CHECK(spy.create_compute_pipelines != NULL && spy.pipelines == 0, "no pipeline before the first call");
        CHECK_OK_IN(ctx, mgpu_context_prepare_variants(ctx, NULL, 0));
        CHECK(spy.pipelines == 0, "no variant: nothing built");

        /* The variants named are built, and a sort of one builds nothing more; another order still does. */
        mgpu_variant variants[] = {
            {.prim = MGPU_PRIM_RADIXSORT, .type = MGPU_TYPE_U32, .order = MGPU_VARIANT_ASCENDING},
            {.prim = MGPU_PRIM_SCAN, .type = MGPU_TYPE_U32}};
        CHECK_OK_IN(ctx, mgpu_context_prepare_variants(ctx, variants, 2));
        uint64_t prepared = spy.pipelines;
        CHECK(prepared > 0, "the variants are built");
        engine_record_sort(&d, pool, ctx, &sort, scratch);
        CHECK(spy.pipelines == prepared, "a prepared variant records without building (%llu pipelines)",
              (unsigned long long)(spy.pipelines - prepared));
        CHECK_OK_IN(ctx, mgpu_buffer_download(ctx, out, got, n * 4u));
        bool sorted = true;
        for (uint32_t i = 1; i < n; ++i) sorted = sorted && got[i - 1] <= got[i];
        CHECK(sorted, "the engine's sort with its own cache and allocator");
        sort.descending = true;
        engine_record_sort(&d, pool, ctx, &sort, scratch);
        CHECK(spy.pipelines > prepared, "the descending variant was not built ahead");
        CHECK_OK_IN(ctx, mgpu_buffer_download(ctx, out, got, n * 4u));
        sorted = true;
        for (uint32_t i = 1; i < n; ++i) sorted = sorted && got[i - 1] >= got[i];
        CHECK(sorted, "the descending sort");

        mgpu_buffer_free(ctx, in);
        mgpu_buffer_free(ctx, out);
        mgpu_buffer_free(ctx, scratch);
        free(keys);
        free(got);
        /* mgpu_context_prepare builds every variant of the type: more than the two named. */
        uint64_t named = spy.pipelines;
        CHECK_OK_IN(ctx, mgpu_context_prepare(ctx, MGPU_PRIM_BIT(MGPU_PRIM_RADIXSORT), MGPU_TYPE_BIT(MGPU_TYPE_U32)));
        CHECK(spy.pipelines > named, "mgpu_context_prepare builds the value widths not named");
        /* MGPU_PRIM_MERGE builds the merge's pipelines and not the searches'; MGPU_PRIM_SORTED_SEARCH (with the
         * join's scan, MGPU_PRIM_SCAN, and the blocking join's fills and copies, FILL and COPY) builds every one
         * the sorted search and the join record, and no merge's. */
        uint32_t others = MGPU_PRIM_BIT(MGPU_PRIM_SCAN) | MGPU_PRIM_BIT(MGPU_PRIM_FILL) | MGPU_PRIM_BIT(MGPU_PRIM_COPY);
        CHECK_OK_IN(ctx,
                    mgpu_context_prepare(ctx, MGPU_PRIM_BIT(MGPU_PRIM_MERGE) | others, MGPU_TYPE_BIT(MGPU_TYPE_I32)));
        uint64_t merges = spy.pipelines;
        engine_searches(ctx, MGPU_TYPE_I32, false, true, "merge prepared");
        CHECK(spy.pipelines == merges, "MGPU_PRIM_MERGE prepared: the merges built %llu more pipelines",
              (unsigned long long)(spy.pipelines - merges));
        engine_searches(ctx, MGPU_TYPE_I32, true, false, "merge prepared, searches");
        CHECK(spy.pipelines > merges, "MGPU_PRIM_MERGE prepared: the searches still build theirs");
        CHECK_OK_IN(ctx, mgpu_context_prepare(ctx, MGPU_PRIM_BIT(MGPU_PRIM_SORTED_SEARCH) | others,
                                              MGPU_TYPE_BIT(MGPU_TYPE_U32)));
        uint64_t searches = spy.pipelines;
        engine_searches(ctx, MGPU_TYPE_U32, true, false, "sorted search prepared");
        CHECK(spy.pipelines == searches, "MGPU_PRIM_SORTED_SEARCH prepared: the searches built %llu more pipelines",
              (unsigned long long)(spy.pipelines - searches));
        engine_searches(ctx, MGPU_TYPE_U32, false, true, "sorted search prepared, merges");
        CHECK(spy.pipelines > searches, "MGPU_PRIM_SORTED_SEARCH prepared: the merges still build theirs");
        CHECK(spy.foreign == 0, "%llu pipelines made without the engine's cache and allocator",
              (unsigned long long)spy.foreign);
        mgpu_context_destroy(ctx);
        CHECK(counts.allocations == counts.frees, "the engine's allocator: %llu allocations, %llu frees",
              (unsigned long long)counts.allocations, (unsigned long long)counts.frees);
    }
    /* The cache is still the engine's to destroy (a double destroy would be a validation error). */
    if (cache) vkDestroyPipelineCache(d.device, cache, NULL);
    if (pool) vkDestroyCommandPool(d.device, pool, NULL);
    test_vk_device_destroy(&d);
    CHECK(d.messages == 0, "pipelines for engines: %llu validation messages", (unsigned long long)d.messages);
}

void test_engine(void) {
    engine_frame();
    engine_enabled(true);
    engine_enabled(false);
    engine_pipelines();
}
