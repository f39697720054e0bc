/*
 * Contexts on several threads, and several contexts on one device.
 *   - Four threads each create their own context (validation as the run asks, validation messages counted
 *     through the context's log) and, at the same time, sort (mergesort and radix sort), scan and merge
 *     fresh random inputs, twice.
 *   - Two contexts adopt one VkDevice and its VkQueue and are used alternately from one thread (a context is
 *     externally synchronized, and a VkQueue must not be used from two threads at once): each works on its
 *     own ranges and on the other's, shared through mgpu_buffer_wrap; a range passed to the wrong context is
 *     refused; they are destroyed in one order, then (adopted again) in the other.
 *   - Four threads record into one context at once, each into its own command buffer of its own command pool:
 *     they allocate their outputs and scratch from the context's pool, and record a radix sort, a scan, a
 *     mergesort and a merge with no pipeline prepared (so the pipelines are created while the others record),
 *     and a call that fails, whose message each thread reads back as its own; the main thread then submits
 *     every command buffer and checks the results.
 * CHECK and the CPU references are not thread-safe (the counters in g_test, test_random's state, the static
 * that ref_sort's comparator reads): the main thread makes every input and expected result, the workers only
 * record what the device gave, and the main thread checks after joining them.
 */
#include "common.h"

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <vulkan/vulkan.h>

#define THREAD_COUNT  4
#define THREAD_ROUNDS 2

/* An output of a worker: what the CPU reference expects and what the device gave. */
typedef struct thread_output {
    const char *what;
    size_t bytes;
    void *want, *got;
} thread_output;

enum {
    OUT_SORT_KEYS,
    OUT_SORT_VALUES,
    OUT_RADIX_KEYS,
    OUT_RADIX_INDICES,
    OUT_SCAN,
    OUT_SCAN_TOTAL,
    OUT_MERGE_KEYS,
    OUT_MERGE_VALUES,
    OUT_COUNT
};

/* One round of one worker. Inputs: mergesort of f32 keys (NaN, -0.0 and infinities among them) with u32
 * values; descending radix sort of u32 keys with the sorting permutation; exclusive i32 add scan with its
 * total; merge of sorted u32 keys with u32 values. */
typedef struct thread_round {
    uint32_t sort_n, radix_n, scan_n, a_n, b_n;
    float *sort_keys;
    uint32_t *sort_values, *radix_keys, *a_keys, *b_keys, *a_values, *b_values;
    int32_t *scan_in;
    thread_output out[OUT_COUNT];
} thread_round;

typedef struct gate {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    bool open;
} gate;

typedef struct worker {
    int index;
    gate *start;
    thread_round rounds[THREAD_ROUNDS];
    mgpu_result result; /* the first failure */
    char failure[1200];
    atomic_uint log_validation;  /* validation messages heard by the log */
    uint64_t context_validation; /* mgpu_context_validation_message_count before destroy */
    uint64_t in_use_ranges;      /* pool ranges still allocated when the worker is done */
} worker;

static void worker_log(void *user, mgpu_log_level level, const char *message) {
    worker *w = user;
    if (level == MGPU_LOG_VALIDATION) {
        atomic_fetch_add(&w->log_validation, 1);
        fprintf(stderr, "[thread %d vulkan] %s\n", w->index, message);
    } else if (level == MGPU_LOG_ERROR) {
        fprintf(stderr, "[thread %d] %s\n", w->index, message);
    }
}

static bool worker_ok(worker *w, mgpu_context ctx, mgpu_result r, const char *what) {
    if (r == MGPU_SUCCESS) return true;
    if (w->result == MGPU_SUCCESS) {
        w->result = r;
        snprintf(w->failure, sizeof w->failure, "%s -> %s: %s", what, mgpu_result_name(r),
                 ctx ? mgpu_context_last_error(ctx) : "");
    }
    return false;
}

static bool worker_upload(worker *w, mgpu_context ctx, const void *data, size_t bytes, mgpu_range *out) {
    return worker_ok(w, ctx, mgpu_buffer_alloc(ctx, bytes ? bytes : 16, out), "mgpu_buffer_alloc") &&
           (!bytes || worker_ok(w, ctx, mgpu_buffer_upload(ctx, *out, data, bytes), "mgpu_buffer_upload"));
}

static bool worker_download(worker *w, mgpu_context ctx, mgpu_range range, thread_output *o) {
    return !o->bytes || worker_ok(w, ctx, mgpu_buffer_download(ctx, range, o->got, o->bytes), o->what);
}

