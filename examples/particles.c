/*
 * An engine frame with a sort inside it: the example is the engine. It creates its own VkInstance and VkDevice
 * (with what libmgpuvk asks, merged into its own feature chain and extension list by
 * mgpu_device_requirements_merge), adopts them, and records ONE command buffer of its own:
 *   1. its compute dispatch: simulates N particles one step, culls those outside the view, and appends the
 *      visible ones' (depth key, index) to compacted arrays, the slot from an atomic counter;
 *   2. a barrier (compute writes -> the library's compute reads);
 *   3. mgpu_cmd_radixsort of the visible pairs, descending (back to front), its count read on the device from
 *      that counter (indirect_count): no host read of the count anywhere; its grids sized by that count, and an
 *      overflow flag (overflow) written on the device, 1 had the counter passed the capacity (checked to be 0);
 *   4. a barrier (the library's compute writes -> vertex-shader reads, and the counter -> the indirect draw);
 *   5. a render pass into an offscreen RGBA8 image: one alpha-blended square per visible particle, back to
 *      front, drawn by vkCmdDrawIndirect whose instance count is the same counter;
 *   6. copies of the image (and, for --check, of the sorted pairs) to a host-visible buffer.
 * It submits it, waits, writes the image as a PNG (a small writer below: stored deflate blocks, no dependency)
 * and prints the visible count.
 *
 * The simulation is integer arithmetic shared with the shaders (shaders/particles_shared.h), so --check
 * recomputes the frame on the CPU and compares: the visible set and its sorted keys exactly, the image with a
 * CPU-composited reference within 2/255 per channel on at least 99.9% of the pixels (the blending unit's
 * rounding may differ from the reference's by one step per layer). --validation turns the validation layers
 * on (synchronization validation by env VK_LAYER_ENABLES, as ctest's entry sets it) and any message fails.
 *
 *   mgpuvk-particles [--out FILE.png] [--device INDEX|NAME] [--step N] [--seed N] [--validation] [--check]
 *
 * Exit status 0 on success (and, with --check, a match with no validation message), 1 otherwise.
 */
#include "mgpuvk.h"

#include <assert.h>
#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vulkan/vulkan.h>

#include "particles_shared.h"

#include "particles_frag.h"
#include "particles_sim_comp.h"
#include "particles_vert.h"

/* The shaders' push constants (particles_sim.comp, particles.vert): buffer device addresses and counts. */
typedef struct sim_push {
    VkDeviceAddress particles, keys, indices, draw;
    uint32_t count, step, seed, pad;
} sim_push;
typedef struct draw_push {
    VkDeviceAddress particles, sorted_indices;
} draw_push;
static_assert(sizeof(sim_push) == 48 && sizeof(draw_push) == 16, "the shaders' push-constant layouts");

#define W            PARTICLES_WIDTH
#define H            PARTICLES_HEIGHT
#define N            PARTICLES_COUNT
#define PIXELS       ((uint32_t)(W * H))
#define IMAGE_BYTES  ((VkDeviceSize)PIXELS * 4)
#define CLEAR_R      12u /* the background, RGBA8 */
#define CLEAR_G      14u
#define CLEAR_B      28u
#define MAX_MESSAGES 20u /* validation messages printed */

typedef struct engine {
    VkInstance instance;
    VkDebugUtilsMessengerEXT messenger;
    VkPhysicalDevice gpu;
    VkDevice device;
    uint32_t family;
    VkQueue queue;
    VkPhysicalDeviceMemoryProperties memory;
    uint64_t messages; /* validation warnings and errors */
} engine;

typedef struct gpu_buffer {
    VkBuffer buffer;
    VkDeviceMemory memory;
    VkDeviceSize size;
    VkBufferUsageFlags usage;
    VkDeviceAddress address;
} gpu_buffer;

static VKAPI_ATTR VkBool32 VKAPI_CALL on_validation(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                    VkDebugUtilsMessageTypeFlagsEXT type,
                                                    const VkDebugUtilsMessengerCallbackDataEXT *data, void *user) {
    (void)severity;
    (void)type;
    engine *e = user;
    if (e->messages++ < MAX_MESSAGES) fprintf(stderr, "particles: validation: %s\n", data->pMessage);
    return VK_FALSE;
}

static void on_library_log(void *user, mgpu_log_level level, const char *message) {
    (void)user;
    if (level >= MGPU_LOG_ERROR) fprintf(stderr, "particles: libmgpuvk: %s\n", message);
}

/* ---- the engine's instance and device ------------------------------------------------------------------ */

/* The device: --device (an index or a case-insensitive name substring), else env MGPU_DEVICE, else the first
 * discrete GPU, else integrated, else the first; Vulkan 1.2 and a graphics+compute queue family either way. */
static bool pick_device(engine *e, const char *choice) {
    VkPhysicalDevice devices[16];
    uint32_t count = 16;
    vkEnumeratePhysicalDevices(e->instance, &count, devices);
    int best = -1, best_rank = 0;
    for (uint32_t i = 0; i < count; ++i) {
        VkPhysicalDeviceProperties p;
        vkGetPhysicalDeviceProperties(devices[i], &p);
        if (p.apiVersion < VK_API_VERSION_1_2) continue;
        int rank = p.deviceType == VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU     ? 3
                   : p.deviceType == VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU ? 2
                                                                            : 1;
        if (choice && *choice) {
            char *end = NULL;
            unsigned long index = strtoul(choice, &end, 10);
            bool named = false;
            for (const char *s = p.deviceName; *s && !named; ++s) {
                size_t k = 0;
                while (choice[k] && tolower((unsigned char)s[k]) == tolower((unsigned char)choice[k])) ++k;
                named = choice[k] == '\0';
            }
            rank = (*end == '\0' && index == i) || (*end != '\0' && named) ? 4 : 0;
        }
        if (rank > best_rank) {
            best = (int)i;
            best_rank = rank;
        }
    }
    if (best < 0) return false;
    e->gpu = devices[best];
    VkQueueFamilyProperties families[16];
    uint32_t family_count = 16;
    vkGetPhysicalDeviceQueueFamilyProperties(e->gpu, &family_count, families);
    const VkQueueFlags wanted = VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT;
    for (e->family = 0; e->family < family_count; ++e->family)
        if ((families[e->family].queueFlags & wanted) == wanted) return true;
    return false;
}

