/* The benchmark's load-balancing search cases: lbs, n/16 objects of 0..31 items (mean 15.5), items = work items;
 * expand, the interval expand of the same intervals (values of the key's size), items = outputs; move, the
 * interval move of the same intervals, gathered from and scattered to their packed positions. */
#include "cases.h"

#include <stdlib.h>

static mgpu_result record_lbs(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) {
    return mgpu_cmd_load_balance(c, cmd, i, s);
}

static mgpu_result record_interval(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) {
    return mgpu_cmd_interval(c, cmd, i, s);
}

static bool setup_lbs(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    (void)type;
    uint32_t objects, items;
    bool ok = bench_make_intervals(ctx, b, n, &objects, &items);
    c->items = items;
    *(mgpu_load_balance_info *)c->info =
        (mgpu_load_balance_info){.item_count = items,
                                 .object_count = objects,
                                 .object_starts = bench_prefix(b->aux2, objects * 4ull),
                                 .out_objects = bench_prefix(b->out, items * 4ull)};
    c->record = record_lbs;
    c->bytes = 4.0 * items + 4.0 * objects;
    return ok;
}

static bool setup_interval(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c,
                           bool expand) {
    size_t size = mgpu_type_size(type);
    mgpu_type bits = bench_bits_type(type);
    uint32_t objects, items;
    bool ok = bench_make_intervals(ctx, b, n, &objects, &items);
    mgpu_range starts = bench_prefix(b->aux2, objects * 4ull);
    c->items = items;
    uint64_t inputs = expand ? objects : items;
    ok = ok && bench_fill(ctx, bits, MGPU_FILL_ASCENDING, bench_prefix(b->in, inputs * size), inputs, 0, 1, 0) &&
         bench_fill(ctx, bits, MGPU_FILL_CONSTANT, bench_prefix(b->out, items * size), items, 7, 0, 0);
    *(mgpu_interval_info *)c->info =
        (mgpu_interval_info){.op = expand ? MGPU_INTERVAL_OP_EXPAND : MGPU_INTERVAL_OP_MOVE,
                             .value_size = (uint32_t)size,
                             .item_count = items,
                             .interval_count = objects,
                             .interval_starts = starts,
                             .gather = expand ? (mgpu_range){0} : starts,
                             .scatter = expand ? (mgpu_range){0} : starts,
                             .input = bench_prefix(b->in, inputs * size),
                             .input_count = (uint32_t)inputs,
                             .output = bench_prefix(b->out, items * size),
                             .output_count = items};
    c->record = record_interval;
    c->bytes = (double)size * (double)(inputs + items) + 4.0 * objects * (expand ? 1 : 3);
    return ok;
}

static bool setup_expand(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    return setup_interval(ctx, type, n, b, c, true);
}

static bool setup_move(mgpu_context ctx, mgpu_type type, uint64_t n, const bench_buffers *b, bench_case *c) {
    return setup_interval(ctx, type, n, b, c, false);
}

static mgpu_result requirements_lbs(mgpu_context ctx, const bench_case *c, mgpu_requirements *req) {
    return mgpu_load_balance_get_requirements(ctx, c->info, req);
}

static mgpu_result requirements_interval(mgpu_context ctx, const bench_case *c, mgpu_requirements *req) {
    return mgpu_interval_get_requirements(ctx, c->info, req);
}

/* Item i of object o: the expected output of lbs (o), expand (input[o]) and move (input[i], moved in place). */
static bool check_items(const bench_case *c, uint32_t objects, const int32_t *starts, const void *input,
                        const void *out) {
    bool lbs = input == NULL, expand = !lbs && ((const mgpu_interval_info *)c->info)->op == MGPU_INTERVAL_OP_EXPAND;
    size_t size = lbs ? 4 : mgpu_type_size(c->type);
    uint64_t items = (uint64_t)c->items;
    for (uint32_t o = 0; o < objects; ++o) {
        uint64_t end = o + 1 < objects ? (uint64_t)starts[o + 1] : items;
        for (uint64_t i = (uint64_t)starts[o]; i < end; ++i) {
            uint64_t want = lbs ? o : bench_word(input, size, expand ? o : i);
            if (bench_word(out, size, i) != want) return false;
        }
    }
    return true;
}

static bool check_lbs(mgpu_context ctx, const bench_case *c) {
    const mgpu_load_balance_info *info = c->info;
    void *starts = NULL, *out = NULL;
    bool ok = (starts = bench_download(ctx, info->object_starts, info->object_count * 4ull)) &&
              (out = bench_download(ctx, info->out_objects, (uint64_t)c->items * 4)) &&
              check_items(c, info->object_count, starts, NULL, out);
    free(starts);
    free(out);
    return ok;
}

static bool check_interval(mgpu_context ctx, const bench_case *c) {
    const mgpu_interval_info *info = c->info;
    size_t size = mgpu_type_size(c->type);
    void *starts = NULL, *input = NULL, *out = NULL;
    bool ok = (starts = bench_download(ctx, info->interval_starts, info->interval_count * 4ull)) &&
              (input = bench_download(ctx, info->input, info->input_count * size)) &&
              (out = bench_download(ctx, info->output, (uint64_t)c->items * size)) &&
              check_items(c, info->interval_count, starts, input, out);
    free(starts);
    free(input);
    free(out);
    return ok;
}

static const bench_case_def cases[] = {
    {"lbs", sizeof(mgpu_load_balance_info), setup_lbs, requirements_lbs, check_lbs},
    {"expand", sizeof(mgpu_interval_info), setup_expand, requirements_interval, check_interval},
    {"move", sizeof(mgpu_interval_info), setup_move, requirements_interval, check_interval},
};
const bench_family bench_load_balance = BENCH_FAMILY(cases);