static void worker_round(worker *w, mgpu_context ctx, thread_round *t) {
    enum { SK, SV, SKO, SVO, RK, RKO, RIO, SCI, SCO, AK, BK, AV, BV, MK, MV, RANGES };
    mgpu_range r[RANGES];
    memset(r, 0, sizeof r);
    thread_output *o = t->out;
    if (!worker_upload(w, ctx, t->sort_keys, t->sort_n * 4u, &r[SK]) ||
        !worker_upload(w, ctx, t->sort_values, t->sort_n * 4u, &r[SV]) ||
        !worker_upload(w, ctx, t->radix_keys, t->radix_n * 4u, &r[RK]) ||
        !worker_upload(w, ctx, t->scan_in, t->scan_n * 4u, &r[SCI]) ||
        !worker_upload(w, ctx, t->a_keys, t->a_n * 4u, &r[AK]) ||
        !worker_upload(w, ctx, t->b_keys, t->b_n * 4u, &r[BK]) ||
        !worker_upload(w, ctx, t->a_values, t->a_n * 4u, &r[AV]) ||
        !worker_upload(w, ctx, t->b_values, t->b_n * 4u, &r[BV]))
        goto done;
    const int outputs[][2] = {{SKO, OUT_SORT_KEYS},     {SVO, OUT_SORT_VALUES}, {RKO, OUT_RADIX_KEYS},
                              {RIO, OUT_RADIX_INDICES}, {SCO, OUT_SCAN},        {MK, OUT_MERGE_KEYS},
                              {MV, OUT_MERGE_VALUES}};
    for (size_t k = 0; k < sizeof outputs / sizeof outputs[0]; ++k) {
        size_t bytes = o[outputs[k][1]].bytes;
        if (!worker_ok(w, ctx, mgpu_buffer_alloc(ctx, bytes ? bytes : 16, &r[outputs[k][0]]), "mgpu_buffer_alloc"))
            goto done;
    }
    mgpu_sort_info sort = {.key_type = MGPU_TYPE_F32,
                           .value_size = 4,
                           .count = t->sort_n,
                           .keys_in = r[SK],
                           .keys_out = r[SKO],
                           .values_in = r[SV],
                           .values_out = r[SVO]};
    mgpu_sort_info radix = {.key_type = MGPU_TYPE_U32,
                            .indices = true,
                            .descending = true,
                            .count = t->radix_n,
                            .keys_in = r[RK],
                            .keys_out = r[RKO],
                            .values_out = r[RIO]};
    mgpu_scan_info scan = {.type = MGPU_TYPE_I32,
                           .op = MGPU_OP_ADD,
                           .exclusive = true,
                           .count = t->scan_n,
                           .input = r[SCI],
                           .output = r[SCO]};
    mgpu_merge_info merge = {.key_type = MGPU_TYPE_U32,
                             .value_size = 4,
                             .a_count = t->a_n,
                             .b_count = t->b_n,
                             .a_keys = r[AK],
                             .b_keys = r[BK],
                             .a_values = r[AV],
                             .b_values = r[BV],
                             .out_keys = r[MK],
                             .out_values = r[MV]};
    mgpu_scalar total;
    memset(&total, 0, sizeof total);
    if (!worker_ok(w, ctx, mgpu_mergesort(ctx, &sort), "mgpu_mergesort") ||
        !worker_ok(w, ctx, mgpu_radixsort(ctx, &radix), "mgpu_radixsort") ||
        !worker_ok(w, ctx, mgpu_scan(ctx, &scan, &total), "mgpu_scan") ||
        !worker_ok(w, ctx, mgpu_merge(ctx, &merge), "mgpu_merge"))
        goto done;
    memcpy(o[OUT_SCAN_TOTAL].got, &total.i32, 4);
    for (size_t k = 0; k < sizeof outputs / sizeof outputs[0]; ++k)
        if (!worker_download(w, ctx, r[outputs[k][0]], &o[outputs[k][1]])) goto done;
done:
    for (size_t k = 0; k < RANGES; ++k) mgpu_buffer_free(ctx, r[k]);
}

static void *worker_main(void *arg) {
    worker *w = arg;
    pthread_mutex_lock(&w->start->lock);
    while (!w->start->open) pthread_cond_wait(&w->start->cond, &w->start->lock);
    pthread_mutex_unlock(&w->start->lock);
    mgpu_context ctx = NULL;
    mgpu_context_desc desc = {.validation = g_test.validation, .log = worker_log, .log_user = w};
    if (!worker_ok(w, NULL, mgpu_context_create(&desc, &ctx), "mgpu_context_create")) return NULL;
    for (int k = 0; k < THREAD_ROUNDS && w->result == MGPU_SUCCESS; ++k) worker_round(w, ctx, &w->rounds[k]);
    mgpu_pool_stats stats;
    mgpu_pool_get_stats(ctx, &stats);
    w->in_use_ranges = stats.in_use_ranges;
    w->context_validation = mgpu_context_validation_message_count(ctx);
    mgpu_context_destroy(ctx);
    return NULL;
}

static void *output_alloc(thread_output *o, const char *what, size_t bytes) {
    o->what = what;
    o->bytes = bytes;
    o->want = calloc(1, bytes + 8);
    o->got = calloc(1, bytes + 8);
    return o->want;
}

