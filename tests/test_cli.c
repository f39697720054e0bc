/* The mgpuvk tool: every type and op of reduce and scan against the CPU reference through .npy files, empty
 * arrays, info, and bad input (exit status 2, one line on stderr, no output file); safe outputs (a failing
 * command leaves every file as it was, devices are never removed, aliasing outputs are refused, signals
 * leave no temporary), --help, --version. Runs the tool with the validation layers on (MGPU_VALIDATION=1:
 * any message would make its exit status 3). */
#include "common.h"
#include "../tools/npy.h"

#include <dirent.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static mgpu_scalar parse_scalar(mgpu_type type, const char *text) {
    mgpu_scalar v;
    memset(&v, 0, sizeof v);
    switch (type) {
        case MGPU_TYPE_U32: v.u32 = (uint32_t)strtoul(text, NULL, 10); break;
        case MGPU_TYPE_I32: v.i32 = (int32_t)strtol(text, NULL, 10); break;
        case MGPU_TYPE_F32: v.f32 = strtof(text, NULL); break;
        case MGPU_TYPE_U64: v.u64 = strtoull(text, NULL, 10); break;
        case MGPU_TYPE_I64: v.i64 = strtoll(text, NULL, 10); break;
        case MGPU_TYPE_F64: v.f64 = strtod(text, NULL); break;
        default: break;
    }
    return v;
}

static void cli_reduce_and_scan(void) {
    static const char *const ops[] = {"add", "min", "max", "maxindex"};
    char in[600], out_npy[600], args[2048], out[4096], err[4096];
    test_cli_path(in, sizeof in, "in.npy");
    test_cli_path(out_npy, sizeof out_npy, "out.npy");
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t;
        size_t n = t == 0 ? 0 : 1 + test_random_below(5000);
        void *data = malloc(n * 8 + 8);
        test_fill_random(type, data, n, type == MGPU_TYPE_U32 || type == MGPU_TYPE_U64 ? 0 : -40, 40);
        if ((type == MGPU_TYPE_F32 || type == MGPU_TYPE_F64) && n > 3) {
            /* fractional values and a -0.0 exercise the round-trip printing */
            for (size_t i = 0; i < n; i += 3) {
                mgpu_scalar v = ref_get(type, data, i);
                if (type == MGPU_TYPE_F32)
                    v.f32 = v.f32 / 8.0f + 0.1f;
                else
                    v.f64 = v.f64 / 8.0 + 0.1;
                ref_set(type, data, i, v);
            }
        }
        char error[256];
        CHECK(npy_write(in, type, data, n, error, sizeof error), "%s", error);
        /* float sums are rounded in another order on the device: compare within the sum of magnitudes */
        double scale = 0;
        for (size_t i = 0; i < n; ++i) scale += fabs(ref_to_double(type, ref_get(type, data, i)));
        for (int o = 0; o < 4; ++o) {
            snprintf(args, sizeof args, "reduce '%s' --op %s", in, ops[o]);
            int code = test_cli_run(args, out, sizeof out, err, sizeof err);
            CHECK(code == 0, "mgpuvk %s -> %d: %s", args, code, err);
            mgpu_reduce_value want = ref_reduce(type, (mgpu_op)o, data, n);
            mgpu_scalar got = parse_scalar(type, out);
            bool ok = o == MGPU_OP_ADD ? ref_close(type, got, want.value, scale) : ref_equal(type, got, want.value);
            CHECK(ok, "mgpuvk %s printed %s", args, out);
            if (o == MGPU_OP_MAX_INDEX) {
                const char *space = strchr(out, ' ');
                CHECK(space && strtoll(space + 1, NULL, 10) == want.index, "max-index printed %s, expected index %lld",
                      out, (long long)want.index);
            }
        }
        for (int o = 0; o < 3; ++o)
            for (int e = 0; e < 2; ++e) {
                remove(out_npy);
                snprintf(args, sizeof args, "scan '%s' -o '%s' --op %s%s", in, out_npy, ops[o],
                         e ? " --exclusive" : "");
                int code = test_cli_run(args, out, sizeof out, err, sizeof err);
                CHECK(code == 0, "mgpuvk %s -> %d: %s", args, code, err);
                void *want = malloc(n * 8 + 8);
                mgpu_scalar total;
                ref_scan(type, (mgpu_op)o, e, data, want, n, &total);
                CHECK(ref_close(type, parse_scalar(type, out), total, scale), "scan total printed %s", out);
                npy_array got;
                if (npy_read(out_npy, &got, error, sizeof error)) {
                    CHECK(got.type == type && got.count == n, "scan output dtype/shape");
                    for (size_t i = 0; i < n && got.type == type; ++i)
                        if (!ref_close(type, ref_get(type, got.data, i), ref_get(type, want, i), scale)) {
                            CHECK(false, "scan output [%zu]", i);
                            break;
                        }
                    free(got.data);
                } else {
                    CHECK(false, "scan output unreadable: %s", error);
                }
                free(want);
            }
        free(data);
    }
}

/* Writes raw bytes as a file. */
static void write_bytes(const char *file, const void *bytes, size_t n) {
    FILE *f = fopen(file, "wb");
    if (f) {
        fwrite(bytes, 1, n, f);
        fclose(f);
    }
}

static void write_npy_header(const char *file, const char *dict, const void *data, size_t data_bytes) {
    unsigned char buf[512];
    size_t len = strlen(dict);
    size_t total = (10 + len + 1 + 63) / 64 * 64;
    memcpy(buf, "\x93NUMPY\x01\x00", 8);
    buf[8] = (unsigned char)((total - 10) & 0xff);
    buf[9] = (unsigned char)((total - 10) >> 8);
    memcpy(buf + 10, dict, len);
    memset(buf + 10 + len, ' ', total - 11 - len);
    buf[total - 1] = '\n';
    memcpy(buf + total, data, data_bytes);
    write_bytes(file, buf, total + data_bytes);
}

static void cli_bad_input(void) {
    char file[600], out_npy[600], args[2048], err[4096];
    test_cli_path(file, sizeof file, "bad.npy");
    test_cli_path(out_npy, sizeof out_npy, "never.npy");
    int32_t four[4] = {1, 2, 3, 4};
    struct {
        const char *what;
        const char *dict;
        size_t data;
        bool raw;
    } cases[] = {
        {"wrong magic", NULL, 0, true},
        {"unsupported dtype", "{'descr': '<i2', 'fortran_order': False, 'shape': (4,), }", 8, false},
        {"big-endian dtype", "{'descr': '>i4', 'fortran_order': False, 'shape': (4,), }", 16, false},
        {"fortran order", "{'descr': '<i4', 'fortran_order': True, 'shape': (4,), }", 16, false},
        {"two dimensions", "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 2), }", 16, false},
        {"zero dimensions", "{'descr': '<i4', 'fortran_order': False, 'shape': (), }", 4, false},
        {"truncated data", "{'descr': '<i4', 'fortran_order': False, 'shape': (8,), }", 16, false},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        if (cases[c].raw)
            write_bytes(file, "NOTNUMPY0123456789", 18);
        else
            write_npy_header(file, cases[c].dict, four, cases[c].data);
        const char *commands[2] = {"reduce '%s'", "scan '%s' -o '%s'"};
        for (int k = 0; k < 2; ++k) {
            snprintf(args, sizeof args, commands[k], file, out_npy);
            test_cli_rejected(args, out_npy, NULL, NULL); /* cases[c].what */
        }
    }
    char good[600];
    test_cli_path(good, sizeof good, "good.npy");
    char error[256];
    CHECK(npy_write(good, MGPU_TYPE_I32, four, 4, error, sizeof error), "%s", error);
    const char *bad_args[] = {"reduce '%s' --bogus", "reduce '%s' --op mul", "scan '%s'",
                              "scan '%s' -o '%s' --op maxindex", "reduce /nonexistent/x.npy", "frobnicate",
                              "reduce '%s' --device 'no such device'", "scan '%s' -o '%s' --unknown",
                              /* an option twice, under either spelling */
                              "scan '%s' -o '%s' --op add --op max", "scan '%s' -o '%s' --exclusive --exclusive",
                              "scan '%s' -o '%s' --output never_either.npy", "reduce '%s' --device 0 --device 0"};
    for (size_t k = 0; k < sizeof bad_args / sizeof bad_args[0]; ++k) {
        snprintf(args, sizeof args, bad_args[k], good, out_npy);
        test_cli_rejected(args, out_npy, NULL, NULL);
    }
    /* A format version 2.0 header is read too. */
    unsigned char v2[256];
    const char *dict = "{'descr': '<i4', 'fortran_order': False, 'shape': (4,), }";
    size_t len = strlen(dict), total = (12 + len + 1 + 63) / 64 * 64;
    memcpy(v2, "\x93NUMPY\x02\x00", 8);
    uint32_t hl = (uint32_t)(total - 12);
    memcpy(v2 + 8, &hl, 4);
    memcpy(v2 + 12, dict, len);
    memset(v2 + 12 + len, ' ', total - 13 - len);
    v2[total - 1] = '\n';
    memcpy(v2 + total, four, 16);
    write_bytes(file, v2, total + 16);
    char out[256];
    snprintf(args, sizeof args, "reduce '%s'", file);
    CHECK(test_cli_run(args, out, sizeof out, err, sizeof err) == 0 && atoi(out) == 10, "version 2 .npy: %s %s", out,
          err);
}

