/*
 * Context: creating or adopting a Vulkan instance, physical device, device and queue; probing what the
 * device offers; the features the library wants; device information.
 *
 * volk opens the Vulkan loader and fills a VolkDeviceTable per context; its process-wide function pointers
 * live inside this library (hidden symbols) and are touched only under mgpu_loader_lock, so an engine's own
 * Vulkan function pointers are never affected. Instance-level functions go through a per-context table.
 */
#include "../mgpu_internal.h"

#include <ctype.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t mgpu_loader_lock = PTHREAD_MUTEX_INITIALIZER;

/* What the probe of one physical device finds. */
typedef struct mgpu_probe {
    mgpu_device_info info;
    uint32_t api_version;
    bool buffer_device_address;
    bool full_subgroups;
    bool subgroup_size_control;
    bool subgroup_size_control_ext; /* VK_EXT_subgroup_size_control: the features on a Vulkan 1.2 device */
    bool portability_subset;
    bool executable_properties; /* VK_KHR_pipeline_executable_properties: MGPU_PROFILE logs register counts */
    uint32_t timestamp_valid_bits;
} mgpu_probe;

static void mgpu_load_instance_table(mgpu_instance_table *t, PFN_vkGetInstanceProcAddr gipa, VkInstance instance) {
    memset(t, 0, sizeof *t);
    t->vkGetInstanceProcAddr = gipa;
#define MGPU_LOAD_(name) t->name = (PFN_##name)gipa(instance, #name)
    MGPU_LOAD_(vkDestroyInstance);
    MGPU_LOAD_(vkEnumeratePhysicalDevices);
    MGPU_LOAD_(vkGetPhysicalDeviceProperties2);
    MGPU_LOAD_(vkGetPhysicalDeviceFeatures2);
    MGPU_LOAD_(vkGetPhysicalDeviceMemoryProperties);
    MGPU_LOAD_(vkGetPhysicalDeviceQueueFamilyProperties);
    MGPU_LOAD_(vkEnumerateDeviceExtensionProperties);
    MGPU_LOAD_(vkCreateDevice);
    MGPU_LOAD_(vkGetDeviceProcAddr);
    MGPU_LOAD_(vkCreateDebugUtilsMessengerEXT);
    MGPU_LOAD_(vkDestroyDebugUtilsMessengerEXT);
#undef MGPU_LOAD_
}

/* The loader's vkGetInstanceProcAddr (volk opens libvulkan at run time). */
static PFN_vkGetInstanceProcAddr mgpu_system_gipa(void) {
    pthread_mutex_lock(&mgpu_loader_lock);
    static bool tried;
    static PFN_vkGetInstanceProcAddr gipa;
    if (!tried) {
        tried = true;
        if (volkInitialize() == VK_SUCCESS) gipa = vkGetInstanceProcAddr;
    }
    pthread_mutex_unlock(&mgpu_loader_lock);
    return gipa;
}

static bool mgpu_has_extension(const VkExtensionProperties *props, uint32_t count, const char *name) {
    for (uint32_t i = 0; i < count; ++i)
        if (strcmp(props[i].extensionName, name) == 0) return true;
    return false;
}

