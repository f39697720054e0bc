/* mgpuvk search: the vectorized sorted search of two sorted arrays, with match flags. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* Search's own options, slots of options.own (tools/cli.h): --bounds, --b-indices, --match-a and --match-b. */
enum { SEARCH_BOUNDS, SEARCH_B_INDICES, SEARCH_MATCH_A, SEARCH_MATCH_B, SORTED_SEARCH_OWN_COUNT };
static_assert(SORTED_SEARCH_OWN_COUNT <= OWN_MAX, "options.own holds search's own options");

/* After parsing: --bounds is lower or upper. */
static void check_search(const options *o) {
    const char *bounds = o->own[SEARCH_BOUNDS];
    if (!bounds || (strcmp(bounds, "lower") != 0 && strcmp(bounds, "upper") != 0))
        fail(EXIT_BAD_INPUT, "search needs --bounds lower or --bounds upper");
}

static mgpu_result record_search(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch) {
    return mgpu_cmd_sorted_search(ctx, cmd, info, scratch);
}

static int command_search(const options *o) {
    char error[512];
    npy_array a, b;
    if (!npy_read(o->input, &a, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (!npy_read(o->input_b, &b, error, sizeof error)) fail(EXIT_BAD_INPUT, "%s", error);
    if (a.type != b.type) fail(EXIT_BAD_INPUT, "%s and %s have different dtypes", o->input, o->input_b);
    if (a.count > 0x7fffffffu || b.count > 0x7fffffffu) fail(EXIT_BAD_INPUT, "more than 2^31-1 elements");
    require_sorted(o->input, &a, o->descending);
    require_sorted(o->input_b, &b, o->descending);
    mgpu_bounds bounds = strcmp(o->own[SEARCH_BOUNDS], "upper") ? MGPU_BOUNDS_LOWER : MGPU_BOUNDS_UPPER;
    mgpu_context ctx = open_context(o);
    mgpu_sorted_search_info info = {.key_type = a.type,
                                    .bounds = bounds,
                                    .descending = o->descending,
                                    .a_count = (uint32_t)a.count,
                                    .b_count = (uint32_t)b.count,
                                    .a_keys = upload(ctx, &a),
                                    .b_keys = upload(ctx, &b)};
    struct {
        const char *path;
        mgpu_range *range;
        uint64_t count;
    } outs[] = {{o->output, &info.a_indices, a.count},
                {o->own[SEARCH_B_INDICES], &info.b_indices, b.count},
                {o->own[SEARCH_MATCH_A], &info.a_matches, a.count},
                {o->own[SEARCH_MATCH_B], &info.b_matches, b.count}};
    mgpu_result r = MGPU_SUCCESS;
    for (size_t i = 0; i < 4 && r == MGPU_SUCCESS; ++i)
        if (outs[i].path) r = mgpu_buffer_alloc(ctx, outs[i].count * 4 + 4, outs[i].range);
    uint32_t a_matches = 0, b_matches = 0;
    if (r == MGPU_SUCCESS) r = mgpu_sorted_search(ctx, &info, &a_matches, &b_matches);
    if (r != MGPU_SUCCESS) device_fail(ctx, "search", r);
    void *hosts[4] = {NULL, NULL, NULL, NULL}; /* a device output is written at the commit, from these */
    for (size_t i = 0; i < 4; ++i)
        if (outs[i].path) {
            hosts[i] = download_or_fail(ctx, *outs[i].range, outs[i].count * 4);
            write_output(ctx, outs[i].path, MGPU_TYPE_I32, hosts[i], outs[i].count);
        }
    commit_outputs(ctx);
    for (size_t i = 0; i < 4; ++i) free(hosts[i]);
    if (o->own[SEARCH_MATCH_A] || o->own[SEARCH_MATCH_B]) printf("%u %u\n", a_matches, b_matches);
    mgpu_requirements req;
    if (o->bench && mgpu_sorted_search_get_requirements(ctx, &info, &req) == MGPU_SUCCESS)
        bench(ctx, record_search, &info, req.scratch_size, a.count + b.count, 4.0 * (double)(a.count + b.count) * 2);
    mgpu_range ranges[] = {info.a_keys, info.b_keys, info.a_indices, info.b_indices, info.a_matches, info.b_matches};
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; ++i) mgpu_buffer_free(ctx, ranges[i]);
    free(a.data);
    free(b.data);
    return finish(ctx);
}

/* The sorted search family's subcommands (tools/mgpuvk.c). */
static const subcommand commands[] = {
    {"search",
     "search A.npy B.npy --bounds lower|upper [-o A_INDICES.npy] [--b-indices B_INDICES.npy]\n"
     "              [--match-a FLAGS.npy] [--match-b FLAGS.npy] [--descending] [--device N|NAME] [--bench]",
     "vectorized sorted search: for each key of A its bound in B, for each key of B the other bound in A",
     "  A and B sorted in the same order (ascending, or --descending); every output is optional and <i4.\n"
     "  -o           for each A[i], its --bounds (lower or upper) bound in B\n"
     "  --b-indices  for each B[j], the OTHER bound in A: upper with --bounds lower, lower with --bounds upper\n"
     "  --match-a    1 where A[i] has an equal key in B, else 0 (--match-b: the same for B in A)\n"
     "    A: 1 3 5  B: 3 3 4 5  --bounds lower -> A indices 0 0 3; B indices 2 2 2 3; A matches 0 1 1\n"
     "  With --match-a or --match-b it prints one line \"NA NB\": NA the number of elements of A that have an\n"
     "  equal key in B (0 without --match-a), NB the number of elements of B that have an equal key in A\n"
     "  (0 without --match-b). Without either it prints nothing.\n",
     command_search,
     check_search,
     {INPUT, POSITIONAL(input_b, "needs A.npy and B.npy"), VALUE("--bounds", own[SEARCH_BOUNDS], NULL), OUTPUT(NULL),
      VALUE("--b-indices", own[SEARCH_B_INDICES], NULL), VALUE("--match-a", own[SEARCH_MATCH_A], NULL),
      VALUE("--match-b", own[SEARCH_MATCH_B], NULL), FLAG("--descending", descending), IGNORED_OP},
     {ARG("A.npy", input), ARG("B.npy", input_b)},
     {OUT("-o", output, IN(0)), OUT("--b-indices", own[SEARCH_B_INDICES], IN(1)),
      OUT("--match-a", own[SEARCH_MATCH_A], IN(0)), OUT("--match-b", own[SEARCH_MATCH_B], IN(1))}},
};
const cli_family cli_sorted_search = CLI_FAMILY(commands);