static void cli_info(void) {
    char out[8192], err[4096];
    int code = test_cli_run("info", out, sizeof out, err, sizeof err);
    CHECK(code == 0 && strstr(out, "* 0:") != NULL, "mgpuvk info -> %d: %s %s", code, out, err);
    code = test_cli_run("info --device 0", out, sizeof out, err, sizeof err);
    CHECK(code == 0 && strstr(out, "Subgroup size") != NULL, "mgpuvk info --device 0 -> %d: %s", code, err);
    char in[600], args[1024];
    test_cli_path(in, sizeof in, "bench.npy");
    uint32_t data[3000];
    for (int i = 0; i < 3000; ++i) data[i] = 1;
    char error[256];
    CHECK(npy_write(in, MGPU_TYPE_U32, data, 3000, error, sizeof error), "%s", error);
    snprintf(args, sizeof args, "reduce '%s' --bench --device 0", in);
    code = test_cli_run(args, out, sizeof out, err, sizeof err);
    CHECK(code == 0 && strncmp(out, "3000\n", 5) == 0 && strstr(out, "gpu time"), "reduce --bench -> %d: %s %s", code,
          out, err);
}

static int compare_u64(const void *x, const void *y) {
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

/* Sorts keys of type in the total order: sorts (order-preserving bits, index) pairs, then gathers. */
static void sort_keys(mgpu_type type, void *keys, size_t n) {
    uint64_t *pairs = malloc(n * 2 * sizeof *pairs + 8);
    char *copy = malloc(n * 8 + 8);
    for (size_t i = 0; i < n; ++i) {
        pairs[2 * i] = ref_key_bits(type, ref_get(type, keys, i));
        pairs[2 * i + 1] = i;
    }
    qsort(pairs, n, 2 * sizeof *pairs, compare_u64);
    memcpy(copy, keys, n * mgpu_type_size(type));
    for (size_t i = 0; i < n; ++i) ref_set(type, keys, i, ref_get(type, copy, (size_t)pairs[2 * i + 1]));
    free(pairs);
    free(copy);
}

static void cli_merge(void) {
    char a[600], b[600], va[600], vb[600], out_npy[600], vout[600], args[4096], out[256], err[4096], error[256];
    test_cli_path(a, sizeof a, "ma.npy");
    test_cli_path(b, sizeof b, "mb.npy");
    test_cli_path(va, sizeof va, "mva.npy");
    test_cli_path(vb, sizeof vb, "mvb.npy");
    test_cli_path(out_npy, sizeof out_npy, "mo.npy");
    test_cli_path(vout, sizeof vout, "mvo.npy");
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t, value_type = (mgpu_type)((t + 2) % MGPU_TYPE_COUNT);
        size_t an = test_random_below(3000), bn = 1 + test_random_below(3000);
        size_t ks = mgpu_type_size(type), vs = mgpu_type_size(value_type);
        char *ka = malloc(an * ks + 8), *kb = malloc(bn * ks + 8), *xa = malloc(an * vs + 8), *xb = malloc(bn * vs + 8);
        test_fill_random(type, ka, an, -20, 20);
        test_fill_random(type, kb, bn, -20, 20);
        sort_keys(type, ka, an);
        sort_keys(type, kb, bn);
        test_fill_random(value_type, xa, an, 0, 1000000);
        test_fill_random(value_type, xb, bn, 0, 1000000);
        CHECK(npy_write(a, type, ka, an, error, sizeof error) && npy_write(b, type, kb, bn, error, sizeof error) &&
                  npy_write(va, value_type, xa, an, error, sizeof error) &&
                  npy_write(vb, value_type, xb, bn, error, sizeof error),
              "%s", error);
        snprintf(args, sizeof args, "merge '%s' '%s' -o '%s' --values '%s' '%s' --values-out '%s'", a, b, out_npy, va,
                 vb, vout);
        int code = test_cli_run(args, out, sizeof out, err, sizeof err);
        CHECK(code == 0, "mgpuvk %s -> %d: %s", args, code, err);
        char *want = malloc((an + bn) * ks + 8), *vwant = malloc((an + bn) * vs + 8);
        ref_merge(type, vs, false, ka, xa, an, kb, xb, bn, want, vwant);
        npy_array gk, gv;
        if (npy_read(out_npy, &gk, error, sizeof error) && npy_read(vout, &gv, error, sizeof error)) {
            CHECK(gk.count == an + bn && gk.type == type && memcmp(gk.data, want, (an + bn) * ks) == 0,
                  "merge keys (%s)", mgpu_type_name(type));
            CHECK(gv.count == an + bn && gv.type == value_type && memcmp(gv.data, vwant, (an + bn) * vs) == 0,
                  "merge values (%s)", mgpu_type_name(type));
            free(gk.data);
            free(gv.data);
        } else {
            CHECK(false, "merge outputs unreadable: %s", error);
        }
        free(ka);
        free(kb);
        free(xa);
        free(xb);
        free(want);
        free(vwant);
    }
    /* bad input: unsorted, dtypes that differ, value counts that differ, half the values options */
    int32_t sorted[4] = {1, 2, 2, 9}, unsorted[4] = {3, 1, 2, 2};
    int64_t wide[4] = {1, 2, 3, 4};
    CHECK(npy_write(a, MGPU_TYPE_I32, sorted, 4, error, sizeof error) &&
              npy_write(b, MGPU_TYPE_I32, unsorted, 4, error, sizeof error) &&
              npy_write(va, MGPU_TYPE_I64, wide, 4, error, sizeof error) &&
              npy_write(vb, MGPU_TYPE_I64, wide, 3, error, sizeof error),
          "%s", error);
    const char *bad[] = {"merge '%1$s' '%2$s' -o '%5$s'",
                         "merge '%1$s' '%1$s' -o '%5$s' --descending",
                         "merge '%1$s' '%3$s' -o '%5$s'",
                         "merge '%1$s' '%1$s' -o '%5$s' --values '%3$s' '%4$s' --values-out '%6$s'",
                         "merge '%1$s' '%1$s' -o '%5$s' --values '%3$s' '%3$s'",
                         "merge '%1$s' -o '%5$s'"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; ++k) {
        remove(vout);
        snprintf(args, sizeof args, bad[k], a, b, va, vb, out_npy, vout);
        test_cli_rejected(args, out_npy, NULL, NULL);
    }
}