static void mgpu_probe_device(const mgpu_instance_table *vki, VkPhysicalDevice pd, mgpu_probe *p) {
    memset(p, 0, sizeof *p);
    mgpu_device_info *info = &p->info;

    VkPhysicalDeviceSubgroupSizeControlProperties sg_size = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES};
    VkPhysicalDeviceVulkan12Properties p12 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES};
    VkPhysicalDeviceVulkan11Properties p11 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES,
                                              .pNext = &p12};
    VkPhysicalDeviceProperties2 props = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &p11};
    VkPhysicalDeviceProperties basic;
    /* Vulkan 1.2 property structures may only be chained on a 1.2 device: read the basic ones first. */
    {
        VkPhysicalDeviceProperties2 only = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
        vki->vkGetPhysicalDeviceProperties2(pd, &only);
        basic = only.properties;
    }
    p->api_version = basic.apiVersion;
    info->api_version = basic.apiVersion;
    info->vendor_id = basic.vendorID;
    info->device_id = basic.deviceID;
    info->driver_version = basic.driverVersion;
    info->type = basic.deviceType;
    memcpy(info->name, basic.deviceName, sizeof info->name);
    info->shared_memory_bytes = basic.limits.maxComputeSharedMemorySize;
    info->max_workgroup_size = basic.limits.maxComputeWorkGroupSize[0] < basic.limits.maxComputeWorkGroupInvocations
                                   ? basic.limits.maxComputeWorkGroupSize[0]
                                   : basic.limits.maxComputeWorkGroupInvocations;
    info->max_workgroup_count_x = basic.limits.maxComputeWorkGroupCount[0];
    info->timestamp_period_ns = basic.limits.timestampPeriod;
    if (basic.apiVersion < VK_API_VERSION_1_2) return;

    uint32_t ext_count = 0;
    vki->vkEnumerateDeviceExtensionProperties(pd, NULL, &ext_count, NULL);
    VkExtensionProperties *exts = calloc(ext_count ? ext_count : 1, sizeof *exts);
    if (exts) vki->vkEnumerateDeviceExtensionProperties(pd, NULL, &ext_count, exts);
    bool has_13 = basic.apiVersion >= VK_API_VERSION_1_3;
    bool has_sg_ext = exts && mgpu_has_extension(exts, ext_count, VK_EXT_SUBGROUP_SIZE_CONTROL_EXTENSION_NAME);
    p->subgroup_size_control_ext = has_sg_ext;
    p->portability_subset = exts && mgpu_has_extension(exts, ext_count, "VK_KHR_portability_subset");
    p->executable_properties =
        exts && mgpu_has_extension(exts, ext_count, VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME);
    free(exts);

    if (has_13 || has_sg_ext) p12.pNext = &sg_size;
    vki->vkGetPhysicalDeviceProperties2(pd, &props);
    memcpy(info->driver_name, p12.driverName, sizeof info->driver_name);
    memcpy(info->driver_info, p12.driverInfo, sizeof info->driver_info);
    info->subgroup_size = p11.subgroupSize;
    info->min_subgroup_size = (has_13 || has_sg_ext) ? sg_size.minSubgroupSize : p11.subgroupSize;
    info->max_subgroup_size = (has_13 || has_sg_ext) ? sg_size.maxSubgroupSize : p11.subgroupSize;
    info->subgroup_operations =
        (p11.subgroupSupportedStages & VK_SHADER_STAGE_COMPUTE_BIT) ? p11.subgroupSupportedOperations : 0;
    VkSubgroupFeatureFlags scan_ops = VK_SUBGROUP_FEATURE_BASIC_BIT | VK_SUBGROUP_FEATURE_BALLOT_BIT |
                                      VK_SUBGROUP_FEATURE_SHUFFLE_BIT | VK_SUBGROUP_FEATURE_SHUFFLE_RELATIVE_BIT |
                                      VK_SUBGROUP_FEATURE_ARITHMETIC_BIT;
    info->subgroup_scans = (info->subgroup_operations & scan_ops) == scan_ops && info->min_subgroup_size >= 4;

    /* The subgroup-size features through the struct that core 1.3 and the extension share. */
    VkPhysicalDeviceSubgroupSizeControlFeatures sg = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES};
    VkPhysicalDeviceVulkan12Features f12 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                            .pNext = (has_13 || has_sg_ext) ? &sg : NULL};
    VkPhysicalDeviceFeatures2 features = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &f12};
    vki->vkGetPhysicalDeviceFeatures2(pd, &features);
    info->shader_int64 = features.features.shaderInt64;
    info->shader_float64 = features.features.shaderFloat64 && features.features.shaderInt64;
    info->vulkan_memory_model = f12.vulkanMemoryModel;
    p->buffer_device_address = f12.bufferDeviceAddress;
    p->subgroup_size_control = sg.subgroupSizeControl;
    p->full_subgroups = sg.computeFullSubgroups;
    info->subgroup_size_control = p->subgroup_size_control;

    VkPhysicalDeviceMemoryProperties mem;
    vki->vkGetPhysicalDeviceMemoryProperties(pd, &mem);
    for (uint32_t h = 0; h < mem.memoryHeapCount; ++h)
        if ((mem.memoryHeaps[h].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT) &&
            mem.memoryHeaps[h].size > info->device_local_bytes)
            info->device_local_bytes = mem.memoryHeaps[h].size;

    /* Single-pass look-back by default where it is known to run well: NVIDIA, AMD and Intel GPUs. */
    info->lookback_safe = basic.deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU &&
                          (basic.vendorID == 0x10de || basic.vendorID == 0x1002 || basic.vendorID == 0x8086);
}

static bool mgpu_usable(const mgpu_probe *p) {
    return p->api_version >= VK_API_VERSION_1_2 && p->buffer_device_address;
}

static int mgpu_type_rank(VkPhysicalDeviceType type) {
    switch (type) {
        case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return 0;
        case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return 1;
        case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return 2;
        case VK_PHYSICAL_DEVICE_TYPE_CPU: return 3;
        default: return 4;
    }
}

static bool mgpu_name_matches(const char *name, const char *pattern) {
    size_t n = strlen(name), m = strlen(pattern);
    for (size_t i = 0; i + m <= n; ++i) {
        size_t j = 0;
        while (j < m && tolower((unsigned char)name[i + j]) == tolower((unsigned char)pattern[j])) ++j;
        if (j == m) return true;
    }
    return false;
}

/* Index of the device `choice` names (index or name substring), or the default; -1 if none. */
static int mgpu_choose_device(const mgpu_probe *probes, uint32_t count, const char *choice) {
    if (choice && *choice) {
        char *end;
        long index = strtol(choice, &end, 10);
        if (*end == '\0')
            return (index >= 0 && (uint32_t)index < count && mgpu_usable(&probes[index])) ? (int)index : -1;
        for (uint32_t i = 0; i < count; ++i)
            if (mgpu_usable(&probes[i]) && mgpu_name_matches(probes[i].info.name, choice)) return (int)i;
        return -1;
    }
    int best = -1;
    for (uint32_t i = 0; i < count; ++i)
        if (mgpu_usable(&probes[i]) &&
            (best < 0 || mgpu_type_rank(probes[i].info.type) < mgpu_type_rank(probes[best].info.type)))
            best = (int)i;
    return best;
}

static VkBool32 VKAPI_PTR mgpu_debug_callback(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                              VkDebugUtilsMessageTypeFlagsEXT types,
                                              const VkDebugUtilsMessengerCallbackDataEXT *data, void *user) {
    (void)types;
    mgpu_context ctx = user;
    if (severity >= VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT) {
        atomic_fetch_add(&ctx->validation_messages, 1);
        mgpu__log(ctx, MGPU_LOG_VALIDATION, "%s", data->pMessage ? data->pMessage : "(no message)");
    }
    return VK_FALSE;
}

/* The structs of a pNext chain, from the struct after head; a chain longer than this is taken as a loop. */
#define MGPU_CHAIN_MAX 256

static VkBaseOutStructure *mgpu_chain_find(const void *head, VkStructureType type) {
    const VkBaseOutStructure *s = ((const VkBaseOutStructure *)head)->pNext;
    for (int i = 0; s && i < MGPU_CHAIN_MAX; ++i, s = s->pNext)
        if (s->sType == type) return (VkBaseOutStructure *)s;
    return NULL;
}

