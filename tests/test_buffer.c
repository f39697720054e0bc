/* Transfers of any size (across staging chunks), fills (ascending, random, sorted random, constant) for
 * every type, PrintArray, the copy shader, result names, bad arguments. */
#include "common.h"

#include <math.h>
#include <string.h>

static void test_transfers(void) {
    mgpu_context ctx = g_test.ctx;
    size_t sizes[] = {1, 3, 4, 1000, (32u << 20) + 12}; /* the last crosses a staging chunk */
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; ++k) {
        size_t n = sizes[k];
        unsigned char *src = malloc(n), *dst = malloc(n);
        for (size_t i = 0; i < n; ++i) src[i] = (unsigned char)(test_random() >> 7);
        mgpu_range r;
        CHECK_OK(mgpu_buffer_alloc(ctx, n, &r));
        CHECK_OK(mgpu_buffer_upload(ctx, r, src, n));
        memset(dst, 0, n);
        CHECK_OK(mgpu_buffer_download(ctx, r, dst, n));
        CHECK(memcmp(src, dst, n) == 0, "round trip of %zu bytes", n);
        CHECK_RESULT(mgpu_buffer_upload(ctx, r, src, n + 1), MGPU_ERROR_RANGE_TOO_SMALL);
        CHECK_RESULT(mgpu_buffer_download(ctx, r, NULL, n), MGPU_ERROR_INVALID_ARGUMENT);
        mgpu_buffer_free(ctx, r);
        free(src);
        free(dst);
    }
}

/* Per type (mgpu_type order): the ascending fill's a and b, and the random fills' lo and hi. Every a + i * b
 * of the test is exact in double and in the type, so converting the double is the type's own arithmetic. */
static const double fill_values[MGPU_TYPE_COUNT][4] = {
    {5, 3, 10, 20},            /* u32 */
    {-7, 2, -5, 5},            /* i32 */
    {0.5, 0.25, -1, 2},        /* f32 */
    {0x1p40, 7, 1, 0x1p50},    /* u64 */
    {-0x1p40, 3, -1000, 1000}, /* i64 */
    {-1.0, 0.125, 0, 20},      /* f64 */
};

static void test_fills(void) {
    mgpu_context ctx = g_test.ctx;
    uint32_t n = 100003;
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t;
        const ref_type_info *info = ref_type(type);
        mgpu_range r;
        CHECK_OK(mgpu_buffer_alloc(ctx, n * mgpu_type_size(type), &r));
        mgpu_scalar a = info->from_double(fill_values[t][0]), b = info->from_double(fill_values[t][1]);
        /* ascending: a + i * b */
        CHECK_OK(mgpu_fill(
            ctx,
            &(mgpu_fill_info){.type = type, .mode = MGPU_FILL_ASCENDING, .count = n, .output = r, .a = a, .b = b}));
        void *h = test_download(type, r, n);
        for (uint32_t i = 0; i < n; ++i) {
            mgpu_scalar v = ref_get(type, h, i);
            mgpu_scalar want = info->from_double(fill_values[t][0] + (double)i * fill_values[t][1]);
            if (!ref_close(type, v, want, fabs(ref_to_double(type, want)))) {
                CHECK(false, "ascending %s [%u]", mgpu_type_name(type), i);
                break;
            }
        }
        free(h);
        /* random and sorted random within [lo, hi] */
        mgpu_scalar lo = info->from_double(fill_values[t][2]), hi = info->from_double(fill_values[t][3]);
        for (int mode = MGPU_FILL_RANDOM; mode <= MGPU_FILL_SORTED_RANDOM; ++mode) {
            CHECK_OK(mgpu_fill(ctx, &(mgpu_fill_info){.type = type,
                                                      .mode = (mgpu_fill_mode)mode,
                                                      .count = n,
                                                      .output = r,
                                                      .a = lo,
                                                      .b = hi,
                                                      .seed = test_random()}));
            h = test_download(type, r, n);
            double l = ref_to_double(type, lo), u = ref_to_double(type, hi);
            bool in_range = true, sorted = true, distinct = false;
            for (uint32_t i = 0; i < n; ++i) {
                double x = ref_to_double(type, ref_get(type, h, i));
                in_range &= x >= l && x <= u;
                if (i) {
                    double p = ref_to_double(type, ref_get(type, h, i - 1));
                    sorted &= p <= x;
                    distinct |= p != x;
                }
            }
            CHECK(in_range, "%s fill %d out of range", mgpu_type_name(type), mode);
            CHECK(distinct, "%s fill %d is constant", mgpu_type_name(type), mode);
            if (mode == MGPU_FILL_SORTED_RANDOM)
                CHECK(sorted, "%s sorted random is not sorted", mgpu_type_name(type));
            else
                CHECK(!sorted, "%s random came out sorted", mgpu_type_name(type));
            free(h);
        }
        CHECK_OK(mgpu_fill(
            ctx, &(mgpu_fill_info){.type = type, .mode = MGPU_FILL_CONSTANT, .count = n, .output = r, .a = lo}));
        h = test_download(type, r, n);
        CHECK(ref_equal(type, ref_get(type, h, n - 1), lo) && ref_equal(type, ref_get(type, h, 0), lo),
              "constant fill");
        free(h);
        CHECK_RESULT(mgpu_fill(ctx, &(mgpu_fill_info){.type = type, .count = n + 1, .output = r}),
                     MGPU_ERROR_RANGE_TOO_SMALL);
        CHECK_RESULT(
            mgpu_fill(ctx, &(mgpu_fill_info){.type = type, .mode = (mgpu_fill_mode)9, .count = n, .output = r}),
            MGPU_ERROR_INVALID_ARGUMENT);
        mgpu_buffer_free(ctx, r);
    }
}

