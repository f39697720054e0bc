/* mgpuvk sort: the radix sort or the mergesort of keys, pairs or keys and their permutation. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* Sort's own options, slots of options.own (tools/cli.h): --algo and --bits. */
enum { SORT_ALGO, SORT_BITS, RADIXSORT_OWN_COUNT };
static_assert(RADIXSORT_OWN_COUNT <= OWN_MAX, "options.own holds sort's own options");

static mgpu_result record_mergesort(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_mergesort(ctx, cmd, info, scratch);
}

/* "LO:HI" with 0 <= LO <= HI <= key_bits, else exit 2. */
static void parse_bits(const char *text, uint32_t key_bits, uint32_t *lo, uint32_t *hi) {
    char *end = NULL;
    unsigned long a = strtoul(text, &end, 10), b = 0;
    bool ok = end != text && *end == ':' && text[0] >= '0' && text[0] <= '9';
    if (ok) {
        const char *second = end + 1;
        b = strtoul(second, &end, 10);
        ok = end != second && *end == '\0' && second[0] >= '0' && second[0] <= '9';
    }
    if (!ok || a > b || b > key_bits)
        fail(EXIT_BAD_INPUT, "--bits '%s': LO:HI with 0 <= LO <= HI <= %u", text, key_bits);
    *lo = (uint32_t)a;
    *hi = (uint32_t)b;
}

static mgpu_result record_localitysort(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_localitysort(ctx, cmd, info, scratch);
}

static mgpu_result record_radixsort(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_radixsort(ctx, cmd, info, scratch);
}

/* After parsing: values or the permutation, and an --algo that exists and takes --bits. */
static void check_sort(const options *o) {
    const char *algo = o->own[SORT_ALGO], *bits = o->own[SORT_BITS];
    if (!o->values_a != !o->values_out) fail(EXIT_BAD_INPUT, "--values and --values-out go together");
    if (o->values_a && o->indices_out) fail(EXIT_BAD_INPUT, "sort takes --values or --indices-out, not both");
    if (algo && strcmp(algo, "merge") != 0 && strcmp(algo, "auto") != 0 && strcmp(algo, "radix") != 0 &&
        strcmp(algo, "locality") != 0)
        fail(EXIT_BAD_INPUT, "unknown --algo '%s' (radix, merge, locality, auto)", algo);
    if (bits && algo && (!strcmp(algo, "merge") || !strcmp(algo, "locality")))
        fail(EXIT_BAD_INPUT, "--bits needs --algo radix or auto");
}