/* The inputs of one round and what the CPU references make of them (main thread only). */
static void round_prepare(thread_round *t) {
    memset(t, 0, sizeof *t);
    t->sort_n = 20000 + test_random_below(30000);
    t->radix_n = 20000 + test_random_below(30000);
    t->scan_n = 50000 + test_random_below(150000);
    t->a_n = 10000 + test_random_below(30000);
    t->b_n = 10000 + test_random_below(30000);
    thread_output *o = t->out;

    t->sort_keys = malloc(t->sort_n * 4u + 8);
    t->sort_values = malloc(t->sort_n * 4u + 8);
    test_keys(MGPU_TYPE_F32, t->sort_keys, t->sort_n, 1000);
    for (uint32_t i = 0; i < t->sort_n; ++i) t->sort_values[i] = i;
    ref_sort(MGPU_TYPE_F32, 4, false, t->sort_keys, t->sort_values, t->sort_n,
             output_alloc(&o[OUT_SORT_KEYS], "mergesort keys", t->sort_n * 4u),
             output_alloc(&o[OUT_SORT_VALUES], "mergesort values", t->sort_n * 4u), NULL);

    t->radix_keys = malloc(t->radix_n * 4u + 8);
    test_keys(MGPU_TYPE_U32, t->radix_keys, t->radix_n, 1 << 30);
    ref_sort(MGPU_TYPE_U32, 0, true, t->radix_keys, NULL, t->radix_n,
             output_alloc(&o[OUT_RADIX_KEYS], "radix sort keys", t->radix_n * 4u), NULL,
             output_alloc(&o[OUT_RADIX_INDICES], "radix sort indices", t->radix_n * 4u));

    t->scan_in = malloc(t->scan_n * 4u + 8);
    test_fill_random(MGPU_TYPE_I32, t->scan_in, t->scan_n, -1000, 1000);
    mgpu_scalar total;
    ref_scan(MGPU_TYPE_I32, MGPU_OP_ADD, true, t->scan_in, output_alloc(&o[OUT_SCAN], "scan", t->scan_n * 4u),
             t->scan_n, &total);
    memcpy(output_alloc(&o[OUT_SCAN_TOTAL], "scan total", 4), &total.i32, 4);

    t->a_keys = malloc(t->a_n * 4u + 8);
    t->b_keys = malloc(t->b_n * 4u + 8);
    t->a_values = malloc(t->a_n * 4u + 8);
    t->b_values = malloc(t->b_n * 4u + 8);
    sorted_keys(MGPU_TYPE_U32, false, t->a_keys, t->a_n, 5000);
    sorted_keys(MGPU_TYPE_U32, false, t->b_keys, t->b_n, 5000);
    for (uint32_t i = 0; i < t->a_n; ++i) t->a_values[i] = 2 * i;
    for (uint32_t i = 0; i < t->b_n; ++i) t->b_values[i] = 2 * i + 1;
    size_t merged = (size_t)t->a_n + t->b_n;
    ref_merge(MGPU_TYPE_U32, 4, false, t->a_keys, t->a_values, t->a_n, t->b_keys, t->b_values, t->b_n,
              output_alloc(&o[OUT_MERGE_KEYS], "merge keys", merged * 4),
              output_alloc(&o[OUT_MERGE_VALUES], "merge values", merged * 4));
}

static void round_release(thread_round *t) {
    void *inputs[] = {t->sort_keys, t->sort_values, t->radix_keys, t->scan_in,
                      t->a_keys,    t->b_keys,      t->a_values,   t->b_values};
    for (size_t k = 0; k < sizeof inputs / sizeof inputs[0]; ++k) free(inputs[k]);
    for (int k = 0; k < OUT_COUNT; ++k) {
        free(t->out[k].want);
        free(t->out[k].got);
    }
}