static void mgpu_chain_append(void *head, void *structure) {
    VkBaseOutStructure *last = head;
    for (int i = 0; last->pNext && i < MGPU_CHAIN_MAX; ++i) last = last->pNext;
    last->pNext = structure;
}

static bool mgpu_names_have(const char *const *names, uint32_t count, const char *name) {
    for (uint32_t i = 0; i < count; ++i)
        if (names[i] && strcmp(names[i], name) == 0) return true;
    return false;
}

/* Keeps of what the probe found only what the device was created with: the features of chain (a
 * VkPhysicalDeviceFeatures2 and its pNext chain) and the extensions named. VkPhysicalDeviceSubgroupSizeControlFeatures
 * counts as core 1.3 where api_version is 1.3 or later on a 1.3 device, else with its extension. */
static void mgpu_keep_enabled(mgpu_probe *p, const VkPhysicalDeviceFeatures2 *chain, const char *const *extensions,
                              uint32_t extension_count, uint32_t api_version) {
    bool has_13 = p->api_version >= VK_API_VERSION_1_3; /* Vulkan13Features in the chain: a 1.3 device */
    bool use_13 = has_13 && api_version >= VK_API_VERSION_1_3;
    bool sg_ext = mgpu_names_have(extensions, extension_count, VK_EXT_SUBGROUP_SIZE_CONTROL_EXTENSION_NAME);
    bool exec_ext = mgpu_names_have(extensions, extension_count, VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME);
    bool address = false, memory_model = false, full = false, size_control = false, executable = false;
    const VkBaseInStructure *s = chain->pNext;
    for (int i = 0; s && i < MGPU_CHAIN_MAX; ++i, s = s->pNext) {
        switch (s->sType) {
            case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES: {
                const VkPhysicalDeviceVulkan12Features *f = (const void *)s;
                address |= f->bufferDeviceAddress;
                memory_model |= f->vulkanMemoryModel;
                break;
            }
            case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES:
                address |= ((const VkPhysicalDeviceBufferDeviceAddressFeatures *)(const void *)s)->bufferDeviceAddress;
                break;
            case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_MEMORY_MODEL_FEATURES:
                memory_model |= ((const VkPhysicalDeviceVulkanMemoryModelFeatures *)(const void *)s)->vulkanMemoryModel;
                break;
            case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES: {
                const VkPhysicalDeviceVulkan13Features *f = (const void *)s;
                full |= has_13 && f->computeFullSubgroups;
                size_control |= has_13 && f->subgroupSizeControl;
                break;
            }
            case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES: {
                const VkPhysicalDeviceSubgroupSizeControlFeatures *f = (const void *)s;
                full |= (use_13 || sg_ext) && f->computeFullSubgroups;
                size_control |= (use_13 || sg_ext) && f->subgroupSizeControl;
                break;
            }
            case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR:
                executable |=
                    exec_ext && ((const VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR *)(const void *)s)
                                    ->pipelineExecutableInfo;
                break;
            default: break;
        }
    }
    p->info.shader_int64 = p->info.shader_int64 && chain->features.shaderInt64;
    p->info.shader_float64 = p->info.shader_float64 && chain->features.shaderFloat64 && chain->features.shaderInt64;
    p->info.vulkan_memory_model = p->info.vulkan_memory_model && memory_model;
    p->buffer_device_address = p->buffer_device_address && address;
    p->full_subgroups = p->full_subgroups && full;
    p->subgroup_size_control = p->subgroup_size_control && size_control;
    p->info.subgroup_size_control = p->subgroup_size_control;
    p->executable_properties = p->executable_properties && executable;
}