static void test_print_and_copy(void) {
    mgpu_context ctx = g_test.ctx;
    mgpu_range r, c;
    CHECK_OK(mgpu_buffer_alloc(ctx, 50 * 4, &r));
    CHECK_OK(mgpu_buffer_alloc(ctx, 50 * 4, &c));
    CHECK_OK(
        mgpu_fill(ctx, &(mgpu_fill_info){.type = MGPU_TYPE_I32, .count = 50, .output = r, .a.i32 = 0, .b.i32 = 5}));
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    CHECK_OK(mgpu_buffer_print(ctx, MGPU_TYPE_I32, r, 50, "%6d", 10, f));
    fclose(f);
    CHECK(text && strncmp(text, "    0:       0      5     10", 28) == 0, "PrintArray format: %s", text ? text : "");
    CHECK(text && strstr(text, "   40:     200    205") != NULL, "PrintArray rows: %s", text ? text : "");
    free(text);
    VkCommandBuffer cmd;
    CHECK_OK(mgpu_commands_begin(ctx, &cmd));
    CHECK_OK(mgpu_cmd_copy(ctx, cmd, &(mgpu_copy_info){.src = r, .dst = c, .bytes = 200}));
    CHECK_RESULT(mgpu_cmd_copy(ctx, cmd, &(mgpu_copy_info){.src = r, .dst = c, .bytes = 201}),
                 MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_cmd_copy(ctx, cmd, &(mgpu_copy_info){.src = r, .dst = r, .bytes = 200}),
                 MGPU_ERROR_INVALID_ARGUMENT);
    double ns = -1;
    CHECK_OK(mgpu_commands_submit(ctx, &ns));
    CHECK(ns >= 0, "GPU time %f", ns);
    int32_t a[50], b[50];
    CHECK_OK(mgpu_buffer_download(ctx, r, a, sizeof a));
    CHECK_OK(mgpu_buffer_download(ctx, c, b, sizeof b));
    CHECK(memcmp(a, b, sizeof a) == 0 && a[49] == 245, "copy shader");
    CHECK_RESULT(mgpu_commands_submit(ctx, NULL), MGPU_ERROR_INVALID_ARGUMENT); /* nothing is being recorded */
    mgpu_buffer_free(ctx, r);
    mgpu_buffer_free(ctx, c);

    CHECK(strcmp(mgpu_result_name(MGPU_ERROR_RANGE_TOO_SMALL), "MGPU_ERROR_RANGE_TOO_SMALL") == 0, "result name");
    CHECK(strcmp(mgpu_result_name((mgpu_result)12345), "MGPU_UNKNOWN") == 0, "unknown result name");
    CHECK(mgpu_type_size(MGPU_TYPE_F64) == 8 && mgpu_type_name(MGPU_TYPE_COUNT) == NULL, "type table");
    extern size_t test_header_cxx_type_size(void);
    CHECK(test_header_cxx_type_size() == 8, "the header compiled as C++");
}

