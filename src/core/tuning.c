/*
 * Tuning: NT and VT per (primitive, type, device class), the seeds' LaunchBox: each prim's table of rows is
 * its owning family's (src/prims/<family>.c, src/families.def), and the first row that matches wins.
 * Overrides come from mgpu_context_set_tuning and from env MGPU_TUNE (syntax in mgpuvk.h), read at context
 * creation.
 */
#include "../mgpu_internal.h"

#include <stdlib.h>
#include <string.h>

/* A row's shape on a device whose workgroups are smaller: half the threads, twice the VT (the same tile) while
 * VT allows. */
static void mgpu_fit_workgroup(uint32_t max, uint32_t *nt, uint32_t *vt) {
    for (; max >= 32 && *nt > max; *nt /= 2)
        if (*vt <= 16) *vt *= 2;
}

/* The first row of prim's table (its owning family's, src/prims) that matches type and the device. */
static mgpu_tuning mgpu_table_lookup(mgpu_context ctx, mgpu_prim prim, mgpu_type type) {
    bool cpu = ctx->info.type == VK_PHYSICAL_DEVICE_TYPE_CPU;
    const mgpu_family_def *family = mgpu__prim_owner(prim)->def;
    for (size_t i = 0; i < family->tuning_count; ++i) {
        const mgpu_tuning_row *row = &family->tuning[i];
        if (!(row->type_mask & MGPU_TYPE_BIT(type))) continue;
        if (row->vendor == MGPU_CPU_DEVICE ? !cpu
                                           : (row->vendor != MGPU_VENDOR_ANY && row->vendor != ctx->info.vendor_id))
            continue;
        mgpu_tuning t = {.nt = row->nt,
                         .vt = row->vt,
                         .lookback = row->lookback,
                         .blocksort = row->blocksort,
                         .groups = row->groups,
                         .values_nt = row->values_nt ? row->values_nt : row->nt,
                         .values_vt = row->values_vt ? row->values_vt : row->vt};
        mgpu_fit_workgroup(ctx->info.max_workgroup_size, &t.nt, &t.vt);
        mgpu_fit_workgroup(ctx->info.max_workgroup_size, &t.values_nt, &t.values_vt);
        return t;
    }
    return (mgpu_tuning){.nt = 128, .vt = 4, .values_nt = 128, .values_vt = 4};
}

/* Workgroups of the tile kernels that loop over tiles (merge, mergesort, sorted search, load balance) where their
 * row names none: many times what a large GPU holds at once. H100, 2^26 elements: 16384 matched or beat
 * 1024..4096 everywhere (load-balancing search +10% over 4096) and one workgroup per tile by 2..5%. Since the
 * pipelined tile loop, the merge of 32-bit keys and the searches take 4096, the mergesort of 32-bit keys 8192
 * (their rows; H200, bench/RESULTS.md, twentieth session). */
#define MGPU_DEFAULT_TILE_GROUPS 16384u

static bool mgpu_is_pow2(uint32_t x) { return x && !(x & (x - 1)); }

/* Shared memory the largest kernel of prim needs at NT x VT for an element of `size` bytes, as the kernels declare
 * it (shaders/shared/constants.h). */
static uint32_t mgpu_shared_bytes(mgpu_prim prim, uint32_t nt, uint32_t vt, size_t element_size) {
    uint32_t size = (uint32_t)element_size;
    if (prim == MGPU_PRIM_SCAN) {
        uint32_t tiles = MGPU_SHARED_BYTES_SCAN_TILES(nt, vt, size);
        uint32_t lookback = MGPU_SHARED_BYTES_SCAN_LOOKBACK(nt, size);
        return tiles > lookback ? tiles : lookback;
    }
    if (prim == MGPU_PRIM_REDUCE) return MGPU_SHARED_BYTES_REDUCE(nt, size);
    if (prim == MGPU_PRIM_MERGE || prim == MGPU_PRIM_MERGESORT || prim == MGPU_PRIM_SORTED_SEARCH)
        return MGPU_SHARED_BYTES_MERGE(nt, vt, size);
    if (prim == MGPU_PRIM_LOAD_BALANCE) return MGPU_SHARED_BYTES_LBS(nt, vt);
    return 0;
}