static void threads_concurrent(void) {
    static worker workers[THREAD_COUNT];
    gate start = {.open = false};
    pthread_mutex_init(&start.lock, NULL);
    pthread_cond_init(&start.cond, NULL);
    for (int i = 0; i < THREAD_COUNT; ++i) {
        worker *w = &workers[i];
        memset(w, 0, sizeof *w);
        w->index = i;
        w->start = &start;
        atomic_init(&w->log_validation, 0);
        for (int k = 0; k < THREAD_ROUNDS; ++k) round_prepare(&w->rounds[k]);
    }
    pthread_t threads[THREAD_COUNT];
    bool started[THREAD_COUNT];
    for (int i = 0; i < THREAD_COUNT; ++i) {
        started[i] = pthread_create(&threads[i], NULL, worker_main, &workers[i]) == 0;
        CHECK(started[i], "pthread_create of worker %d", i);
    }
    /* Every worker creates its context and runs its primitives at the same time as the others. */
    pthread_mutex_lock(&start.lock);
    start.open = true;
    pthread_cond_broadcast(&start.cond);
    pthread_mutex_unlock(&start.lock);
    for (int i = 0; i < THREAD_COUNT; ++i)
        if (started[i]) pthread_join(threads[i], NULL);
    for (int i = 0; i < THREAD_COUNT; ++i) {
        worker *w = &workers[i];
        if (!started[i]) continue;
        CHECK(w->result == MGPU_SUCCESS, "thread %d: %s", i, w->failure);
        unsigned heard = atomic_load(&w->log_validation);
        CHECK(heard == 0 && w->context_validation == 0,
              "thread %d: %u validation messages in its log, %llu counted by its context", i, heard,
              (unsigned long long)w->context_validation);
        CHECK(w->in_use_ranges == 0, "thread %d: %llu pool ranges left allocated", i,
              (unsigned long long)w->in_use_ranges);
        for (int k = 0; k < THREAD_ROUNDS && w->result == MGPU_SUCCESS; ++k)
            for (int j = 0; j < OUT_COUNT; ++j) {
                const thread_output *o = &w->rounds[k].out[j];
                CHECK(memcmp(o->got, o->want, o->bytes) == 0, "thread %d round %d: %s differ from the CPU reference", i,
                      k, o->what);
            }
    }
    for (int i = 0; i < THREAD_COUNT; ++i)
        for (int k = 0; k < THREAD_ROUNDS; ++k) round_release(&workers[i].rounds[k]);
    pthread_cond_destroy(&start.cond);
    pthread_mutex_destroy(&start.lock);
}

/* ---- several threads recording into one context ------------------------------------------------------------ */

/* One recorder: the inputs uploaded by the main thread; its outputs, scratch and command buffer of its own. */
typedef struct recorder {
    int index;
    gate *start;
    mgpu_context ctx;
    VkCommandBuffer cmd;
    thread_round round;
    mgpu_range in[8]; /* sort keys, sort values, radix keys, scan input, a keys, b keys, a values, b values */
    mgpu_range out[OUT_COUNT];
    mgpu_range scratch[4];
    mgpu_result result;
    char failure[1200];
    bool own_error; /* the deliberate failure's message, read back on this thread, was this thread's */
} recorder;

static bool recorder_ok(recorder *w, mgpu_result r, const char *what) {
    if (r == MGPU_SUCCESS) return true;
    if (w->result == MGPU_SUCCESS) {
        w->result = r;
        snprintf(w->failure, sizeof w->failure, "%s -> %s: %s", what, mgpu_result_name(r),
                 mgpu_context_last_error(w->ctx));
    }
    return false;
}

/* Scratch for one call (of `bytes` as get_requirements said; none: an empty range). */
static bool recorder_scratch(recorder *w, int k, mgpu_result r, const mgpu_requirements *req) {
    if (!recorder_ok(w, r, "get_requirements")) return false;
    return !req->scratch_size ||
           recorder_ok(w, mgpu_buffer_alloc(w->ctx, req->scratch_size, &w->scratch[k]), "scratch alloc");
}

