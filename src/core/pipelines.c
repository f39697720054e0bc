/*
 * Pipelines: the embedded SPIR-V modules (one per kernel, type and subgroup variant, listed in the generated
 * shader table) and the compute pipelines made from them, keyed by module and specialization constants,
 * created on first use and cached. One pipeline layout serves every kernel: no descriptor sets, 128 bytes
 * of push constants. The VkPipelineCache is the engine's (mgpu_adopt_desc.pipeline_cache), or the library's own,
 * loaded from and saved to the caller's file when one is named.
 */
#include "../mgpu_internal.h"

#include <stdlib.h>
#include <string.h>

#define MGPU_PUSH_CONSTANT_BYTES 128u

static void *mgpu_read_file(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    void *data = NULL;
    if (fseek(f, 0, SEEK_END) == 0) {
        long n = ftell(f);
        if (n > 0 && fseek(f, 0, SEEK_SET) == 0 && (data = malloc((size_t)n)) != NULL) {
            if (fread(data, 1, (size_t)n, f) != (size_t)n) {
                free(data);
                data = NULL;
            } else {
                *size = (size_t)n;
            }
        }
    }
    fclose(f);
    return data;
}

mgpu_result mgpu__pipelines_init(mgpu_context ctx, const char *cache_path, VkPipelineCache engine_cache) {
    VkPushConstantRange range = {.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT, .size = MGPU_PUSH_CONSTANT_BYTES};
    VkPipelineLayoutCreateInfo layout = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                         .pushConstantRangeCount = 1,
                                         .pPushConstantRanges = &range};
    VkResult vr = ctx->vk.vkCreatePipelineLayout(ctx->device, &layout, ctx->allocator, &ctx->pipeline_layout);
    if (vr != VK_SUCCESS) return mgpu__vk_result(ctx, vr, "vkCreatePipelineLayout");

    if (engine_cache) { /* the engine's: used, never destroyed; the engine saves it */
        ctx->pipeline_cache = engine_cache;
        return MGPU_SUCCESS;
    }
    size_t size = 0;
    void *data = NULL;
    if (cache_path) {
        size_t path_bytes = strlen(cache_path) + 1;
        ctx->pipeline_cache_path = malloc(path_bytes);
        if (!ctx->pipeline_cache_path) return mgpu__fail(ctx, MGPU_ERROR_OUT_OF_MEMORY, "cache path");
        memcpy(ctx->pipeline_cache_path, cache_path, path_bytes);
        data = mgpu_read_file(cache_path, &size);
    }
    /* A cache written by another device or driver is rejected by the driver's header check; start empty. */
    VkPipelineCacheCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO, .initialDataSize = size, .pInitialData = data};
    vr = ctx->vk.vkCreatePipelineCache(ctx->device, &info, ctx->allocator, &ctx->pipeline_cache);
    if (vr != VK_SUCCESS && data) {
        info.initialDataSize = 0;
        info.pInitialData = NULL;
        vr = ctx->vk.vkCreatePipelineCache(ctx->device, &info, ctx->allocator, &ctx->pipeline_cache);
    }
    free(data);
    ctx->owns_pipeline_cache = vr == VK_SUCCESS;
    return mgpu__vk_result(ctx, vr, "vkCreatePipelineCache");
}

mgpu_result mgpu_context_save_pipeline_cache(mgpu_context ctx, const char *path) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (!path) path = ctx->pipeline_cache_path;
    if (!path) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "no pipeline cache path");
    size_t size = 0;
    VkResult vr = ctx->vk.vkGetPipelineCacheData(ctx->device, ctx->pipeline_cache, &size, NULL);
    if (vr != VK_SUCCESS) return mgpu__vk_result(ctx, vr, "vkGetPipelineCacheData");
    void *data = malloc(size ? size : 1);
    if (!data) return mgpu__fail(ctx, MGPU_ERROR_OUT_OF_MEMORY, "pipeline cache data");
    vr = ctx->vk.vkGetPipelineCacheData(ctx->device, ctx->pipeline_cache, &size, data);
    mgpu_result r = mgpu__vk_result(ctx, vr, "vkGetPipelineCacheData");
    if (r == MGPU_SUCCESS) {
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(data, 1, size, f) != size) r = mgpu__fail(ctx, MGPU_ERROR_IO, "cannot write %s", path);
        if (f && fclose(f) != 0) r = mgpu__fail(ctx, MGPU_ERROR_IO, "cannot write %s", path);
    }
    free(data);
    return r;
}

