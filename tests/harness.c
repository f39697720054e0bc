/*
 * The harness every family uses (declared in common.h): the run's state, random inputs and keys, transfers,
 * tile sizes, the sort test that mergesort and radix sort share, a caller's VkBuffer, the mgpuvk tool's runs
 * and files for the cli families, and the tests' own Vulkan instance and device. Element types are told apart
 * only through ref_type (ref/ref.h).
 */
#include "common.h"
#include "../tools/npy.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

test_env g_test;

/* ---- random inputs ----------------------------------------------------------------------------------------------- */

uint64_t test_random(void) {
    static uint64_t state;
    static uint64_t seeded;
    if (seeded != g_test.seed) {
        seeded = g_test.seed;
        state = g_test.seed * 0x9e3779b97f4a7c15ull + 1;
    }
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 0x2545f4914f6cdd1dull;
}

uint32_t test_random_below(uint32_t bound) { return bound ? (uint32_t)(test_random() % bound) : 0; }

void test_fill_random(mgpu_type type, void *data, size_t count, int64_t lo, int64_t hi) {
    const ref_type_info *t = ref_type(type);
    uint64_t span = (uint64_t)(hi - lo) + 1;
    for (size_t i = 0; i < count; ++i) {
        int64_t v = lo + (int64_t)(test_random() % span);
        if (t) ref_set(type, data, i, t->from_int(v));
    }
}

void test_keys(mgpu_type type, void *keys, size_t n, int distinct) {
    test_fill_random(type, keys, n, -distinct, distinct);
    const ref_type_info *t = ref_type(type);
    if (t->is_float && n > 8) {
        double specials[] = {NAN, -NAN, -0.0, 0.0, INFINITY, -INFINITY, 0.5, -0.25};
        for (size_t k = 0; k < 8; ++k) ref_set(type, keys, test_random_below((uint32_t)n), t->from_double(specials[k]));
    }
}

/* Sorted by the reference: keys of equal order bits are the same bytes, so any sort gives this order. */
void sorted_keys(mgpu_type type, bool descending, void *keys, size_t n, int distinct) {
    test_keys(type, keys, n, distinct);
    size_t bytes = n * mgpu_type_size(type);
    void *copy = malloc(bytes + 8);
    memcpy(copy, keys, bytes);
    ref_sort(type, 0, descending, copy, NULL, n, keys, NULL, NULL);
    free(copy);
}

/* ---- device ranges, tiles, sizes --------------------------------------------------------------------------------- */

mgpu_range test_upload(mgpu_type type, const void *data, size_t count) {
    mgpu_range range = {0};
    size_t bytes = count * mgpu_type_size(type);
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, bytes ? bytes : 16, &range));
    if (bytes) CHECK_OK(mgpu_buffer_upload(g_test.ctx, range, data, bytes));
    return range;
}

mgpu_range test_upload_shifted(mgpu_type type, const void *data, size_t count, size_t shift, mgpu_range *parent) {
    size_t size = mgpu_type_size(type);
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, (count + shift) * size + 16, parent));
    mgpu_range range = mgpu_range_slice(*parent, shift * size, count ? count * size : size);
    if (count && data) CHECK_OK(mgpu_buffer_upload(g_test.ctx, range, data, count * size));
    return range;
}

void *test_download(mgpu_type type, mgpu_range range, size_t count) {
    size_t bytes = count * mgpu_type_size(type);
    void *data = malloc(bytes ? bytes : 1);
    if (bytes) CHECK_OK(mgpu_buffer_download(g_test.ctx, range, data, bytes));
    return data;
}

uint32_t test_tile(mgpu_prim prim, mgpu_type type) {
    mgpu_tuning t;
    CHECK_OK(mgpu_context_get_tuning(g_test.ctx, prim, type, &t));
    return t.nt * t.vt;
}