mgpu_result mgpu_device_requirements_merge(VkInstance instance, VkPhysicalDevice physical_device,
                                           PFN_vkGetInstanceProcAddr gipa, mgpu_device_merge *merge) {
    if (!instance || !physical_device || !merge || merge->next || !merge->features ||
        merge->features->sType != VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2 ||
        merge->extension_count > merge->extension_capacity || (merge->extension_capacity && !merge->extensions))
        return MGPU_ERROR_INVALID_ARGUMENT;
    if (!gipa) gipa = mgpu_system_gipa();
    if (!gipa) return MGPU_ERROR_NO_DEVICE;
    mgpu_instance_table vki;
    mgpu_load_instance_table(&vki, gipa, instance);
    mgpu_probe p;
    mgpu_probe_device(&vki, physical_device, &p);
    VkPhysicalDeviceFeatures2 *chain = merge->features;
    bool use_13 = merge->api_version >= VK_API_VERSION_1_3 && p.api_version >= VK_API_VERSION_1_3;
    VkPhysicalDeviceVulkan13Features *v13 = p.api_version >= VK_API_VERSION_1_3
                                                ? (VkPhysicalDeviceVulkan13Features *)mgpu_chain_find(
                                                      chain, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES)
                                                : NULL;
    VkPhysicalDeviceSubgroupSizeControlFeatures *sg = (VkPhysicalDeviceSubgroupSizeControlFeatures *)mgpu_chain_find(
        chain, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES);
    /* The subgroup-size features through Vulkan 1.3 (its struct, or the single one) or, on a 1.2 device, the
     * extension, whose name then joins the list. */
    bool subgroups = p.full_subgroups && (v13 || use_13 || p.subgroup_size_control_ext);
    bool subgroups_ext = subgroups && !v13 && !use_13;
    const char *wanted[2];
    uint32_t wanted_count = 0;
    if (p.portability_subset) wanted[wanted_count++] = "VK_KHR_portability_subset";
    if (subgroups_ext) wanted[wanted_count++] = VK_EXT_SUBGROUP_SIZE_CONTROL_EXTENSION_NAME;
    uint32_t added = 0;
    for (uint32_t i = 0; i < wanted_count; ++i)
        added += !mgpu_names_have(merge->extensions, merge->extension_count, wanted[i]);
    if (merge->extension_count + added > merge->extension_capacity)
        return MGPU_ERROR_INVALID_ARGUMENT; /* checked before anything changes */

    for (uint32_t i = 0; i < wanted_count; ++i)
        if (!mgpu_names_have(merge->extensions, merge->extension_count, wanted[i]))
            merge->extensions[merge->extension_count++] = wanted[i];
    if (p.info.shader_int64) chain->features.shaderInt64 = VK_TRUE;
    if (p.info.shader_float64) chain->features.shaderFloat64 = VK_TRUE;
    if (p.buffer_device_address) {
        VkPhysicalDeviceVulkan12Features *v12 = (VkPhysicalDeviceVulkan12Features *)mgpu_chain_find(
            chain, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES);
        VkPhysicalDeviceBufferDeviceAddressFeatures *bda =
            (VkPhysicalDeviceBufferDeviceAddressFeatures *)mgpu_chain_find(
                chain, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES);
        if (v12) {
            v12->bufferDeviceAddress = VK_TRUE;
        } else if (bda) {
            bda->bufferDeviceAddress = VK_TRUE;
        } else {
            merge->buffer_device_address = (VkPhysicalDeviceBufferDeviceAddressFeatures){
                .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES,
                .bufferDeviceAddress = VK_TRUE};
            mgpu_chain_append(chain, &merge->buffer_device_address);
        }
    }
    if (subgroups) {
        if (v13) {
            v13->computeFullSubgroups = VK_TRUE;
            v13->subgroupSizeControl = VK_TRUE;
        } else {
            if (!sg) {
                merge->subgroup_size_control = (VkPhysicalDeviceSubgroupSizeControlFeatures){
                    .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES};
                sg = &merge->subgroup_size_control;
                mgpu_chain_append(chain, sg);
            }
            sg->computeFullSubgroups = VK_TRUE;
            sg->subgroupSizeControl = VK_TRUE;
        }
    }
    merge->required_missing = !mgpu_usable(&p);
    return MGPU_SUCCESS;
}

mgpu_result mgpu_query_device_requirements(VkInstance instance, VkPhysicalDevice physical_device,
                                           PFN_vkGetInstanceProcAddr gipa, mgpu_device_requirements *out) {
    if (!instance || !physical_device || !out) return MGPU_ERROR_INVALID_ARGUMENT;
    if (!gipa) gipa = mgpu_system_gipa();
    if (!gipa) return MGPU_ERROR_NO_DEVICE;
    mgpu_instance_table vki;
    mgpu_load_instance_table(&vki, gipa, instance);
    mgpu_probe p;
    mgpu_probe_device(&vki, physical_device, &p);
    memset(out, 0, sizeof *out);
    bool has_13 = p.api_version >= VK_API_VERSION_1_3;
    out->api_version = has_13 ? VK_API_VERSION_1_3 : VK_API_VERSION_1_2;
    out->vk11.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES;
    out->vk12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES;
    out->vk13.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES;
    out->required_missing = !mgpu_usable(&p);
    out->features.shaderInt64 = p.info.shader_int64;
    out->features.shaderFloat64 = p.info.shader_float64;
    out->vk12.bufferDeviceAddress = p.buffer_device_address;
    out->vk13.subgroupSizeControl = has_13 && p.subgroup_size_control;
    out->vk13.computeFullSubgroups = has_13 && p.full_subgroups;
    if (p.portability_subset) out->extensions[out->extension_count++] = "VK_KHR_portability_subset";
    return MGPU_SUCCESS;
}