void mgpu__pipelines_destroy(mgpu_context ctx) {
    if (ctx->pipeline_cache_path && ctx->pipeline_cache) mgpu_context_save_pipeline_cache(ctx, NULL);
    for (size_t i = 0; i < ctx->pipeline_count; ++i)
        ctx->vk.vkDestroyPipeline(ctx->device, ctx->pipelines[i].pipeline, ctx->allocator);
    for (size_t i = 0; i < MGPU_ARRAY_COUNT(ctx->modules); ++i)
        if (ctx->modules[i]) ctx->vk.vkDestroyShaderModule(ctx->device, ctx->modules[i], ctx->allocator);
    if (ctx->pipeline_cache && ctx->owns_pipeline_cache)
        ctx->vk.vkDestroyPipelineCache(ctx->device, ctx->pipeline_cache, ctx->allocator);
    if (ctx->pipeline_layout) ctx->vk.vkDestroyPipelineLayout(ctx->device, ctx->pipeline_layout, ctx->allocator);
    free(ctx->pipelines);
    free(ctx->pipeline_cache_path);
}

static mgpu_result mgpu_module_get(mgpu_context ctx, const mgpu_pipeline_key *key, VkShaderModule *out) {
    for (size_t i = 0; i < MGPU_VARIANT_COUNT; ++i) {
        const mgpu_shader_variant *v = &mgpu__shader_variants[i];
        if ((uint32_t)v->kernel != key->kernel || (uint32_t)v->type != key->type ||
            (uint32_t)v->subgroup != key->subgroup)
            continue;
        if (!ctx->modules[i]) {
            VkShaderModuleCreateInfo info = {
                .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .codeSize = v->size, .pCode = v->code};
            VkResult vr = ctx->vk.vkCreateShaderModule(ctx->device, &info, ctx->allocator, &ctx->modules[i]);
            if (vr != VK_SUCCESS) return mgpu__vk_result(ctx, vr, "vkCreateShaderModule");
        }
        *out = ctx->modules[i];
        return MGPU_SUCCESS;
    }
    return mgpu__fail(ctx, MGPU_ERROR_UNSUPPORTED, "no shader variant for kernel %u type %u subgroup %u", key->kernel,
                      key->type, key->subgroup);
}

/* Profiling: the driver's statistics of a new pipeline (register count, shared memory, ...), one line. */
static void mgpu_log_statistics(mgpu_context ctx, const mgpu_pipeline_key *key, VkPipeline pipeline) {
    PFN_vkGetPipelineExecutableStatisticsKHR get =
        (PFN_vkGetPipelineExecutableStatisticsKHR)ctx->vki.vkGetDeviceProcAddr(ctx->device,
                                                                               "vkGetPipelineExecutableStatisticsKHR");
    VkPipelineExecutableInfoKHR executable = {.sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INFO_KHR,
                                              .pipeline = pipeline};
    VkPipelineExecutableStatisticKHR stats[32];
    uint32_t n = MGPU_ARRAY_COUNT(stats);
    for (uint32_t i = 0; i < n; ++i)
        stats[i] = (VkPipelineExecutableStatisticKHR){.sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_STATISTIC_KHR};
    if (!get || get(ctx->device, &executable, &n, stats) < 0) return;
    fprintf(ctx->profile, "pipeline kernel %u type %u subgroup %u spec", key->kernel, key->type, key->subgroup);
    for (uint32_t i = 0; i < MGPU_SPEC_COUNT; ++i) fprintf(ctx->profile, " %u", key->spec[i]);
    for (uint32_t i = 0; i < n; ++i) {
        fprintf(ctx->profile, ", %s ", stats[i].name);
        switch (stats[i].format) {
            case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_BOOL32_KHR:
                fprintf(ctx->profile, "%u", stats[i].value.b32);
                break;
            case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_INT64_KHR:
                fprintf(ctx->profile, "%lld", (long long)stats[i].value.i64);
                break;
            case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_UINT64_KHR:
                fprintf(ctx->profile, "%llu", (unsigned long long)stats[i].value.u64);
                break;
            default: fprintf(ctx->profile, "%g", stats[i].value.f64); break;
        }
    }
    fprintf(ctx->profile, "\n");
    fflush(ctx->profile);
}