static void *recorder_main(void *arg) {
    recorder *w = arg;
    pthread_mutex_lock(&w->start->lock);
    while (!w->start->open) pthread_cond_wait(&w->start->cond, &w->start->lock);
    pthread_mutex_unlock(&w->start->lock);
    mgpu_context ctx = w->ctx;
    thread_round *t = &w->round;
    for (int k = 0; k < OUT_COUNT; ++k)
        if (!recorder_ok(w, mgpu_buffer_alloc(ctx, t->out[k].bytes ? t->out[k].bytes : 16, &w->out[k]), "alloc"))
            return NULL;
    mgpu_sort_info sort = {.key_type = MGPU_TYPE_F32,
                           .value_size = 4,
                           .count = t->sort_n,
                           .keys_in = w->in[0],
                           .keys_out = w->out[OUT_SORT_KEYS],
                           .values_in = w->in[1],
                           .values_out = w->out[OUT_SORT_VALUES]};
    mgpu_sort_info radix = {.key_type = MGPU_TYPE_U32,
                            .indices = true,
                            .descending = true,
                            .count = t->radix_n,
                            .keys_in = w->in[2],
                            .keys_out = w->out[OUT_RADIX_KEYS],
                            .values_out = w->out[OUT_RADIX_INDICES]};
    mgpu_scan_info scan = {.type = MGPU_TYPE_I32,
                           .op = MGPU_OP_ADD,
                           .exclusive = true,
                           .count = t->scan_n,
                           .input = w->in[3],
                           .output = w->out[OUT_SCAN],
                           .total = w->out[OUT_SCAN_TOTAL]};
    mgpu_merge_info merge = {.key_type = MGPU_TYPE_U32,
                             .value_size = 4,
                             .a_count = t->a_n,
                             .b_count = t->b_n,
                             .a_keys = w->in[4],
                             .b_keys = w->in[5],
                             .a_values = w->in[6],
                             .b_values = w->in[7],
                             .out_keys = w->out[OUT_MERGE_KEYS],
                             .out_values = w->out[OUT_MERGE_VALUES]};
    mgpu_requirements req[4];
    if (!recorder_scratch(w, 0, mgpu_mergesort_get_requirements(ctx, &sort, &req[0]), &req[0]) ||
        !recorder_scratch(w, 1, mgpu_radixsort_get_requirements(ctx, &radix, &req[1]), &req[1]) ||
        !recorder_scratch(w, 2, mgpu_scan_get_requirements(ctx, &scan, &req[2]), &req[2]) ||
        !recorder_scratch(w, 3, mgpu_merge_get_requirements(ctx, &merge, &req[3]), &req[3]))
        return NULL;
    /* A failure of this thread's own, its message read back while the others record (and fail) too. */
    mgpu_sort_info short_input = radix;
    short_input.count = (uint32_t)(w->in[2].size / 4) + 1000u + (uint32_t)w->index;
    char expected[64];
    snprintf(expected, sizeof expected, "%llu needed", (unsigned long long)short_input.count * 4u);
    mgpu_result r = mgpu_cmd_radixsort(ctx, w->cmd, &short_input, w->scratch[1]);
    w->own_error = r == MGPU_ERROR_RANGE_TOO_SMALL && strstr(mgpu_context_last_error(ctx), expected) != NULL;
    if (!w->own_error)
        snprintf(w->failure, sizeof w->failure, "the deliberate failure -> %s: \"%s\", expected \"%s\"",
                 mgpu_result_name(r), mgpu_context_last_error(ctx), expected);
    if (!recorder_ok(w, mgpu_cmd_mergesort(ctx, w->cmd, &sort, w->scratch[0]), "mgpu_cmd_mergesort")) return NULL;
    mgpu_cmd_barrier(ctx, w->cmd);
    if (!recorder_ok(w, mgpu_cmd_radixsort(ctx, w->cmd, &radix, w->scratch[1]), "mgpu_cmd_radixsort")) return NULL;
    mgpu_cmd_barrier(ctx, w->cmd);
    if (!recorder_ok(w, mgpu_cmd_scan(ctx, w->cmd, &scan, w->scratch[2]), "mgpu_cmd_scan")) return NULL;
    mgpu_cmd_barrier(ctx, w->cmd);
    recorder_ok(w, mgpu_cmd_merge(ctx, w->cmd, &merge, w->scratch[3]), "mgpu_cmd_merge");
    return NULL;
}