/* sort: keys, pairs and indices of every type against the stable reference, both orders; bad input. */
static void cli_sort(void) {
    char k[600], v[600], out_npy[600], vout[600], args[4096], err[4096], error[256];
    test_cli_path(k, sizeof k, "sk.npy");
    test_cli_path(v, sizeof v, "sv.npy");
    test_cli_path(out_npy, sizeof out_npy, "so.npy");
    test_cli_path(vout, sizeof vout, "svo.npy");
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t)
        for (int payload = 0; payload < 3; ++payload) {
            mgpu_type type = (mgpu_type)t, value_type = (mgpu_type)((t + payload) % MGPU_TYPE_COUNT);
            bool descending = (t + payload) % 2, indices = payload == 2;
            size_t n = payload == 0 && t == 0 ? 0 : 1 + test_random_below(4000);
            size_t ks = mgpu_type_size(type), vs = payload == 1 ? mgpu_type_size(value_type) : 0;
            char *keys = malloc(n * ks + 8), *values = malloc(n * 8 + 8), *want = malloc(n * ks + 8),
                 *vwant = malloc(n * 8 + 8);
            int32_t *iwant = malloc(n * 4 + 8);
            test_keys(type, keys, n, 50);
            test_fill_random(value_type, values, n, 0, 1000000);
            ref_sort(type, vs, descending, keys, values, n, want, vwant, iwant);
            CHECK(npy_write(k, type, keys, n, error, sizeof error) &&
                      npy_write(v, value_type, values, n, error, sizeof error),
                  "%s", error);
            static const char *const algos[3] = {"merge", "radix", "auto"};
            int len = snprintf(args, sizeof args, "sort '%s' -o '%s'%s --algo %s", k, out_npy,
                               descending ? " --descending" : "", algos[(t + payload) % 3]);
            if (payload == 1)
                snprintf(args + len, sizeof args - (size_t)len, " --values '%s' --values-out '%s'", v, vout);
            if (indices) snprintf(args + len, sizeof args - (size_t)len, " --indices-out '%s'", vout);
            int code = test_cli_run(args, NULL, 0, err, sizeof err);
            CHECK(code == 0, "mgpuvk %s -> %d: %s", args, code, err);
            npy_array gk = {0}, gv = {0};
            bool read =
                npy_read(out_npy, &gk, error, sizeof error) && (!payload || npy_read(vout, &gv, error, sizeof error));
            CHECK(read, "sort outputs unreadable: %s", error);
            if (read) {
                CHECK(gk.count == n && gk.type == type && memcmp(gk.data, want, n * ks) == 0, "sort keys (%s)", args);
                if (payload == 1)
                    CHECK(gv.count == n && gv.type == value_type && memcmp(gv.data, vwant, n * vs) == 0,
                          "sort values (%s)", args);
                if (indices)
                    CHECK(gv.count == n && gv.type == MGPU_TYPE_I32 && memcmp(gv.data, iwant, n * 4) == 0,
                          "sort indices (%s)", args);
            }
            free(gk.data);
            free(gv.data);
            free(keys);
            free(values);
            free(want);
            free(vwant);
            free(iwant);
        }
    /* --bits: a radix sort by a bit range (stable), and 0:0 (no bit: the input order) */
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t;
        size_t n = 1 + test_random_below(3000), ks = mgpu_type_size(type);
        unsigned width = (unsigned)ks * 8, lo = test_random_below(width), hi = lo + 1 + test_random_below(width - lo);
        if (t == 2) lo = hi = 0;
        char *keys = malloc(n * ks + 8), *want = malloc(n * ks + 8);
        test_keys(type, keys, n, 1 << 20);
        ref_sort_bits(type, 0, t % 2, lo, lo == 0 && hi == 0 ? 0 : hi, keys, NULL, n, want, NULL, NULL);
        CHECK(npy_write(k, type, keys, n, error, sizeof error), "%s", error);
        snprintf(args, sizeof args, "sort '%s' -o '%s' --bits %u:%u%s", k, out_npy, lo, hi,
                 t % 2 ? " --descending" : "");
        int code = test_cli_run(args, NULL, 0, err, sizeof err);
        CHECK(code == 0, "mgpuvk %s -> %d: %s", args, code, err);
        npy_array gk = {0};
        CHECK(npy_read(out_npy, &gk, error, sizeof error) && gk.count == n && memcmp(gk.data, want, n * ks) == 0,
              "sort --bits (%s)", args);
        free(gk.data);
        free(keys);
        free(want);
    }
    /* bad input: value count that differs, --values without --values-out, values and indices, unknown algo,
     * bad bit ranges, --bits with the merge sort */
    int32_t keys[4] = {3, 1, 2, 2};
    int64_t wide[3] = {1, 2, 3};
    CHECK(npy_write(k, MGPU_TYPE_I32, keys, 4, error, sizeof error) &&
              npy_write(v, MGPU_TYPE_I64, wide, 3, error, sizeof error),
          "%s", error);
    const char *bad[] = {"sort '%1$s' -o '%3$s' --values '%2$s' --values-out '%4$s'",
                         "sort '%1$s' -o '%3$s' --values '%1$s'",
                         "sort '%1$s' -o '%3$s' --values '%1$s' --values-out '%4$s' --indices-out '%4$s'",
                         "sort '%1$s' -o '%3$s' --algo quick",
                         "sort '%1$s'",
                         "sort -o '%3$s'",
                         "sort '%1$s' -o '%3$s' --bogus",
                         "sort '%1$s' -o '%3$s' --bits 0:33",
                         "sort '%1$s' -o '%3$s' --bits 9:8",
                         "sort '%1$s' -o '%3$s' --bits 4",
                         "sort '%1$s' -o '%3$s' --bits a:b",
                         "sort '%1$s' -o '%3$s' --bits -1:4",
                         "sort '%1$s' -o '%3$s' --bits 0:8x",
                         "sort '%1$s' -o '%3$s' --algo merge --bits 0:8"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        snprintf(args, sizeof args, bad[i], k, v, out_npy, vout);
        test_cli_rejected(args, out_npy, NULL, NULL);
    }
}

static void cli_load_balance(void) {
    char in[600], out_npy[600], args[2048], err[4096], error[256];
    test_cli_path(in, sizeof in, "counts.npy");
    test_cli_path(out_npy, sizeof out_npy, "objects.npy");
    uint32_t objects = 1 + test_random_below(5000);
    int32_t *counts = malloc(objects * 4);
    uint64_t items = 0;
    for (uint32_t j = 0; j < objects; ++j)
        items += (uint64_t)(counts[j] = test_random_below(3) ? (int32_t)test_random_below(20) : 0);
    CHECK(npy_write(in, MGPU_TYPE_I32, counts, objects, error, sizeof error), "%s", error);
    snprintf(args, sizeof args, "load-balance '%s' -o '%s'", in, out_npy);
    int code = test_cli_run(args, NULL, 0, err, sizeof err);
    CHECK(code == 0, "mgpuvk %s -> %d: %s", args, code, err);
    npy_array got;
    if (npy_read(out_npy, &got, error, sizeof error)) {
        bool ok = got.type == MGPU_TYPE_I32 && got.count == items;
        for (uint32_t j = 0, i = 0; ok && j < objects; ++j)
            for (int32_t k = 0; ok && k < counts[j]; ++k) ok = ((const int32_t *)got.data)[i++] == (int32_t)j;
        CHECK(ok, "load-balance output");
        free(got.data);
    } else {
        CHECK(false, "load-balance output unreadable: %s", error);
    }
    counts[objects / 2] = -1;
    CHECK(npy_write(in, MGPU_TYPE_I32, counts, objects, error, sizeof error), "%s", error);
    uint32_t unsigned_counts[2] = {1, 2};
    char in_u[600];
    test_cli_path(in_u, sizeof in_u, "ucounts.npy");
    CHECK(npy_write(in_u, MGPU_TYPE_U32, unsigned_counts, 2, error, sizeof error), "%s", error);
    const char *bad[] = {"load-balance '%1$s' -o '%2$s'", "load-balance '%3$s' -o '%2$s'", "load-balance '%1$s'",
                         "load-balance '%3$s' -o '%2$s' --op add"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; ++k) {
        snprintf(args, sizeof args, bad[k], in, out_npy, in_u);
        test_cli_rejected(args, out_npy, NULL, NULL);
    }
    free(counts);
}