mgpu_context test_context_with_tune(const char *tune) {
    const char *saved = getenv("MGPU_TUNE");
    char *copy = saved ? strdup(saved) : NULL;
    setenv("MGPU_TUNE", tune, 1);
    mgpu_context ctx = NULL;
    CHECK_OK(mgpu_context_create(&(mgpu_context_desc){.validation = g_test.validation}, &ctx));
    if (copy)
        setenv("MGPU_TUNE", copy, 1);
    else
        unsetenv("MGPU_TUNE");
    free(copy);
    return ctx;
}

size_t test_sizes(uint32_t tile, uint32_t *sizes, size_t capacity) {
    uint32_t fixed[] = {0, 1, 2, 3, 31, tile - 1, tile, tile + 1, 2 * tile - 1, 2 * tile + 7, 5 * tile + 3, 1001};
    size_t n = 0;
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0] && n < capacity; ++i) sizes[n++] = fixed[i];
    if (n < capacity) sizes[n++] = 1 + test_random_below(40 * tile);
    return n;
}

mgpu_pool_stats test_pool_stats(mgpu_context ctx) {
    mgpu_pool_stats s;
    mgpu_pool_get_stats(ctx, &s);
    return s;
}

/* ---- the sort test of mergesort and radix sort ------------------------------------------------------------------- */

static const char *const input_names[SORT_INPUT_COUNT] = {"few distinct", "many distinct", "sorted", "reversed",
                                                          "all equal"};

void sort_test_keys(mgpu_type type, sort_input kind, void *keys, size_t n) {
    size_t size = mgpu_type_size(type);
    switch (kind) {
        case SORT_INPUT_FEW: test_keys(type, keys, n, 3); break;
        case SORT_INPUT_MANY: test_keys(type, keys, n, 1 << 30); break;
        case SORT_INPUT_SORTED: sorted_keys(type, false, keys, n, 1000); break;
        case SORT_INPUT_REVERSED: sorted_keys(type, true, keys, n, 1000); break;
        case SORT_INPUT_EQUAL:
            test_keys(type, keys, n ? 1 : 0, 1000);
            for (size_t i = 1; i < n; ++i) memcpy((char *)keys + i * size, keys, size);
            break;
        default: break;
    }
}

static void fill_sentinel(void *data, size_t bytes) {
    for (size_t i = 0; i < bytes; ++i) ((unsigned char *)data)[i] = (unsigned char)(0xa5 ^ i);
}

void test_each_grids(mgpu_prim prim, void (*fn)(void *), void *arg) {
    static const mgpu_switch settings[] = {MGPU_SWITCH_ON, MGPU_SWITCH_OFF};
    mgpu_tuning before[MGPU_TYPE_COUNT];
    bool known[MGPU_TYPE_COUNT];
    for (int type = 0; type < MGPU_TYPE_COUNT; ++type)
        known[type] = mgpu_context_get_tuning(g_test.ctx, prim, (mgpu_type)type, &before[type]) == MGPU_SUCCESS;
    for (size_t s = 0; s < sizeof settings / sizeof settings[0]; ++s) {
        for (int type = 0; type < MGPU_TYPE_COUNT; ++type) {
            if (!known[type]) continue;
            mgpu_tuning t = before[type];
            t.grids = settings[s];
            CHECK_OK(mgpu_context_set_tuning(g_test.ctx, prim, MGPU_TYPE_BIT((mgpu_type)type), &t));
        }
        fn(arg);
    }
    for (int type = 0; type < MGPU_TYPE_COUNT; ++type)
        if (known[type])
            CHECK_OK(mgpu_context_set_tuning(g_test.ctx, prim, MGPU_TYPE_BIT((mgpu_type)type), &before[type]));
}

