/*
 * The test runner: one ctest entry per primitive family (--only NAME), --seed to replay, --list. Every run
 * creates its context with the Vulkan validation layers and fails on any validation message; no device
 * is a failure, never a skip. --no-validation exists only for machines without the layers (the GPU machine).
 */
#include "common.h"

#include <string.h>
#include <time.h>

test_env g_test;

static const struct { const char *name; test_family_fn fn; } families[] = {
    {"pool", test_pool},   {"buffer", test_buffer}, {"reduce", test_reduce}, {"scan", test_scan},
    {"scan_paths", test_scan_paths}, {"scan_lookback", test_scan_lookback}, {"merge", test_merge}, {"mergesort", test_mergesort}, {"radixsort", test_radixsort}, {"load_balance", test_load_balance}, {"intervals", test_intervals}, {"sorted_search", test_sorted_search}, {"bulk", test_bulk}, {"engine", test_engine}, {"cli", test_cli},
    {"npy", test_npy}, {"ranges", test_ranges}, {"threads", test_threads}, {"oom", test_oom}, {"device_lost", test_device_lost},
    {"contracts", test_contracts},
};

static void log_validation(void *user, mgpu_log_level level, const char *message) {
    (void)user;
    if (level == MGPU_LOG_VALIDATION || level >= MGPU_LOG_ERROR) fprintf(stderr, "[vulkan] %s\n", message);
}

int main(int argc, char **argv) {
    const char *only = NULL;
    g_test.seed = (uint64_t)time(NULL) ^ ((uint64_t)clock() << 20);
    g_test.validation = true;
    g_test.temp_dir = "/tmp";
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc) g_test.seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--cli") && i + 1 < argc) g_test.cli_path = argv[++i];
        else if (!strcmp(argv[i], "--temp") && i + 1 < argc) g_test.temp_dir = argv[++i];
        else if (!strcmp(argv[i], "--no-validation")) g_test.validation = false;
        else if (!strcmp(argv[i], "--list")) {
            for (size_t f = 0; f < sizeof families / sizeof families[0]; ++f) printf("%s\n", families[f].name);
            return 0;
        } else {
            fprintf(stderr, "usage: %s [--only FAMILY] [--seed N] [--cli PATH] [--temp DIR] [--no-validation] [--list]\n", argv[0]);
            return 2;
        }
    }
    if (g_test.seed == 0) g_test.seed = 1;
    printf("seed %llu\n", (unsigned long long)g_test.seed);
    mgpu_context_desc desc = {.validation = g_test.validation, .log = log_validation};
    mgpu_result r = mgpu_context_create(&desc, &g_test.ctx);
    if (r != MGPU_SUCCESS) {
        fprintf(stderr, "FAIL: no context: %s\n", mgpu_result_name(r));
        return 1;
    }
    mgpu_device_info info;
    mgpu_context_get_device_info(g_test.ctx, &info);
    printf("device %s (subgroup %u)\n", info.name, info.subgroup_size);
    bool ran = false;
    for (size_t f = 0; f < sizeof families / sizeof families[0]; ++f) {
        if (only && strcmp(only, families[f].name) != 0) continue;
        ran = true;
        uint64_t before = g_test.failures;
        families[f].fn();
        printf("%-10s %s\n", families[f].name, g_test.failures == before ? "ok" : "FAILED");
    }
    uint64_t messages = mgpu_context_validation_message_count(g_test.ctx);
    mgpu_context_destroy(g_test.ctx);
    CHECK(ran, "no family named %s", only ? only : "");
    CHECK(messages == 0, "%llu validation messages", (unsigned long long)messages);
    printf("%llu checks, %llu failures (seed %llu)\n", (unsigned long long)g_test.checks,
           (unsigned long long)g_test.failures, (unsigned long long)g_test.seed);
    return g_test.failures ? 1 : 0;
}

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
    uint64_t span = (uint64_t)(hi - lo) + 1;
    for (size_t i = 0; i < count; ++i) {
        int64_t v = lo + (int64_t)(test_random() % span);
        mgpu_scalar s;
        memset(&s, 0, sizeof s);
        switch (type) {
        case MGPU_TYPE_U32: s.u32 = (uint32_t)v; break;
        case MGPU_TYPE_I32: s.i32 = (int32_t)v; break;
        case MGPU_TYPE_F32: s.f32 = (float)v; break;
        case MGPU_TYPE_U64: s.u64 = (uint64_t)v; break;
        case MGPU_TYPE_I64: s.i64 = v; break;
        case MGPU_TYPE_F64: s.f64 = (double)v; break;
        default: break;
        }
        ref_set(type, data, i, s);
    }
}

mgpu_range test_upload(mgpu_type type, const void *data, size_t count) {
    mgpu_range range = {0};
    size_t bytes = count * mgpu_type_size(type);
    CHECK_OK(mgpu_buffer_alloc(g_test.ctx, bytes ? bytes : 16, &range));
    if (bytes) CHECK_OK(mgpu_buffer_upload(g_test.ctx, range, data, bytes));
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

size_t test_sizes(uint32_t tile, uint32_t *sizes, size_t capacity) {
    uint32_t fixed[] = {0, 1, 2, 3, 31, tile - 1, tile, tile + 1, 2 * tile - 1, 2 * tile + 7, 5 * tile + 3, 1001};
    size_t n = 0;
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0] && n < capacity; ++i) sizes[n++] = fixed[i];
    if (n < capacity) sizes[n++] = 1 + test_random_below(40 * tile);
    return n;
}