/* The features and extensions the device is created with: the engine's own, with the library's merged in. They
 * stay alive until the adoption has read them. */
typedef struct device_wants {
    VkPhysicalDeviceVulkan12Features vk12;
    VkPhysicalDeviceFeatures2 features;
    const char *extensions[8];
    mgpu_device_merge merge;
} device_wants;

static bool engine_create(engine *e, device_wants *w, const char *device_choice, bool validation) {
    const char *layer = "VK_LAYER_KHRONOS_validation";
    const char *debug_ext = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
    VkDebugUtilsMessengerCreateInfoEXT messenger_info = {
        .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
        .messageSeverity =
            VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT,
        .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT,
        .pfnUserCallback = on_validation,
        .pUserData = e};
    VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                             .pApplicationName = "mgpuvk-particles",
                             .apiVersion = VK_API_VERSION_1_2};
    VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                                .pNext = validation ? &messenger_info : NULL,
                                .pApplicationInfo = &app,
                                .enabledLayerCount = validation ? 1 : 0,
                                .ppEnabledLayerNames = &layer,
                                .enabledExtensionCount = validation ? 1 : 0,
                                .ppEnabledExtensionNames = &debug_ext};
    VkResult vr = vkCreateInstance(&ici, NULL, &e->instance);
    if (vr != VK_SUCCESS) {
        fprintf(stderr, "particles: vkCreateInstance: %d%s\n", vr,
                vr == VK_ERROR_LAYER_NOT_PRESENT ? " (the validation layer is not installed)" : "");
        return false;
    }
    if (validation) {
        PFN_vkCreateDebugUtilsMessengerEXT create_messenger =
            (PFN_vkCreateDebugUtilsMessengerEXT)vkGetInstanceProcAddr(e->instance, "vkCreateDebugUtilsMessengerEXT");
        if (create_messenger) create_messenger(e->instance, &messenger_info, NULL, &e->messenger);
    }
    if (!pick_device(e, device_choice)) {
        fprintf(stderr, "particles: no Vulkan 1.2 device with a graphics+compute queue%s%s\n",
                device_choice ? " named " : "", device_choice ? device_choice : "");
        return false;
    }
    vkGetPhysicalDeviceMemoryProperties(e->gpu, &e->memory);

    /* The engine's own chain and list (a real engine has more in them); the library's wants merged in. */
    w->vk12 = (VkPhysicalDeviceVulkan12Features){.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                                 .bufferDeviceAddress = VK_TRUE};
    w->features = (VkPhysicalDeviceFeatures2){.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &w->vk12};
    w->merge = (mgpu_device_merge){.api_version = VK_API_VERSION_1_2,
                                   .features = &w->features,
                                   .extensions = w->extensions,
                                   .extension_capacity = 8};
    mgpu_result r = mgpu_device_requirements_merge(e->instance, e->gpu, vkGetInstanceProcAddr, &w->merge);
    if (r != MGPU_SUCCESS || w->merge.required_missing) {
        fprintf(stderr, "particles: the device cannot run libmgpuvk (%s)\n", mgpu_result_name(r));
        return false;
    }
    float priority = 1;
    VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                   .queueFamilyIndex = e->family,
                                   .queueCount = 1,
                                   .pQueuePriorities = &priority};
    VkDeviceCreateInfo dci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                              .pNext = &w->features,
                              .queueCreateInfoCount = 1,
                              .pQueueCreateInfos = &qci,
                              .enabledExtensionCount = w->merge.extension_count,
                              .ppEnabledExtensionNames = w->extensions};
    vr = vkCreateDevice(e->gpu, &dci, NULL, &e->device);
    if (vr != VK_SUCCESS) {
        fprintf(stderr, "particles: vkCreateDevice: %d\n", vr);
        return false;
    }
    vkGetDeviceQueue(e->device, e->family, 0, &e->queue);
    return true;
}

static uint32_t memory_type(const engine *e, uint32_t bits, VkMemoryPropertyFlags need, VkMemoryPropertyFlags prefer) {
    for (int pass = 0; pass < 2; ++pass) {
        VkMemoryPropertyFlags flags = pass == 0 ? need | prefer : need;
        for (uint32_t t = 0; t < e->memory.memoryTypeCount; ++t)
            if ((bits & (1u << t)) && (e->memory.memoryTypes[t].propertyFlags & flags) == flags) return t;
    }
    return UINT32_MAX;
}

/* A buffer with its own memory: device-local where the device has it, host-visible when host is set; with a
 * device address when the usage asks for one (the shaders and the library reach the buffers through them). */