static mgpu_result mgpu_create_instance(mgpu_context ctx, PFN_vkGetInstanceProcAddr gipa, bool validation) {
    PFN_vkCreateInstance create = (PFN_vkCreateInstance)gipa(NULL, "vkCreateInstance");
    PFN_vkEnumerateInstanceVersion version_fn =
        (PFN_vkEnumerateInstanceVersion)gipa(NULL, "vkEnumerateInstanceVersion");
    PFN_vkEnumerateInstanceLayerProperties layers_fn =
        (PFN_vkEnumerateInstanceLayerProperties)gipa(NULL, "vkEnumerateInstanceLayerProperties");
    PFN_vkEnumerateInstanceExtensionProperties exts_fn =
        (PFN_vkEnumerateInstanceExtensionProperties)gipa(NULL, "vkEnumerateInstanceExtensionProperties");
    uint32_t version = VK_API_VERSION_1_0;
    if (version_fn) version_fn(&version);
    if (version < VK_API_VERSION_1_2)
        return mgpu__fail(ctx, MGPU_ERROR_NO_DEVICE, "the Vulkan loader is older than 1.2");

    const char *layer = "VK_LAYER_KHRONOS_validation";
    const char *extensions[2];
    uint32_t extension_count = 0;
    uint32_t ext_count = 0;
    exts_fn(NULL, &ext_count, NULL);
    VkExtensionProperties *exts = calloc(ext_count ? ext_count : 1, sizeof *exts);
    if (!exts) return mgpu__fail(ctx, MGPU_ERROR_OUT_OF_MEMORY, "instance extensions");
    exts_fn(NULL, &ext_count, exts);
    bool portability = mgpu_has_extension(exts, ext_count, VK_KHR_PORTABILITY_ENUMERATION_EXTENSION_NAME);
    free(exts);
    if (portability) extensions[extension_count++] = VK_KHR_PORTABILITY_ENUMERATION_EXTENSION_NAME;
    if (validation) {
        uint32_t layer_count = 0;
        layers_fn(&layer_count, NULL);
        VkLayerProperties *layers = calloc(layer_count ? layer_count : 1, sizeof *layers);
        if (!layers) return mgpu__fail(ctx, MGPU_ERROR_OUT_OF_MEMORY, "instance layers");
        layers_fn(&layer_count, layers);
        bool found = false;
        for (uint32_t i = 0; i < layer_count; ++i) found |= strcmp(layers[i].layerName, layer) == 0;
        free(layers);
        if (!found)
            return mgpu__fail(ctx, MGPU_ERROR_UNSUPPORTED, "validation asked for, but %s is not installed", layer);
        extensions[extension_count++] = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
    }
    VkDebugUtilsMessengerCreateInfoEXT messenger_info = {
        .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
        .messageSeverity =
            VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT,
        .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                       VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT,
        .pfnUserCallback = mgpu_debug_callback,
        .pUserData = ctx};
    ctx->api_version = version >= VK_API_VERSION_1_3 ? VK_API_VERSION_1_3 : VK_API_VERSION_1_2;
    VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                             .pApplicationName = "libmgpuvk",
                             .pEngineName = "libmgpuvk",
                             .apiVersion = ctx->api_version};
    VkInstanceCreateInfo info = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                                 .pNext = validation ? &messenger_info : NULL,
                                 .flags = portability ? VK_INSTANCE_CREATE_ENUMERATE_PORTABILITY_BIT_KHR : 0,
                                 .pApplicationInfo = &app,
                                 .enabledLayerCount = validation ? 1 : 0,
                                 .ppEnabledLayerNames = &layer,
                                 .enabledExtensionCount = extension_count,
                                 .ppEnabledExtensionNames = extensions};
    VkResult vr = create(&info, NULL, &ctx->instance);
    if (vr != VK_SUCCESS) return mgpu__vk_result(ctx, vr, "vkCreateInstance");
    ctx->owns_instance = true;
    mgpu_load_instance_table(&ctx->vki, gipa, ctx->instance);
    if (validation) {
        vr = ctx->vki.vkCreateDebugUtilsMessengerEXT(ctx->instance, &messenger_info, NULL, &ctx->messenger);
        if (vr != VK_SUCCESS) return mgpu__vk_result(ctx, vr, "vkCreateDebugUtilsMessengerEXT");
    }
    return MGPU_SUCCESS;
}

static mgpu_result mgpu_enumerate(mgpu_context ctx, VkPhysicalDevice **out_devices, mgpu_probe **out_probes,
                                  uint32_t *out_count) {
    uint32_t count = 0;
    VkResult vr = ctx->vki.vkEnumeratePhysicalDevices(ctx->instance, &count, NULL);
    if (vr != VK_SUCCESS) return mgpu__vk_result(ctx, vr, "vkEnumeratePhysicalDevices");
    VkPhysicalDevice *devices =
        calloc(count ? count : 1, sizeof *devices); // NOLINT(bugprone-sizeof-expression): handles
    mgpu_probe *probes = calloc(count ? count : 1, sizeof *probes);
    if (!devices || !probes) {
        free(devices);
        free(probes);
        return mgpu__fail(ctx, MGPU_ERROR_OUT_OF_MEMORY, "device list");
    }
    ctx->vki.vkEnumeratePhysicalDevices(ctx->instance, &count, devices);
    for (uint32_t i = 0; i < count; ++i) mgpu_probe_device(&ctx->vki, devices[i], &probes[i]);
    *out_devices = devices;
    *out_probes = probes;
    *out_count = count;
    return MGPU_SUCCESS;
}

static mgpu_result mgpu_create_device(mgpu_context ctx, mgpu_probe *probe) {
    uint32_t family_count = 0;
    ctx->vki.vkGetPhysicalDeviceQueueFamilyProperties(ctx->physical_device, &family_count, NULL);
    VkQueueFamilyProperties families[32];
    if (family_count > 32) family_count = 32;
    ctx->vki.vkGetPhysicalDeviceQueueFamilyProperties(ctx->physical_device, &family_count, families);
    int family = -1;
    for (uint32_t i = 0; i < family_count && family < 0; ++i)
        if (families[i].queueFlags & VK_QUEUE_COMPUTE_BIT) family = (int)i;
    if (family < 0) return mgpu__fail(ctx, MGPU_ERROR_NO_DEVICE, "%s has no compute queue", probe->info.name);

    /* The device is made the way an engine makes one: the library's wants merged into an empty chain. */
    VkPhysicalDeviceFeatures2 features = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
    const char *extensions[4];
    mgpu_device_merge merge = {.api_version = ctx->api_version,
                               .features = &features,
                               .extensions = extensions,
                               .extension_capacity = MGPU_ARRAY_COUNT(extensions) - 1};
    mgpu_result r =
        mgpu_device_requirements_merge(ctx->instance, ctx->physical_device, ctx->vki.vkGetInstanceProcAddr, &merge);
    if (r != MGPU_SUCCESS) return mgpu__fail(ctx, r, "device requirements");
    float priority = 1.0f;
    VkDeviceQueueCreateInfo queue_info = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                          .queueFamilyIndex = (uint32_t)family,
                                          .queueCount = 1,
                                          .pQueuePriorities = &priority};
    /* Profiling (MGPU_PROFILE): the compiler's statistics of each pipeline, where the driver gives them. */
    VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR statistics = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR,
        .pipelineExecutableInfo = VK_TRUE};
    const char *profile = getenv("MGPU_PROFILE");
    if (profile && *profile && probe->executable_properties) {
        mgpu_chain_append(&features, &statistics);
        extensions[merge.extension_count++] = VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME;
    }
    VkDeviceCreateInfo info = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                               .pNext = &features,
                               .queueCreateInfoCount = 1,
                               .pQueueCreateInfos = &queue_info,
                               .enabledExtensionCount = merge.extension_count,
                               .ppEnabledExtensionNames = extensions};
    VkResult vr = ctx->vki.vkCreateDevice(ctx->physical_device, &info, NULL, &ctx->device);
    if (vr != VK_SUCCESS) return mgpu__vk_result(ctx, vr, "vkCreateDevice");
    ctx->owns_device = true;
    ctx->queue_family = (uint32_t)family;
    ctx->timestamp_valid_bits = families[family].timestampValidBits;
    mgpu_keep_enabled(probe, &features, extensions, merge.extension_count, ctx->api_version);
    return MGPU_SUCCESS;
}