static VkPipeline mgpu_pipeline_find(mgpu_context ctx, const mgpu_pipeline_key *key) {
    for (size_t i = 0; i < ctx->pipeline_count; ++i)
        if (memcmp(&ctx->pipelines[i].key, key, sizeof *key) == 0) return ctx->pipelines[i].pipeline;
    return VK_NULL_HANDLE;
}

/* Creates the pipeline of key, under the write lock. */
static mgpu_result mgpu_pipeline_create(mgpu_context ctx, const mgpu_pipeline_key *key, VkPipeline *out) {
    if (ctx->pipeline_count == ctx->pipeline_capacity) {
        size_t cap = ctx->pipeline_capacity ? ctx->pipeline_capacity * 2 : 32;
        mgpu_pipeline_entry *p = realloc(ctx->pipelines, cap * sizeof *p);
        if (!p) return mgpu__fail(ctx, MGPU_ERROR_OUT_OF_MEMORY, "pipeline list");
        ctx->pipelines = p;
        ctx->pipeline_capacity = cap;
    }
    VkShaderModule module = VK_NULL_HANDLE;
    mgpu_result r = mgpu_module_get(ctx, key, &module);
    if (r != MGPU_SUCCESS) return r;
    VkSpecializationMapEntry entries[MGPU_SPEC_COUNT];
    for (uint32_t i = 0; i < MGPU_SPEC_COUNT; ++i)
        entries[i] = (VkSpecializationMapEntry){.constantID = i, .offset = i * 4u, .size = 4};
    VkSpecializationInfo spec = {
        .mapEntryCount = MGPU_SPEC_COUNT, .pMapEntries = entries, .dataSize = sizeof key->spec, .pData = key->spec};
    /* Subgroup kernels assume full subgroups; pin it where the device lets us. */
    bool full = key->subgroup && ctx->full_subgroups && key->spec[MGPU_SPEC_NT] % ctx->info.max_subgroup_size == 0;
    VkComputePipelineCreateInfo info = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                  .flags = full ? VK_PIPELINE_SHADER_STAGE_CREATE_REQUIRE_FULL_SUBGROUPS_BIT : 0,
                  .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                  .module = module,
                  .pName = "main",
                  .pSpecializationInfo = &spec},
        .layout = ctx->pipeline_layout};
    VkPipeline pipeline;
    bool statistics = ctx->pipeline_statistics && ctx->profile;
    if (statistics) info.flags |= VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR;
    VkResult vr = ctx->vk.vkCreateComputePipelines(ctx->device, statistics ? VK_NULL_HANDLE : ctx->pipeline_cache, 1,
                                                   &info, ctx->allocator, &pipeline);
    if (vr != VK_SUCCESS) return mgpu__vk_result(ctx, vr, "vkCreateComputePipelines");
    if (statistics) mgpu_log_statistics(ctx, key, pipeline);
    ctx->pipelines[ctx->pipeline_count++] = (mgpu_pipeline_entry){*key, pipeline};
    *out = pipeline;
    return MGPU_SUCCESS;
}

/* Threads recording at once look pipelines up together (read lock); one that must create a pipeline takes the
 * write lock, looks again (another may have made it meanwhile) and creates it, and the others wait: a few
 * pipelines a call, and none once prepared. */
mgpu_result mgpu__pipeline_get(mgpu_context ctx, const mgpu_pipeline_key *key, VkPipeline *out) {
    pthread_rwlock_rdlock(&ctx->pipeline_lock);
    *out = mgpu_pipeline_find(ctx, key);
    pthread_rwlock_unlock(&ctx->pipeline_lock);
    if (*out) return MGPU_SUCCESS;
    pthread_rwlock_wrlock(&ctx->pipeline_lock);
    *out = mgpu_pipeline_find(ctx, key);
    mgpu_result r = *out ? MGPU_SUCCESS : mgpu_pipeline_create(ctx, key, out);
    pthread_rwlock_unlock(&ctx->pipeline_lock);
    return r;
}