static bool buffer_create(const engine *e, VkDeviceSize size, VkBufferUsageFlags usage, bool host, gpu_buffer *b) {
    *b = (gpu_buffer){.size = size, .usage = usage};
    VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = size, .usage = usage};
    if (vkCreateBuffer(e->device, &bci, NULL, &b->buffer) != VK_SUCCESS) return false;
    VkMemoryRequirements mr;
    vkGetBufferMemoryRequirements(e->device, b->buffer, &mr);
    VkMemoryPropertyFlags need = host ? VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT : 0;
    bool addressed = usage & VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT;
    VkMemoryAllocateFlagsInfo flags = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO,
                                       .flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT};
    VkMemoryAllocateInfo mai = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
        .pNext = addressed ? &flags : NULL,
        .allocationSize = mr.size,
        .memoryTypeIndex = memory_type(e, mr.memoryTypeBits, need, host ? 0 : VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT)};
    if (mai.memoryTypeIndex == UINT32_MAX || vkAllocateMemory(e->device, &mai, NULL, &b->memory) != VK_SUCCESS)
        return false;
    if (vkBindBufferMemory(e->device, b->buffer, b->memory, 0) != VK_SUCCESS) return false;
    if (addressed) {
        VkBufferDeviceAddressInfo bai = {.sType = VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, .buffer = b->buffer};
        b->address = vkGetBufferDeviceAddress(e->device, &bai);
    }
    return true;
}

static void buffer_destroy(const engine *e, gpu_buffer *b) {
    vkDestroyBuffer(e->device, b->buffer, NULL);
    vkFreeMemory(e->device, b->memory, NULL);
}

static VkShaderModule shader_module(const engine *e, const uint32_t *code, size_t bytes) {
    VkShaderModuleCreateInfo smci = {
        .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .codeSize = bytes, .pCode = code};
    VkShaderModule module = VK_NULL_HANDLE;
    vkCreateShaderModule(e->device, &smci, NULL, &module);
    return module;
}

/* ---- the PNG writer: stored (uncompressed) deflate blocks, CRC-32 and Adler-32 ---------------------------- */