static void cli_intervals(void) {
    char c[600], v[600], g[600], s[600], in[600], dest[600], out_npy[600], args[4096], err[4096], error[256];
    test_cli_path(c, sizeof c, "ic.npy");
    test_cli_path(v, sizeof v, "iv.npy");
    test_cli_path(g, sizeof g, "ig.npy");
    test_cli_path(s, sizeof s, "is.npy");
    test_cli_path(in, sizeof in, "iin.npy");
    test_cli_path(dest, sizeof dest, "idest.npy");
    test_cli_path(out_npy, sizeof out_npy, "iout.npy");
    uint32_t n = 1 + test_random_below(300);
    int32_t *counts = malloc(n * 4), *gather = malloc(n * 4), *scatter = malloc(n * 4);
    uint32_t items = 0;
    for (uint32_t o = 0; o < n; ++o) items += (uint32_t)(counts[o] = (int32_t)test_random_below(6));
    uint32_t in_count = items + 10, dest_count = items + 5;
    for (uint32_t o = 0, at = 0; o < n; at += (uint32_t)counts[o], ++o) {
        gather[o] = (int32_t)test_random_below(in_count - (uint32_t)counts[o] + 1);
        scatter[o] = (int32_t)(dest_count - at - (uint32_t)counts[o]); /* reversed, disjoint */
    }
    double *values = malloc(n * 8), *input = malloc(in_count * 8), *destination = malloc(dest_count * 8);
    for (uint32_t o = 0; o < n; ++o) values[o] = o + 0.5;
    for (uint32_t i = 0; i < in_count; ++i) input[i] = 1000.0 + i;
    for (uint32_t i = 0; i < dest_count; ++i) destination[i] = -1.0;
    CHECK(npy_write(c, MGPU_TYPE_I32, counts, n, error, sizeof error) &&
              npy_write(v, MGPU_TYPE_F64, values, n, error, sizeof error) &&
              npy_write(g, MGPU_TYPE_I32, gather, n, error, sizeof error) &&
              npy_write(s, MGPU_TYPE_I32, scatter, n, error, sizeof error) &&
              npy_write(in, MGPU_TYPE_F64, input, in_count, error, sizeof error) &&
              npy_write(dest, MGPU_TYPE_F64, destination, dest_count, error, sizeof error),
          "%s", error);
    const char *commands[4] = {
        "interval-expand '%1$s' '%2$s' -o '%7$s'", "interval-gather '%1$s' --gather '%3$s' --input '%5$s' -o '%7$s'",
        "interval-scatter '%1$s' --scatter '%4$s' --input '%5$s' --into '%6$s' -o '%7$s'",
        "interval-move '%1$s' --gather '%3$s' --scatter '%4$s' --input '%5$s' --into '%6$s' -o '%7$s'"};
    for (int op = 0; op < 4; ++op) {
        /* interval-scatter spreads a packed input of exactly `items` values */
        if (op == 2) CHECK(npy_write(in, MGPU_TYPE_F64, input, items, error, sizeof error), "%s", error);
        snprintf(args, sizeof args, commands[op], c, v, g, s, in, dest, out_npy);
        int code = test_cli_run(args, NULL, 0, err, sizeof err);
        CHECK(code == 0, "mgpuvk %s -> %d: %s", args, code, err);
        uint32_t out_count = op >= 2 ? dest_count : items;
        double *want = malloc(out_count * 8 + 8);
        for (uint32_t i = 0; i < out_count; ++i) want[i] = -1.0;
        for (uint32_t o = 0, at = 0; o < n; at += (uint32_t)counts[o], ++o)
            for (int32_t r = 0; r < counts[o]; ++r) {
                double x = op == 0   ? values[o]
                           : op == 2 ? input[at + (uint32_t)r]
                                     : input[(uint32_t)gather[o] + (uint32_t)r];
                want[op >= 2 ? (uint32_t)scatter[o] + (uint32_t)r : at + (uint32_t)r] = x;
            }
        npy_array got;
        if (npy_read(out_npy, &got, error, sizeof error)) {
            CHECK(got.type == MGPU_TYPE_F64 && got.count == out_count && memcmp(got.data, want, out_count * 8) == 0,
                  "interval command %d output", op);
            free(got.data);
        } else {
            CHECK(false, "interval output unreadable: %s", error);
        }
        free(want);
        if (op == 2) CHECK(npy_write(in, MGPU_TYPE_F64, input, in_count, error, sizeof error), "%s", error);
    }
    /* bad input: a gather interval past the input's end, value/count mismatch, missing options */
    gather[0] = (int32_t)in_count;
    counts[0] = counts[0] ? counts[0] : 1;
    CHECK(npy_write(g, MGPU_TYPE_I32, gather, n, error, sizeof error) &&
              npy_write(c, MGPU_TYPE_I32, counts, n, error, sizeof error) &&
              npy_write(v, MGPU_TYPE_F64, input, n + 1, error, sizeof error), /* one value too many */
          "%s", error);
    const char *bad[] = {"interval-gather '%1$s' --gather '%3$s' --input '%5$s' -o '%7$s'",
                         "interval-expand '%1$s' '%2$s' -o '%7$s'",
                         "interval-move '%1$s' --gather '%3$s' --input '%5$s' --into '%6$s' -o '%7$s'",
                         "interval-scatter '%1$s' --scatter '%4$s' --input '%5$s' -o '%7$s'"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; ++k) {
        snprintf(args, sizeof args, bad[k], c, v, g, s, in, dest, out_npy);
        test_cli_rejected(args, out_npy, NULL, NULL);
    }
    free(counts);
    free(gather);
    free(scatter);
    free(values);
    free(input);
    free(destination);
}

static void cli_search(void) {
    char a[600], b[600], ai[600], bi[600], ma[600], mb[600], args[4096], out[256], err[4096], error[256];
    test_cli_path(a, sizeof a, "sa.npy");
    test_cli_path(b, sizeof b, "sb.npy");
    test_cli_path(ai, sizeof ai, "sai.npy");
    test_cli_path(bi, sizeof bi, "sbi.npy");
    test_cli_path(ma, sizeof ma, "sma.npy");
    test_cli_path(mb, sizeof mb, "smb.npy");
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        mgpu_type type = (mgpu_type)t;
        uint32_t an = test_random_below(2000), bn = test_random_below(2000);
        bool descending = t % 2;
        char *ka = malloc(an * 8 + 8), *kb = malloc(bn * 8 + 8);
        sorted_keys(type, descending, ka, an, 30);
        sorted_keys(type, descending, kb, bn, 30);
        CHECK(npy_write(a, type, ka, an, error, sizeof error) && npy_write(b, type, kb, bn, error, sizeof error), "%s",
              error);
        snprintf(args, sizeof args,
                 "search '%s' '%s' --bounds %s -o '%s' --b-indices '%s' --match-a '%s' --match-b '%s'%s", a, b,
                 t < 3 ? "lower" : "upper", ai, bi, ma, mb, descending ? " --descending" : "");
        int code = test_cli_run(args, out, sizeof out, err, sizeof err);
        CHECK(code == 0, "mgpuvk %s -> %d: %s", args, code, err);
        /* the counts against the flags the tool wrote, the flags against a direct count */
        npy_array fa, fb;
        if (npy_read(ma, &fa, error, sizeof error) && npy_read(mb, &fb, error, sizeof error)) {
            uint32_t ca = 0, cb = 0;
            for (uint32_t i = 0; i < an; ++i) ca += (uint32_t)((int32_t *)fa.data)[i];
            for (uint32_t j = 0; j < bn; ++j) cb += (uint32_t)((int32_t *)fb.data)[j];
            unsigned pa = 0, pb = 0;
            CHECK(sscanf(out, "%u %u", &pa, &pb) == 2 && pa == ca && pb == cb, "search printed '%s', flags count %u %u",
                  out, ca, cb);
            for (uint32_t i = 0; i < an; ++i) {
                uint64_t k = ref_key_bits(type, ref_get(type, ka, i));
                bool found = false;
                for (uint32_t j = 0; j < bn && !found; ++j) found = ref_key_bits(type, ref_get(type, kb, j)) == k;
                if (found != (((int32_t *)fa.data)[i] == 1)) {
                    CHECK(false, "search %s: match flag of A[%u]", mgpu_type_name(type), i);
                    break;
                }
            }
            free(fa.data);
            free(fb.data);
        } else {
            CHECK(false, "search outputs unreadable: %s", error);
        }
        free(ka);
        free(kb);
    }
    int32_t unsorted[3] = {5, 1, 2};
    float other[2] = {1, 2};
    CHECK(npy_write(a, MGPU_TYPE_I32, unsorted, 3, error, sizeof error) &&
              npy_write(b, MGPU_TYPE_F32, other, 2, error, sizeof error),
          "%s", error);
    const char *bad[] = {"search '%1$s' '%1$s' --bounds lower -o '%3$s'", "search '%2$s' '%2$s' -o '%3$s'",
                         "search '%2$s' '%2$s' --bounds middle -o '%3$s'",
                         "search '%1$s' '%2$s' --bounds upper -o '%3$s'"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; ++k) {
        snprintf(args, sizeof args, bad[k], a, b, ai);
        test_cli_rejected(args, ai, NULL, NULL);
    }
}