void sort_test_run(const sort_test *t) {
    mgpu_type type = t->type;
    size_t size = mgpu_type_size(type), n = t->n;
    bool indices = t->payload == 1, indirect = t->indirect >= 0;
    uint32_t value_size = indices ? 0 : t->payload;
    size_t out_value = indices ? 4 : value_size;
    size_t sorted = indirect && (uint64_t)t->indirect < n ? (size_t)t->indirect : n; /* the device count's */
    unsigned end_bit = t->begin_bit == 0 && t->end_bit == 0 ? (unsigned)size * 8 : t->end_bit;
    char *keys = malloc(n * size + 8), *values = malloc(n * 8 + 8);
    sort_test_keys(type, t->kind, keys, n);
    for (size_t i = 0; i < n; ++i) {
        uint64_t v = i * 3 + ((uint64_t)i << 40);
        memcpy(values + i * value_size, &v, value_size);
    }
    /* Expected: the covered prefix sorted; past it the output's prior content (the input, in place). */
    char *want = malloc(n * size + 8), *vwant = malloc(n * 8 + 8);
    fill_sentinel(want, n * size);
    fill_sentinel(vwant, n * out_value);
    if (t->in_place) {
        memcpy(want, keys, n * size);
        memcpy(vwant, values, n * value_size);
    }
    int32_t *iwant = malloc(n * 4 + 8);
    ref_sort_bits(type, value_size, t->descending, t->begin_bit, end_bit, keys, values, sorted, want, vwant, iwant);
    if (indices) memcpy(vwant, iwant, sorted * 4);

    /* The keys' buffers (pk, po) and the keys' ranges in them (rk, ro), one element in where shifted. */
    mgpu_range pk, po = {0}, rv = {0}, rvo = {0}, rc = {0};
    mgpu_range rk = test_upload_shifted(type, keys, n, t->shifted, &pk), ro = rk;
    if (!t->in_place) {
        char *prior = malloc(n * size + 8);
        fill_sentinel(prior, n * size);
        ro = test_upload_shifted(type, prior, n, t->shifted, &po);
        free(prior);
    }
    if (value_size) {
        CHECK_OK(mgpu_buffer_alloc(g_test.ctx, n ? n * value_size : 16, &rv));
        if (n) CHECK_OK(mgpu_buffer_upload(g_test.ctx, rv, values, n * value_size));
        rvo = rv;
    }
    if (indices || (value_size && !t->in_place)) {
        CHECK_OK(mgpu_buffer_alloc(g_test.ctx, n ? n * out_value : 16, &rvo));
        char *prior = malloc(n * out_value + 8);
        fill_sentinel(prior, n * out_value);
        if (n) CHECK_OK(mgpu_buffer_upload(g_test.ctx, rvo, prior, n * out_value));
        free(prior);
    }
    uint32_t words[4] = {(uint32_t)t->indirect, 0xa5a5a5a5u, 0xa5a5a5a5u, 0xa5a5a5a5u}; /* overflow flag at 8 */
    if (indirect) {
        CHECK_OK(mgpu_buffer_alloc(g_test.ctx, sizeof words, &rc));
        CHECK_OK(mgpu_buffer_upload(g_test.ctx, rc, words, sizeof words));
    }
    mgpu_sort_info info = {.key_type = type,
                           .value_size = value_size,
                           .indices = indices,
                           .descending = t->descending,
                           .count = (uint32_t)n,
                           .keys_in = rk,
                           .keys_out = ro,
                           .values_in = rv,
                           .values_out = rvo,
                           .begin_bit = t->begin_bit,
                           .end_bit = t->end_bit,
                           .indirect_count = indirect ? mgpu_range_slice(rc, 0, 4) : rc,
                           .overflow = indirect ? mgpu_range_slice(rc, 8, 4) : (mgpu_range){0}};
    if (t->caller_scratch) {
        mgpu_requirements req;
        CHECK_OK(mgpu_radixsort_get_requirements(g_test.ctx, &info, &req));
        CHECK(req.scratch_usage & VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT, "sort requirements: usage 0x%x",
              (unsigned)req.scratch_usage);
        test_caller_scratch scratch = test_caller_scratch_create(req.scratch_size);
        VkCommandBuffer cmd;
        CHECK_OK(mgpu_commands_begin(g_test.ctx, &cmd));
        CHECK_OK(mgpu_cmd_radixsort(g_test.ctx, cmd, &info, scratch.range));
        CHECK_OK(mgpu_commands_submit(g_test.ctx, NULL));
        test_caller_scratch_destroy(&scratch);
    } else {
        CHECK_OK(t->radix ? mgpu_radixsort(g_test.ctx, &info) : mgpu_mergesort(g_test.ctx, &info));
    }
    if (indirect) { /* the overflow flag: every sort writes it */
        CHECK_OK(mgpu_buffer_download(g_test.ctx, rc, words, sizeof words));
        CHECK(words[2] == ((uint64_t)t->indirect > n) && words[1] == 0xa5a5a5a5u && words[3] == 0xa5a5a5a5u,
              "%s %s n=%zu count %lld%s: overflow %08x (%08x %08x around it)", t->radix ? "radix" : "mergesort",
              mgpu_type_name(type), n, (long long)t->indirect, t->caller_scratch ? " caller scratch" : "", words[2],
              words[1], words[3]);
    }
    const char *what = indices ? "indices" : value_size == 8 ? "pairs64" : value_size ? "pairs32" : "keys";
    char *got = test_download(type, ro, n);
    CHECK(memcmp(got, want, n * size) == 0, "%s %s %s %s %s n=%zu bits %u:%u%s%s%s: keys differ",
          t->radix ? "radix" : "mergesort", mgpu_type_name(type), what, t->descending ? "descending" : "ascending",
          input_names[t->kind], n, t->begin_bit, end_bit, t->in_place ? " in place" : "", indirect ? " indirect" : "",
          t->shifted ? " shifted" : "");
    if (out_value) {
        char *vgot = malloc(n * out_value + 8);
        if (n) CHECK_OK(mgpu_buffer_download(g_test.ctx, rvo, vgot, n * out_value));
        CHECK(memcmp(vgot, vwant, n * out_value) == 0, "%s %s %s %s n=%zu bits %u:%u%s: %s differ (stability)",
              t->radix ? "radix" : "mergesort", mgpu_type_name(type), what, input_names[t->kind], n, t->begin_bit,
              end_bit, indirect ? " indirect" : "", indices ? "indices" : "values");
        free(vgot);
    }
    mgpu_buffer_free(g_test.ctx, pk);
    if (!t->in_place) mgpu_buffer_free(g_test.ctx, po);
    if (value_size) mgpu_buffer_free(g_test.ctx, rv);
    if (rvo.buffer && !(rvo.buffer == rv.buffer && rvo.offset == rv.offset)) mgpu_buffer_free(g_test.ctx, rvo);
    mgpu_buffer_free(g_test.ctx, rc);
    free(got);
    free(keys);
    free(values);
    free(want);
    free(vwant);
    free(iwant);
}