static uint32_t crc32_update(uint32_t crc, const uint8_t *p, size_t n) {
    crc = ~crc;
    for (size_t i = 0; i < n; ++i) {
        crc ^= p[i];
        for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

static void put_be32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static bool png_chunk(FILE *f, const char *type, const uint8_t *data, uint32_t n) {
    uint8_t head[8], tail[4];
    put_be32(head, n);
    memcpy(head + 4, type, 4);
    put_be32(tail, crc32_update(crc32_update(0, head + 4, 4), data, n));
    return fwrite(head, 1, 8, f) == 8 && fwrite(data, 1, n, f) == n && fwrite(tail, 1, 4, f) == 4;
}

/* An 8-bit RGBA image, rows top first. */
static bool png_write(const char *path, const uint8_t *rgba, uint32_t width, uint32_t height) {
    size_t row = (size_t)width * 4 + 1, raw = row * height; /* each row: filter 0 (none), then its pixels */
    size_t blocks = (raw + 65534) / 65535;
    size_t size = 2 + raw + 5 * blocks + 4;
    uint8_t *z = malloc(size);
    if (!z) return false;
    uint8_t *o = z;
    *o++ = 0x78; /* zlib: deflate, 32 KiB window; no dictionary, FCHECK making the pair a multiple of 31 */
    *o++ = 0x01;
    uint32_t a = 1, b = 0; /* Adler-32 of the raw data */
    size_t done = 0;
    for (size_t blk = 0; blk < blocks; ++blk) {
        size_t len = raw - done < 65535 ? raw - done : 65535;
        *o++ = (uint8_t)(blk + 1 == blocks); /* BFINAL, BTYPE 00: stored */
        *o++ = (uint8_t)len;
        *o++ = (uint8_t)(len >> 8);
        *o++ = (uint8_t)~len;
        *o++ = (uint8_t)(~len >> 8);
        for (size_t i = 0; i < len; ++i, ++done) {
            size_t y = done / row, x = done % row;
            uint8_t v = x == 0 ? 0 : rgba[y * width * 4 + x - 1];
            *o++ = v;
            a = (a + v) % 65521u;
            b = (b + a) % 65521u;
        }
    }
    put_be32(o, b << 16 | a);
    uint8_t ihdr[13] = {0};
    put_be32(ihdr, width);
    put_be32(ihdr + 4, height);
    ihdr[8] = 8; /* bit depth */
    ihdr[9] = 6; /* RGBA; compression, filter and interlace 0 */
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(signature, 1, 8, f) == 8 && png_chunk(f, "IHDR", ihdr, 13) &&
              png_chunk(f, "IDAT", z, (uint32_t)size) && png_chunk(f, "IEND", NULL, 0);
    if (f) ok = fclose(f) == 0 && ok;
    free(z);
    return ok;
}

/* ---- --check: the frame on the CPU ---------------------------------------------------------------------- */

typedef struct pair {
    uint32_t key, index;
} pair;

static int by_key_descending(const void *a, const void *b) {
    uint32_t x = ((const pair *)a)->key, y = ((const pair *)b)->key;
    return x < y ? 1 : x > y ? -1 : 0;
}

/* The depth key of particles_sim.comp: the float bits of z / 256 (exact), their low 12 bits the index. */
static uint32_t depth_key(int32_t z, uint32_t index) {
    float depth = (float)z / 256.0f;
    uint32_t bits;
    memcpy(&bits, &depth, 4);
    return (bits & ~((1u << PARTICLES_INDEX_BITS) - 1u)) | index;
}

/* One blend step of the pipeline's state (colour: src * a + dst * (1 - a); alpha: src + dst * (1 - a)), in
 * float as the blending unit computes it, rounded to 8 bits as the RGBA8 attachment stores it. */
static uint8_t blend(uint32_t src, uint32_t dst, uint32_t alpha, bool is_alpha) {
    float a = (float)alpha / 255.0f, s = (float)src / 255.0f, d = (float)dst / 255.0f;
    float out = (is_alpha ? s : s * a) + d * (1.0f - a);
    return (uint8_t)(out * 255.0f + 0.5f);
}

/* Compares the GPU's visible count, sorted pairs and image with the CPU's; prints what differs. */
static bool check_frame(uint32_t seed, uint32_t step, uint32_t visible, const uint32_t *keys, const uint32_t *indices,
                        const uint8_t *image) {
    pair *want = malloc(N * sizeof *want);
    uint8_t *ref = malloc(IMAGE_BYTES);
    if (!want || !ref) {
        free(want);
        free(ref);
        return false;
    }
    uint32_t count = 0;
    for (uint32_t i = 0; i < N; ++i) {
        int32_t x = particles_axis(seed, i, 0, step), y = particles_axis(seed, i, 1, step),
                z = particles_axis(seed, i, 2, step);
        if (particles_visible(x, y, z)) want[count++] = (pair){depth_key(z, i), i};
    }
    qsort(want, count, sizeof *want, by_key_descending);
    bool ok = true;
    if (visible != count) {
        fprintf(stderr, "particles: check: %u visible, the CPU finds %u\n", visible, count);
        ok = false;
    }
    for (uint32_t k = 1; k < visible && k < N && ok; ++k)
        if (keys[k - 1] < keys[k]) {
            fprintf(stderr, "particles: check: keys not descending at %u: %08x then %08x\n", k, keys[k - 1], keys[k]);
            ok = false;
        }
    for (uint32_t k = 0; k < count && ok; ++k)
        if (keys[k] != want[k].key || indices[k] != want[k].index) {
            fprintf(stderr, "particles: check: pair %u is (%08x, %u), the CPU's (%08x, %u)\n", k, keys[k], indices[k],
                    want[k].key, want[k].index);
            ok = false;
        }

    /* The CPU-composited reference: the same squares in the same order over the same background. */
    for (uint32_t p = 0; p < PIXELS; ++p) {
        ref[p * 4 + 0] = CLEAR_R;
        ref[p * 4 + 1] = CLEAR_G;
        ref[p * 4 + 2] = CLEAR_B;
        ref[p * 4 + 3] = 255;
    }
    for (uint32_t k = 0; k < count; ++k) {
        uint32_t i = want[k].index;
        int32_t x = particles_axis(seed, i, 0, step), y = particles_axis(seed, i, 1, step),
                z = particles_axis(seed, i, 2, step);
        int32_t r = particles_half_size(z), sx = particles_screen(x, z, W / 2), sy = particles_screen(y, z, H / 2);
        uint32_t color = particles_color(seed, i), alpha = color >> 24;
        for (int32_t py = sy - r < 0 ? 0 : sy - r; py < sy + r && py < H; ++py)
            for (int32_t px = sx - r < 0 ? 0 : sx - r; px < sx + r && px < W; ++px) {
                uint8_t *d = ref + ((size_t)py * W + (size_t)px) * 4;
                for (uint32_t c = 0; c < 4; ++c) d[c] = blend(color >> (8 * c) & 0xffu, d[c], alpha, c == 3);
            }
    }
    uint32_t off = 0, worst = 0;
    for (uint32_t p = 0; p < PIXELS; ++p) {
        uint32_t diff = 0;
        for (uint32_t c = 0; c < 4; ++c) {
            uint32_t g = image[p * 4 + c], w = ref[p * 4 + c], d = g > w ? g - w : w - g;
            diff = d > diff ? d : diff;
        }
        off += diff > 2;
        worst = diff > worst ? diff : worst;
    }
    printf("particles: check: %u visible, pairs %s; image: %u of %u pixels differ by more than 2/255 "
           "(largest difference %u/255)\n",
           count, ok ? "exact" : "WRONG", off, PIXELS, worst);
    if ((uint64_t)off * 1000 > PIXELS) {
        fprintf(stderr, "particles: check: more than 0.1%% of the pixels differ by more than 2/255\n");
        ok = false;
    }
    free(want);
    free(ref);
    return ok;
}

/* ---- the frame ------------------------------------------------------------------------------------------ */

typedef struct options {
    const char *out;
    const char *device;
    uint32_t step, seed;
    bool validation, check;
} options;

static bool parse(int argc, char **argv, options *o) {
    *o = (options){.out = "particles.png", .device = getenv("MGPU_DEVICE"), .step = 1, .seed = 2026};
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--validation")) {
            o->validation = true;
        } else if (!strcmp(a, "--check")) {
            o->check = true;
        } else if (value && !strcmp(a, "--out")) {
            o->out = argv[++i];
        } else if (value && !strcmp(a, "--device")) {
            o->device = argv[++i];
        } else if (value && !strcmp(a, "--step")) {
            o->step = (uint32_t)strtoul(argv[++i], NULL, 10);
        } else if (value && !strcmp(a, "--seed")) {
            o->seed = (uint32_t)strtoul(argv[++i], NULL, 10);
        } else {
            fprintf(stderr,
                    "usage: %s [--out FILE.png] [--device INDEX|NAME] [--step N] [--seed N] [--validation] [--check]\n",
                    argv[0]);
            return false;
        }
    }
    return true;
}

/* The engine's objects for the frame, created and destroyed together. */
typedef struct frame {
    gpu_buffer particles, keys, indices, draw, readback;
    VkImage image;
    VkDeviceMemory image_memory;
    VkImageView view;
    VkRenderPass render_pass;
    VkFramebuffer framebuffer;
    VkShaderModule sim_module, vert_module, frag_module;
    VkPipelineLayout sim_layout, draw_layout;
    VkPipeline sim_pipeline, draw_pipeline;
    VkCommandPool pool;
    VkFence fence;
} frame;