static void cli_bulk(void) {
    char b[600], a[600], x[600], out_npy[600], args[4096], err[4096], error[256];
    test_cli_path(b, sizeof b, "bb.npy");
    test_cli_path(a, sizeof a, "ba.npy");
    test_cli_path(x, sizeof x, "bx.npy");
    test_cli_path(out_npy, sizeof out_npy, "bo.npy");
    uint32_t n = 1 + test_random_below(4000), an = test_random_below(500);
    uint64_t *values = malloc(n * 8), *ins = malloc(an * 8 + 8), *want = malloc((n + an) * 8 + 8);
    int32_t *idx = malloc((n + an) * 4 + 4);
    for (uint32_t i = 0; i < n; ++i) values[i] = test_random();
    for (uint32_t i = 0; i < an; ++i) ins[i] = test_random();
    /* remove: every third element */
    uint32_t k = 0, kept = 0;
    for (uint32_t i = 0; i < n; ++i) {
        if (i % 3 == 1)
            idx[k++] = (int32_t)i;
        else
            want[kept++] = values[i];
    }
    CHECK(npy_write(b, MGPU_TYPE_U64, values, n, error, sizeof error) &&
              npy_write(x, MGPU_TYPE_I32, idx, k, error, sizeof error),
          "%s", error);
    snprintf(args, sizeof args, "bulk-remove '%s' --indices '%s' -o '%s'", b, x, out_npy);
    int code = test_cli_run(args, NULL, 0, err, sizeof err);
    CHECK(code == 0, "mgpuvk %s -> %d: %s", args, code, err);
    npy_array got;
    if (npy_read(out_npy, &got, error, sizeof error)) {
        CHECK(got.count == kept && memcmp(got.data, want, kept * 8) == 0, "bulk-remove output");
        free(got.data);
    } else {
        CHECK(false, "bulk-remove output unreadable: %s", error);
    }
    /* insert: ascending positions with repeats */
    for (uint32_t i = 0; i < an; ++i) idx[i] = (int32_t)((uint64_t)i * (n + 1) / (an ? an : 1) / 2 * 2 % (n + 1));
    for (uint32_t i = 1; i < an; ++i)
        if (idx[i] < idx[i - 1]) idx[i] = idx[i - 1];
    for (uint32_t p = 0, i = 0, j = 0; p < n + an; ++p)
        // NOLINTNEXTLINE(clang-analyzer-core.uninitialized.Assign): i + j == p < n + an keeps j below n here
        want[p] = (i < an && (j == n || (uint32_t)idx[i] <= j)) ? ins[i++] : values[j++];
    CHECK(npy_write(a, MGPU_TYPE_U64, ins, an, error, sizeof error) &&
              npy_write(x, MGPU_TYPE_I32, idx, an, error, sizeof error),
          "%s", error);
    snprintf(args, sizeof args, "bulk-insert '%s' --insert '%s' --indices '%s' -o '%s'", b, a, x, out_npy);
    code = test_cli_run(args, NULL, 0, err, sizeof err);
    CHECK(code == 0, "mgpuvk %s -> %d: %s", args, code, err);
    if (npy_read(out_npy, &got, error, sizeof error)) {
        CHECK(got.count == n + an && memcmp(got.data, want, (n + an) * 8) == 0, "bulk-insert output");
        free(got.data);
    } else {
        CHECK(false, "bulk-insert output unreadable: %s", error);
    }
    /* bad: an index out of range, descending indices, a count mismatch */
    int32_t bad_remove[2] = {0, (int32_t)n}, descending[2] = {1, 0};
    const char *bad_args[] = {"bulk-remove '%1$s' --indices '%3$s' -o '%4$s'",
                              "bulk-insert '%1$s' --insert '%2$s' --indices '%3$s' -o '%4$s'"};
    for (int c = 0; c < 3; ++c) {
        CHECK(npy_write(x, MGPU_TYPE_I32, c == 0 ? bad_remove : descending, 2, error, sizeof error), "%s", error);
        snprintf(args, sizeof args, bad_args[c == 2], b, a, x, out_npy);
        test_cli_rejected(args, out_npy, NULL, NULL);
    }
    free(values);
    free(ins);
    free(want);
    free(idx);
}

/* ---- safe outputs, aliasing, --help, --version, --device, --bench ---- */

typedef struct snapshot {
    char file[600];
    char *bytes;
    size_t size;
    mode_t mode;
    dev_t dev;
    bool exists;
} snapshot;

/* Remembers a file's bytes and mode (and whether it exists). */
static void take(snapshot *s, const char *file) {
    memset(s, 0, sizeof *s);
    snprintf(s->file, sizeof s->file, "%s", file);
    struct stat st;
    if (stat(file, &st) != 0) return;
    s->exists = true;
    s->mode = st.st_mode;
    s->dev = st.st_rdev;
    if (!S_ISREG(st.st_mode)) return;
    FILE *f = fopen(file, "rb");
    if (!f) return;
    s->bytes = malloc((size_t)st.st_size + 1);
    s->size = s->bytes ? fread(s->bytes, 1, (size_t)st.st_size, f) : 0;
    fclose(f);
}

/* The file is as take() found it: the same bytes and mode, a device still the same device, a missing file
 * still missing. Frees the snapshot. */
static void check_untouched(snapshot *s, const char *what) {
    snapshot now;
    take(&now, s->file);
    bool same = now.exists == s->exists && now.mode == s->mode && now.dev == s->dev && now.size == s->size &&
                (!s->size || memcmp(now.bytes, s->bytes, s->size) == 0);
    CHECK(same, "%s: %s changed (exists %d -> %d, mode %o -> %o, %zu -> %zu bytes)", what, s->file, s->exists,
          now.exists, (unsigned)s->mode, (unsigned)now.mode, s->size, now.size);
    free(s->bytes);
    free(now.bytes);
}

/* The tool's temporaries (".<name>.mgpuvk-XXXXXX") in the test directory; remove: delete them too. */
static int temporaries(bool remove_them) {
    int n = 0;
    DIR *d = opendir(test_cli_dir());
    for (struct dirent *e; d && (e = readdir(d));) {
        if (e->d_name[0] != '.' || !strstr(e->d_name, ".mgpuvk-")) continue;
        ++n;
        if (remove_them) {
            char file[900];
            test_cli_path(file, sizeof file, e->d_name);
            remove(file);
        }
    }
    if (d) closedir(d);
    return n;
}

/* Exit status 2, one line on stderr (into err), and no temporary left behind. */
static void expect_refused(const char *args, char *err, size_t err_size) {
    int code = test_cli_run(args, NULL, 0, err, err_size);
    CHECK(code == 2, "mgpuvk %s -> %d, expected 2 (%s)", args, code, err);
    CHECK(strlen(err) > 1 && strchr(err, '\n') == err + strlen(err) - 1, "mgpuvk %s: one line on stderr: %s", args,
          err);
    CHECK(temporaries(false) == 0, "mgpuvk %s left a temporary file", args);
}

static void expect_ok(const char *args) {
    char err[4096];
    int code = test_cli_run(args, NULL, 0, err, sizeof err);
    CHECK(code == 0, "mgpuvk %s -> %d: %s", args, code, err);
    CHECK(temporaries(false) == 0, "mgpuvk %s left a temporary file", args);
}

static bool is_char_device(const char *file) {
    struct stat st;
    return stat(file, &st) == 0 && S_ISCHR(st.st_mode);
}

/* Whether a file holds exactly these int32 values. */
static bool holds_i32(const char *file, const int32_t *v, size_t n) {
    char error[256];
    npy_array a;
    if (!npy_read(file, &a, error, sizeof error)) return false;
    bool ok = a.type == MGPU_TYPE_I32 && a.count == n && (!n || memcmp(a.data, v, n * 4) == 0);
    free(a.data);
    return ok;
}

/* Files of the safe-output tests, in the test directory. */
typedef struct files {
    char k[600], v[600], a[600], b[600], va[600], vb[600], out[600], vout[600], x[600], dir2[600], link[600];
} files;

