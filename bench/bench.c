/*
 * mgpuvk-bench: the benchmark driver. For each primitive, type and size it records the primitive into the
 * context's command buffer, times it with GPU timestamps (warm-up runs for at least WARM_UP_SECONDS of wall
 * time, then --runs timed runs; best and median), verifies the first run against the CPU reference, and measures the copy shader on the same bytes
 * in the same process: every figure is also given as a ratio to that copy.
 *   bytes: reduce counts the input, scan the input plus the output, the Merge Path family what bench/cases.c
 *   says; copy counts bytes read plus written. items/s counts n, or the items cases.c names.
 *
 *   mgpuvk-bench [--prims reduce,scan,merge,sort,sort_pairs,radix,radix_pairs,search,lbs,expand,move,remove,insert]
 *                [--types u32,f64,...] [--sizes 14:28] [--runs 10] [--device N|NAME] [--json FILE] [--csv FILE]
 *                [--no-verify]
 */
#include "cases.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PRIM_CASES 2 /* prims[PRIM_CASES + k] is case k */
#define PRIM_COUNT (PRIM_CASES + BENCH_CASE_COUNT)

typedef struct bench_options {
    bool prims[PRIM_COUNT]; /* reduce, scan, then the cases of cases.h */
    bool types[MGPU_TYPE_COUNT];
    int lo, hi;
    int runs;
    const char *device;
    const char *json;
    const char *csv;
    bool verify;
} bench_options;

typedef struct bench_row {
    const char *prim;
    mgpu_type type;
    uint64_t count;
    double items;
    double best_ns, median_ns;
    double bytes;
    double copy_best_ns;
    double copy_bytes;
    bool verified;
    bool ok;
} bench_row;

static int compare_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

typedef mgpu_result (*record_fn)(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch);
static mgpu_result record_reduce(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) { return mgpu_cmd_reduce(c, cmd, i, s); }
static mgpu_result record_scan(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) { return mgpu_cmd_scan(c, cmd, i, s); }
static mgpu_result record_copy(mgpu_context c, VkCommandBuffer cmd, const void *i, mgpu_range s) { (void)s; return mgpu_cmd_copy(c, cmd, i); }

/* Before each timed series the GPU's clocks are raised by WARM_UP_SECONDS of copies of CLOCK_LOAD_BYTES (a
 * small copy repeated leaves the GPU idle between submits and does not raise them), then the case runs once
 * untimed. The clocks fall while the host verifies large results (H100: from
 * 1980 to 345 MHz within about two seconds of idle), and repeating a small case does not raise them again: with
 * one warm-up run, u64 sorts of 2^14 keys measured 444 us after the u32 sizes up to 2^26 against 90 us alone,
 * and still 284 us after 0.3 s of repeating the sort itself (bench/RESULTS.md). */
#define WARM_UP_SECONDS 0.2
#define CLOCK_LOAD_BYTES ((VkDeviceSize)128 << 20)

static mgpu_copy_info clock_load; /* the copy that raises the clocks (none where its buffers did not fit) */

static double wall_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static bool run_once(mgpu_context ctx, record_fn record, const void *info, mgpu_range scratch, double *ns) {
    VkCommandBuffer cmd;
    if (mgpu_commands_begin(ctx, &cmd) != MGPU_SUCCESS) return false;
    mgpu_result rr = record(ctx, cmd, info, scratch);
    return mgpu_commands_submit(ctx, ns) == MGPU_SUCCESS && rr == MGPU_SUCCESS;
}

/* Warm-up runs, then `runs` timed recordings; best and median GPU ns. */
static bool time_runs(mgpu_context ctx, record_fn record, const void *info, mgpu_range scratch, int runs, double *best,
                      double *median) {
    double *t = malloc(sizeof(double) * (size_t)runs), ns = 0, start = wall_seconds();
    bool ok = t != NULL;
    while (ok && clock_load.bytes && wall_seconds() - start < WARM_UP_SECONDS)
        ok = run_once(ctx, record_copy, &clock_load, (mgpu_range){0}, &ns);
    ok = ok && run_once(ctx, record, info, scratch, &ns);
    for (int r = 0; r < runs && ok; ++r) ok = run_once(ctx, record, info, scratch, &t[r]);
    if (ok) {
        qsort(t, (size_t)runs, sizeof *t, compare_double);
        *best = t[0];
        *median = t[runs / 2];
    }
    free(t);
    return ok;
}

static double gbs(double bytes, double ns) { return ns > 0 ? bytes / ns : 0; }

/* Float sums are checked against a double-precision serial sum: the serial float sum of millions of values
 * drifts further from the true value than the GPU's tree-shaped sum does. */