static bool frame_create(const engine *e, frame *f) {
    const VkBufferUsageFlags addressed = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT;
    bool ok = buffer_create(e, (VkDeviceSize)N * 16, addressed, false, &f->particles) &&
              buffer_create(e, (VkDeviceSize)N * 4, addressed | VK_BUFFER_USAGE_TRANSFER_SRC_BIT, false, &f->keys) &&
              buffer_create(e, (VkDeviceSize)N * 4, addressed | VK_BUFFER_USAGE_TRANSFER_SRC_BIT, false, &f->indices) &&
              /* the draw command, then the sort's overflow flag */
              buffer_create(e, 32,
                            addressed | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                                VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                            false, &f->draw) &&
              buffer_create(e, IMAGE_BYTES + 16 + (VkDeviceSize)N * 8 + 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, true,
                            &f->readback);
    if (!ok) return false;

    /* The offscreen image and its render pass: cleared, drawn, then left for the copy. */
    VkImageCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                             .imageType = VK_IMAGE_TYPE_2D,
                             .format = VK_FORMAT_R8G8B8A8_UNORM,
                             .extent = {W, H, 1},
                             .mipLevels = 1,
                             .arrayLayers = 1,
                             .samples = VK_SAMPLE_COUNT_1_BIT,
                             .tiling = VK_IMAGE_TILING_OPTIMAL,
                             .usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT};
    if (vkCreateImage(e->device, &ici, NULL, &f->image) != VK_SUCCESS) return false;
    VkMemoryRequirements mr;
    vkGetImageMemoryRequirements(e->device, f->image, &mr);
    VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                .allocationSize = mr.size,
                                .memoryTypeIndex =
                                    memory_type(e, mr.memoryTypeBits, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT)};
    if (vkAllocateMemory(e->device, &mai, NULL, &f->image_memory) != VK_SUCCESS ||
        vkBindImageMemory(e->device, f->image, f->image_memory, 0) != VK_SUCCESS)
        return false;
    VkImageViewCreateInfo vci = {.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
                                 .image = f->image,
                                 .viewType = VK_IMAGE_VIEW_TYPE_2D,
                                 .format = VK_FORMAT_R8G8B8A8_UNORM,
                                 .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
    if (vkCreateImageView(e->device, &vci, NULL, &f->view) != VK_SUCCESS) return false;
    VkAttachmentDescription color = {.format = VK_FORMAT_R8G8B8A8_UNORM,
                                     .samples = VK_SAMPLE_COUNT_1_BIT,
                                     .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
                                     .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
                                     .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
                                     .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
                                     .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
                                     .finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL};
    VkAttachmentReference color_ref = {0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    VkSubpassDescription subpass = {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                                    .colorAttachmentCount = 1,
                                    .pColorAttachments = &color_ref};
    VkSubpassDependency dependencies[2] = {
        {.srcSubpass = VK_SUBPASS_EXTERNAL,
         .dstSubpass = 0,
         .srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
         .dstStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
         .dstAccessMask = VK_ACCESS_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT},
        {.srcSubpass = 0, /* the attachment's writes before the copy to the host-visible buffer */
         .dstSubpass = VK_SUBPASS_EXTERNAL,
         .srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
         .dstStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT,
         .srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT,
         .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT}};
    VkRenderPassCreateInfo rpci = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                   .attachmentCount = 1,
                                   .pAttachments = &color,
                                   .subpassCount = 1,
                                   .pSubpasses = &subpass,
                                   .dependencyCount = 2,
                                   .pDependencies = dependencies};
    if (vkCreateRenderPass(e->device, &rpci, NULL, &f->render_pass) != VK_SUCCESS) return false;
    VkFramebufferCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                   .renderPass = f->render_pass,
                                   .attachmentCount = 1,
                                   .pAttachments = &f->view,
                                   .width = W,
                                   .height = H,
                                   .layers = 1};
    if (vkCreateFramebuffer(e->device, &fci, NULL, &f->framebuffer) != VK_SUCCESS) return false;

    /* The simulation's compute pipeline and the squares' graphics pipeline, each with its push constants. */
    f->sim_module = shader_module(e, particles_sim_comp, sizeof particles_sim_comp);
    f->vert_module = shader_module(e, particles_vert, sizeof particles_vert);
    f->frag_module = shader_module(e, particles_frag, sizeof particles_frag);
    if (!f->sim_module || !f->vert_module || !f->frag_module) return false;
    VkPushConstantRange sim_range = {VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(sim_push)};
    VkPushConstantRange draw_range = {VK_SHADER_STAGE_VERTEX_BIT, 0, sizeof(draw_push)};
    VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                       .pushConstantRangeCount = 1,
                                       .pPushConstantRanges = &sim_range};
    if (vkCreatePipelineLayout(e->device, &plci, NULL, &f->sim_layout) != VK_SUCCESS) return false;
    plci.pPushConstantRanges = &draw_range;
    if (vkCreatePipelineLayout(e->device, &plci, NULL, &f->draw_layout) != VK_SUCCESS) return false;
    VkComputePipelineCreateInfo cpci = {.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
                                        .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                                                  .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                                                  .module = f->sim_module,
                                                  .pName = "main"},
                                        .layout = f->sim_layout};
    if (vkCreateComputePipelines(e->device, VK_NULL_HANDLE, 1, &cpci, NULL, &f->sim_pipeline) != VK_SUCCESS)
        return false;
    VkPipelineShaderStageCreateInfo stages[2] = {{.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                                                  .stage = VK_SHADER_STAGE_VERTEX_BIT,
                                                  .module = f->vert_module,
                                                  .pName = "main"},
                                                 {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                                                  .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
                                                  .module = f->frag_module,
                                                  .pName = "main"}};
    VkPipelineVertexInputStateCreateInfo vertex_input = {.sType =
                                                             VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
    VkPipelineInputAssemblyStateCreateInfo assembly = {.sType =
                                                           VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
                                                       .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST};
    VkViewport viewport = {0, 0, (float)W, (float)H, 0, 1};
    VkRect2D scissor = {{0, 0}, {W, H}};
    VkPipelineViewportStateCreateInfo viewport_state = {.sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
                                                        .viewportCount = 1,
                                                        .pViewports = &viewport,
                                                        .scissorCount = 1,
                                                        .pScissors = &scissor};
    VkPipelineRasterizationStateCreateInfo raster = {.sType =
                                                         VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
                                                     .polygonMode = VK_POLYGON_MODE_FILL,
                                                     .cullMode = VK_CULL_MODE_NONE,
                                                     .frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE,
                                                     .lineWidth = 1};
    VkPipelineMultisampleStateCreateInfo multisample = {.sType =
                                                            VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
                                                        .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT};
    VkPipelineColorBlendAttachmentState blend_state = {
        .blendEnable = VK_TRUE, /* back to front: each square over what is behind it */
        .srcColorBlendFactor = VK_BLEND_FACTOR_SRC_ALPHA,
        .dstColorBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA,
        .colorBlendOp = VK_BLEND_OP_ADD,
        .srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
        .dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA,
        .alphaBlendOp = VK_BLEND_OP_ADD,
        .colorWriteMask =
            VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT | VK_COLOR_COMPONENT_B_BIT | VK_COLOR_COMPONENT_A_BIT};
    VkPipelineColorBlendStateCreateInfo blend_info = {.sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
                                                      .attachmentCount = 1,
                                                      .pAttachments = &blend_state};
    VkGraphicsPipelineCreateInfo gpci = {.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
                                         .stageCount = 2,
                                         .pStages = stages,
                                         .pVertexInputState = &vertex_input,
                                         .pInputAssemblyState = &assembly,
                                         .pViewportState = &viewport_state,
                                         .pRasterizationState = &raster,
                                         .pMultisampleState = &multisample,
                                         .pColorBlendState = &blend_info,
                                         .layout = f->draw_layout,
                                         .renderPass = f->render_pass};
    if (vkCreateGraphicsPipelines(e->device, VK_NULL_HANDLE, 1, &gpci, NULL, &f->draw_pipeline) != VK_SUCCESS)
        return false;

    VkCommandPoolCreateInfo cpi = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, .queueFamilyIndex = e->family};
    VkFenceCreateInfo fence_info = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    return vkCreateCommandPool(e->device, &cpi, NULL, &f->pool) == VK_SUCCESS &&
           vkCreateFence(e->device, &fence_info, NULL, &f->fence) == VK_SUCCESS;
}