/* Everything after the device exists: device table, queue, pool, pipelines, command buffer, tuning. */
static mgpu_result mgpu_finish_context(mgpu_context ctx, const mgpu_probe *probe, const char *cache_path,
                                       VkPipelineCache engine_cache, VkDeviceSize pool_capacity) {
    ctx->info = probe->info;
    ctx->full_subgroups = probe->full_subgroups;
    const char *profile = getenv("MGPU_PROFILE"); /* a developer's tool: README, "Profiling" */
    if (profile && *profile) ctx->profile = fopen(profile, "a");
    ctx->pipeline_statistics = ctx->profile && probe->executable_properties; /* enabled on the device */
    ctx->vki.vkGetPhysicalDeviceMemoryProperties(ctx->physical_device, &ctx->memory_properties);
    pthread_mutex_lock(&mgpu_loader_lock);
    volkInitializeCustom(ctx->vki.vkGetInstanceProcAddr);
    volkLoadInstanceOnly(ctx->instance);
    volkLoadDeviceTable(&ctx->vk, ctx->device);
    pthread_mutex_unlock(&mgpu_loader_lock);
    if (ctx->owns_device) ctx->vk.vkGetDeviceQueue(ctx->device, ctx->queue_family, 0, &ctx->queue);
    mgpu__tuning_init(ctx);
    mgpu_result r = mgpu__pool_init(ctx, pool_capacity);
    if (r == MGPU_SUCCESS) r = mgpu__pipelines_init(ctx, cache_path, engine_cache);
    if (r == MGPU_SUCCESS) r = mgpu__commands_init(ctx);
    return r;
}

/* A desc refused before any context exists, so no last error can hold the reason: the desc's own log callback
 * hears it (else stderr under MGPU_VERBOSE, like every message without a callback). */
static mgpu_result mgpu_refuse_desc(mgpu_log_fn log, void *log_user, const char *reason) {
    char message[256];
    snprintf(message, sizeof message, "%s: %s", mgpu_result_name(MGPU_ERROR_INVALID_ARGUMENT), reason);
    if (log)
        log(log_user, MGPU_LOG_ERROR, message);
    else
        mgpu__log(NULL, MGPU_LOG_ERROR, "%s", message);
    return MGPU_ERROR_INVALID_ARGUMENT;
}

/* A context with nothing in it yet but its log, its serial and its locks; NULL when out of memory. */
static mgpu_context mgpu_context_new(mgpu_log_fn log, void *log_user) {
    static _Atomic uint64_t next_serial = 1;
    mgpu_context ctx = calloc(1, sizeof *ctx);
    if (!ctx) return NULL;
    ctx->log = log;
    ctx->log_user = log_user;
    ctx->serial = atomic_fetch_add(&next_serial, 1);
    pthread_mutexattr_t recursive;
    bool ready = pthread_mutexattr_init(&recursive) == 0;
    if (ready) {
        ready = pthread_mutexattr_settype(&recursive, PTHREAD_MUTEX_RECURSIVE) == 0 &&
                pthread_mutex_init(&ctx->pool_lock, &recursive) == 0;
        pthread_mutexattr_destroy(&recursive);
    }
    if (ready && pthread_rwlock_init(&ctx->pipeline_lock, NULL) != 0) {
        pthread_mutex_destroy(&ctx->pool_lock);
        ready = false;
    }
    if (!ready) {
        free(ctx);
        return NULL;
    }
    ctx->locks_ready = true;
    return ctx;
}

static bool mgpu_env_true(const char *name) {
    const char *v = getenv(name);
    return v && *v && strcmp(v, "0") != 0 && strcmp(v, "off") != 0;
}

mgpu_result mgpu_context_create(const mgpu_context_desc *desc, mgpu_context *out) {
    if (!out) return MGPU_ERROR_INVALID_ARGUMENT;
    *out = NULL;
    if (desc && desc->next)
        return mgpu_refuse_desc(desc->log, desc->log_user, "mgpu_context_create: desc->next must be NULL");
    mgpu_context_desc defaults = {0};
    if (!desc) desc = &defaults;
    mgpu_context ctx = mgpu_context_new(desc->log, desc->log_user);
    if (!ctx) return MGPU_ERROR_OUT_OF_MEMORY;

    PFN_vkGetInstanceProcAddr gipa = mgpu_system_gipa();
    mgpu_result r =
        gipa ? MGPU_SUCCESS : mgpu__fail(ctx, MGPU_ERROR_NO_DEVICE, "the Vulkan loader could not be opened");
    if (r == MGPU_SUCCESS) r = mgpu_create_instance(ctx, gipa, desc->validation || mgpu_env_true("MGPU_VALIDATION"));
    VkPhysicalDevice *devices = NULL;
    mgpu_probe *probes = NULL;
    uint32_t count = 0;
    if (r == MGPU_SUCCESS) r = mgpu_enumerate(ctx, &devices, &probes, &count);
    int chosen = -1;
    if (r == MGPU_SUCCESS) {
        const char *choice = desc->device ? desc->device : getenv("MGPU_DEVICE");
        chosen = mgpu_choose_device(probes, count, choice);
        if (chosen < 0)
            r = mgpu__fail(ctx, MGPU_ERROR_NO_DEVICE, "no Vulkan 1.2 device with bufferDeviceAddress%s%s",
                           choice ? " matches " : "", choice ? choice : "");
    }
    if (r == MGPU_SUCCESS) {
        assert(devices); /* set by mgpu_enumerate on success */
        ctx->physical_device = devices[chosen];
        r = mgpu_create_device(ctx, &probes[chosen]);
    }
    if (r == MGPU_SUCCESS)
        r = mgpu_finish_context(ctx, &probes[chosen], desc->pipeline_cache_path, VK_NULL_HANDLE, desc->pool_capacity);
    free(devices);
    free(probes);
    if (r != MGPU_SUCCESS) {
        mgpu_context_destroy(ctx);
        return r;
    }
    *out = ctx;
    return MGPU_SUCCESS;
}