static const int32_t safe_keys[6] = {5, 3, 1, 4, 2, 0}, safe_sorted[6] = {0, 1, 2, 3, 4, 5};
static const int32_t sorted_a[3] = {1, 3, 5}, sorted_b[4] = {3, 3, 4, 5};

static void make_files(files *f) {
    test_cli_path(f->k, sizeof f->k, "safe_k.npy");
    test_cli_path(f->v, sizeof f->v, "safe_v.npy");
    test_cli_path(f->a, sizeof f->a, "safe_a.npy");
    test_cli_path(f->b, sizeof f->b, "safe_b.npy");
    test_cli_path(f->va, sizeof f->va, "safe_va.npy");
    test_cli_path(f->vb, sizeof f->vb, "safe_vb.npy");
    test_cli_path(f->out, sizeof f->out, "safe_out.npy");
    test_cli_path(f->vout, sizeof f->vout, "safe_vout.npy");
    test_cli_path(f->x, sizeof f->x, "safe_x.npy");
    test_cli_path(f->dir2, sizeof f->dir2, "safe_dir");
    test_cli_path(f->link, sizeof f->link, "safe_link.npy");
    double values[6] = {50, 30, 10, 40, 20, 0};
    int64_t va[3] = {10, 30, 50}, vb[4] = {31, 32, 40, 51};
    char error[256];
    test_cli_write(f->k, MGPU_TYPE_I32, safe_keys, 6);
    test_cli_write(f->a, MGPU_TYPE_I32, sorted_a, 3);
    test_cli_write(f->b, MGPU_TYPE_I32, sorted_b, 4);
    CHECK(npy_write(f->v, MGPU_TYPE_F64, values, 6, error, sizeof error) &&
              npy_write(f->va, MGPU_TYPE_I64, va, 3, error, sizeof error) &&
              npy_write(f->vb, MGPU_TYPE_I64, vb, 4, error, sizeof error),
          "%s", error);
}

/* A failing later output leaves every input byte-identical: a directory that does not exist (refused up front)
 * and /dev/full (fails at the end, after every regular output reached its temporary). */
static void cli_outputs_keep_inputs(const files *f) {
    char args[4096], err[4096];
    const char *bad_targets[2] = {"/nonexistent/p.npy", "/dev/full"};
    for (int t = 0; t < 2; ++t) {
        const char *bad = bad_targets[t];
        snapshot s[6];
        const char *all[6] = {f->k, f->v, f->a, f->b, f->va, f->vb};
        for (int i = 0; i < 6; ++i) take(&s[i], all[i]);
        snprintf(args, sizeof args, "sort '%s' -o '%s' --indices-out '%s'", f->k, f->k, bad);
        expect_refused(args, err, sizeof err);
        snprintf(args, sizeof args, "sort '%s' -o '%s' --values '%s' --values-out '%s'", f->k, f->k, f->v, bad);
        expect_refused(args, err, sizeof err);
        snprintf(args, sizeof args, "search '%s' '%s' --bounds upper -o '%s' --match-a '%s' --match-b '%s'", f->a, f->b,
                 f->a, f->b, bad);
        expect_refused(args, err, sizeof err);
        snprintf(args, sizeof args, "search '%s' '%s' --bounds lower -o '%s' --b-indices '%s' --match-b '%s'", f->a,
                 f->b, f->a, f->b, bad);
        expect_refused(args, err, sizeof err);
        snprintf(args, sizeof args, "merge '%s' '%s' -o '%s' --values '%s' '%s' --values-out '%s'", f->a, f->b, f->a,
                 f->va, f->vb, bad);
        expect_refused(args, err, sizeof err);
        snprintf(args, sizeof args, "merge '%s' '%s' -o '%s' --values '%s' '%s' --values-out '%s'", f->a, f->b, f->b,
                 f->va, f->vb, bad);
        expect_refused(args, err, sizeof err);
        if (t == 0) CHECK(strstr(err, bad) != NULL, "the message names the output: %s", err);
        for (int i = 0; i < 6; ++i) check_untouched(&s[i], bad);
    }
    CHECK(is_char_device("/dev/full"), "/dev/full is still a character device");
}

/* /dev/null and /dev/full as outputs: written directly, never removed; a /dev/full failure leaves the regular
 * outputs of the command untouched. */
static void cli_device_outputs(const files *f) {
    char args[4096], err[4096];
    snprintf(args, sizeof args, "sort '%s' -o /dev/null", f->k);
    expect_ok(args);
    snprintf(args, sizeof args, "sort '%s' -o /dev/null --values '%s' --values-out /dev/null", f->k, f->v);
    expect_ok(args);
    snprintf(args, sizeof args,
             "search '%s' '%s' --bounds lower -o /dev/null --b-indices /dev/null --match-a /dev/null", f->a, f->b);
    expect_ok(args);
    CHECK(is_char_device("/dev/null"), "/dev/null is still a character device");
    test_cli_write(f->vout, MGPU_TYPE_I32, sorted_b, 4); /* an existing regular output */
    remove(f->out);                                      /* and a new one */
    snapshot s[3];
    take(&s[0], f->vout);
    take(&s[1], f->out);
    take(&s[2], f->k);
    snprintf(args, sizeof args, "sort '%s' -o /dev/full --indices-out '%s'", f->k, f->vout);
    expect_refused(args, err, sizeof err);
    CHECK(strstr(err, "/dev/full") != NULL, "the message names /dev/full: %s", err);
    snprintf(args, sizeof args, "sort '%s' -o '%s' --indices-out /dev/full", f->k, f->out);
    expect_refused(args, err, sizeof err);
    snprintf(args, sizeof args, "merge '%s' '%s' -o '%s' --values '%s' '%s' --values-out /dev/full", f->a, f->b,
             f->vout, f->va, f->vb);
    expect_refused(args, err, sizeof err);
    for (int i = 0; i < 3; ++i) check_untouched(&s[i], "a /dev/full output");
    CHECK(is_char_device("/dev/full"), "/dev/full is still a character device");
}

/* An existing read-only output: as a user who cannot write it, refused up front and untouched; as root (who
 * may write it, as CI runs), replaced with its mode kept, and untouched when the command fails. */
static void cli_read_only_output(const files *f) {
    char args[4096], err[4096];
    test_cli_write(f->out, MGPU_TYPE_I32, sorted_b, 4);
    chmod(f->out, 0444);
    snapshot s;
    take(&s, f->out);
    snprintf(args, sizeof args, "sort '%s' -o '%s' --indices-out /dev/full", f->k, f->out);
    expect_refused(args, err, sizeof err);
    snprintf(args, sizeof args, "merge '%s' '%s' -o '%s' --values '%s' '%s' --values-out /dev/full", f->a, f->b, f->out,
             f->va, f->vb);
    expect_refused(args, err, sizeof err);
    snprintf(args, sizeof args, "sort '%s' -o '%s'", f->k, f->out);
    if (geteuid() != 0) {
        expect_refused(args, err, sizeof err);
        CHECK(strstr(err, f->out) != NULL, "the message names the output: %s", err);
        check_untouched(&s, "a read-only output");
    } else {
        check_untouched(&s, "a read-only output of a failing command");
        expect_ok(args);
        struct stat st;
        CHECK(stat(f->out, &st) == 0 && (st.st_mode & 07777) == 0444, "a replaced file keeps its mode: %o",
              (unsigned)st.st_mode);
        CHECK(holds_i32(f->out, safe_sorted, 6), "the read-only output holds the sorted safe_keys");
    }
    chmod(f->out, 0644);
    /* a directory as an output, and an output in a directory that does not exist */
    mkdir(f->dir2, 0755);
    snprintf(args, sizeof args, "sort '%s' -o '%s'", f->k, f->dir2);
    expect_refused(args, err, sizeof err);
    struct stat st;
    CHECK(stat(f->dir2, &st) == 0 && S_ISDIR(st.st_mode), "a directory given as output is still there");
    rmdir(f->dir2);
    snprintf(args, sizeof args, "sort '%s' -o '%s/new.npy'", f->k, f->dir2);
    expect_refused(args, err, sizeof err);
    CHECK(strstr(err, f->dir2) != NULL, "the message names the directory: %s", err);
    snprintf(args, sizeof args, "sort '%s' -o '%s/line\nbreak/new.npy'", f->k, test_cli_dir()); /* still one line */
    expect_refused(args, err, sizeof err);
}