/* The shape an override leaves: its own fields, else (values) the override's nt and vt, else the table's. */
static mgpu_tuning mgpu_override_shape(mgpu_tuning table, const mgpu_tuning *o) {
    mgpu_tuning t = table;
    if (o->nt) t.nt = o->nt;
    if (o->vt) t.vt = o->vt;
    t.values_nt = o->values_nt ? o->values_nt : o->nt ? o->nt : table.values_nt;
    t.values_vt = o->values_vt ? o->values_vt : o->vt ? o->vt : table.values_vt;
    return t;
}

static mgpu_result mgpu_check_tuning(mgpu_context ctx, mgpu_prim prim, uint32_t type_mask, const mgpu_tuning *t) {
    uint32_t nts[2] = {t->nt, t->values_nt}, vts[2] = {t->vt, t->values_vt};
    for (int i = 0; i < 2; ++i) {
        if (nts[i] && (!mgpu_is_pow2(nts[i]) || nts[i] < 32 || nts[i] > ctx->info.max_workgroup_size))
            return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s %u: a power of two in 32..%u",
                              i ? "values_nt" : "nt", nts[i], ctx->info.max_workgroup_size);
        if (vts[i] > 32)
            return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s %u: 1..32", i ? "values_vt" : "vt", vts[i]);
    }
    if ((unsigned)t->lookback > MGPU_SWITCH_OFF || (unsigned)t->subgroup > MGPU_SWITCH_OFF ||
        (unsigned)t->single > MGPU_SWITCH_OFF || (unsigned)t->fold > MGPU_SWITCH_OFF ||
        (unsigned)t->grids > MGPU_SWITCH_OFF)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "lookback/subgroup/single/fold/grids: AUTO, ON or OFF");
    if (t->blocksort && (!mgpu_is_pow2(t->blocksort) || t->blocksort > 64))
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "blocksort %u: a power of two in 1..64", t->blocksort);
    if (t->subgroup == MGPU_SWITCH_ON && !ctx->info.subgroup_scans)
        return mgpu__fail(ctx, MGPU_ERROR_UNSUPPORTED, "the device lacks the subgroup operations the scans use");
    for (uint32_t type = 0; type < MGPU_TYPE_COUNT; ++type) {
        if (!(type_mask & MGPU_TYPE_BIT(type))) continue;
        mgpu_tuning shape = mgpu_override_shape(mgpu_table_lookup(ctx, prim, (mgpu_type)type), t);
        uint32_t nt = shape.nt, vt = shape.vt;
        if (prim == MGPU_PRIM_RADIXSORT) { /* VT is an upper bound there, fitted per call: one element must fit */
            if (mgpu__radix_fit_vt(ctx, false, nt, 1, (uint32_t)mgpu_type_size((mgpu_type)type) / 4, 2) == 0)
                return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT,
                                  "nt %u needs more shared memory than the device's %u bytes", nt,
                                  ctx->info.shared_memory_bytes);
            continue;
        }
        /* Both shapes (mergesort: with values too) as the override leaves them. */
        uint32_t shapes[2][2] = {{nt, vt}, {shape.values_nt, shape.values_vt}};
        for (int i = 0; i < 2; ++i)
            if (mgpu_shared_bytes(prim, shapes[i][0], shapes[i][1], mgpu_type_size((mgpu_type)type)) >
                ctx->info.shared_memory_bytes)
                return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT,
                                  "nt %u, vt %u need more shared memory than the device's %u bytes", shapes[i][0],
                                  shapes[i][1], ctx->info.shared_memory_bytes);
    }
    return MGPU_SUCCESS;
}