static void frame_destroy(const engine *e, frame *f) {
    if (!e->device) return;
    vkDestroyFence(e->device, f->fence, NULL);
    vkDestroyCommandPool(e->device, f->pool, NULL);
    vkDestroyPipeline(e->device, f->draw_pipeline, NULL);
    vkDestroyPipeline(e->device, f->sim_pipeline, NULL);
    vkDestroyPipelineLayout(e->device, f->draw_layout, NULL);
    vkDestroyPipelineLayout(e->device, f->sim_layout, NULL);
    vkDestroyShaderModule(e->device, f->frag_module, NULL);
    vkDestroyShaderModule(e->device, f->vert_module, NULL);
    vkDestroyShaderModule(e->device, f->sim_module, NULL);
    vkDestroyFramebuffer(e->device, f->framebuffer, NULL);
    vkDestroyRenderPass(e->device, f->render_pass, NULL);
    vkDestroyImageView(e->device, f->view, NULL);
    vkDestroyImage(e->device, f->image, NULL);
    vkFreeMemory(e->device, f->image_memory, NULL);
    buffer_destroy(e, &f->readback);
    buffer_destroy(e, &f->draw);
    buffer_destroy(e, &f->indices);
    buffer_destroy(e, &f->keys);
    buffer_destroy(e, &f->particles);
}

static mgpu_result wrap(mgpu_context ctx, const gpu_buffer *b, VkDeviceSize offset, VkDeviceSize size,
                        mgpu_range *out) {
    return mgpu_buffer_wrap(
        ctx,
        &(mgpu_buffer_wrap_desc){
            .buffer = b->buffer, .usage = b->usage, .buffer_size = b->size, .offset = offset, .size = size},
        out);
}

static void memory_barrier(VkCommandBuffer cmd, VkPipelineStageFlags src_stage, VkAccessFlags src_access,
                           VkPipelineStageFlags dst_stage, VkAccessFlags dst_access) {
    VkMemoryBarrier barrier = {
        .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER, .srcAccessMask = src_access, .dstAccessMask = dst_access};
    vkCmdPipelineBarrier(cmd, src_stage, dst_stage, 0, 1, &barrier, 0, NULL, 0, NULL);
}