/* A file-size limit (ulimit -f, SIGXFSZ ignored: the write fails with EFBIG) as a full disk: bulk-insert
 * writing over its own input a larger output fails with 2 and leaves the input intact. */
static void cli_full_disk(const files *f) {
    char b[600], a[600], cmd[4096], out_path[600], err_path[600];
    test_cli_path(b, sizeof b, "fd_b.npy");
    test_cli_path(a, sizeof a, "fd_a.npy");
    test_cli_path(out_path, sizeof out_path, "fd.out");
    test_cli_path(err_path, sizeof err_path, "fd.err");
    enum { B_COUNT = 1000, A_COUNT = 20000 };
    uint64_t *values = malloc(A_COUNT * 8);
    int32_t *idx = malloc(A_COUNT * 4);
    for (uint32_t i = 0; i < A_COUNT; ++i) {
        values[i] = i;
        idx[i] = (int32_t)(i / 20);
    }
    char error[256];
    CHECK(npy_write(b, MGPU_TYPE_U64, values, B_COUNT, error, sizeof error) &&
              npy_write(a, MGPU_TYPE_U64, values, A_COUNT, error, sizeof error),
          "%s", error);
    test_cli_write(f->x, MGPU_TYPE_I32, idx, A_COUNT);
    snapshot s;
    take(&s, b);
    /* 64 blocks (32 KiB in dash's 512-byte blocks, 64 KiB in bash's): above the 8 KB input, below the 168 KB output */
    snprintf(
        cmd, sizeof cmd,
        "ulimit -f 64; MGPU_VALIDATION=%d exec '%s' bulk-insert '%s' --insert '%s' --indices '%s' -o '%s' >'%s' 2>'%s'",
        g_test.validation ? 1 : 0, g_test.cli_path, b, a, f->x, b, out_path, err_path);
    void (*old)(int) = signal(SIGXFSZ, SIG_IGN); /* inherited through fork and exec */
    int status = system(cmd);
    signal(SIGXFSZ, old);
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    char err[4096] = "";
    FILE *e = fopen(err_path, "rb");
    if (e) {
        err[fread(err, 1, sizeof err - 1, e)] = '\0';
        fclose(e);
    }
    CHECK(code == 2, "bulk-insert over a file-size limit -> %d, expected 2 (%s)", code, err);
    CHECK(strlen(err) > 1 && strchr(err, '\n') == err + strlen(err) - 1, "one line on stderr: %s", err);
    check_untouched(&s, "bulk-insert over a file-size limit");
    CHECK(temporaries(false) == 0, "bulk-insert over a file-size limit left a temporary file");
    /* without the limit, in place works */
    snprintf(cmd, sizeof cmd, "bulk-insert '%s' --insert '%s' --indices '%s' -o '%s'", b, a, f->x, b);
    expect_ok(cmd);
    npy_array got;
    CHECK(npy_read(b, &got, error, sizeof error) && got.count == B_COUNT + A_COUNT, "bulk-insert in place: %s", error);
    free(got.data);
    remove(a);
    remove(b);
    free(values);
    free(idx);
}

/* Outputs that are one file, and an output that is an input of another role, are refused; an output over its
 * own input works. */
static void cli_aliasing(const files *f) {
    char args[4096], err[4096], rel[600];
    remove(f->out);
    snprintf(args, sizeof args, "sort '%s' -o '%s' --values '%s' --values-out '%s'", f->k, f->out, f->v, f->out);
    expect_refused(args, err, sizeof err);
    /* the same new file by another name: X and dir/./X */
    test_cli_path(rel, sizeof rel, "./safe_out.npy");
    snprintf(args, sizeof args, "sort '%s' -o '%s' --values '%s' --values-out '%s'", f->k, f->out, f->v, rel);
    expect_refused(args, err, sizeof err);
    snapshot missing;
    take(&missing, f->out);
    check_untouched(&missing, "refused outputs are not created");
    /* an existing file, and a hard link and a symbolic link to it */
    test_cli_write(f->out, MGPU_TYPE_I32, sorted_b, 4);
    remove(f->link);
    CHECK(symlink(f->out, f->link) == 0, "symlink");
    snapshot s[3];
    take(&s[0], f->out);
    take(&s[1], f->k);
    take(&s[2], f->v);
    snprintf(args, sizeof args, "sort '%s' -o '%s' --values '%s' --values-out '%s'", f->k, f->out, f->v, rel);
    expect_refused(args, err, sizeof err);
    snprintf(args, sizeof args, "sort '%s' -o '%s' --indices-out '%s'", f->k, f->out, f->link);
    expect_refused(args, err, sizeof err);
    char hard[600];
    test_cli_path(hard, sizeof hard, "safe_hard.npy");
    remove(hard);
    CHECK(link(f->out, hard) == 0, "link");
    snprintf(args, sizeof args, "sort '%s' -o '%s' --indices-out '%s'", f->k, hard, f->out);
    expect_refused(args, err, sizeof err);
    remove(hard);
    /* an output that is an input of another role */
    snprintf(args, sizeof args, "sort '%s' -o '%s' --values '%s' --values-out '%s'", f->k, f->v, f->v, f->out);
    expect_refused(args, err, sizeof err);
    snprintf(args, sizeof args, "sort '%s' -o '%s' --values '%s' --values-out '%s'", f->k, f->out, f->v, f->k);
    expect_refused(args, err, sizeof err);
    snprintf(args, sizeof args, "sort '%s' -o '%s' --indices-out '%s'", f->k, f->out, f->k);
    expect_refused(args, err, sizeof err);
    snprintf(args, sizeof args, "sort '%s' -o '%s' --values '%s' --values-out '%s'", f->k, f->link, f->v, f->out);
    expect_refused(args, err, sizeof err); /* -o and --values-out: one file through the link */
    for (int i = 0; i < 3; ++i) check_untouched(&s[i], "refused aliasing");
    snapshot t[4];
    take(&t[0], f->a);
    take(&t[1], f->b);
    take(&t[2], f->va);
    take(&t[3], f->vb);
    snprintf(args, sizeof args, "search '%s' '%s' --bounds lower -o '%s'", f->a, f->b, f->b);
    expect_refused(args, err, sizeof err);
    snprintf(args, sizeof args, "search '%s' '%s' --bounds lower --match-b '%s'", f->a, f->b, f->a);
    expect_refused(args, err, sizeof err);
    snprintf(args, sizeof args, "merge '%s' '%s' -o '%s' --values '%s' '%s' --values-out '%s'", f->a, f->b, f->va,
             f->va, f->vb, f->vout);
    expect_refused(args, err, sizeof err);
    snprintf(args, sizeof args, "merge '%s' '%s' -o '%s' --values '%s' '%s' --values-out '%s'", f->a, f->b, f->out,
             f->va, f->vb, f->a);
    expect_refused(args, err, sizeof err);
    snprintf(args, sizeof args, "bulk-insert '%s' --insert '%s' --indices '%s' -o '%s'", f->b, f->a, f->a, f->a);
    expect_refused(args, err, sizeof err);
    snprintf(args, sizeof args, "load-balance '%s' -o '%s'", f->b, f->b);
    expect_refused(args, err, sizeof err);
    snprintf(args, sizeof args, "interval-expand '%s' '%s' -o '%s'", f->a, f->b, f->a);
    expect_refused(args, err, sizeof err);
    for (int i = 0; i < 4; ++i) check_untouched(&t[i], "refused aliasing");
    /* in place: sort over its safe_keys (and values), search over A and B, scan over its input, through a link */
    test_cli_write(f->out, MGPU_TYPE_I32, safe_keys, 6);
    snprintf(args, sizeof args, "sort '%s' -o '%s'", f->out, f->out);
    expect_ok(args);
    CHECK(holds_i32(f->out, safe_sorted, 6), "sort in place");
    test_cli_write(f->out, MGPU_TYPE_I32, safe_keys, 6);
    snprintf(args, sizeof args, "sort '%s' -o '%s'", f->link, f->link);
    expect_ok(args);
    struct stat st;
    CHECK(lstat(f->link, &st) == 0 && S_ISLNK(st.st_mode), "an output through a symbolic link leaves the link a link");
    CHECK(holds_i32(f->out, safe_sorted, 6), "sort in place through a symbolic link");
    remove(f->link);
    char k2[600], v2[600];
    test_cli_path(k2, sizeof k2, "safe_k2.npy");
    test_cli_path(v2, sizeof v2, "safe_v2.npy");
    int32_t vals[6] = {50, 30, 10, 40, 20, 0}, vals_sorted[6] = {0, 10, 20, 30, 40, 50};
    test_cli_write(k2, MGPU_TYPE_I32, safe_keys, 6);
    test_cli_write(v2, MGPU_TYPE_I32, vals, 6);
    snprintf(args, sizeof args, "sort '%s' -o '%s' --values '%s' --values-out '%s'", k2, k2, v2, v2);
    expect_ok(args);
    CHECK(holds_i32(k2, safe_sorted, 6) && holds_i32(v2, vals_sorted, 6), "sort safe_keys and values in place");
    test_cli_write(k2, MGPU_TYPE_I32, sorted_a, 3);
    test_cli_write(v2, MGPU_TYPE_I32, sorted_b, 4);
    snprintf(args, sizeof args, "search '%s' '%s' --bounds lower -o '%s' --b-indices '%s'", k2, v2, k2, v2);
    expect_ok(args);
    const int32_t a_lower[3] = {0, 0, 3}, b_upper[4] = {2, 2, 2, 3};
    CHECK(holds_i32(k2, a_lower, 3) && holds_i32(v2, b_upper, 4), "search in place");
    /* a new file gets 0666 & ~umask (the tool inherits the umask) */
    remove(f->out);
    snprintf(args, sizeof args, "sort '%s' -o '%s'", f->k, f->out);
    mode_t mask = umask(027);
    expect_ok(args);
    umask(mask);
    CHECK(stat(f->out, &st) == 0 && (st.st_mode & 0777) == 0640, "a new output's mode %o under umask 027",
          (unsigned)st.st_mode);
    remove(k2);
    remove(v2);
}

