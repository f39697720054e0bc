/* The tests' own Vulkan instance and device, made as an engine makes them, for the families that adopt a
 * device (threads: two contexts on one device; device_lost: an interposed device). */
#include "common.h"

#include <string.h>

static VkBool32 VKAPI_PTR test_vk_debug(VkDebugUtilsMessageSeverityFlagBitsEXT severity, VkDebugUtilsMessageTypeFlagsEXT types,
                                        const VkDebugUtilsMessengerCallbackDataEXT *data, void *user) {
    (void)types;
    test_vk_device *d = user;
    if (severity >= VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT) {
        ++d->messages;
        fprintf(stderr, "[test device validation] %s\n", data->pMessage);
    }
    return VK_FALSE;
}

bool test_vk_device_create(test_vk_device *d) {
    memset(d, 0, sizeof *d);
    const char *layer = "VK_LAYER_KHRONOS_validation";
    const char *ext = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
    VkDebugUtilsMessengerCreateInfoEXT messenger_info = {
        .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
        .messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT,
        .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT,
        .pfnUserCallback = test_vk_debug,
        .pUserData = d};
    VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .apiVersion = VK_API_VERSION_1_2};
    VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                                .pNext = g_test.validation ? &messenger_info : NULL,
                                .pApplicationInfo = &app,
                                .enabledLayerCount = g_test.validation ? 1 : 0,
                                .ppEnabledLayerNames = &layer,
                                .enabledExtensionCount = g_test.validation ? 1 : 0,
                                .ppEnabledExtensionNames = &ext};
    if (vkCreateInstance(&ici, NULL, &d->instance) != VK_SUCCESS) {
        CHECK(false, "the test's vkCreateInstance failed");
        return false;
    }
    PFN_vkCreateDebugUtilsMessengerEXT create_messenger =
        (PFN_vkCreateDebugUtilsMessengerEXT)vkGetInstanceProcAddr(d->instance, "vkCreateDebugUtilsMessengerEXT");
    if (g_test.validation && create_messenger) create_messenger(d->instance, &messenger_info, NULL, &d->messenger);

    mgpu_device_info want;
    mgpu_context_get_device_info(g_test.ctx, &want);
    uint32_t count = 8;
    VkPhysicalDevice devices[8];
    vkEnumeratePhysicalDevices(d->instance, &count, devices);
    for (uint32_t i = 0; i < count && !d->physical_device; ++i) {
        VkPhysicalDeviceProperties p;
        vkGetPhysicalDeviceProperties(devices[i], &p);
        if (p.deviceID == want.device_id && p.vendorID == want.vendor_id && !strcmp(p.deviceName, want.name))
            d->physical_device = devices[i];
    }
    CHECK(d->physical_device != VK_NULL_HANDLE, "the test finds the device");
    if (!d->physical_device) return false;

    mgpu_device_requirements req;
    CHECK_OK(mgpu_query_device_requirements(d->instance, d->physical_device, vkGetInstanceProcAddr, &req));
    VkQueueFamilyProperties families[16];
    uint32_t family_count = 16;
    vkGetPhysicalDeviceQueueFamilyProperties(d->physical_device, &family_count, families);
    while (d->family < family_count && !(families[d->family].queueFlags & VK_QUEUE_COMPUTE_BIT)) ++d->family;
    req.vk12.pNext = NULL;
    VkPhysicalDeviceFeatures2 features = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &req.vk12,
                                          .features = req.features};
    float priority = 1;
    VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, .queueFamilyIndex = d->family,
                                   .queueCount = 1, .pQueuePriorities = &priority};
    VkDeviceCreateInfo dci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .pNext = &features, .queueCreateInfoCount = 1,
                              .pQueueCreateInfos = &qci, .enabledExtensionCount = req.extension_count,
                              .ppEnabledExtensionNames = req.extensions};
    if (vkCreateDevice(d->physical_device, &dci, NULL, &d->device) != VK_SUCCESS) {
        CHECK(false, "the test's vkCreateDevice failed");
        return false;
    }
    vkGetDeviceQueue(d->device, d->family, 0, &d->queue);
    return true;
}

void test_vk_device_destroy(test_vk_device *d) {
    if (d->device) vkDestroyDevice(d->device, NULL);
    PFN_vkDestroyDebugUtilsMessengerEXT destroy_messenger =
        (PFN_vkDestroyDebugUtilsMessengerEXT)vkGetInstanceProcAddr(d->instance, "vkDestroyDebugUtilsMessengerEXT");
    if (d->messenger && destroy_messenger) destroy_messenger(d->instance, d->messenger, NULL);
    if (d->instance) vkDestroyInstance(d->instance, NULL);
}