/* ---- a caller's VkBuffer on the test context's device (pool, ranges) --------------------------------------------- */

VkBuffer test_caller_buffer_create(VkDeviceSize size, VkDeviceMemory *memory) {
    VkPhysicalDevice physical;
    VkDevice device;
    mgpu_context_get_handles(g_test.ctx, NULL, &physical, &device, NULL, NULL);
    VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = size, .usage = TEST_CALLER_USAGE};
    VkBuffer buffer = VK_NULL_HANDLE;
    *memory = VK_NULL_HANDLE;
    if (vkCreateBuffer(device, &bci, NULL, &buffer) != VK_SUCCESS) {
        CHECK(false, "vkCreateBuffer");
        return VK_NULL_HANDLE;
    }
    VkMemoryRequirements mr;
    vkGetBufferMemoryRequirements(device, buffer, &mr);
    VkPhysicalDeviceMemoryProperties mp;
    vkGetPhysicalDeviceMemoryProperties(physical, &mp);
    uint32_t type = 0;
    while (type < mp.memoryTypeCount && !(mr.memoryTypeBits & (1u << type))) ++type;
    VkMemoryAllocateFlagsInfo flags = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO,
                                       .flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT};
    VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                .pNext = &flags,
                                .allocationSize = mr.size,
                                .memoryTypeIndex = type};
    if (type == mp.memoryTypeCount || vkAllocateMemory(device, &mai, NULL, memory) != VK_SUCCESS ||
        vkBindBufferMemory(device, buffer, *memory, 0) != VK_SUCCESS) {
        CHECK(false, "memory for a caller's buffer");
        vkDestroyBuffer(device, buffer, NULL);
        if (*memory) vkFreeMemory(device, *memory, NULL);
        *memory = VK_NULL_HANDLE;
        return VK_NULL_HANDLE;
    }
    return buffer;
}