mgpu_result mgpu_context_adopt(const mgpu_adopt_desc *desc, mgpu_context *out) {
    if (!out) return MGPU_ERROR_INVALID_ARGUMENT;
    *out = NULL;
    if (!desc) return MGPU_ERROR_INVALID_ARGUMENT;
    if (desc->next) return mgpu_refuse_desc(desc->log, desc->log_user, "mgpu_context_adopt: desc->next must be NULL");
    if (!desc->instance || !desc->physical_device || !desc->device)
        return mgpu_refuse_desc(desc->log, desc->log_user,
                                "mgpu_context_adopt: desc->instance, physical_device and device are required");
    if (!desc->enabled_features || desc->enabled_features->sType != VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2)
        return mgpu_refuse_desc(desc->log, desc->log_user,
                                "mgpu_context_adopt: desc->enabled_features is required: the VkPhysicalDeviceFeatures2 "
                                "(and its pNext chain) the device was created with");
    if (desc->enabled_extension_count && !desc->enabled_extensions)
        return mgpu_refuse_desc(desc->log, desc->log_user,
                                "mgpu_context_adopt: desc->enabled_extensions is NULL with a count");
    if (desc->pipeline_cache && desc->pipeline_cache_path)
        return mgpu_refuse_desc(desc->log, desc->log_user,
                                "mgpu_context_adopt: desc->pipeline_cache and pipeline_cache_path together (the "
                                "engine's cache is the engine's to load and save)");
    PFN_vkGetInstanceProcAddr gipa = desc->get_instance_proc_addr ? desc->get_instance_proc_addr : mgpu_system_gipa();
    if (!gipa) return MGPU_ERROR_NO_DEVICE;
    mgpu_context ctx = mgpu_context_new(desc->log, desc->log_user);
    if (!ctx) return MGPU_ERROR_OUT_OF_MEMORY;
    ctx->instance = desc->instance;
    ctx->physical_device = desc->physical_device;
    ctx->device = desc->device;
    ctx->allocator = desc->allocation_callbacks;
    ctx->queue = desc->queue;
    ctx->queue_family = desc->queue_family_index;
    mgpu_load_instance_table(&ctx->vki, gipa, ctx->instance);
    mgpu_probe probe;
    mgpu_probe_device(&ctx->vki, ctx->physical_device, &probe);
    /* Only what the engine enabled: a feature the device has but was not created with is never used. */
    uint32_t api_version = desc->api_version ? desc->api_version : VK_API_VERSION_1_2;
    ctx->api_version = api_version;
    bool supported = mgpu_usable(&probe);
    mgpu_keep_enabled(&probe, desc->enabled_features, desc->enabled_extensions, desc->enabled_extension_count,
                      api_version);
    mgpu_result r = MGPU_SUCCESS;
    if (!supported)
        r = mgpu__fail(ctx, MGPU_ERROR_NO_DEVICE, "%s lacks Vulkan 1.2 or bufferDeviceAddress", probe.info.name);
    else if (!mgpu_usable(&probe))
        r = mgpu__fail(ctx, MGPU_ERROR_NO_DEVICE,
                       "bufferDeviceAddress is not enabled in desc->enabled_features (VkPhysicalDeviceVulkan12Features "
                       "or VkPhysicalDeviceBufferDeviceAddressFeatures): the library needs it");
    if (r == MGPU_SUCCESS) {
        uint32_t family_count = 0;
        ctx->vki.vkGetPhysicalDeviceQueueFamilyProperties(ctx->physical_device, &family_count, NULL);
        VkQueueFamilyProperties families[32];
        if (family_count > 32) family_count = 32;
        ctx->vki.vkGetPhysicalDeviceQueueFamilyProperties(ctx->physical_device, &family_count, families);
        if (ctx->queue_family >= family_count || !(families[ctx->queue_family].queueFlags & VK_QUEUE_COMPUTE_BIT))
            r = mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "queue family %u has no compute", ctx->queue_family);
        else
            ctx->timestamp_valid_bits = families[ctx->queue_family].timestampValidBits;
    }
    if (r == MGPU_SUCCESS)
        r = mgpu_finish_context(ctx, &probe, desc->pipeline_cache_path, desc->pipeline_cache, desc->pool_capacity);
    if (r != MGPU_SUCCESS) {
        mgpu_context_destroy(ctx);
        return r;
    }
    *out = ctx;
    return MGPU_SUCCESS;
}