static bool is_float(mgpu_type type) { return type == MGPU_TYPE_F32 || type == MGPU_TYPE_F64; }

static bool float_close(mgpu_type type, double got, double want, double scale) {
    return fabs(got - want) <= (type == MGPU_TYPE_F32 ? 1e-3 : 1e-9) * (scale > 1 ? scale : 1);
}

static bool verify_reduce(mgpu_context ctx, const mgpu_reduce_info *info) {
    size_t size = mgpu_type_size(info->type);
    void *host = malloc(info->count * size + 8);
    unsigned char result[MGPU_REDUCE_RESULT_BYTES];
    bool ok = host && mgpu_buffer_download(ctx, info->input, host, info->count * size) == MGPU_SUCCESS &&
              mgpu_buffer_download(ctx, info->result, result, sizeof result) == MGPU_SUCCESS;
    if (ok) {
        mgpu_reduce_value want = ref_reduce(info->type, info->op, host, info->count);
        mgpu_scalar got;
        memset(&got, 0, sizeof got);
        memcpy(&got, result, size);
        double scale = 0, sum = 0;
        for (uint32_t i = 0; i < info->count; ++i) {
            double x = ref_to_double(info->type, ref_get(info->type, host, i));
            scale += fabs(x);
            sum += x;
        }
        if (is_float(info->type) && info->op == MGPU_OP_ADD)
            ok = float_close(info->type, ref_to_double(info->type, got), sum, scale);
        else
            ok = ref_equal(info->type, got, want.value);
    }
    free(host);
    return ok;
}

static bool verify_scan(mgpu_context ctx, const mgpu_scan_info *info) {
    size_t size = mgpu_type_size(info->type);
    void *in = malloc(info->count * size + 8), *out = malloc(info->count * size + 8), *want = malloc(info->count * size + 8);
    bool ok = in && out && want && mgpu_buffer_download(ctx, info->input, in, info->count * size) == MGPU_SUCCESS &&
              mgpu_buffer_download(ctx, info->output, out, info->count * size) == MGPU_SUCCESS;
    if (ok) {
        ref_scan(info->type, info->op, info->exclusive, in, want, info->count, NULL);
        double scale = 0, sum = 0;
        bool float_add = is_float(info->type) && info->op == MGPU_OP_ADD;
        for (uint32_t i = 0; i < info->count && ok; ++i) {
            double x = ref_to_double(info->type, ref_get(info->type, in, i));
            scale += fabs(x);
            double before = sum;
            sum += x;
            double expected = info->exclusive ? before : sum;
            mgpu_scalar got = ref_get(info->type, out, i);
            ok = float_add ? float_close(info->type, ref_to_double(info->type, got), expected, scale)
                           : ref_equal(info->type, got, ref_get(info->type, want, i));
        }
    }
    free(in);
    free(out);
    free(want);
    return ok;
}

/* Times a case of cases.c on inputs it makes itself. */
static void bench_case_run(mgpu_context ctx, bench_case_kind kind, mgpu_type type, const bench_buffers *buffers, uint64_t n,
                           int runs, double copy_best, bench_row *row) {
    size_t size = mgpu_type_size(type);
    bench_case c;
    mgpu_range scratch = {0};
    *row = (bench_row){.prim = bench_case_names[kind], .type = type, .count = n, .copy_best_ns = copy_best,
                       .copy_bytes = 2.0 * (double)n * size};
    row->ok = bench_case_setup(ctx, kind, type, n, buffers, &c) && bench_case_scratch(ctx, &c, &scratch) &&
              time_runs(ctx, c.record, &c.info, scratch, runs, &row->best_ns, &row->median_ns);
    row->items = c.items;
    row->bytes = c.bytes;
    mgpu_buffer_free(ctx, scratch);
}

static void parse_list(const char *arg, const char *const *names, bool *flags, int n) {
    memset(flags, 0, sizeof(bool) * (size_t)n);
    char buf[256];
    snprintf(buf, sizeof buf, "%s", arg);
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ","))
        for (int i = 0; i < n; ++i)
            if (!strcmp(tok, names[i])) flags[i] = true;
}