mgpu_result mgpu_context_set_tuning(mgpu_context ctx, mgpu_prim prim, uint32_t type_mask, const mgpu_tuning *tuning) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if ((unsigned)prim >= MGPU_PRIM_COUNT || type_mask == 0 || (type_mask & ~MGPU_TYPE_MASK_ALL))
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "prim %d, type mask 0x%x", (int)prim, type_mask);
    mgpu_tuning none = {0};
    if (!tuning) tuning = &none;
    mgpu_result r = mgpu_check_tuning(ctx, prim, type_mask, tuning);
    if (r != MGPU_SUCCESS) return r;
    for (uint32_t type = 0; type < MGPU_TYPE_COUNT; ++type)
        if (type_mask & MGPU_TYPE_BIT(type)) ctx->tuning_override[prim][type] = *tuning;
    return MGPU_SUCCESS;
}

mgpu_tuning mgpu__tuning_resolve(mgpu_context ctx, mgpu_prim prim, mgpu_type type) {
    const mgpu_tuning *o = &ctx->tuning_override[prim][type];
    mgpu_tuning t = mgpu_override_shape(mgpu_table_lookup(ctx, prim, type), o);
    /* The subgroup kernels need full subgroups: NT (and values_nt) a multiple of the subgroup size. */
    uint32_t nt = t.nt < t.values_nt ? t.nt : t.values_nt;
    bool subgroup_ok = ctx->info.subgroup_scans && ctx->info.subgroup_size && nt % ctx->info.subgroup_size == 0 &&
                       nt % ctx->info.max_subgroup_size == 0;
    t.subgroup = (o->subgroup != MGPU_SWITCH_OFF && subgroup_ok) ? MGPU_SWITCH_ON : MGPU_SWITCH_OFF;
    mgpu_switch choice = o->lookback != MGPU_SWITCH_AUTO ? o->lookback : t.lookback;
    bool lookback = choice == MGPU_SWITCH_AUTO ? ctx->info.lookback_safe : choice == MGPU_SWITCH_ON;
    t.lookback = lookback ? MGPU_SWITCH_ON : MGPU_SWITCH_OFF;
    t.lookback_wait = o->lookback_wait ? o->lookback_wait : 1024;
    t.groups = o->groups ? o->groups : t.groups ? t.groups : MGPU_DEFAULT_TILE_GROUPS;
    t.single =
        o->single == MGPU_SWITCH_ON ? MGPU_SWITCH_ON : MGPU_SWITCH_OFF; /* opt-in: slower on the H100 (radixsort.c) */
    t.fold = o->fold;   /* AUTO decides per call, by the tile count (merge.c) */
    t.grids = o->grids; /* AUTO decides per call, by the capacity's grid (record.c) */
    /* mergesort.c halves it per call where the device cannot hold the workgroup. */
    t.blocksort = o->blocksort ? o->blocksort : t.blocksort ? t.blocksort : 1;
    return t;
}

mgpu_result mgpu_context_get_tuning(mgpu_context ctx, mgpu_prim prim, mgpu_type type, mgpu_tuning *out) {
    if (!ctx || !out) return MGPU_ERROR_INVALID_ARGUMENT;
    if ((unsigned)prim >= MGPU_PRIM_COUNT || (unsigned)type >= MGPU_TYPE_COUNT)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "prim %d type %d", (int)prim, (int)type);
    *out = mgpu__tuning_resolve(ctx, prim, type);
    return MGPU_SUCCESS;
}

static bool mgpu_parse_switch(const char *v, mgpu_switch *out) {
    if (!strcmp(v, "on") || !strcmp(v, "1"))
        *out = MGPU_SWITCH_ON;
    else if (!strcmp(v, "off") || !strcmp(v, "0"))
        *out = MGPU_SWITCH_OFF;
    else if (!strcmp(v, "auto"))
        *out = MGPU_SWITCH_AUTO;
    else
        return false;
    return true;
}