void mgpu_context_destroy(mgpu_context ctx) {
    if (!ctx) return;
    if (ctx->device && ctx->vk.vkDeviceWaitIdle && ctx->owns_device) ctx->vk.vkDeviceWaitIdle(ctx->device);
    if (ctx->device && ctx->vk.vkDestroyPipeline) {
        mgpu__commands_destroy(ctx);
        mgpu__pipelines_destroy(ctx);
        mgpu__pool_destroy(ctx);
    }
    if (ctx->owns_device && ctx->device && ctx->vk.vkDestroyDevice) ctx->vk.vkDestroyDevice(ctx->device, NULL);
    if (ctx->messenger) ctx->vki.vkDestroyDebugUtilsMessengerEXT(ctx->instance, ctx->messenger, NULL);
    if (ctx->owns_instance && ctx->instance) ctx->vki.vkDestroyInstance(ctx->instance, NULL);
    if (ctx->profile) fclose(ctx->profile);
    if (ctx->locks_ready) {
        pthread_rwlock_destroy(&ctx->pipeline_lock);
        pthread_mutex_destroy(&ctx->pool_lock);
    }
    free(ctx);
}

mgpu_result mgpu_context_get_device_info(mgpu_context ctx, mgpu_device_info *out) {
    if (!ctx || !out) return MGPU_ERROR_INVALID_ARGUMENT;
    *out = ctx->info;
    return MGPU_SUCCESS;
}

void mgpu_context_get_handles(mgpu_context ctx, VkInstance *instance, VkPhysicalDevice *physical_device,
                              VkDevice *device, uint32_t *queue_family_index, VkQueue *queue) {
    if (!ctx) return;
    if (instance) *instance = ctx->instance;
    if (physical_device) *physical_device = ctx->physical_device;
    if (device) *device = ctx->device;
    if (queue_family_index) *queue_family_index = ctx->queue_family;
    if (queue) *queue = ctx->queue;
}

static const char *mgpu_device_type_name(VkPhysicalDeviceType type) {
    switch (type) {
        case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return "discrete GPU";
        case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return "integrated GPU";
        case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return "virtual GPU";
        case VK_PHYSICAL_DEVICE_TYPE_CPU: return "CPU";
        default: return "other";
    }
}

void mgpu_device_info_print(const mgpu_device_info *info, FILE *f) {
    if (!info) return;
    if (!f) f = stdout;
    static const struct {
        VkSubgroupFeatureFlags bit;
        const char *name;
    } ops[] = {{VK_SUBGROUP_FEATURE_BASIC_BIT, "basic"},
               {VK_SUBGROUP_FEATURE_VOTE_BIT, "vote"},
               {VK_SUBGROUP_FEATURE_ARITHMETIC_BIT, "arithmetic"},
               {VK_SUBGROUP_FEATURE_BALLOT_BIT, "ballot"},
               {VK_SUBGROUP_FEATURE_SHUFFLE_BIT, "shuffle"},
               {VK_SUBGROUP_FEATURE_SHUFFLE_RELATIVE_BIT, "shuffle_relative"},
               {VK_SUBGROUP_FEATURE_CLUSTERED_BIT, "clustered"},
               {VK_SUBGROUP_FEATURE_QUAD_BIT, "quad"}};
    fprintf(f, "%s : %s, Vulkan %u.%u.%u\n", info->name, mgpu_device_type_name(info->type),
            VK_API_VERSION_MAJOR(info->api_version), VK_API_VERSION_MINOR(info->api_version),
            VK_API_VERSION_PATCH(info->api_version));
    fprintf(f, "Driver: %s %s (version 0x%08x)\n", info->driver_name, info->driver_info, info->driver_version);
    fprintf(f, "Subgroup size %u (min %u, max %u); operations:", info->subgroup_size, info->min_subgroup_size,
            info->max_subgroup_size);
    for (size_t i = 0; i < MGPU_ARRAY_COUNT(ops); ++i)
        if (info->subgroup_operations & ops[i].bit) fprintf(f, " %s", ops[i].name);
    fprintf(f, "\nDevice-local memory: %llu MB   Shared memory: %u KB   Max workgroup: %u\n",
            (unsigned long long)(info->device_local_bytes >> 20), info->shared_memory_bytes >> 10,
            info->max_workgroup_size);
    fprintf(f, "int64 %s, float64 %s, memory model %s, subgroup scans %s, look-back safe %s\n",
            info->shader_int64 ? "yes" : "no", info->shader_float64 ? "yes" : "no",
            info->vulkan_memory_model ? "yes" : "no", info->subgroup_scans ? "yes" : "no",
            info->lookback_safe ? "yes" : "no");
}

mgpu_result mgpu_enumerate_devices(mgpu_device_info *infos, uint32_t *count, uint32_t *default_index) {
    if (!count) return MGPU_ERROR_INVALID_ARGUMENT;
    PFN_vkGetInstanceProcAddr gipa = mgpu_system_gipa();
    if (!gipa) return MGPU_ERROR_NO_DEVICE;
    struct mgpu_context_T tmp;
    memset(&tmp, 0, sizeof tmp);
    mgpu_result r = mgpu_create_instance(&tmp, gipa, false);
    VkPhysicalDevice *devices = NULL;
    mgpu_probe *probes = NULL;
    uint32_t n = 0;
    if (r == MGPU_SUCCESS) r = mgpu_enumerate(&tmp, &devices, &probes, &n);
    if (r == MGPU_SUCCESS) {
        if (infos) {
            uint32_t written = n < *count ? n : *count;
            for (uint32_t i = 0; i < written; ++i) infos[i] = probes[i].info;
            *count = written;
        } else {
            *count = n;
        }
        if (default_index) {
            int d = mgpu_choose_device(probes, n, NULL);
            *default_index = d < 0 ? UINT32_MAX : (uint32_t)d;
        }
    }
    free(devices);
    free(probes);
    if (tmp.instance) tmp.vki.vkDestroyInstance(tmp.instance, NULL);
    return r;
}