static void threads_one_context(void) {
    static recorder workers[THREAD_COUNT];
    mgpu_context ctx = NULL;
    worker heard = {.index = -1}; /* the log of the context: validation messages counted */
    atomic_init(&heard.log_validation, 0);
    CHECK_OK(mgpu_context_create(
        &(mgpu_context_desc){.validation = g_test.validation, .log = worker_log, .log_user = &heard}, &ctx));
    if (!ctx) return;
    VkDevice device;
    uint32_t family;
    VkQueue queue;
    mgpu_context_get_handles(ctx, NULL, NULL, &device, &family, &queue);
    VkCommandPool pools[THREAD_COUNT];
    gate start = {.open = false};
    pthread_mutex_init(&start.lock, NULL);
    pthread_cond_init(&start.cond, NULL);
    for (int i = 0; i < THREAD_COUNT; ++i) {
        recorder *w = &workers[i];
        memset(w, 0, sizeof *w);
        w->index = i;
        w->start = &start;
        w->ctx = ctx;
        round_prepare(&w->round);
        thread_round *t = &w->round;
        const void *data[8] = {t->sort_keys, t->sort_values, t->radix_keys, t->scan_in,
                               t->a_keys,    t->b_keys,      t->a_values,   t->b_values};
        const uint32_t counts[8] = {t->sort_n, t->sort_n, t->radix_n, t->scan_n, t->a_n, t->b_n, t->a_n, t->b_n};
        for (int k = 0; k < 8; ++k) {
            CHECK_OK_IN(ctx, mgpu_buffer_alloc(ctx, counts[k] * 4u, &w->in[k]));
            CHECK_OK_IN(ctx, mgpu_buffer_upload(ctx, w->in[k], data[k], counts[k] * 4u));
        }
        VkCommandPoolCreateInfo cpi = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, .queueFamilyIndex = family};
        vkCreateCommandPool(device, &cpi, NULL, &pools[i]);
        VkCommandBufferAllocateInfo cbai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                            .commandPool = pools[i],
                                            .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                            .commandBufferCount = 1};
        vkAllocateCommandBuffers(device, &cbai, &w->cmd);
        VkCommandBufferBeginInfo begin = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
        vkBeginCommandBuffer(w->cmd, &begin);
    }
    pthread_t threads[THREAD_COUNT];
    bool started[THREAD_COUNT];
    for (int i = 0; i < THREAD_COUNT; ++i) {
        started[i] = pthread_create(&threads[i], NULL, recorder_main, &workers[i]) == 0;
        CHECK(started[i], "pthread_create of recorder %d", i);
    }
    pthread_mutex_lock(&start.lock);
    start.open = true;
    pthread_cond_broadcast(&start.cond);
    pthread_mutex_unlock(&start.lock);
    for (int i = 0; i < THREAD_COUNT; ++i)
        if (started[i]) pthread_join(threads[i], NULL);

    /* The main thread submits every command buffer (one queue, one thread), then checks. */
    VkCommandBuffer cmds[THREAD_COUNT];
    for (int i = 0; i < THREAD_COUNT; ++i) {
        VkMemoryBarrier to_transfer = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                                       .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                                       .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT};
        vkCmdPipelineBarrier(workers[i].cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1,
                             &to_transfer, 0, NULL, 0, NULL);
        vkEndCommandBuffer(workers[i].cmd);
        cmds[i] = workers[i].cmd;
    }
    bool all = true;
    for (int i = 0; i < THREAD_COUNT; ++i) all = all && started[i] && workers[i].result == MGPU_SUCCESS;
    if (all) {
        VkSubmitInfo submit = {
            .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = THREAD_COUNT, .pCommandBuffers = cmds};
        CHECK(vkQueueSubmit(queue, 1, &submit, VK_NULL_HANDLE) == VK_SUCCESS, "submit the recorders' work");
        vkQueueWaitIdle(queue);
    }
    for (int i = 0; i < THREAD_COUNT; ++i) {
        recorder *w = &workers[i];
        CHECK(started[i] && w->result == MGPU_SUCCESS, "recorder %d: %s", i, w->failure);
        CHECK(w->own_error, "recorder %d reads its own last error: %s", i, w->failure);
        for (int k = 0; k < OUT_COUNT && all; ++k) {
            thread_output *o = &w->round.out[k];
            CHECK_OK_IN(ctx, mgpu_buffer_download(ctx, w->out[k], o->got, o->bytes));
            CHECK(memcmp(o->got, o->want, o->bytes) == 0, "recorder %d: %s differ from the CPU reference", i, o->what);
        }
        for (int k = 0; k < 8; ++k) mgpu_buffer_free(ctx, w->in[k]);
        for (int k = 0; k < OUT_COUNT; ++k) mgpu_buffer_free(ctx, w->out[k]);
        for (int k = 0; k < 4; ++k) mgpu_buffer_free(ctx, w->scratch[k]);
        vkDestroyCommandPool(device, pools[i], NULL);
        round_release(&w->round);
    }
    mgpu_pool_stats stats;
    mgpu_pool_get_stats(ctx, &stats);
    CHECK(stats.in_use_ranges == 0, "one context: %llu ranges left in use", (unsigned long long)stats.in_use_ranges);
    unsigned messages = atomic_load(&heard.log_validation);
    CHECK(messages == 0 && mgpu_context_validation_message_count(ctx) == 0,
          "one context on several threads: %u validation messages", messages);
    mgpu_context_destroy(ctx);
    pthread_cond_destroy(&start.cond);
    pthread_mutex_destroy(&start.lock);
}

/* ---- two contexts adopting one device -------------------------------------------------------------------- */

static uint64_t shared_messages; /* validation messages and errors in the contexts' logs */

static void shared_log(void *user, mgpu_log_level level, const char *message) {
    if (level >= MGPU_LOG_ERROR) fprintf(stderr, "[context %s] %s\n", (const char *)user, message);
    if (level == MGPU_LOG_VALIDATION) ++shared_messages;
}

static mgpu_range shared_upload(mgpu_context ctx, const void *data, size_t bytes) {
    mgpu_range r = {0};
    CHECK_OK_IN(ctx, mgpu_buffer_alloc(ctx, bytes, &r));
    CHECK_OK_IN(ctx, mgpu_buffer_upload(ctx, r, data, bytes));
    return r;
}

/* Checks bytes of range (downloaded through ctx) against want. */
static void shared_expect(mgpu_context ctx, mgpu_range range, const void *want, size_t bytes, const char *what,
                          int order) {
    void *got = calloc(1, bytes);
    CHECK_OK_IN(ctx, mgpu_buffer_download(ctx, range, got, bytes));
    CHECK(memcmp(got, want, bytes) == 0, "shared device (destroy order %d): %s differ from the CPU reference", order,
          what);
    free(got);
}

/* The other context's view of a range: a wrap of the same bytes of the same VkBuffer. */
static mgpu_range shared_wrap(mgpu_context ctx, mgpu_range range) {
    mgpu_range wrapped = {0};
    CHECK_OK_IN(ctx, mgpu_buffer_wrap(ctx,
                                      &(mgpu_buffer_wrap_desc){.buffer = range.buffer,
                                                               .usage = TEST_CALLER_USAGE,
                                                               .offset = range.offset,
                                                               .size = range.size},
                                      &wrapped));
    return wrapped;
}