/* Records the frame into cmd: simulate and cull, sort, draw, copy out. */
static mgpu_result record_frame(mgpu_context ctx, VkCommandBuffer cmd, const frame *f, const options *o,
                                const mgpu_sort_info *sort, mgpu_range scratch) {
    /* The indirect draw: 6 vertices (a square) per instance, the instance count the visible count, from 0. */
    const uint32_t draw_init[4] = {6, 0, 0, 0};
    vkCmdUpdateBuffer(cmd, f->draw.buffer, 0, sizeof draw_init, draw_init);
    memory_barrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                   VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);

    /* (1) The engine's dispatch: simulate, cull, append the visible (key, index) pairs. */
    sim_push push = {.particles = f->particles.address,
                     .keys = f->keys.address,
                     .indices = f->indices.address,
                     .draw = f->draw.address,
                     .count = N,
                     .step = o->step,
                     .seed = o->seed};
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, f->sim_pipeline);
    vkCmdPushConstants(cmd, f->sim_layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof push, &push);
    vkCmdDispatch(cmd, (N + PARTICLES_GROUP - 1) / PARTICLES_GROUP, 1, 1);

    /* (2) The library's contract: the inputs' writes made available to its compute-shader reads and writes. */
    memory_barrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
                   VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);

    /* (3) The sort, back to front, of as many pairs as the counter says when it executes. */
    mgpu_result r = mgpu_cmd_radixsort(ctx, cmd, sort, scratch);
    if (r != MGPU_SUCCESS) return r;

    /* (4) Its compute-shader writes made available to the vertex shader (the sorted indices), and the counter to
     * the indirect draw and the copies. The compute pipeline and push constants are the library's now: a compute
     * dispatch of the engine's would bind its own again (the graphics state is untouched). */
    memory_barrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
                   VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT | VK_PIPELINE_STAGE_VERTEX_SHADER_BIT |
                       VK_PIPELINE_STAGE_TRANSFER_BIT,
                   VK_ACCESS_INDIRECT_COMMAND_READ_BIT | VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_TRANSFER_READ_BIT);

    /* (5) The render pass: every visible particle's square, back to front, alpha-blended. */
    VkClearValue clear = {.color = {.float32 = {CLEAR_R / 255.0f, CLEAR_G / 255.0f, CLEAR_B / 255.0f, 1.0f}}};
    VkRenderPassBeginInfo rpbi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                  .renderPass = f->render_pass,
                                  .framebuffer = f->framebuffer,
                                  .renderArea = {{0, 0}, {W, H}},
                                  .clearValueCount = 1,
                                  .pClearValues = &clear};
    vkCmdBeginRenderPass(cmd, &rpbi, VK_SUBPASS_CONTENTS_INLINE);
    draw_push dpush = {.particles = f->particles.address, .sorted_indices = f->indices.address};
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, f->draw_pipeline);
    vkCmdPushConstants(cmd, f->draw_layout, VK_SHADER_STAGE_VERTEX_BIT, 0, sizeof dpush, &dpush);
    vkCmdDrawIndirect(cmd, f->draw.buffer, 0, 1, sizeof(VkDrawIndirectCommand));
    vkCmdEndRenderPass(cmd);

    /* (6) The image (left in TRANSFER_SRC_OPTIMAL by the render pass), the counter and the sorted pairs to the
     * host-visible buffer: image | draw command | keys | indices | overflow flag. */
    VkBufferImageCopy region = {.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1}, .imageExtent = {W, H, 1}};
    vkCmdCopyImageToBuffer(cmd, f->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, f->readback.buffer, 1, &region);
    VkBufferCopy draw_copy = {0, IMAGE_BYTES, 16};
    vkCmdCopyBuffer(cmd, f->draw.buffer, f->readback.buffer, 1, &draw_copy);
    VkBufferCopy overflow_copy = {16, IMAGE_BYTES + 16 + (VkDeviceSize)N * 8, 4};
    vkCmdCopyBuffer(cmd, f->draw.buffer, f->readback.buffer, 1, &overflow_copy);
    if (o->check) {
        VkBufferCopy keys_copy = {0, IMAGE_BYTES + 16, (VkDeviceSize)N * 4};
        VkBufferCopy indices_copy = {0, IMAGE_BYTES + 16 + (VkDeviceSize)N * 4, (VkDeviceSize)N * 4};
        vkCmdCopyBuffer(cmd, f->keys.buffer, f->readback.buffer, 1, &keys_copy);
        vkCmdCopyBuffer(cmd, f->indices.buffer, f->readback.buffer, 1, &indices_copy);
    }
    memory_barrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_HOST_BIT,
                   VK_ACCESS_HOST_READ_BIT);
    return MGPU_SUCCESS;
}