int main(int argc, char **argv) {
    const char *prim_names[PRIM_COUNT] = {"reduce", "scan"};
    for (int k = 0; k < BENCH_CASE_COUNT; ++k) prim_names[PRIM_CASES + k] = bench_case_names[k];
    static const char *const type_names[MGPU_TYPE_COUNT] = {"u32", "i32", "f32", "u64", "i64", "f64"};
    bench_options o = {.lo = 14, .hi = 28, .runs = 10, .verify = true};
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) o.types[t] = true;
    for (int p = 0; p < PRIM_COUNT; ++p) o.prims[p] = true;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--prims") && v) { parse_list(v, prim_names, o.prims, PRIM_COUNT); ++i; }
        else if (!strcmp(a, "--types") && v) { parse_list(v, type_names, o.types, MGPU_TYPE_COUNT); ++i; }
        else if (!strcmp(a, "--sizes") && v) { if (sscanf(v, "%d:%d", &o.lo, &o.hi) != 2) o.hi = o.lo; ++i; }
        else if (!strcmp(a, "--runs") && v) { o.runs = atoi(v); ++i; }
        else if (!strcmp(a, "--device") && v) { o.device = v; ++i; }
        else if (!strcmp(a, "--json") && v) { o.json = v; ++i; }
        else if (!strcmp(a, "--csv") && v) { o.csv = v; ++i; }
        else if (!strcmp(a, "--no-verify")) o.verify = false;
        else {
            fprintf(stderr, "usage: mgpuvk-bench [--prims reduce,scan,merge,sort,sort_pairs,radix,radix_pairs,search,lbs,expand,move,remove,insert] [--types u32,...] [--sizes LO:HI] [--runs N] "
                            "[--device N|NAME] [--json FILE] [--csv FILE] [--no-verify]\n");
            return 2;
        }
    }
    if (o.runs < 1 || o.lo < 0 || o.hi > 30 || o.lo > o.hi) {
        fprintf(stderr, "mgpuvk-bench: bad --runs or --sizes\n");
        return 2;
    }
    mgpu_context ctx;
    mgpu_result r = mgpu_context_create(&(mgpu_context_desc){.device = o.device}, &ctx);
    if (r != MGPU_SUCCESS) {
        fprintf(stderr, "mgpuvk-bench: no context: %s\n", mgpu_result_message(r));
        return 1;
    }
    mgpu_device_info info;
    mgpu_context_get_device_info(ctx, &info);
    mgpu_device_info_print(&info, stdout);
    mgpu_range load_src = {0}, load_dst = {0};
    if (mgpu_buffer_alloc(ctx, CLOCK_LOAD_BYTES, &load_src) == MGPU_SUCCESS && mgpu_buffer_alloc(ctx, CLOCK_LOAD_BYTES, &load_dst) == MGPU_SUCCESS)
        clock_load = (mgpu_copy_info){.src = load_src, .dst = load_dst, .bytes = CLOCK_LOAD_BYTES};
    time_t now = time(NULL);
    char date[32];
    strftime(date, sizeof date, "%Y-%m-%d", gmtime(&now));

    bench_row *rows = calloc(PRIM_COUNT * MGPU_TYPE_COUNT * 31, sizeof *rows);
    size_t row_count = 0;
    bool all_ok = true;
    printf("\n%-10s %-4s %11s %10s %10s %9s %9s %9s %6s %s\n", "prim", "type", "n", "best us", "median us", "G items/s",
           "GB/s", "copy GB/s", "/copy", "check");
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        if (!o.types[t]) continue;
        mgpu_type type = (mgpu_type)t;
        size_t size = mgpu_type_size(type);
        /* The arrays are allocated once, at the largest size that fits, and every size uses a prefix of them:
         * allocating and freeing large blocks between sizes left later allocations measurably slower (the
         * driver's page mapping), which would make the figures depend on the order of the runs. */
        int top = o.hi;
        while (top >= o.lo && (double)(1ull << top) * (3.25 * size + 16) > (double)info.device_local_bytes * 0.8) --top;
        mgpu_range in_all = {0}, out_all = {0}, copy_all = {0};
        bench_buffers buffers = {0};
        while (top >= o.lo) {
            VkDeviceSize bytes = (VkDeviceSize)(1ull << top) * size, words = (VkDeviceSize)(1ull << top) * 8;
            if (mgpu_buffer_alloc(ctx, bytes, &in_all) == MGPU_SUCCESS && mgpu_buffer_alloc(ctx, bytes / 4 * 5 + 256, &out_all) == MGPU_SUCCESS &&
                mgpu_buffer_alloc(ctx, bytes, &copy_all) == MGPU_SUCCESS && mgpu_buffer_alloc(ctx, words, &buffers.aux1) == MGPU_SUCCESS &&
                mgpu_buffer_alloc(ctx, words, &buffers.aux2) == MGPU_SUCCESS)
                break;
            mgpu_range all[] = {in_all, out_all, copy_all, buffers.aux1, buffers.aux2};
            for (size_t k = 0; k < 5; ++k) mgpu_buffer_free(ctx, all[k]);
            in_all = out_all = copy_all = buffers.aux1 = buffers.aux2 = (mgpu_range){0};
            mgpu_pool_trim(ctx);
            --top;
        }
        buffers.in = in_all;
        buffers.out = out_all;
        size_t type_first_row = row_count;
        mgpu_scalar fill_lo, fill_hi;
        memset(&fill_lo, 0, sizeof fill_lo);
        memset(&fill_hi, 0, sizeof fill_hi);
        if (type == MGPU_TYPE_F32) fill_hi.f32 = 4; else if (type == MGPU_TYPE_F64) fill_hi.f64 = 4; else fill_hi.u64 = 4;
        if (type == MGPU_TYPE_U32 || type == MGPU_TYPE_I32) fill_hi.u32 = 4;
        for (int lg = o.lo; lg <= top; ++lg) {
            uint64_t n = 1ull << lg;
            mgpu_range in = mgpu_range_slice(in_all, 0, n * size);
            mgpu_range out = mgpu_range_slice(out_all, 0, n * size);
            mgpu_range copy_dst = mgpu_range_slice(copy_all, 0, n * size);
            mgpu_fill(ctx, &(mgpu_fill_info){.type = type, .mode = MGPU_FILL_RANDOM, .count = (uint32_t)n, .output = in,
                                             .a = fill_lo, .b = fill_hi, .seed = n});
            double copy_best = 0, copy_median = 0;
            mgpu_copy_info copy = {.src = in, .dst = copy_dst, .bytes = n * size};
            time_runs(ctx, record_copy, &copy, (mgpu_range){0}, o.runs, &copy_best, &copy_median);
            for (int p = 0; p < PRIM_COUNT; ++p) {
                if (!o.prims[p]) continue;
                if (p >= PRIM_CASES) {
                    bench_case_run(ctx, (bench_case_kind)(p - PRIM_CASES), type, &buffers, n, o.runs, copy_best, &rows[row_count++]);
                    continue;
                }
                bench_row row = {.prim = prim_names[p], .type = type, .count = n, .items = (double)n, .copy_best_ns = copy_best,
                                 .copy_bytes = 2.0 * (double)n * size};
                mgpu_range result = {0}, scratch = {0};
                mgpu_requirements req = {0};
                mgpu_reduce_info rinfo = {.type = type, .op = MGPU_OP_ADD, .count = (uint32_t)n, .input = in};
                mgpu_scan_info sinfo = {.type = type, .op = MGPU_OP_ADD, .exclusive = true, .count = (uint32_t)n, .input = in, .output = out};
                bool ok = mgpu_buffer_alloc(ctx, MGPU_REDUCE_RESULT_BYTES, &result) == MGPU_SUCCESS;
                rinfo.result = result;
                sinfo.total = result;
                if (ok) ok = (p == 0 ? mgpu_reduce_get_requirements(ctx, &rinfo, &req) : mgpu_scan_get_requirements(ctx, &sinfo, &req)) == MGPU_SUCCESS;
                if (ok && req.scratch_size) ok = mgpu_buffer_alloc(ctx, req.scratch_size, &scratch) == MGPU_SUCCESS;
                if (ok) ok = time_runs(ctx, p == 0 ? record_reduce : record_scan, p == 0 ? (const void *)&rinfo : (const void *)&sinfo,
                                       scratch, o.runs, &row.best_ns, &row.median_ns);
                row.bytes = (p == 0 ? 1.0 : 2.0) * (double)n * size;
                row.ok = ok;
                rows[row_count++] = row;
                mgpu_buffer_free(ctx, scratch);
                mgpu_buffer_free(ctx, result);
            }
        }
        /* Verification comes after all the timing: reading results back to the host was seen to slow the
         * device's later runs on the GPU machine, so no figure is taken after a download. */
        for (size_t i = type_first_row; i < row_count; ++i) {
            bench_row *w = &rows[i];
            int kind = -1;
            for (int k = 0; k < BENCH_CASE_COUNT; ++k)
                if (!strcmp(w->prim, bench_case_names[k])) kind = k;
            if (o.verify && w->ok && kind >= 0) {
                bench_case c;
                w->ok = bench_case_setup(ctx, (bench_case_kind)kind, type, w->count, &buffers, &c) && bench_case_verify(ctx, &c);
                w->verified = true;
            } else if (o.verify && w->ok) {
                uint64_t n = w->count;
                mgpu_range in = mgpu_range_slice(in_all, 0, n * size);
                mgpu_range out = mgpu_range_slice(out_all, 0, n * size);
                mgpu_fill(ctx, &(mgpu_fill_info){.type = type, .mode = MGPU_FILL_RANDOM, .count = (uint32_t)n, .output = in,
                                                 .a = fill_lo, .b = fill_hi, .seed = n});
                mgpu_range result;
                w->ok = mgpu_buffer_alloc(ctx, MGPU_REDUCE_RESULT_BYTES, &result) == MGPU_SUCCESS;
                if (w->ok && !strcmp(w->prim, "reduce")) {
                    mgpu_reduce_info rinfo = {.type = type, .op = MGPU_OP_ADD, .count = (uint32_t)n, .input = in, .result = result};
                    w->ok = mgpu_reduce(ctx, &rinfo, NULL) == MGPU_SUCCESS && verify_reduce(ctx, &rinfo);
                } else if (w->ok) {
                    mgpu_scan_info sinfo = {.type = type, .op = MGPU_OP_ADD, .exclusive = true, .count = (uint32_t)n,
                                            .input = in, .output = out, .total = result};
                    w->ok = mgpu_scan(ctx, &sinfo, NULL) == MGPU_SUCCESS && verify_scan(ctx, &sinfo);
                }
                w->verified = true;
                mgpu_buffer_free(ctx, result);
            }
            all_ok &= w->ok;
            printf("%-10s %-4s %11llu %10.2f %10.2f %9.2f %9.1f %9.1f %6.3f %s\n", w->prim, type_names[t],
                   (unsigned long long)w->count, w->best_ns / 1e3, w->median_ns / 1e3, w->items / w->best_ns,
                   gbs(w->bytes, w->best_ns), gbs(w->copy_bytes, w->copy_best_ns),
                   gbs(w->bytes, w->best_ns) / gbs(w->copy_bytes, w->copy_best_ns),
                   !w->ok ? "FAILED" : w->verified ? "ok" : "-");
            fflush(stdout);
        }
        mgpu_range all[] = {in_all, out_all, copy_all, buffers.aux1, buffers.aux2};
        for (size_t k = 0; k < 5; ++k) mgpu_buffer_free(ctx, all[k]);
        mgpu_pool_trim(ctx);
    }
    if (o.json) {
        FILE *f = fopen(o.json, "w");
        if (f) {
            fprintf(f, "{\"device\": \"%s\", \"driver\": \"%s %s\", \"date\": \"%s\", \"results\": [\n", info.name,
                    info.driver_name, info.driver_info, date);
            for (size_t i = 0; i < row_count; ++i) {
                const bench_row *w = &rows[i];
                fprintf(f, "  {\"prim\": \"%s\", \"type\": \"%s\", \"n\": %llu, \"best_ns\": %.1f, \"median_ns\": %.1f, "
                           "\"items_per_s\": %.6g, \"gb_per_s\": %.6g, \"copy_gb_per_s\": %.6g, \"ratio_to_copy\": %.4f, \"ok\": %s}%s\n",
                        w->prim, type_names[w->type], (unsigned long long)w->count, w->best_ns, w->median_ns,
                        w->items / w->best_ns * 1e9, gbs(w->bytes, w->best_ns), gbs(w->copy_bytes, w->copy_best_ns),
                        gbs(w->bytes, w->best_ns) / gbs(w->copy_bytes, w->copy_best_ns), w->ok ? "true" : "false",
                        i + 1 < row_count ? "," : "");
            }
            fprintf(f, "]}\n");
            fclose(f);
        }
    }
    if (o.csv) {
        FILE *f = fopen(o.csv, "w");
        if (f) {
            fprintf(f, "prim,type,n,best_ns,median_ns,gb_per_s,copy_gb_per_s,ratio_to_copy,ok\n");
            for (size_t i = 0; i < row_count; ++i) {
                const bench_row *w = &rows[i];
                fprintf(f, "%s,%s,%llu,%.1f,%.1f,%.6g,%.6g,%.4f,%d\n", w->prim, type_names[w->type], (unsigned long long)w->count,
                        w->best_ns, w->median_ns, gbs(w->bytes, w->best_ns), gbs(w->copy_bytes, w->copy_best_ns),
                        gbs(w->bytes, w->best_ns) / gbs(w->copy_bytes, w->copy_best_ns), w->ok);
            }
            fclose(f);
        }
    }
    free(rows);
    clock_load = (mgpu_copy_info){0};
    mgpu_buffer_free(ctx, load_src);
    mgpu_buffer_free(ctx, load_dst);
    mgpu_context_destroy(ctx);
    return all_ok ? 0 : 1;
}