static void test_context(void) {
    mgpu_context ctx = g_test.ctx;
    mgpu_device_info info;
    CHECK_OK(mgpu_context_get_device_info(ctx, &info));
    CHECK(info.name[0] && info.subgroup_size >= 1 && info.max_workgroup_size >= 128, "device info");
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    mgpu_device_info_print(&info, f);
    fclose(f);
    CHECK(text && strstr(text, info.name) && strstr(text, "Subgroup size"), "printed info");
    free(text);
    uint32_t count = 0, def = 0;
    CHECK_OK(mgpu_enumerate_devices(NULL, &count, &def));
    CHECK(count >= 1 && def < count, "enumerate: %u devices, default %u", count, def);
    CHECK_OK(mgpu_context_prepare(ctx, MGPU_PRIM_MASK_ALL, MGPU_TYPE_MASK_ALL));
    CHECK_RESULT(mgpu_context_prepare(ctx, 1u << 20, MGPU_TYPE_MASK_ALL), MGPU_ERROR_INVALID_ARGUMENT);
    /* Creating with a name that matches no device fails cleanly. */
    mgpu_context none = NULL;
    CHECK_RESULT(mgpu_context_create(&(mgpu_context_desc){.device = "no such device", .log = NULL}, &none),
                 MGPU_ERROR_NO_DEVICE);
    CHECK(none == NULL, "no context on failure");
    /* The pipeline cache round-trips through a file. */
    char path[512];
    snprintf(path, sizeof path, "%s/mgpuvk-test-%llu.cache", g_test.temp_dir, (unsigned long long)g_test.seed);
    CHECK_OK(mgpu_context_save_pipeline_cache(ctx, path));
    mgpu_context second = NULL;
    CHECK_OK(mgpu_context_create(&(mgpu_context_desc){.pipeline_cache_path = path, .validation = g_test.validation},
                                 &second));
    if (second) {
        mgpu_scalar total;
        mgpu_range r;
        CHECK_OK(mgpu_buffer_alloc(second, 4096, &r));
        CHECK_OK(mgpu_fill(
            second, &(mgpu_fill_info){
                        .type = MGPU_TYPE_U32, .mode = MGPU_FILL_CONSTANT, .count = 1024, .output = r, .a.u32 = 2}));
        CHECK_OK(mgpu_scan(second, &(mgpu_scan_info){.type = MGPU_TYPE_U32, .count = 1024, .input = r, .output = r},
                           &total));
        CHECK(total.u32 == 2048, "a second context works");
        mgpu_buffer_free(second, r);
        CHECK(mgpu_context_validation_message_count(second) == 0, "validation messages in the second context");
        mgpu_context_destroy(second);
    }
    remove(path);
    mgpu_context_destroy(NULL);

    /* Adopting handles with a queue gives the blocking tier too; destroying the adopted context leaves the
     * handles alive (the test context keeps using them). */
    VkInstance instance;
    VkPhysicalDevice physical;
    VkDevice device;
    uint32_t family;
    VkQueue queue;
    mgpu_context_get_handles(ctx, &instance, &physical, &device, &family, &queue);
    mgpu_context adopted = NULL;
    /* The library made the device with more; telling it bufferDeviceAddress alone is enough. */
    VkPhysicalDeviceVulkan12Features vk12 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                             .bufferDeviceAddress = VK_TRUE};
    VkPhysicalDeviceFeatures2 features = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &vk12};
    CHECK_OK(mgpu_context_adopt(&(mgpu_adopt_desc){.instance = instance,
                                                   .physical_device = physical,
                                                   .device = device,
                                                   .queue_family_index = family,
                                                   .queue = queue,
                                                   .enabled_features = &features},
                                &adopted));
    if (adopted) {
        mgpu_range r;
        mgpu_reduce_value v;
        CHECK_OK(mgpu_buffer_alloc(adopted, 4000, &r));
        CHECK_OK(mgpu_fill(
            adopted, &(mgpu_fill_info){.type = MGPU_TYPE_I32, .count = 1000, .output = r, .a.i32 = -500, .b.i32 = 1}));
        CHECK_OK(mgpu_reduce(
            adopted, &(mgpu_reduce_info){.type = MGPU_TYPE_I32, .op = MGPU_OP_MAX_INDEX, .count = 1000, .input = r},
            &v));
        CHECK(v.value.i32 == 499 && v.index == 999, "adopted context: max-index %d at %lld", v.value.i32,
              (long long)v.index);
        mgpu_buffer_free(adopted, r);
        mgpu_context_destroy(adopted);
    }
    CHECK_RESULT(mgpu_context_adopt(&(mgpu_adopt_desc){.instance = instance, .device = device}, &adopted),
                 MGPU_ERROR_INVALID_ARGUMENT);
    CHECK_RESULT(mgpu_context_adopt(&(mgpu_adopt_desc){.instance = instance,
                                                       .physical_device = physical,
                                                       .device = device,
                                                       .queue_family_index = 99,
                                                       .enabled_features = &features},
                                    &adopted),
                 MGPU_ERROR_INVALID_ARGUMENT);
    mgpu_scalar after;
    mgpu_range check;
    CHECK_OK(mgpu_buffer_alloc(ctx, 64, &check));
    CHECK_OK(mgpu_fill(
        ctx, &(mgpu_fill_info){
                 .type = MGPU_TYPE_U32, .mode = MGPU_FILL_CONSTANT, .count = 16, .output = check, .a.u32 = 1}));
    CHECK_OK(
        mgpu_scan(ctx, &(mgpu_scan_info){.type = MGPU_TYPE_U32, .count = 16, .input = check, .output = check}, &after));
    CHECK(after.u32 == 16, "the test context still works after the adopted one is gone");
    mgpu_buffer_free(ctx, check);
}

void test_buffer(void) {
    test_transfers();
    test_fills();
    test_print_and_copy();
    test_context();
}