/* SIGTERM, SIGINT and SIGHUP while the tool waits on a FIFO output (after the regular output reached its
 * temporary): the temporary is removed and the previous output is intact; SIGKILL leaves the output intact. */
static void cli_signals(const files *f) {
    char fifo[600];
    test_cli_path(fifo, sizeof fifo, "safe_fifo");
    remove(fifo);
    CHECK(mkfifo(fifo, 0600) == 0, "mkfifo %s", fifo);
    const char *old_env = getenv("MGPU_VALIDATION");
    char *saved = old_env ? strdup(old_env) : NULL;
    setenv("MGPU_VALIDATION", g_test.validation ? "1" : "0", 1);
    const int signals[4] = {SIGTERM, SIGINT, SIGHUP, SIGKILL};
    for (int i = 0; i < 4; ++i) {
        test_cli_write(f->out, MGPU_TYPE_I32, sorted_b, 4);
        snapshot s;
        take(&s, f->out);
        pid_t pid = fork();
        if (pid == 0) {
            for (int k = 0; k < 4; ++k) signal(signals[k], SIG_DFL);
            int null = open("/dev/null", O_WRONLY);
            dup2(null, 1);
            dup2(null, 2);
            execl(g_test.cli_path, g_test.cli_path, "sort", f->k, "-o", f->out, "--values", f->v, "--values-out", fifo,
                  (char *)NULL);
            _exit(127);
        }
        int status = 0;
        pid_t done = 0;
        bool seen = false;
        for (int t = 0; t < 12000 && !seen && !done; ++t) { /* up to 2 minutes */
            seen = temporaries(false) > 0;
            if (!seen && (done = waitpid(pid, &status, WNOHANG)) == 0) nanosleep(&(struct timespec){0, 10000000}, NULL);
        }
        CHECK(seen, "the tool made no temporary before waiting on the FIFO (status %d)", status);
        if (!done) {
            kill(pid, signals[i]);
            waitpid(pid, &status, 0);
        }
        CHECK(WIFSIGNALED(status) && WTERMSIG(status) == signals[i], "killed by signal %d: status %d", signals[i],
              status);
        if (signals[i] != SIGKILL) CHECK(temporaries(false) == 0, "signal %d left a temporary file", signals[i]);
        temporaries(true); /* after SIGKILL a temporary may remain */
        check_untouched(&s, "an interrupted command");
    }
    if (saved)
        setenv("MGPU_VALIDATION", saved, 1);
    else
        unsetenv("MGPU_VALIDATION");
    free(saved);
    remove(fifo);
}

static void cli_help_and_version(const files *f) {
    static const char *const commands[] = {"info",
                                           "reduce",
                                           "scan",
                                           "merge",
                                           "sort",
                                           "search",
                                           "bulk-remove",
                                           "bulk-insert",
                                           "load-balance",
                                           "interval-expand",
                                           "interval-gather",
                                           "interval-scatter",
                                           "interval-move"};
    char args[4096], out[8192], err[4096];
    for (size_t c = 0; c < sizeof commands / sizeof commands[0]; ++c)
        for (int h = 0; h < 2; ++h) {
            snprintf(args, sizeof args, "%s %s", commands[c], h ? "-h" : "--help");
            int code = test_cli_run(args, out, sizeof out, err, sizeof err);
            CHECK(code == 0 && !strncmp(out, "usage: mgpuvk ", 14) && strstr(out, commands[c]), "mgpuvk %s -> %d: %s%s",
                  args, code, out, err);
        }
    snprintf(args, sizeof args, "sort '%s' --values --help", f->k); /* with other arguments missing or wrong */
    int code = test_cli_run(args, out, sizeof out, err, sizeof err);
    CHECK(code == 0 && !strncmp(out, "usage:", 6), "mgpuvk %s -> %d", args, code);
    code = test_cli_run("search --help", out, sizeof out, err, sizeof err);
    CHECK(code == 0 && strstr(out, "--b-indices") && strstr(out, "OTHER bound") && strstr(out, "NA NB"),
          "search --help: %s", out);
    const char *whole[3] = {"--help", "-h", "help"};
    for (int w = 0; w < 3; ++w) {
        code = test_cli_run(whole[w], out, sizeof out, err, sizeof err);
        CHECK(code == 0 && !strncmp(out, "usage:", 6) && strstr(out, "info --bench") && strstr(out, "interval-move"),
              "mgpuvk %s: %s", whole[w], out);
    }
    code = test_cli_run("", out, sizeof out, err, sizeof err);
    CHECK(code == 2 && !strncmp(err, "usage:", 6) && strstr(err, "interval-move"), "mgpuvk with no arguments -> %d: %s",
          code, err);
    code = test_cli_run("--version", out, sizeof out, err, sizeof err);
    char want[64];
    snprintf(want, sizeof want, "mgpuvk %d.%d.%d\n", MGPU_VERSION_MAJOR, MGPU_VERSION_MINOR, MGPU_VERSION_PATCH);
    CHECK(code == 0 && !strncmp(out, want, strlen(want)) && strstr(out, "libmgpuvk"), "mgpuvk --version -> %d: %s",
          code, out);
    /* a device that does not exist points to `mgpuvk info` */
    snprintf(args, sizeof args, "reduce '%s' --device 97", f->k);
    expect_refused(args, err, sizeof err);
    CHECK(strstr(err, "mgpuvk info") != NULL, "--device 97: %s", err);
    /* --bench never rounds a small throughput to 0 */
    snprintf(args, sizeof args, "reduce '%s' --bench", f->a);
    code = test_cli_run(args, out, sizeof out, err, sizeof err);
    const char *rate = strstr(out, "(best of 10), ");
    CHECK(code == 0 && rate && strtod(rate + 14, NULL) > 0, "reduce --bench of 3 elements: %s %s", out, err);
}

static void cli_safe_outputs(void) {
    files f;
    make_files(&f);
    cli_outputs_keep_inputs(&f);
    cli_device_outputs(&f);
    cli_read_only_output(&f);
    cli_full_disk(&f);
    cli_aliasing(&f);
    cli_signals(&f);
    cli_help_and_version(&f);
}

void test_cli(void) {
    if (!test_cli_begin("cli")) return;
    cli_reduce_and_scan();
    cli_bad_input();
    cli_info();
    cli_merge();
    cli_sort();
    cli_load_balance();
    cli_intervals();
    cli_search();
    cli_bulk();
    cli_safe_outputs();
    test_cli_end();
}