/* Adopts the device twice and uses the contexts alternately; `first` (0 or 1) is destroyed first, the other
 * goes on working alone, then is destroyed too. */
static void shared_round(const test_vk_device *d, int first) {
    mgpu_context ctx[2] = {NULL, NULL};
    static const char *const names[2] = {"0", "1"};
    for (int i = 0; i < 2; ++i) {
        mgpu_adopt_desc desc = test_vk_adopt_desc(d);
        desc.log = shared_log;
        desc.log_user = (void *)names[i];
        mgpu_result r = mgpu_context_adopt(&desc, &ctx[i]);
        CHECK(r == MGPU_SUCCESS, "mgpu_context_adopt %d -> %s", i, mgpu_result_name(r));
    }
    if (!ctx[0] || !ctx[1]) {
        mgpu_context_destroy(ctx[0]);
        mgpu_context_destroy(ctx[1]);
        return;
    }
    mgpu_pool_stats start[2];
    for (int i = 0; i < 2; ++i) mgpu_pool_get_stats(ctx[i], &start[i]);

    /* Inputs and what the CPU references make of them. */
    const uint32_t n = 30000 + test_random_below(20000);
    uint32_t *keys = malloc(n * 4u), *values = malloc(n * 4u), *want_keys = malloc(n * 4u),
             *want_values = malloc(n * 4u);
    uint32_t *merged_keys = malloc(n * 8u), *merged_values = malloc(n * 8u), *scanned = malloc(n * 4u);
    test_keys(MGPU_TYPE_U32, keys, n, 1 << 20);
    for (uint32_t i = 0; i < n; ++i) values[i] = i;
    ref_sort(MGPU_TYPE_U32, 4, false, keys, values, n, want_keys, want_values, NULL);
    ref_merge(MGPU_TYPE_U32, 4, false, want_keys, want_values, n, want_keys, want_values, n, merged_keys,
              merged_values);
    mgpu_scalar want_total;
    ref_scan(MGPU_TYPE_U32, MGPU_OP_ADD, true, want_keys, scanned, n, &want_total);

    /* The keys live in context 0, the values in context 1; each context sees the other's through a wrap. */
    mgpu_range keys0 = shared_upload(ctx[0], keys, n * 4u);
    mgpu_range values1 = shared_upload(ctx[1], values, n * 4u);
    mgpu_range keys_in1 = shared_wrap(ctx[1], keys0), values_in0 = shared_wrap(ctx[0], values1);
    mgpu_range sorted0 = {0}, sorted_values0 = {0}, sorted1 = {0}, sorted_values1 = {0}, merged0 = {0},
               merged_values0 = {0};
    mgpu_range scan1 = {0};
    CHECK_OK_IN(ctx[0], mgpu_buffer_alloc(ctx[0], n * 4u, &sorted0));
    CHECK_OK_IN(ctx[0], mgpu_buffer_alloc(ctx[0], n * 4u, &sorted_values0));
    CHECK_OK_IN(ctx[1], mgpu_buffer_alloc(ctx[1], n * 4u, &sorted1));
    CHECK_OK_IN(ctx[1], mgpu_buffer_alloc(ctx[1], n * 4u, &sorted_values1));
    CHECK_OK_IN(ctx[0], mgpu_buffer_alloc(ctx[0], n * 8u, &merged0));
    CHECK_OK_IN(ctx[0], mgpu_buffer_alloc(ctx[0], n * 8u, &merged_values0));
    CHECK_OK_IN(ctx[1], mgpu_buffer_alloc(ctx[1], n * 4u, &scan1));

    /* A range used with the context that did not make it (and does not wrap it) is refused. */
    mgpu_sort_info wrong = {.key_type = MGPU_TYPE_U32, .count = n, .keys_in = keys0, .keys_out = sorted1};
    mgpu_result r = mgpu_radixsort(ctx[1], &wrong);
    CHECK(r == MGPU_ERROR_INVALID_ARGUMENT, "a range of context 0 given to context 1 -> %s", mgpu_result_name(r));

    /* Alternately: 0 radix sorts, 1 mergesorts, 0 merges both results, 1 scans 0's sort. */
    mgpu_sort_info radix = {.key_type = MGPU_TYPE_U32,
                            .value_size = 4,
                            .count = n,
                            .keys_in = keys0,
                            .keys_out = sorted0,
                            .values_in = values_in0,
                            .values_out = sorted_values0};
    CHECK_OK_IN(ctx[0], mgpu_radixsort(ctx[0], &radix));
    mgpu_sort_info mergesort = {.key_type = MGPU_TYPE_U32,
                                .value_size = 4,
                                .count = n,
                                .keys_in = keys_in1,
                                .keys_out = sorted1,
                                .values_in = values1,
                                .values_out = sorted_values1};
    CHECK_OK_IN(ctx[1], mgpu_mergesort(ctx[1], &mergesort));
    mgpu_range sorted1_in0 = shared_wrap(ctx[0], sorted1), sorted_values1_in0 = shared_wrap(ctx[0], sorted_values1);
    mgpu_merge_info merge = {.key_type = MGPU_TYPE_U32,
                             .value_size = 4,
                             .a_count = n,
                             .b_count = n,
                             .a_keys = sorted0,
                             .b_keys = sorted1_in0,
                             .a_values = sorted_values0,
                             .b_values = sorted_values1_in0,
                             .out_keys = merged0,
                             .out_values = merged_values0};
    CHECK_OK_IN(ctx[0], mgpu_merge(ctx[0], &merge));
    mgpu_range sorted0_in1 = shared_wrap(ctx[1], sorted0);
    mgpu_scalar total;
    memset(&total, 0, sizeof total);
    CHECK_OK_IN(ctx[1], mgpu_scan(ctx[1],
                                  &(mgpu_scan_info){.type = MGPU_TYPE_U32,
                                                    .op = MGPU_OP_ADD,
                                                    .exclusive = true,
                                                    .count = n,
                                                    .input = sorted0_in1,
                                                    .output = scan1},
                                  &total));
    CHECK(total.u32 == want_total.u32, "shared device: scan total %u, expected %u", total.u32, want_total.u32);
    shared_expect(ctx[1], sorted1, want_keys, n * 4u, "mergesort keys (context 1)", first);
    shared_expect(ctx[1], sorted_values1, want_values, n * 4u, "mergesort values (context 1)", first);
    shared_expect(ctx[0], sorted0, want_keys, n * 4u, "radix sort keys (context 0)", first);
    shared_expect(ctx[0], sorted_values0, want_values, n * 4u, "radix sort values (context 0)", first);
    shared_expect(ctx[0], merged0, merged_keys, n * 8u, "merge keys (context 0)", first);
    shared_expect(ctx[0], merged_values0, merged_values, n * 8u, "merge values (context 0)", first);
    shared_expect(ctx[1], scan1, scanned, n * 4u, "scan (context 1)", first);

    /* Wraps go before the allocations they name; then the first context goes with its own ranges. */
    mgpu_range wraps[] = {keys_in1, values_in0, sorted1_in0, sorted_values1_in0, sorted0_in1};
    mgpu_context wrap_owner[] = {ctx[1], ctx[0], ctx[0], ctx[0], ctx[1]};
    for (size_t k = 0; k < sizeof wraps / sizeof wraps[0]; ++k) mgpu_buffer_free(wrap_owner[k], wraps[k]);
    mgpu_range own[2][5] = {{keys0, sorted0, sorted_values0, merged0, merged_values0},
                            {values1, sorted1, sorted_values1, scan1, {0}}};
    int second = 1 - first;
    for (int k = 0; k < 5; ++k) mgpu_buffer_free(ctx[first], own[first][k]);
    mgpu_pool_stats stats;
    mgpu_pool_get_stats(ctx[first], &stats);
    CHECK(stats.in_use_ranges == start[first].in_use_ranges, "context %d: %llu ranges in use before destroy", first,
          (unsigned long long)stats.in_use_ranges);
    mgpu_context_destroy(ctx[first]);

    /* The survivor works alone: it sorts its own data again, in place. */
    mgpu_range survivor = own[second][1];
    CHECK_OK_IN(ctx[second], mgpu_buffer_upload(ctx[second], survivor, keys, n * 4u));
    CHECK_OK_IN(ctx[second],
                mgpu_radixsort(ctx[second],
                               &(mgpu_sort_info){
                                   .key_type = MGPU_TYPE_U32, .count = n, .keys_in = survivor, .keys_out = survivor}));
    shared_expect(ctx[second], survivor, want_keys, n * 4u, "the survivor's sort", first);
    for (int k = 0; k < 5; ++k) mgpu_buffer_free(ctx[second], own[second][k]);
    mgpu_pool_get_stats(ctx[second], &stats);
    CHECK(stats.in_use_ranges == start[second].in_use_ranges, "context %d: %llu ranges in use before destroy", second,
          (unsigned long long)stats.in_use_ranges);
    mgpu_context_destroy(ctx[second]);

    free(keys);
    free(values);
    free(want_keys);
    free(want_values);
    free(merged_keys);
    free(merged_values);
    free(scanned);
}

static void threads_shared_device(void) {
    shared_messages = 0;
    test_vk_device d;
    if (test_vk_device_create(&d)) {
        shared_round(&d, 0);
        shared_round(&d, 1);
    }
    test_vk_device_destroy(&d);
    CHECK(shared_messages + d.messages == 0, "%llu validation messages or errors with two contexts on one device",
          (unsigned long long)(shared_messages + d.messages));
}

void test_threads(void) {
    threads_concurrent();
    threads_one_context();
    threads_shared_device();
}