mgpu_result mgpu_context_prepare(mgpu_context ctx, uint32_t prim_mask, uint32_t type_mask) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if ((prim_mask & ~MGPU_PRIM_MASK_ALL) || (type_mask & ~MGPU_TYPE_MASK_ALL))
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "prim mask 0x%x, type mask 0x%x", prim_mask, type_mask);
    /* Each family of a prim in the mask (src/families.def, in its order) builds its own pipelines: first those
     * no type selects, then those of each type. */
    mgpu_result r = MGPU_SUCCESS;
    for (size_t f = 0; f < mgpu__family_count && r == MGPU_SUCCESS; ++f) {
        const mgpu_family *family = &mgpu__families[f];
        if ((prim_mask & MGPU_PRIM_BIT(family->prim)) && family->def->prepare_once) r = family->def->prepare_once(ctx);
    }
    for (uint32_t t = 0; t < MGPU_TYPE_COUNT && r == MGPU_SUCCESS; ++t) {
        if (!(type_mask & MGPU_TYPE_BIT(t))) continue;
        if (mgpu__check_type(ctx, (mgpu_type)t) != MGPU_SUCCESS)
            continue; /* types the device lacks have nothing to build */
        for (size_t f = 0; f < mgpu__family_count && r == MGPU_SUCCESS; ++f) {
            const mgpu_family *family = &mgpu__families[f];
            if ((prim_mask & MGPU_PRIM_BIT(family->prim)) && family->def->prepare)
                r = family->def->prepare(ctx, (mgpu_type)t);
        }
    }
    if (r == MGPU_SUCCESS) mgpu__clear_error(ctx); /* the skipped types are not failures */
    return r;
}

mgpu_result mgpu_context_prepare_variants(mgpu_context ctx, const mgpu_variant *variants, uint32_t count) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (count && !variants)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "mgpu_context_prepare_variants: variants NULL, count %u",
                          count);
    for (uint32_t i = 0; i < count; ++i) {
        const mgpu_variant *v = &variants[i];
        if ((unsigned)v->prim >= MGPU_PRIM_COUNT || (unsigned)v->order > MGPU_VARIANT_DESCENDING ||
            (v->value_size != 0 && v->value_size != 4 && v->value_size != 8))
            return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "variant %u: prim %d, value_size %u, order %d", i,
                              (int)v->prim, v->value_size, (int)v->order);
        mgpu_result r = mgpu__check_type(ctx, v->type);
        if (r != MGPU_SUCCESS) return r;
    }
    /* Each family of a variant's prim (src/families.def): its type-free pipelines once, then the variant's own
     * where the family can tell variants apart, else every pipeline of the type (once per type). */
    bool once_done[64] = {false};
    uint32_t types_done[64] = {0};
    static_assert(MGPU_TYPE_COUNT <= 32, "a type mask per family");
    mgpu_result r = MGPU_SUCCESS;
    for (uint32_t i = 0; i < count && r == MGPU_SUCCESS; ++i) {
        const mgpu_variant *v = &variants[i];
        uint32_t words_mask = 1u << (v->value_size / 4);
        uint32_t order_mask = v->order == MGPU_VARIANT_ASCENDING    ? 1u
                              : v->order == MGPU_VARIANT_DESCENDING ? 2u
                                                                    : MGPU_ORDERS_ALL;
        for (size_t f = 0; f < mgpu__family_count && r == MGPU_SUCCESS; ++f) {
            const mgpu_family *family = &mgpu__families[f];
            if (family->prim != v->prim) continue;
            bool tracked = f < MGPU_ARRAY_COUNT(once_done);
            if (family->def->prepare_once && !(tracked && once_done[f])) r = family->def->prepare_once(ctx);
            if (tracked) once_done[f] = true;
            if (r != MGPU_SUCCESS) break;
            if (family->def->prepare_variant) {
                r = family->def->prepare_variant(ctx, v->type, words_mask, order_mask);
            } else if (family->def->prepare && !(tracked && (types_done[f] & MGPU_TYPE_BIT(v->type)))) {
                r = family->def->prepare(ctx, v->type);
                if (tracked) types_done[f] |= MGPU_TYPE_BIT(v->type);
            }
        }
    }
    return r;
}