void test_caller_buffer_destroy(VkBuffer buffer, VkDeviceMemory memory) {
    VkDevice device;
    mgpu_context_get_handles(g_test.ctx, NULL, NULL, &device, NULL, NULL);
    vkDestroyBuffer(device, buffer, NULL);
    vkFreeMemory(device, memory, NULL);
}

test_caller_scratch test_caller_scratch_create(VkDeviceSize size) {
    test_caller_scratch s = {0};
    VkDeviceSize bytes = size < 16 ? 16 : size;
    s.buffer = test_caller_buffer_create(bytes, &s.memory);
    if (s.buffer)
        CHECK_OK(
            mgpu_buffer_wrap(g_test.ctx,
                             &(mgpu_buffer_wrap_desc){
                                 .buffer = s.buffer, .usage = TEST_CALLER_USAGE, .buffer_size = bytes, .size = size},
                             &s.range));
    return s;
}

void test_caller_scratch_destroy(test_caller_scratch *scratch) {
    if (!scratch->buffer) return;
    mgpu_buffer_free(g_test.ctx, scratch->range);
    test_caller_buffer_destroy(scratch->buffer, scratch->memory);
    *scratch = (test_caller_scratch){0};
}

/* ---- the mgpuvk tool (the cli families) ------------------------------------------------------------------------ */

static char cli_dir[512]; /* the folder of the family that runs, from test_cli_begin */

bool test_cli_begin(const char *family) {
    if (!g_test.cli_path || !g_test.temp_dir) {
        CHECK(false, "the %s family needs --cli PATH", family);
        return false;
    }
    /* the process id too: runs of one seed at one time (--temp /tmp, --seed 1) keep apart */
    snprintf(cli_dir, sizeof cli_dir, "%s/%s-%llu-%ld", g_test.temp_dir, family, (unsigned long long)g_test.seed,
             (long)getpid());
    int code = mkdir(cli_dir, 0755) == 0 ? 0 : errno;
    CHECK(code == 0 || code == EEXIST, "mkdir %s: %s", cli_dir, strerror(code));
    return code == 0 || code == EEXIST;
}

void test_cli_end(void) {
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", cli_dir);
    CHECK(system(cmd) == 0, "rm %s", cli_dir);
    cli_dir[0] = '\0';
}

const char *test_cli_dir(void) { return cli_dir; }

void test_cli_path(char *buf, size_t size, const char *name) { snprintf(buf, size, "%s/%s", cli_dir, name); }

/* buf = the start of file as text (size - 1 bytes at most), "" where it cannot be read. */
static void read_text(const char *file, char *buf, size_t size) {
    FILE *f = fopen(file, "rb");
    size_t n = f ? fread(buf, 1, size - 1, f) : 0;
    buf[n] = '\0';
    if (f) fclose(f);
}

