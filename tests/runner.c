/*
 * The test runner: one ctest entry per family of families.def (--only NAME), --seed to replay, --list. Every run
 * creates its context with the Vulkan validation layers and fails on any validation message; no device
 * is a failure, never a skip. --no-validation exists only for machines without the layers (the GPU machine).
 */
#include "common.h"

#include <string.h>
#include <time.h>

/* The families of families.def (with the primitive families' rows it includes), in its order. */
static const struct {
    const char *name;
    test_family_fn fn;
} families[] = {
#undef MGPU_TEST_FAMILY
#define MGPU_TEST_FAMILY(name, flags) {#name, test_##name},
#include "families.def"
#undef MGPU_TEST_FAMILY
};

static void log_validation(void *user, mgpu_log_level level, const char *message) {
    (void)user;
    if (level >= MGPU_LOG_ERROR) /* errors and validation messages */
        fprintf(stderr, "[vulkan] %s\n", message);
}

int main(int argc, char **argv) {
    const char *only = NULL;
    g_test.seed = (uint64_t)time(NULL) ^ ((uint64_t)clock() << 20);
    g_test.validation = true;
    g_test.temp_dir = "/tmp";
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--only") && i + 1 < argc)
            only = argv[++i];
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            g_test.seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--cli") && i + 1 < argc)
            g_test.cli_path = argv[++i];
        else if (!strcmp(argv[i], "--temp") && i + 1 < argc)
            g_test.temp_dir = argv[++i];
        else if (!strcmp(argv[i], "--no-validation"))
            g_test.validation = false;
        else if (!strcmp(argv[i], "--list")) {
            for (size_t f = 0; f < sizeof families / sizeof families[0]; ++f) printf("%s\n", families[f].name);
            return 0;
        } else {
            fprintf(stderr,
                    "usage: %s [--only FAMILY] [--seed N] [--cli PATH] [--temp DIR] [--no-validation] [--list]\n",
                    argv[0]);
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