/* One "prim[.type]:key=value,..." entry of MGPU_TUNE. */
static void mgpu_apply_tune_entry(mgpu_context ctx, char *entry) {
    char *colon = strchr(entry, ':');
    if (!colon) goto bad;
    *colon = '\0';
    char *dot = strchr(entry, '.');
    uint32_t mask = MGPU_TYPE_MASK_ALL;
    if (dot) {
        *dot = '\0';
        mask = 0;
        for (uint32_t t = 0; t < MGPU_TYPE_COUNT; ++t)
            if (!strcmp(dot + 1, mgpu_type_name((mgpu_type)t))) mask = MGPU_TYPE_BIT(t);
        if (!mask) goto bad;
    }
    int prim = -1; /* a prim is named by its owning family (src/families.def) */
    for (size_t f = 0; f < mgpu__family_count; ++f)
        if (mgpu__families[f].owner && !strcmp(entry, mgpu__families[f].name)) prim = (int)mgpu__families[f].prim;
    if (prim < 0) goto bad;
    for (uint32_t t = 0; t < MGPU_TYPE_COUNT; ++t) {
        if (!(mask & MGPU_TYPE_BIT(t))) continue;
        mgpu_tuning tuning = ctx->tuning_override[prim][t];
        char *save = NULL;
        char copy[256];
        snprintf(copy, sizeof copy, "%s", colon + 1);
        for (char *kv = strtok_r(copy, ",", &save); kv; kv = strtok_r(NULL, ",", &save)) {
            char *eq = strchr(kv, '=');
            if (!eq) goto bad;
            *eq = '\0';
            const char *v = eq + 1;
            if (!strcmp(kv, "nt"))
                tuning.nt = (uint32_t)strtoul(v, NULL, 10);
            else if (!strcmp(kv, "vt"))
                tuning.vt = (uint32_t)strtoul(v, NULL, 10);
            else if (!strcmp(kv, "lookback")) {
                if (!mgpu_parse_switch(v, &tuning.lookback)) goto bad;
            } else if (!strcmp(kv, "subgroup")) {
                if (!mgpu_parse_switch(v, &tuning.subgroup)) goto bad;
            } else if (!strcmp(kv, "single")) {
                if (!mgpu_parse_switch(v, &tuning.single)) goto bad;
            } else if (!strcmp(kv, "fold")) {
                if (!mgpu_parse_switch(v, &tuning.fold)) goto bad;
            } else if (!strcmp(kv, "grids")) {
                if (!mgpu_parse_switch(v, &tuning.grids)) goto bad;
            } else if (!strcmp(kv, "blocksort"))
                tuning.blocksort = (uint32_t)strtoul(v, NULL, 10);
            else if (!strcmp(kv, "values_nt"))
                tuning.values_nt = (uint32_t)strtoul(v, NULL, 10);
            else if (!strcmp(kv, "values_vt"))
                tuning.values_vt = (uint32_t)strtoul(v, NULL, 10);
            else if (!strcmp(kv, "groups"))
                tuning.groups = (uint32_t)strtoul(v, NULL, 10);
            else if (!strcmp(kv, "wait"))
                tuning.lookback_wait = !strcmp(v, "never") ? MGPU_LOOKBACK_WAIT_NEVER : (uint32_t)strtoul(v, NULL, 10);
            else
                goto bad;
        }
        if (mgpu_context_set_tuning(ctx, (mgpu_prim)prim, MGPU_TYPE_BIT(t), &tuning) != MGPU_SUCCESS) goto bad;
    }
    return;
bad:
    mgpu__log(ctx, MGPU_LOG_WARNING, "MGPU_TUNE: ignoring a malformed or invalid entry");
}

void mgpu__tuning_init(mgpu_context ctx) {
    const char *env = getenv("MGPU_TUNE");
    if (!env || !*env) return;
    char buffer[1024];
    snprintf(buffer, sizeof buffer, "%s", env);
    char *save = NULL;
    for (char *entry = strtok_r(buffer, ";", &save); entry; entry = strtok_r(NULL, ";", &save))
        mgpu_apply_tune_entry(ctx, entry);
}