/* sort: --algo auto is the radix sort (every key type has one). */
static int command_sort(const options *o) {
    const char *algo = o->own[SORT_ALGO], *bits = o->own[SORT_BITS];
    char error[512];
    npy_array keys, values = {0};
    if (!npy_read(o->input, &keys, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    bool locality = algo && !strcmp(algo, "locality");
    bool radix = !locality && (!algo || strcmp(algo, "merge") != 0);
    uint32_t begin_bit = 0, end_bit = 0;
    if (bits) parse_bits(bits, (uint32_t)mgpu_type_size(keys.type) * 8, &begin_bit, &end_bit);
    if (bits && end_bit == 0) /* 0:0 sorts by no bit (the input order); the API's 0, 0 means every bit */
        begin_bit = end_bit = (uint32_t)mgpu_type_size(keys.type) * 8;
    if (keys.count > 0x7fffffffu) fail(EXIT_BAD_INPUT, "%s: more than 2^31-1 elements", o->input);
    if (o->values_a) values = read_values_for(o->values_a, &keys);
    mgpu_context ctx = open_context(o);
    uint64_t n = keys.count;
    size_t key_size = mgpu_type_size(keys.type), value_size = o->values_a ? mgpu_type_size(values.type) : 0;
    size_t out_value_size = o->indices_out ? 4 : value_size;
    mgpu_sort_info info = {.key_type = keys.type,
                           .value_size = (uint32_t)value_size,
                           .indices = o->indices_out != NULL,
                           .descending = o->descending,
                           .count = (uint32_t)n,
                           .keys_in = upload(ctx, &keys),
                           .begin_bit = begin_bit,
                           .end_bit = end_bit};
    mgpu_result r = MGPU_SUCCESS;
    if (n) r = mgpu_buffer_alloc(ctx, n * key_size, &info.keys_out);
    if (r == MGPU_SUCCESS && value_size) info.values_in = upload(ctx, &values);
    if (r == MGPU_SUCCESS && n && out_value_size) r = mgpu_buffer_alloc(ctx, n * out_value_size, &info.values_out);
    if (r == MGPU_SUCCESS)
        r = radix ? mgpu_radixsort(ctx, &info) : locality ? mgpu_localitysort(ctx, &info) : mgpu_mergesort(ctx, &info);
    if (r != MGPU_SUCCESS) device_fail(ctx, "sort", r);
    void *sorted = download_or_fail(ctx, info.keys_out, n * key_size);
    void *moved = download_or_fail(ctx, info.values_out, out_value_size ? n * out_value_size : 0);
    const char *values_path = o->indices_out ? o->indices_out : o->values_out;
    mgpu_type values_type = o->indices_out ? MGPU_TYPE_I32 : values.type;
    write_output(ctx, o->output, keys.type, sorted, n);
    if (values_path) write_output(ctx, values_path, values_type, moved, n);
    commit_outputs(ctx);
    if (o->bench) {
        mgpu_requirements req;
        mgpu_result q = radix      ? mgpu_radixsort_get_requirements(ctx, &info, &req)
                        : locality ? mgpu_localitysort_get_requirements(ctx, &info, &req)
                                   : mgpu_mergesort_get_requirements(ctx, &info, &req);
        if (q == MGPU_SUCCESS)
            bench(ctx,
                  radix      ? record_radixsort
                  : locality ? record_localitysort
                             : record_mergesort,
                  &info, req.scratch_size, n, (double)n * 2 * (double)(key_size + out_value_size));
    }
    mgpu_range ranges[] = {info.keys_in, info.keys_out, info.values_in, info.values_out};
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; ++i) mgpu_buffer_free(ctx, ranges[i]);
    free(sorted);
    free(moved);
    free(keys.data);
    free(values.data);
    return finish(ctx);
}

/* The radix sort family's subcommands (tools/mgpuvk.c): sort, which runs the mergesort with --algo merge and
 * the locality sort (src/prims/segsort.c) with --algo locality. */
static const subcommand commands[] = {
    {"sort",
     "sort KEYS.npy -o OUT.npy [--values V.npy --values-out VOUT.npy | --indices-out PERM.npy]\n"
     "            [--descending] [--algo radix|merge|locality|auto] [--bits LO:HI] [--device N|NAME] [--bench]",
     "sort keys (with values, or giving the permutation PERM <i4); stable",
     "  --algo auto is the radix sort; locality: the mergesort's output, fast on nearly sorted keys\n"
     "  --bits LO:HI  radix sort by bits LO..HI-1 of the key's order-preserving transform (0:0 = no bit:\n"
     "               keeps the input order)\n",
     command_sort,
     check_sort,
     {INPUT, OUTPUT(NEEDS_OUTPUT), VALUE("--values", values_a, NULL), VALUE("--values-out", values_out, NULL),
      VALUE("--indices-out", indices_out, NULL), FLAG("--descending", descending),
      VALUE("--algo", own[SORT_ALGO], NULL), VALUE("--bits", own[SORT_BITS], NULL), IGNORED_OP},
     {ARG("KEYS.npy", input), ARG("V.npy", values_a)},
     {OUT("-o", output, IN(0)), OUT("--values-out", values_out, IN(1)), OUT("--indices-out", indices_out, 0)}},
};
const cli_family cli_radixsort = CLI_FAMILY(commands);