int test_cli_run(const char *args, char *out, size_t out_size, char *err, size_t err_size) {
    char out_path[600], err_path[600];
    test_cli_path(out_path, sizeof out_path, "cli.out");
    test_cli_path(err_path, sizeof err_path, "cli.err");
    size_t cmd_size = strlen(g_test.cli_path) + strlen(args) + sizeof out_path + sizeof err_path + 64;
    char *cmd = malloc(cmd_size);
    if (!cmd) return -1;
    snprintf(cmd, cmd_size, "MGPU_VALIDATION=%d '%s' %s >'%s' 2>'%s'", g_test.validation ? 1 : 0, g_test.cli_path, args,
             out_path, err_path);
    int status = system(cmd);
    free(cmd);
    if (out) read_text(out_path, out, out_size);
    if (err) read_text(err_path, err, err_size);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

bool test_cli_exists(const char *file) {
    struct stat st;
    return stat(file, &st) == 0;
}

/* The bytes of file (malloc'ed, *size of them), or NULL where it cannot be read. */
static char *read_bytes(const char *file, size_t *size) {
    *size = 0;
    FILE *f = fopen(file, "rb");
    if (!f) return NULL;
    size_t capacity = 4096;
    char *bytes = malloc(capacity);
    for (size_t n; bytes && (n = fread(bytes + *size, 1, capacity - *size, f)) > 0;) {
        *size += n;
        if (*size == capacity) {
            char *grown = realloc(bytes, capacity *= 2);
            if (!grown) free(bytes);
            bytes = grown;
        }
    }
    fclose(f);
    return bytes;
}

void test_cli_rejected(const char *args, const char *out, const char *out2, const char *keep) {
    char err[4096];
    if (out) remove(out);
    if (out2) remove(out2);
    size_t kept_size = 0, now_size = 0;
    char *kept = keep ? read_bytes(keep, &kept_size) : NULL;
    int code = test_cli_run(args, NULL, 0, err, sizeof err);
    CHECK(code == 2, "mgpuvk %s -> %d, expected 2 (%s)", args, code, err);
    CHECK(strlen(err) > 1 && strchr(err, '\n') == err + strlen(err) - 1, "mgpuvk %s: one line on stderr: %s", args,
          err);
    const char *wrote = out && test_cli_exists(out) ? out : out2 && test_cli_exists(out2) ? out2 : NULL;
    char *now = keep ? read_bytes(keep, &now_size) : NULL;
    bool same = !keep || (kept && now && now_size == kept_size && memcmp(now, kept, kept_size) == 0);
    if (wrote)
        CHECK(false, "mgpuvk %s wrote the output %s", args, wrote);
    else
        CHECK(same, "mgpuvk %s changed %s (%zu bytes, now %zu)", args, keep, kept_size, now_size);
    free(kept);
    free(now);
}

void test_cli_write(const char *file, mgpu_type type, const void *data, size_t n) {
    char error[512];
    CHECK(npy_write(file, type, data, n, error, sizeof error), "%s", error);
}

void test_cli_expect(const char *file, mgpu_type type, const void *want, size_t n, const char *what) {
    char error[512];
    npy_array got = {0};
    bool read = npy_read(file, &got, error, sizeof error);
    CHECK(read, "%s: %s", what, error);
    if (!read) return;
    size_t size = mgpu_type_size(type), first = n; /* the first element that differs */
    if (got.type != type || got.count != n) {
        CHECK(false, "%s: %s: dtype %s, %llu elements, expected %s, %zu", what, file, npy_descr(got.type),
              (unsigned long long)got.count, npy_descr(type), n);
    } else {
        for (size_t i = 0; i < n && first == n; ++i)
            if (memcmp((const char *)got.data + i * size, (const char *)want + i * size, size) != 0) first = i;
        char got_text[64] = "", want_text[64] = "";
        if (first < n) {
            ref_format(type, ref_get(type, got.data, first), got_text, sizeof got_text);
            ref_format(type, ref_get(type, want, first), want_text, sizeof want_text);
        }
        CHECK(first == n, "%s: %s: element %zu of %zu is %s, expected %s", what, file, first, n, got_text, want_text);
    }
    free(got.data);
}

/* ---- the tests' own instance and device (engine, threads, device_lost) ------------------------------------------- */

static VkBool32 VKAPI_PTR test_vk_debug(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                        VkDebugUtilsMessageTypeFlagsEXT types,
                                        const VkDebugUtilsMessengerCallbackDataEXT *data, void *user) {
    (void)types;
    test_vk_device *d = user;
    if (severity >= VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT) {
        ++d->messages;
        fprintf(stderr, "[test device validation] %s\n", data->pMessage);
    }
    return VK_FALSE;
}

bool test_vk_device_create_with(test_vk_device *d, uint32_t api_version, bool minimal) {
    memset(d, 0, sizeof *d);
    d->api_version = api_version;
    const char *layer = "VK_LAYER_KHRONOS_validation";
    const char *ext = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
    VkDebugUtilsMessengerCreateInfoEXT messenger_info = {
        .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
        .messageSeverity =
            VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT,
        .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT,
        .pfnUserCallback = test_vk_debug,
        .pUserData = d};
    VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO, .apiVersion = api_version};
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

    /* The engine's own chain: a Vulkan 1.2 struct holding bufferDeviceAddress; the merge adds the rest. */
    d->vk12 = (VkPhysicalDeviceVulkan12Features){.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
                                                 .bufferDeviceAddress = VK_TRUE};
    d->features = (VkPhysicalDeviceFeatures2){.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, .pNext = &d->vk12};
    uint32_t extension_count = 0;
    vkEnumerateDeviceExtensionProperties(d->physical_device, NULL, &extension_count, NULL);
    VkExtensionProperties *props = calloc(extension_count + 1, sizeof *props);
    vkEnumerateDeviceExtensionProperties(d->physical_device, NULL, &extension_count, props);
    for (uint32_t i = 0; i < extension_count; ++i) /* Vulkan asks for it wherever the device has it */
        if (!strcmp(props[i].extensionName, "VK_KHR_portability_subset"))
            d->extensions[d->extension_count++] = "VK_KHR_portability_subset";
    free(props);
    if (!minimal) {
        d->merge = (mgpu_device_merge){.api_version = api_version,
                                       .features = &d->features,
                                       .extensions = d->extensions,
                                       .extension_count = d->extension_count,
                                       .extension_capacity = 8};
        CHECK_OK(mgpu_device_requirements_merge(d->instance, d->physical_device, vkGetInstanceProcAddr, &d->merge));
        d->extension_count = d->merge.extension_count;
    }
    VkQueueFamilyProperties families[16];
    uint32_t family_count = 16;
    vkGetPhysicalDeviceQueueFamilyProperties(d->physical_device, &family_count, families);
    while (d->family < family_count && !(families[d->family].queueFlags & VK_QUEUE_COMPUTE_BIT)) ++d->family;
    float priority = 1;
    VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                   .queueFamilyIndex = d->family,
                                   .queueCount = 1,
                                   .pQueuePriorities = &priority};
    VkDeviceCreateInfo dci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                              .pNext = &d->features,
                              .queueCreateInfoCount = 1,
                              .pQueueCreateInfos = &qci,
                              .enabledExtensionCount = d->extension_count,
                              .ppEnabledExtensionNames = d->extensions};
    if (vkCreateDevice(d->physical_device, &dci, NULL, &d->device) != VK_SUCCESS) {
        CHECK(false, "the test's vkCreateDevice failed");
        return false;
    }
    vkGetDeviceQueue(d->device, d->family, 0, &d->queue);
    return true;
}

bool test_vk_device_create(test_vk_device *d) { return test_vk_device_create_with(d, VK_API_VERSION_1_2, false); }

mgpu_adopt_desc test_vk_adopt_desc(const test_vk_device *d) {
    return (mgpu_adopt_desc){.instance = d->instance,
                             .physical_device = d->physical_device,
                             .device = d->device,
                             .queue_family_index = d->family,
                             .queue = d->queue,
                             .get_instance_proc_addr = vkGetInstanceProcAddr,
                             .api_version = d->api_version,
                             .enabled_features = &d->features,
                             .enabled_extensions = d->extensions,
                             .enabled_extension_count = d->extension_count};
}

void test_vk_device_destroy(test_vk_device *d) {
    if (d->device) vkDestroyDevice(d->device, NULL);
    PFN_vkDestroyDebugUtilsMessengerEXT destroy_messenger =
        (PFN_vkDestroyDebugUtilsMessengerEXT)vkGetInstanceProcAddr(d->instance, "vkDestroyDebugUtilsMessengerEXT");
    if (d->messenger && destroy_messenger) destroy_messenger(d->instance, d->messenger, NULL);
    if (d->instance) vkDestroyInstance(d->instance, NULL);
}