int main(int argc, char **argv) {
    options o;
    if (!parse(argc, argv, &o)) return 1;
    engine e = {0};
    device_wants wants;
    frame f = {0};
    mgpu_context ctx = NULL;
    mgpu_range keys = {0}, indices = {0}, count = {0}, overflow = {0}, scratch = {0};
    bool ok = engine_create(&e, &wants, o.device, o.validation) && frame_create(&e, &f);
    if (!ok) fprintf(stderr, "particles: creating the engine's objects failed\n");

    /* Adoption: the engine's handles, and the features and extensions it enabled (the library uses only those). */
    mgpu_result r = MGPU_SUCCESS;
    if (ok) {
        mgpu_adopt_desc adopt = {.instance = e.instance,
                                 .physical_device = e.gpu,
                                 .device = e.device,
                                 .queue_family_index = e.family,
                                 .queue = e.queue,
                                 .get_instance_proc_addr = vkGetInstanceProcAddr,
                                 .api_version = VK_API_VERSION_1_2,
                                 .log = on_library_log,
                                 .enabled_features = &wants.features,
                                 .enabled_extensions = wants.extensions,
                                 .enabled_extension_count = wants.merge.extension_count};
        r = mgpu_context_adopt(&adopt, &ctx);
    }
    /* The engine's buffers as ranges: the pairs (sorted in place) and the counter, the draw's instance count. */
    if (ok && r == MGPU_SUCCESS) r = wrap(ctx, &f.keys, 0, (VkDeviceSize)N * 4, &keys);
    if (ok && r == MGPU_SUCCESS) r = wrap(ctx, &f.indices, 0, (VkDeviceSize)N * 4, &indices);
    if (ok && r == MGPU_SUCCESS) r = wrap(ctx, &f.draw, 4, 4, &count);
    /* The sort writes 1 there when the counter exceeds the capacity (pairs it left unsorted), else 0. */
    if (ok && r == MGPU_SUCCESS) r = wrap(ctx, &f.draw, 16, 4, &overflow);
    mgpu_sort_info sort = {.key_type = MGPU_TYPE_U32,
                           .value_size = 4,
                           .descending = true, /* the farthest first */
                           .count = N,         /* the capacity: the scratch is sized for it */
                           .keys_in = keys,
                           .keys_out = keys,
                           .values_in = indices,
                           .values_out = indices,
                           .indirect_count = count,
                           .overflow = overflow};
    mgpu_requirements req = {0};
    if (ok && r == MGPU_SUCCESS) r = mgpu_radixsort_get_requirements(ctx, &sort, &req);
    if (ok && r == MGPU_SUCCESS && req.scratch_size) r = mgpu_buffer_alloc(ctx, req.scratch_size, &scratch);
    /* The pipelines built before the frame, not on its first recording. */
    if (ok && r == MGPU_SUCCESS)
        r = mgpu_context_prepare_variants(
            ctx, &(mgpu_variant){MGPU_PRIM_RADIXSORT, MGPU_TYPE_U32, 4, MGPU_VARIANT_DESCENDING}, 1);

    VkCommandBuffer cmd = VK_NULL_HANDLE;
    if (ok && r == MGPU_SUCCESS) {
        VkCommandBufferAllocateInfo cbai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                            .commandPool = f.pool,
                                            .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                            .commandBufferCount = 1};
        VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                          .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
        ok = vkAllocateCommandBuffers(e.device, &cbai, &cmd) == VK_SUCCESS &&
             vkBeginCommandBuffer(cmd, &begin) == VK_SUCCESS;
        if (ok) r = record_frame(ctx, cmd, &f, &o, &sort, scratch);
        ok = ok && vkEndCommandBuffer(cmd) == VK_SUCCESS;
        VkSubmitInfo submit = {
            .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cmd};
        ok = ok && r == MGPU_SUCCESS && vkQueueSubmit(e.queue, 1, &submit, f.fence) == VK_SUCCESS &&
             vkWaitForFences(e.device, 1, &f.fence, VK_TRUE, UINT64_MAX) == VK_SUCCESS;
        if (!ok && r == MGPU_SUCCESS) fprintf(stderr, "particles: recording or submitting the frame failed\n");
    }
    if (r != MGPU_SUCCESS) {
        fprintf(stderr, "particles: libmgpuvk: %s: %s\n", mgpu_result_name(r),
                ctx ? mgpu_context_last_error(ctx) : "(no context)");
        ok = false;
    }

    if (ok) {
        uint8_t *mapped = NULL;
        ok = vkMapMemory(e.device, f.readback.memory, 0, VK_WHOLE_SIZE, 0, (void **)&mapped) == VK_SUCCESS;
        if (ok) {
            uint32_t draw[4];
            memcpy(draw, mapped + IMAGE_BYTES, sizeof draw);
            uint32_t visible = draw[1], overflowed;
            memcpy(&overflowed, mapped + IMAGE_BYTES + 16 + (size_t)N * 8, 4);
            bool written = png_write(o.out, mapped, W, H);
            printf("particles: %u of %u particles visible, sorted back to front and drawn; %s %s\n", visible, N,
                   written ? "image written to" : "could not write", o.out);
            ok = written;
            if (overflowed != 0) { /* the counter cannot pass N here: every pair was sorted */
                fprintf(stderr, "particles: the sort's overflow flag reads %u (the capacity is %u)\n", overflowed, N);
                ok = false;
            }
            if (o.check) {
                uint32_t *pairs = malloc((size_t)N * 8);
                if (pairs) memcpy(pairs, mapped + IMAGE_BYTES + 16, (size_t)N * 8);
                ok = pairs && check_frame(o.seed, o.step, visible, pairs, pairs + N, mapped) && ok;
                free(pairs);
            }
            vkUnmapMemory(e.device, f.readback.memory);
        }
    }

    mgpu_buffer_free(ctx, scratch);
    mgpu_buffer_free(ctx, overflow);
    mgpu_buffer_free(ctx, count);
    mgpu_buffer_free(ctx, indices);
    mgpu_buffer_free(ctx, keys);
    mgpu_context_destroy(ctx);
    frame_destroy(&e, &f);
    if (e.device) vkDestroyDevice(e.device, NULL);
    if (e.messenger) {
        PFN_vkDestroyDebugUtilsMessengerEXT destroy_messenger =
            (PFN_vkDestroyDebugUtilsMessengerEXT)vkGetInstanceProcAddr(e.instance, "vkDestroyDebugUtilsMessengerEXT");
        if (destroy_messenger) destroy_messenger(e.instance, e.messenger, NULL);
    }
    if (e.instance) vkDestroyInstance(e.instance, NULL);
    if (o.validation) {
        printf("particles: %llu validation messages\n", (unsigned long long)e.messages);
        ok = ok && e.messages == 0;
    }
    return ok ? 0 : 1;
}
