/*
 * libFuzzer harness for the public API: each input decodes into one call (scan, reduce, merge, mergesort or
 * radix sort, sorted search, fill, copy, histogram, select, partition, unique, run-length encode, set count, set
 * operation, join count, join and segmented reduce) with its info
 * fields (types and ops past their enums, counts up to 2^32-1, flags, bit ranges, bin counts and bounds,
 * indirect counts and overflow flags) and ranges picked from a fixed set: live allocations of a few sizes, sub-ranges
 * (overlapping ones among them), a hand-made range inside a live allocation, a small one, and ranges the
 * library must refuse: a freed range whose bytes a live allocation now holds, a range past its allocation,
 * a range of a buffer the pool destroyed, a bogus handle, and the null range. Blocking tier, or the recording
 * tier with a scratch range from the same set.
 *
 * Oracle. Every allocation is filled with a pattern before the call and read back after it:
 *   - an error result: every byte is unchanged (nothing recorded, nothing written);
 *   - MGPU_SUCCESS: no range the library must refuse sat in a slot the call used; bytes outside the call's
 *     outputs (count * size bytes of each) and its scratch are unchanged; and where the harness has a CPU
 *     reference (integer scans and reductions; sorts of every type; merges and sorted searches of sorted
 *     inputs; integer and constant fills; copies; integer histograms; select, partition, unique and rle of
 *     every type; set counts and operations, join counts and joins of sorted inputs; integer segmented
 *     reductions, their starts made ascending), the outputs equal it, over the real counts min(*indirect count,
 *     capacity) where indirect counts are given (scan, reduce, merge, sorts, sorted search, histogram, select,
 *     partition, unique, rle, segmented reduce); an overflow flag is always checked (1 when a count exceeded
 *     its capacity, else 0);
 *   - no validation message (the context runs under the validation layers when they are installed).
 * A failure prints what differs and aborts, which libFuzzer reports with the input.
 *
 * Needs only the public header and the library: scripts/fuzz.sh builds it (fuzz/CMakeLists.txt) and runs it.
 * Env: MGPU_DEVICE picks another device than lavapipe; MGPU_FUZZ_VALIDATION=0 runs without the validation
 * layers; MGPU_FUZZ_STATS prints, every 5000 inputs, how often each call was refused, accepted and checked;
 * MGPU_FUZZ_TRACE prints each call's ranges and result (to replay a crash: ./fuzz_api crash-file).
 */
#include "mgpuvk.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* lavapipe (Mesa 22.3) leaks a few small objects of its own per pipeline and submit: not ours to find. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void) { return "leak:libvulkan_lvp.so\n"; }

/* ---- the fixed set of allocations and ranges ---- */

enum { ALLOC_A, ALLOC_B, ALLOC_C, ALLOC_D, ALLOC_E, ALLOC_V, ALLOC_COUNT };
static const VkDeviceSize alloc_bytes[ALLOC_COUNT] = {4096, 4096, 4096, 16384, 16, 4096};

typedef struct range_desc {
    mgpu_range range;
    int alloc;       /* the allocation whose bytes it names, -1 for none of ours */
    VkDeviceSize at; /* its offset in that allocation */
    bool bad;        /* the library must refuse it */
    const char *name;
} range_desc;

enum { RANGE_COUNT = 16 };
/* The calls an input's first byte picks (its value modulo this; its top bit: the recording tier). */
enum { CALL_KINDS = 17 };

static struct fuzz_state {
    mgpu_context ctx;
    mgpu_range alloc[ALLOC_COUNT];
    range_desc ranges[RANGE_COUNT];
    uint8_t *before[ALLOC_COUNT]; /* the pattern written before the call */
    uint8_t *expect[ALLOC_COUNT]; /* what must be there after it */
    uint8_t *free_[ALLOC_COUNT];  /* 1: any value is fine (an output without a reference, scratch) */
    uint8_t *got[ALLOC_COUNT];
    uint64_t validation_messages;
    bool stats, trace;
    uint64_t runs[CALL_KINDS][3], total_runs;
} S;

static void die(const char *format, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *format, ...) {
    va_list args;
    va_start(args, format);
    fprintf(stderr, "fuzz_api: ");
    vfprintf(stderr, format, args);
    va_end(args);
    fprintf(stderr, "\n  the context's last error (maybe of an earlier call): %s\n",
            S.ctx ? mgpu_context_last_error(S.ctx) : "");
    abort();
}

static void must(mgpu_result r, const char *what) {
    if (r != MGPU_SUCCESS) die("setup: %s -> %s", what, mgpu_result_name(r));
}

static range_desc sub(int alloc, VkDeviceSize at, VkDeviceSize size, const char *name) {
    mgpu_range r = S.alloc[alloc];
    r.offset += at;
    r.size = size;
    return (range_desc){r, alloc, at, false, name};
}

static void log_fn(void *user, mgpu_log_level level, const char *message) {
    (void)user;
    if (level == MGPU_LOG_VALIDATION) fprintf(stderr, "[validation] %s\n", message);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    const char *v = getenv("MGPU_FUZZ_VALIDATION");
    mgpu_context_desc desc = {
        .device = getenv("MGPU_DEVICE") ? NULL : "llvmpipe", .validation = !(v && !strcmp(v, "0")), .log = log_fn};
    mgpu_result r = mgpu_context_create(&desc, &S.ctx);
    if (r == MGPU_ERROR_UNSUPPORTED && desc.validation) { /* no validation layers here */
        desc.validation = false;
        r = mgpu_context_create(&desc, &S.ctx);
    }
    must(r, "mgpu_context_create");
    /* The stale range first: its bytes go to the victim V, the next allocation of its size class. */
    mgpu_range stale;
    must(mgpu_buffer_alloc(S.ctx, alloc_bytes[ALLOC_V], &stale), "alloc");
    mgpu_buffer_free(S.ctx, stale);
    for (int j = 0; j < ALLOC_COUNT; ++j) {
        int k = (ALLOC_V + j) % ALLOC_COUNT; /* the victim first */
        must(mgpu_buffer_alloc(S.ctx, alloc_bytes[k], &S.alloc[k]), "alloc");
        S.before[k] = malloc(alloc_bytes[k]);
        S.expect[k] = malloc(alloc_bytes[k]);
        S.free_[k] = malloc(alloc_bytes[k]);
        S.got[k] = malloc(alloc_bytes[k]);
    }
    if (S.alloc[ALLOC_V].buffer != stale.buffer || S.alloc[ALLOC_V].offset != stale.offset)
        die("setup: the victim did not get the freed range's bytes");
    /* A buffer the pool destroyed: a block of its own, freed and trimmed. */
    mgpu_range destroyed;
    must(mgpu_buffer_alloc(S.ctx, (VkDeviceSize)32 << 20, &destroyed), "alloc");
    mgpu_buffer_free(S.ctx, destroyed);
    mgpu_pool_trim(S.ctx);
    destroyed.size = 4096;
    mgpu_range grown = S.alloc[ALLOC_B];
    grown.size += 4096;
    mgpu_range by_hand = {.buffer = S.alloc[ALLOC_B].buffer, .offset = S.alloc[ALLOC_B].offset + 512, .size = 2048};
    range_desc set[RANGE_COUNT] = {
        {{0}, -1, 0, false, "null"},
        sub(ALLOC_A, 0, 4096, "A"),
        sub(ALLOC_B, 0, 4096, "B"),
        sub(ALLOC_C, 0, 4096, "C"),
        sub(ALLOC_D, 0, 16384, "D"),
        sub(ALLOC_A, 256, 1024, "A[256,+1024)"),
        sub(ALLOC_A, 1024, 2048, "A[1024,+2048)"),
        sub(ALLOC_D, 4, 8192, "D[4,+8192)"),
        {stale, ALLOC_V, 0, true, "stale (V's bytes)"},
        {{(VkBuffer)(uintptr_t)0xdeadbeef000ull, 0, 4096, 0}, -1, 0, true, "bogus"},
        {by_hand, ALLOC_B, 512, false, "B[512,+2048) by hand"},
        {grown, ALLOC_B, 0, true, "B grown"},
        sub(ALLOC_E, 0, 16, "E"),
        sub(ALLOC_D, 12288, 4096, "D[12288,+4096)"),
        {destroyed, -1, 0, true, "destroyed"},
        sub(ALLOC_C, 4000, 96, "C[4000,+96)"),
    };
    memcpy(S.ranges, set, sizeof set);
    S.validation_messages = mgpu_context_validation_message_count(S.ctx);
    S.stats = getenv("MGPU_FUZZ_STATS") != NULL;
    S.trace = getenv("MGPU_FUZZ_TRACE") != NULL;
    return 0;
}

/* ---- decoding ---- */

typedef struct reader {
    const uint8_t *p;
    size_t n;
} reader;

static uint8_t u8(reader *r) {
    if (!r->n) return 0;
    --r->n;
    return *r->p++;
}

static uint32_t u32(reader *r) {
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= (uint32_t)u8(r) << (8 * i);
    return v;
}

static uint64_t u64(reader *r) { return u32(r) | (uint64_t)u32(r) << 32; }

static mgpu_type pick_type(reader *r) {
    static const uint32_t types[] = {0, 1, 2, 3, 4, 5, 0, 1, 3, 4, MGPU_TYPE_COUNT, 0x7fffffff, 0xffffffffu};
    return (mgpu_type)types[u8(r) % (sizeof types / sizeof types[0])];
}

static uint32_t pick_count(reader *r) {
    static const uint32_t counts[] = {0,   1,    2,    3,    7,    31,   64,          100,         255,        256,
                                      257, 1000, 1023, 1024, 2048, 4096, 0x7fffffffu, 0x80000000u, 0xffffffffu};
    uint8_t k = u8(r);
    if (k >= 0xe0) return u8(r) | (uint32_t)(u8(r) & 0x1f) << 8; /* 0 .. 8191 */
    return counts[k % (sizeof counts / sizeof counts[0])];
}

static const range_desc *pick_range(reader *r) { return &S.ranges[u8(r) % RANGE_COUNT]; }

/* ---- element helpers ---- */

static size_t type_size(mgpu_type t) { return mgpu_type_size(t); }
static bool is_int(mgpu_type t) {
    return t == MGPU_TYPE_U32 || t == MGPU_TYPE_I32 || t == MGPU_TYPE_U64 || t == MGPU_TYPE_I64;
}
static bool is_signed(mgpu_type t) { return t == MGPU_TYPE_I32 || t == MGPU_TYPE_I64; }

static uint64_t load(mgpu_type t, const uint8_t *p) {
    if (type_size(t) == 4) {
        uint32_t v;
        memcpy(&v, p, 4);
        return v;
    }
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

static void store(mgpu_type t, uint8_t *p, uint64_t v) {
    if (type_size(t) == 4) {
        uint32_t w = (uint32_t)v;
        memcpy(p, &w, 4);
    } else {
        memcpy(p, &v, 8);
    }
}

/* The order-preserving unsigned image of a key (DESIGN.md: floats in IEEE total order). */
static uint64_t key_bits(mgpu_type t, uint64_t v) {
    switch (t) {
        case MGPU_TYPE_U32:
        case MGPU_TYPE_U64: return v;
        case MGPU_TYPE_I32: return v ^ 0x80000000u;
        case MGPU_TYPE_I64: return v ^ 0x8000000000000000ull;
        case MGPU_TYPE_F32: return (v & 0x80000000u) ? (~v & 0xffffffffu) : (v | 0x80000000u);
        default: return (v >> 63) ? ~v : (v | 0x8000000000000000ull);
    }
}

/* Integer min/max/add as the kernels do them (add wraps). */
static uint64_t int_apply(mgpu_type t, mgpu_op op, uint64_t acc, uint64_t x) {
    uint64_t mask = type_size(t) == 4 ? 0xffffffffull : ~0ull;
    if (op == MGPU_OP_ADD) return (acc + x) & mask;
    bool less = key_bits(t, x) < key_bits(t, acc);
    if (op == MGPU_OP_MIN) return less ? x : acc;
    return key_bits(t, x) > key_bits(t, acc) ? x : acc;
}

static uint64_t int_identity(mgpu_type t, mgpu_op op) {
    bool wide = type_size(t) == 8;
    if (op == MGPU_OP_ADD) return 0;
    if (op == MGPU_OP_MIN)
        return is_signed(t) ? (wide ? 0x7fffffffffffffffull : 0x7fffffffu) : (wide ? ~0ull : 0xffffffffu);
    return is_signed(t) ? (wide ? 0x8000000000000000ull : 0x80000000u) : 0;
}

/* ---- the oracle's bookkeeping ---- */

typedef struct slot {
    const range_desc *d;
    uint64_t bytes; /* bytes the call reads or writes through it (0: unused) */
    bool output;
    bool scratch;
} slot;

/* A pointer to `bytes` bytes of the pattern a valid range names (NULL if it names none of ours or too few). */
static uint8_t *bytes_of(uint8_t **base, const range_desc *d, uint64_t bytes) {
    if (d->alloc < 0 || d->bad || d->at + bytes > alloc_bytes[d->alloc]) return NULL;
    return base[d->alloc] + d->at;
}

static void mark_free(const range_desc *d, uint64_t bytes) {
    uint8_t *f = bytes_of(S.free_, d, bytes);
    if (f) memset(f, 1, bytes);
}

static bool overlap(const slot *a, const slot *b) {
    if (!a->bytes || !b->bytes || a->d->alloc < 0 || a->d->alloc != b->d->alloc) return false;
    return a->d->at < b->d->at + b->bytes && b->d->at < a->d->at + a->bytes;
}

/* ---- the calls, each with its reference ---- */

typedef struct call {
    mgpu_result result;
    slot slots[12];
    size_t slot_count;
    bool reference_done; /* the outputs' expected bytes are written (else they are free) */
    const char *what;
} call;

static slot *add_slot(call *c, const range_desc *d, uint64_t bytes, bool output) {
    slot *s = &c->slots[c->slot_count++];
    *s = (slot){.d = d, .bytes = d->range.buffer ? bytes : 0, .output = output};
    if (S.trace)
        fprintf(stderr, "trace: slot %zu: %s, %" PRIu64 " bytes%s\n", c->slot_count - 1, d->name, s->bytes,
                output ? ", written" : "");
    return s;
}

static mgpu_result run_recorded(int kind, const void *info, const range_desc *scratch, call *c);

/* An optional range: mostly none, else one of the set (indirect counts, overflow flags). */
static const range_desc *pick_optional(reader *r) { return u8(r) % 3 ? &S.ranges[0] : pick_range(r); }

/* The device count an indirect count range held before the call (UINT32_MAX past any capacity when its bytes are
 * none of ours: the call was refused then), clamped to capacity; capacity without one. */
static uint32_t real_count(const range_desc *ic, uint32_t capacity) {
    if (!ic->range.buffer) return capacity;
    const uint8_t *p = bytes_of(S.before, ic, 4);
    uint32_t device = UINT32_MAX;
    if (p) memcpy(&device, p, 4);
    return device < capacity ? device : capacity;
}

/* The overflow flag a successful call wrote (slot so, range of): 1 when a given count (c1, c2) held more than
 * its capacity, else 0. Checked whatever the reference: the flag is no output the oracle may leave free. */
static void expect_overflow(const slot *so, const range_desc *of, const range_desc *c1, uint32_t cap1,
                            const range_desc *c2, uint32_t cap2) {
    uint8_t *e = so->bytes ? bytes_of(S.expect, of, 4) : NULL;
    if (!e) return;
    uint32_t flag = (c1->range.buffer && real_count(c1, UINT32_MAX) > cap1) ||
                    (c2 && c2->range.buffer && real_count(c2, UINT32_MAX) > cap2);
    memcpy(e, &flag, 4);
}

static void call_scan(reader *r, bool recorded, call *c) {
    mgpu_scan_info info = {
        .type = pick_type(r), .op = (mgpu_op)(u8(r) % 5), .exclusive = u8(r) & 1, .count = pick_count(r)};
    const range_desc *in = pick_range(r), *out = u8(r) & 1 ? in : pick_range(r), *total = pick_range(r);
    if (u8(r) % 4 == 0) total = &S.ranges[0];
    const range_desc *ic = pick_optional(r), *of = pick_optional(r);
    info.input = in->range;
    info.output = out->range;
    info.total = total->range;
    info.indirect_count = ic->range;
    info.overflow = of->range;
    size_t size = type_size(info.type);
    uint64_t bytes = (uint64_t)info.count * size;
    add_slot(c, in, bytes, false);
    slot *so = add_slot(c, out, bytes, true);
    slot *st = add_slot(c, total, size ? size : 1, true);
    add_slot(c, ic, 4, false);
    slot *sf = add_slot(c, of, 4, false);
    mgpu_scalar host_total = {0};
    c->what = "scan";
    if (recorded) {
        const range_desc *scratch = pick_range(r);
        c->result = run_recorded(0, &info, scratch, c);
    } else {
        c->result = mgpu_scan(S.ctx, &info, &host_total);
    }
    if (c->result == MGPU_SUCCESS) expect_overflow(sf, of, ic, info.count, NULL, 0);
    if (c->result != MGPU_SUCCESS || !is_int(info.type)) return;
    /* reference, over the real count (the outputs past it keep their bytes) */
    uint32_t m = real_count(ic, info.count);
    bytes = (uint64_t)m * size;
    const uint8_t *src = bytes_of(S.before, in, bytes);
    uint8_t *dst = bytes_of(S.expect, out, bytes);
    if ((bytes && (!src || !dst)) || (so->bytes == 0 && bytes)) return;
    uint8_t *tmp = malloc(bytes + 1);
    uint64_t acc = int_identity(info.type, info.op);
    for (uint32_t i = 0; i < m; ++i) {
        uint64_t x = load(info.type, src + (size_t)i * size);
        uint64_t next = int_apply(info.type, info.op, acc, x);
        store(info.type, tmp + (size_t)i * size, info.exclusive ? acc : next);
        acc = next;
    }
    if (bytes) memcpy(dst, tmp, bytes);
    free(tmp);
    if (st->bytes) {
        uint8_t *t = bytes_of(S.expect, total, size);
        if (!t) return;
        store(info.type, t, acc);
    }
    if (!recorded && load(info.type, (const uint8_t *)&host_total) != (size == 4 ? acc & 0xffffffffu : acc))
        die("scan: host total %" PRIx64 ", expected %" PRIx64, load(info.type, (const uint8_t *)&host_total), acc);
    c->reference_done = true;
}

static void call_reduce(reader *r, bool recorded, call *c) {
    mgpu_reduce_info info = {.type = pick_type(r), .op = (mgpu_op)(u8(r) % 6), .count = pick_count(r)};
    const range_desc *in = pick_range(r), *res = pick_range(r);
    if (!recorded && u8(r) % 3 == 0) res = &S.ranges[0];
    const range_desc *ic = pick_optional(r), *of = pick_optional(r);
    info.input = in->range;
    info.result = res->range;
    info.indirect_count = ic->range;
    info.overflow = of->range;
    size_t size = type_size(info.type);
    uint64_t bytes = (uint64_t)info.count * size;
    add_slot(c, in, bytes, false);
    slot *sr = add_slot(c, res, MGPU_REDUCE_RESULT_BYTES, true);
    add_slot(c, ic, 4, false);
    slot *sf = add_slot(c, of, 4, false);
    mgpu_reduce_value value;
    memset(&value, 0, sizeof value);
    c->what = "reduce";
    c->result = recorded ? run_recorded(1, &info, pick_range(r), c) : mgpu_reduce(S.ctx, &info, &value);
    if (c->result == MGPU_SUCCESS) expect_overflow(sf, of, ic, info.count, NULL, 0);
    if (c->result != MGPU_SUCCESS || !is_int(info.type)) return;
    uint32_t m = real_count(ic, info.count);
    bytes = (uint64_t)m * size;
    const uint8_t *src = bytes_of(S.before, in, bytes);
    if (bytes && !src) return;
    mgpu_op op = info.op == MGPU_OP_MAX_INDEX ? MGPU_OP_MAX : info.op;
    uint64_t acc = int_identity(info.type, op);
    int64_t index = -1;
    for (uint32_t i = 0; i < m; ++i) {
        uint64_t x = load(info.type, src + (size_t)i * size);
        if (info.op == MGPU_OP_MAX_INDEX) {
            if (index < 0 || key_bits(info.type, x) > key_bits(info.type, acc)) {
                acc = x;
                index = i;
            }
        } else {
            acc = int_apply(info.type, op, acc, x);
        }
    }
    if (sr->bytes) {
        uint8_t *e = bytes_of(S.expect, res, MGPU_REDUCE_RESULT_BYTES);
        uint8_t *f = bytes_of(S.free_, res, MGPU_REDUCE_RESULT_BYTES);
        if (!e) return;
        memset(f, 1, MGPU_REDUCE_RESULT_BYTES); /* the bytes past the value (and index) are not specified */
        store(info.type, e, acc);
        memset(f, 0, size);
        if (info.op == MGPU_OP_MAX_INDEX) {
            memcpy(e + 8, &index, 8);
            memset(f + 8, 0, 8);
        }
    }
    if (!recorded) {
        uint64_t got = load(info.type, (const uint8_t *)&value.value);
        if (got != acc || (info.op == MGPU_OP_MAX_INDEX && value.index != index))
            die("reduce: host value %" PRIx64 " index %" PRId64 ", expected %" PRIx64 " index %" PRId64, got,
                value.index, acc, index);
    }
    c->reference_done = true;
}

static void call_fill(reader *r, call *c) {
    mgpu_fill_info info = {.type = pick_type(r), .mode = (mgpu_fill_mode)(u8(r) % 5), .count = pick_count(r)};
    const range_desc *out = pick_range(r);
    info.output = out->range;
    info.a.u64 = u64(r) % 1000;
    info.b.u64 = u64(r) % 1000 + info.a.u64;
    info.seed = u8(r);
    size_t size = type_size(info.type);
    uint64_t bytes = (uint64_t)info.count * size;
    slot *so = add_slot(c, out, bytes, true);
    c->what = "fill";
    c->result = u8(r) & 1 ? run_recorded(2, &info, &S.ranges[0], c) : mgpu_fill(S.ctx, &info);
    if (c->result != MGPU_SUCCESS || !so->bytes) return;
    bool constant = info.mode == MGPU_FILL_CONSTANT, ascending = info.mode == MGPU_FILL_ASCENDING && is_int(info.type);
    if (!constant && !ascending) return;
    uint8_t *dst = bytes_of(S.expect, out, bytes);
    if (!dst) return;
    uint64_t a = size == 4 ? info.a.u32 : info.a.u64, b = size == 4 ? info.b.u32 : info.b.u64;
    for (uint32_t i = 0; i < info.count; ++i)
        store(info.type, dst + (size_t)i * size, constant ? a : a + (uint64_t)i * b);
    c->reference_done = true;
}

static void call_copy(reader *r, call *c) {
    const range_desc *src = pick_range(r), *dst = pick_range(r);
    uint32_t count = pick_count(r);
    VkDeviceSize bytes = u8(r) & 1 ? count : (VkDeviceSize)count * 4;
    mgpu_copy_info info = {.src = src->range, .dst = dst->range, .bytes = bytes};
    add_slot(c, src, bytes, false);
    add_slot(c, dst, bytes, true);
    c->what = "copy";
    c->result = run_recorded(3, &info, &S.ranges[0], c);
    if (c->result != MGPU_SUCCESS || !bytes) return;
    const uint8_t *s = bytes_of(S.before, src, bytes);
    uint8_t *d = bytes_of(S.expect, dst, bytes);
    if (!s || !d) return;
    memcpy(d, s, bytes);
    c->reference_done = true;
}

static bool sorted_run(mgpu_type t, bool descending, const uint8_t *p, uint32_t n) {
    size_t size = type_size(t);
    for (uint32_t i = 1; i < n; ++i) {
        uint64_t x = key_bits(t, load(t, p + (size_t)(i - 1) * size)), y = key_bits(t, load(t, p + (size_t)i * size));
        if (descending ? x < y : x > y) return false;
    }
    return true;
}

/* The position key of element i in the order: ascending bits, or their complement when descending. */
static uint64_t order_key(mgpu_type t, bool descending, const uint8_t *p, uint32_t i) {
    uint64_t k = key_bits(t, load(t, p + (size_t)i * type_size(t)));
    return descending ? ~k : k;
}

static void call_merge(reader *r, call *c) {
    static const uint32_t value_sizes[] = {0, 4, 8, 0, 4, 3, 16};
    mgpu_merge_info info = {.key_type = pick_type(r),
                            .value_size = value_sizes[u8(r) % 7],
                            .descending = u8(r) & 1,
                            .a_count = pick_count(r),
                            .b_count = pick_count(r)};
    const range_desc *ak = pick_range(r), *bk = pick_range(r), *av = pick_range(r), *bv = pick_range(r),
                     *ok = pick_range(r), *ov = pick_range(r);
    info.a_keys = ak->range, info.b_keys = bk->range, info.a_values = av->range, info.b_values = bv->range;
    info.out_keys = ok->range, info.out_values = ov->range;
    const range_desc *ica = pick_optional(r), *icb = pick_optional(r), *of = pick_optional(r);
    info.indirect_a_count = ica->range, info.indirect_b_count = icb->range, info.overflow = of->range;
    size_t k = type_size(info.key_type), v = info.value_size;
    uint64_t an = info.a_count, bn = info.b_count, n = an + bn;
    add_slot(c, ak, an * k, false);
    add_slot(c, bk, bn * k, false);
    add_slot(c, av, v ? an * v : 0, false);
    add_slot(c, bv, v ? bn * v : 0, false);
    add_slot(c, ok, n * k, true);
    add_slot(c, ov, v ? n * v : 0, true);
    add_slot(c, ica, 4, false);
    add_slot(c, icb, 4, false);
    slot *sf = add_slot(c, of, 4, false);
    c->what = "merge";
    c->result = u8(r) & 1 ? run_recorded(4, &info, pick_range(r), c) : mgpu_merge(S.ctx, &info);
    if (c->result == MGPU_SUCCESS) expect_overflow(sf, of, ica, info.a_count, icb, info.b_count);
    if (c->result != MGPU_SUCCESS || !k) return;
    /* The reference merges the real counts' elements (the inputs past them must not matter, nor be sorted). */
    an = real_count(ica, info.a_count), bn = real_count(icb, info.b_count), n = an + bn;
    const uint8_t *a = bytes_of(S.before, ak, an * k), *b = bytes_of(S.before, bk, bn * k);
    const uint8_t *va = v ? bytes_of(S.before, av, an * v) : NULL, *vb = v ? bytes_of(S.before, bv, bn * v) : NULL;
    uint8_t *o = bytes_of(S.expect, ok, n * k), *ovp = v ? bytes_of(S.expect, ov, n * v) : NULL;
    if ((an && !a) || (bn && !b) || (n && !o) || (v && ((an && !va) || (bn && !vb) || (n && !ovp)))) return;
    if (!sorted_run(info.key_type, info.descending, a, (uint32_t)an) ||
        !sorted_run(info.key_type, info.descending, b, (uint32_t)bn))
        return; /* a precondition the library does not check: any output will do */
    uint8_t *tk = malloc(n * k + 1), *tv = malloc(n * v + 1);
    for (uint64_t i = 0, j = 0, p = 0; p < n; ++p) {
        bool take_a = j >= bn || (i < an && order_key(info.key_type, info.descending, a, (uint32_t)i) <=
                                                order_key(info.key_type, info.descending, b, (uint32_t)j));
        const uint8_t *key = take_a ? a + i * k : b + j * k;
        memcpy(tk + p * k, key, k);
        if (v) memcpy(tv + p * v, take_a ? va + i * v : vb + j * v, v);
        if (take_a)
            ++i;
        else
            ++j;
    }
    if (n) memcpy(o, tk, n * k);
    if (v && n) memcpy(ovp, tv, n * v);
    free(tk);
    free(tv);
    c->reference_done = true;
}

typedef struct sort_item {
    uint64_t key;
    uint32_t index;
} sort_item;

static int compare_items(const void *x, const void *y) {
    const sort_item *a = x, *b = y;
    if (a->key != b->key) return a->key < b->key ? -1 : 1;
    return a->index < b->index ? -1 : a->index > b->index; /* stable */
}

static void call_sort(reader *r, call *c) {
    static const uint32_t value_sizes[] = {0, 4, 8, 0, 4, 3};
    bool radix = u8(r) & 1;
    mgpu_sort_info info = {.key_type = pick_type(r), .value_size = value_sizes[u8(r) % 6], .count = pick_count(r)};
    uint8_t flags = u8(r);
    info.indices = flags & 1;
    info.descending = flags & 2;
    if (flags & 4) {
        info.begin_bit = u8(r) % 72;
        info.end_bit = u8(r) % 72;
    }
    const range_desc *ki = pick_range(r), *ko = flags & 8 ? ki : pick_range(r), *vi = pick_range(r),
                     *vo = flags & 16 ? vi : pick_range(r), *ic = flags & 32 ? pick_range(r) : &S.ranges[0];
    const range_desc *of = flags & 64 ? pick_range(r) : &S.ranges[0];
    info.keys_in = ki->range, info.keys_out = ko->range, info.values_in = vi->range, info.values_out = vo->range;
    info.indirect_count = ic->range;
    info.overflow = of->range;
    size_t k = type_size(info.key_type), v = info.value_size, vout = info.indices ? 4 : v;
    uint64_t n = info.count;
    add_slot(c, ki, n * k, false);
    add_slot(c, ko, n * k, true);
    add_slot(c, vi, v ? n * v : 0, false);
    add_slot(c, vo, vout ? n * vout : 0, true);
    add_slot(c, ic, 4, false);
    slot *sf = add_slot(c, of, 4, false);
    c->what = radix ? "radixsort" : "mergesort";
    bool recorded = u8(r) & 1;
    if (recorded)
        c->result = run_recorded(radix ? 6 : 5, &info, pick_range(r), c);
    else
        c->result = radix ? mgpu_radixsort(S.ctx, &info) : mgpu_mergesort(S.ctx, &info);
    if (c->result == MGPU_SUCCESS) expect_overflow(sf, of, ic, info.count, NULL, 0);
    if (c->result != MGPU_SUCCESS || !n) return;
    const uint8_t *keys = bytes_of(S.before, ki, n * k), *values = v ? bytes_of(S.before, vi, n * v) : NULL;
    uint8_t *out_keys = bytes_of(S.expect, ko, n * k), *out_values = vout ? bytes_of(S.expect, vo, n * vout) : NULL;
    if (!keys || !out_keys || (v && !values) || (vout && !out_values)) return;
    uint64_t m = n;
    if (info.indirect_count.buffer) {
        const uint8_t *cp = bytes_of(S.before, ic, 4);
        if (!cp) return;
        uint32_t device_count;
        memcpy(&device_count, cp, 4);
        if (device_count < m) m = device_count;
    }
    unsigned bits = (unsigned)k * 8, begin = info.begin_bit, end = info.end_bit;
    if (begin == 0 && end == 0) end = bits;
    sort_item *items = malloc((m + 1) * sizeof *items);
    for (uint32_t i = 0; i < m; ++i) {
        uint64_t key = order_key(info.key_type, info.descending, keys, i);
        if (end > begin) {
            key >>= begin;
            if (end - begin < 64) key &= (1ull << (end - begin)) - 1;
        } else {
            key = 0;
        }
        items[i] = (sort_item){key, i};
    }
    qsort(items, m, sizeof *items, compare_items);
    uint8_t *tk = malloc(m * k + 1), *tv = malloc(m * (vout ? vout : 1) + 1);
    for (uint32_t i = 0; i < m; ++i) {
        memcpy(tk + (size_t)i * k, keys + (size_t)items[i].index * k, k);
        if (info.indices)
            memcpy(tv + (size_t)i * 4, &items[i].index, 4);
        else if (v)
            memcpy(tv + (size_t)i * v, values + (size_t)items[i].index * v, v);
    }
    memcpy(out_keys, tk, m * k);
    if (vout) memcpy(out_values, tv, m * vout);
    free(items);
    free(tk);
    free(tv);
    c->reference_done = true;
}

static void call_search(reader *r, call *c) {
    mgpu_sorted_search_info info = {.key_type = pick_type(r),
                                    .bounds = (mgpu_bounds)(u8(r) % 3),
                                    .descending = u8(r) & 1,
                                    .a_count = pick_count(r),
                                    .b_count = pick_count(r)};
    const range_desc *ak = pick_range(r), *bk = pick_range(r), *out[4];
    for (int i = 0; i < 4; ++i) out[i] = u8(r) % 3 ? pick_range(r) : &S.ranges[0];
    info.a_keys = ak->range, info.b_keys = bk->range;
    info.a_indices = out[0]->range, info.b_indices = out[1]->range;
    info.a_matches = out[2]->range, info.b_matches = out[3]->range;
    const range_desc *ica = pick_optional(r), *icb = pick_optional(r), *of = pick_optional(r);
    info.indirect_a_count = ica->range, info.indirect_b_count = icb->range, info.overflow = of->range;
    size_t k = type_size(info.key_type);
    uint64_t an = info.a_count, bn = info.b_count;
    add_slot(c, ak, an * k, false);
    add_slot(c, bk, bn * k, false);
    slot *so[4];
    for (int i = 0; i < 4; ++i) so[i] = add_slot(c, out[i], (i % 2 ? bn : an) * 4, true);
    add_slot(c, ica, 4, false);
    add_slot(c, icb, 4, false);
    slot *sf = add_slot(c, of, 4, false);
    uint32_t a_matched = 0, b_matched = 0;
    bool recorded = u8(r) & 1;
    c->what = "sorted search";
    c->result =
        recorded ? run_recorded(7, &info, pick_range(r), c) : mgpu_sorted_search(S.ctx, &info, &a_matched, &b_matched);
    if (c->result == MGPU_SUCCESS) expect_overflow(sf, of, ica, info.a_count, icb, info.b_count);
    if (c->result != MGPU_SUCCESS || !k) return;
    an = real_count(ica, info.a_count), bn = real_count(icb, info.b_count); /* the outputs past them keep theirs */
    const uint8_t *a = bytes_of(S.before, ak, an * k), *b = bytes_of(S.before, bk, bn * k);
    if ((an && !a) || (bn && !b)) return;
    if (!sorted_run(info.key_type, info.descending, a, (uint32_t)an) ||
        !sorted_run(info.key_type, info.descending, b, (uint32_t)bn))
        return;
    bool upper = info.bounds == MGPU_BOUNDS_UPPER;
    int32_t *res[4];
    for (int i = 0; i < 4; ++i) res[i] = calloc((i % 2 ? bn : an) + 1, 4);
    uint32_t want_a = 0, want_b = 0;
    for (uint32_t i = 0; i < an; ++i) { /* A into B: lower (B before A's key) or upper (B at or before) */
        uint64_t x = order_key(info.key_type, info.descending, a, i);
        int32_t lo = 0, hi = 0;
        bool match = false;
        for (uint32_t j = 0; j < bn; ++j) {
            uint64_t y = order_key(info.key_type, info.descending, b, j);
            lo += y < x;
            hi += y <= x;
            match |= y == x;
        }
        res[0][i] = upper ? hi : lo;
        res[2][i] = match;
        want_a += match;
    }
    for (uint32_t j = 0; j < bn; ++j) { /* B into A with the other bound */
        uint64_t y = order_key(info.key_type, info.descending, b, j);
        int32_t lo = 0, hi = 0;
        bool match = false;
        for (uint32_t i = 0; i < an; ++i) {
            uint64_t x = order_key(info.key_type, info.descending, a, i);
            lo += x < y;
            hi += x <= y;
            match |= x == y;
        }
        res[1][j] = upper ? lo : hi;
        res[3][j] = match;
        want_b += match;
    }
    bool ok = true;
    for (int i = 0; i < 4; ++i) {
        uint64_t bytes = (i % 2 ? bn : an) * 4;
        if (!so[i]->bytes) continue;
        uint8_t *e = bytes_of(S.expect, out[i], bytes);
        if (e)
            memcpy(e, res[i], bytes);
        else
            ok = false;
    }
    for (int i = 0; i < 4; ++i) free(res[i]);
    if (!recorded && ((info.a_matches.buffer && a_matched != want_a) || (info.b_matches.buffer && b_matched != want_b)))
        die("sorted search: match counts %u %u, expected %u %u", a_matched, b_matched, want_a, want_b);
    c->reference_done = ok;
}

/* The histogram's bin of an integer value (mgpuvk.h: floor((v - lower) * bins / (upper - lower)), exactly), or -1
 * for a value outside [lower, upper). The order-preserving image keeps the differences. */
__extension__ typedef unsigned __int128 fuzz_u128;
static int64_t int_bin(mgpu_type t, uint64_t v, uint64_t lower, uint64_t upper, uint32_t bins) {
    uint64_t kv = key_bits(t, v), kl = key_bits(t, lower), kh = key_bits(t, upper);
    if (kv < kl || kv >= kh) return -1;
    return (int64_t)((fuzz_u128)(kv - kl) * bins / (kh - kl));
}

static void call_histogram(reader *r, bool recorded, call *c) {
    /* 256 first: what an input too short to pick the bins gets (as the ranges and the bounds below, read last) */
    static const uint32_t bin_counts[] = {256, 1, 2, 3, 7, 257, 1000, 10000, 0, MGPU_HISTOGRAM_MAX_BINS + 1};
    mgpu_histogram_info info = {.type = pick_type(r), .count = pick_count(r), .bins = bin_counts[u8(r) % 10]};
    const range_desc *in = pick_range(r), *counts = pick_range(r), *counted = u8(r) % 3 ? pick_range(r) : &S.ranges[0],
                     *ic = u8(r) % 3 ? &S.ranges[0] : pick_range(r);
    info.input = in->range, info.counts = counts->range, info.counted = counted->range;
    info.indirect_count = ic->range;
    const range_desc *of = ic->range.buffer ? pick_optional(r) : &S.ranges[0];
    info.overflow = of->range;
    /* Bounds: mostly small integers (as any type's bits), else a random 64-bit pattern each. */
    uint8_t bounds = u8(r);
    uint64_t lo = bounds % 8 == 1 ? u64(r) : (uint64_t)(int64_t)((int8_t)u8(r) / 8);
    uint64_t hi = bounds % 8 == 2 ? u64(r) : lo + 1 + u8(r) % 40;
    switch (info.type) {
        case MGPU_TYPE_U32: info.lower.u32 = (uint32_t)lo, info.upper.u32 = (uint32_t)hi; break;
        case MGPU_TYPE_I32: info.lower.i32 = (int32_t)lo, info.upper.i32 = (int32_t)hi; break;
        case MGPU_TYPE_F32: info.lower.f32 = (float)(int64_t)lo, info.upper.f32 = (float)(int64_t)hi; break;
        case MGPU_TYPE_F64: info.lower.f64 = (double)(int64_t)lo, info.upper.f64 = (double)(int64_t)hi; break;
        default: info.lower.u64 = lo, info.upper.u64 = hi; break;
    }
    size_t size = type_size(info.type);
    uint64_t bytes = (uint64_t)info.count * size, count_bytes = (uint64_t)info.bins * 4;
    add_slot(c, in, bytes, false);
    slot *sc = add_slot(c, counts, count_bytes, true);
    slot *sn = add_slot(c, counted, 4, true);
    add_slot(c, ic, 4, false);
    slot *sf = add_slot(c, of, 4, false);
    uint32_t host_counted = 0x5a5a5a5au;
    c->what = "histogram";
    c->result = recorded ? run_recorded(8, &info, pick_range(r), c) : mgpu_histogram(S.ctx, &info, &host_counted);
    if (c->result == MGPU_SUCCESS) expect_overflow(sf, of, ic, info.count, NULL, 0);
    if (c->result != MGPU_SUCCESS) {
        if (!recorded && host_counted != 0x5a5a5a5au) die("histogram refused but wrote its count");
        return;
    }
    if (!is_int(info.type)) return;
    uint64_t m = info.count;
    if (info.indirect_count.buffer) {
        const uint8_t *cp = bytes_of(S.before, ic, 4);
        if (!cp) return;
        uint32_t device_count;
        memcpy(&device_count, cp, 4);
        if (device_count < m) m = device_count;
    }
    const uint8_t *src = bytes_of(S.before, in, bytes);
    uint8_t *e = bytes_of(S.expect, counts, count_bytes);
    if ((bytes && !src) || !e || !sc->bytes) return;
    uint32_t *want = calloc(info.bins, 4), total = 0;
    uint64_t mask = size == 4 ? 0xffffffffull : ~0ull;
    for (uint64_t i = 0; i < m; ++i) {
        int64_t b = int_bin(info.type, load(info.type, src + i * size), lo & mask, hi & mask, info.bins);
        if (b >= 0) ++want[b], ++total;
    }
    memcpy(e, want, count_bytes);
    free(want);
    if (sn->bytes) {
        uint8_t *n = bytes_of(S.expect, counted, 4);
        if (!n) return;
        memcpy(n, &total, 4);
    }
    if (!recorded && host_counted != total) die("histogram: host counted %u, expected %u", host_counted, total);
    c->reference_done = true;
}

/* select (partition false) or partition, with every type (elements moved as bits). */
static void call_select(reader *r, bool recorded, bool partition, call *c) {
    mgpu_select_info info = {.type = pick_type(r), .count = pick_count(r)};
    const range_desc *in = pick_range(r), *flags = pick_range(r), *out = pick_range(r),
                     *ix = u8(r) % 2 ? pick_range(r) : &S.ranges[0], *oc = u8(r) % 4 ? pick_range(r) : &S.ranges[0];
    info.input = in->range, info.flags = flags->range, info.output = out->range, info.indices = ix->range;
    info.out_count = oc->range;
    const range_desc *ic = pick_optional(r), *of = pick_optional(r);
    info.indirect_count = ic->range, info.overflow = of->range;
    size_t size = type_size(info.type);
    uint64_t n = info.count, bytes = n * size;
    add_slot(c, in, bytes, false);
    add_slot(c, flags, n * 4, false);
    slot *so = add_slot(c, out, bytes, true);
    slot *si = add_slot(c, ix, n * 4, true);
    slot *sn = add_slot(c, oc, 4, true);
    add_slot(c, ic, 4, false);
    slot *sf = add_slot(c, of, 4, false);
    uint32_t host_count = 0x5a5a5a5au;
    c->what = partition ? "partition" : "select";
    if (recorded)
        c->result = run_recorded(partition ? 10 : 9, &info, pick_range(r), c);
    else
        c->result = partition ? mgpu_partition(S.ctx, &info, &host_count) : mgpu_select(S.ctx, &info, &host_count);
    if (c->result != MGPU_SUCCESS) {
        if (!recorded && host_count != 0x5a5a5a5au) die("%s refused but wrote its count", c->what);
        return;
    }
    expect_overflow(sf, of, ic, info.count, NULL, 0);
    /* The reference over the real count: the outputs past it (partition's too) keep their bytes. */
    n = real_count(ic, info.count), bytes = n * size;
    const uint8_t *src = bytes_of(S.before, in, bytes), *f = bytes_of(S.before, flags, n * 4);
    uint8_t *o = bytes_of(S.expect, out, bytes), *x = si->bytes ? bytes_of(S.expect, ix, n * 4) : NULL;
    if (n && (!src || !f || !o || !so->bytes || (si->bytes && !x))) return;
    uint32_t kept = 0, rejected = 0;
    for (uint32_t i = 0; i < n; ++i) {
        int32_t flag;
        memcpy(&flag, f + (size_t)i * 4, 4);
        uint32_t at;
        if (flag)
            at = kept++;
        else if (partition)
            at = (uint32_t)n - 1 - rejected++;
        else
            continue;
        memcpy(o + (size_t)at * size, src + (size_t)i * size, size);
        if (x) memcpy(x + (size_t)at * 4, &i, 4);
    }
    if (sn->bytes) {
        uint8_t *k = bytes_of(S.expect, oc, 4);
        if (!k) return;
        memcpy(k, &kept, 4);
    }
    if (!recorded && host_count != kept) die("%s: host count %u, expected %u", c->what, host_count, kept);
    c->reference_done = true;
}

/* unique (rle false) or run-length encode, with every type (equal: the same bits). */
static void call_unique(reader *r, bool recorded, bool rle, call *c) {
    mgpu_unique_info info = {.type = pick_type(r), .count = pick_count(r)};
    const range_desc *in = pick_range(r), *out = pick_range(r),
                     *len = rle || u8(r) % 8 == 0 ? pick_range(r) : &S.ranges[0],
                     *oc = u8(r) % 4 ? pick_range(r) : &S.ranges[0];
    info.input = in->range, info.output = out->range, info.lengths = len->range, info.out_count = oc->range;
    const range_desc *ic = pick_optional(r), *of = pick_optional(r);
    info.indirect_count = ic->range, info.overflow = of->range;
    size_t size = type_size(info.type);
    uint64_t n = info.count, bytes = n * size;
    add_slot(c, in, bytes, false);
    slot *so = add_slot(c, out, bytes, true);
    slot *sl = add_slot(c, len, rle ? n * 4 : 0, true);
    slot *sn = add_slot(c, oc, 4, true);
    add_slot(c, ic, 4, false);
    slot *sf = add_slot(c, of, 4, false);
    uint32_t host_count = 0x5a5a5a5au;
    c->what = rle ? "rle" : "unique";
    if (recorded)
        c->result = run_recorded(rle ? 12 : 11, &info, pick_range(r), c);
    else
        c->result = rle ? mgpu_rle(S.ctx, &info, &host_count) : mgpu_unique(S.ctx, &info, &host_count);
    if (c->result != MGPU_SUCCESS) {
        if (!recorded && host_count != 0x5a5a5a5au) die("%s refused but wrote its count", c->what);
        return;
    }
    expect_overflow(sf, of, ic, info.count, NULL, 0);
    n = real_count(ic, info.count), bytes = n * size; /* the outputs past the real count keep their bytes */
    const uint8_t *src = bytes_of(S.before, in, bytes);
    uint8_t *o = bytes_of(S.expect, out, bytes), *l = rle ? bytes_of(S.expect, len, n * 4) : NULL;
    if (n && (!src || !o || !so->bytes || (rle && (!l || !sl->bytes)))) return;
    uint32_t runs = 0;
    for (uint32_t i = 0; i < n; ++i) {
        if (i == 0 || memcmp(src + (size_t)i * size, src + (size_t)(i - 1) * size, size) != 0) {
            memcpy(o + (size_t)runs * size, src + (size_t)i * size, size);
            if (l) memset(l + (size_t)runs * 4, 0, 4);
            ++runs;
        }
        if (l) {
            int32_t length;
            memcpy(&length, l + (size_t)(runs - 1) * 4, 4);
            ++length;
            memcpy(l + (size_t)(runs - 1) * 4, &length, 4);
        }
    }
    if (sn->bytes) {
        uint8_t *k = bytes_of(S.expect, oc, 4);
        if (!k) return;
        memcpy(k, &runs, 4);
    }
    if (!recorded && host_count != runs) die("%s: host count %u, expected %u", c->what, host_count, runs);
    c->reference_done = true;
}

/* The set operations (count_only: mgpu_set_count) in the merge's order, A's element for a match; on sorted inputs
 * (a precondition the library does not check) against std::set_*'s two-pointer walk. */
static void call_sets(reader *r, bool recorded, bool count_only, call *c) {
    static const uint32_t value_sizes[] = {0, 4, 8, 0, 3};
    mgpu_set_info info = {.key_type = pick_type(r),
                          .op = (mgpu_set_op)(u8(r) % 5),
                          .descending = u8(r) & 1,
                          .value_size = value_sizes[u8(r) % 5],
                          .a_count = pick_count(r),
                          .b_count = pick_count(r),
                          .capacity = pick_count(r)};
    const range_desc *ak = pick_range(r), *bk = pick_range(r), *av = pick_range(r), *bv = pick_range(r),
                     *ok = pick_range(r), *ov = pick_range(r), *oc = u8(r) % 4 ? pick_range(r) : &S.ranges[0];
    info.a_keys = ak->range, info.b_keys = bk->range, info.a_values = av->range, info.b_values = bv->range;
    info.out_keys = ok->range, info.out_values = ov->range, info.out_count = oc->range;
    size_t k = type_size(info.key_type), v = info.value_size;
    uint64_t an = info.a_count, bn = info.b_count, cap = info.capacity;
    add_slot(c, ak, an * k, false);
    add_slot(c, bk, bn * k, false);
    slot *sok = NULL, *sov = NULL;
    if (!count_only) {
        add_slot(c, av, v ? an * v : 0, false);
        add_slot(c, bv, v ? bn * v : 0, false);
        sok = add_slot(c, ok, cap * k, true);
        sov = add_slot(c, ov, v ? cap * v : 0, true);
    }
    slot *sn = add_slot(c, oc, 4, true);
    uint32_t host_count = 0x5a5a5a5au;
    c->what = count_only ? "set count" : "set operation";
    if (recorded)
        c->result = run_recorded(count_only ? 13 : 14, &info, pick_range(r), c);
    else if (count_only)
        c->result = mgpu_set_count(S.ctx, &info, &host_count);
    else
        c->result = mgpu_set_operation(S.ctx, &info, &host_count);
    if (c->result != MGPU_SUCCESS) {
        if (!recorded && count_only && host_count != 0x5a5a5a5au) die("set count refused but wrote its count");
        return; /* a refused operation may give the true count (MGPU_ERROR_RANGE_TOO_SMALL) */
    }
    if (!k) return;
    const uint8_t *a = bytes_of(S.before, ak, an * k), *b = bytes_of(S.before, bk, bn * k);
    if ((an && !a) || (bn && !b)) return;
    if (!sorted_run(info.key_type, info.descending, a, (uint32_t)an) ||
        !sorted_run(info.key_type, info.descending, b, (uint32_t)bn))
        return;
    bool pairs = !count_only && v;
    const uint8_t *va = pairs ? bytes_of(S.before, av, an * v) : NULL;
    const uint8_t *vb = pairs ? bytes_of(S.before, bv, bn * v) : NULL;
    if (pairs && ((an && !va) || (bn && !vb))) return;
    bool a_only = info.op != MGPU_SET_INTERSECTION;
    bool b_only = info.op == MGPU_SET_UNION || info.op == MGPU_SET_SYMMETRIC_DIFFERENCE;
    bool matched = info.op == MGPU_SET_INTERSECTION || info.op == MGPU_SET_UNION;
    uint8_t *tk = malloc((an + bn) * k + 1), *tv = malloc((an + bn) * (v ? v : 1) + 1);
    uint32_t n = 0;
    for (uint64_t i = 0, j = 0; i < an || j < bn;) {
        uint64_t x = i < an ? order_key(info.key_type, info.descending, a, (uint32_t)i) : 0;
        uint64_t y = j < bn ? order_key(info.key_type, info.descending, b, (uint32_t)j) : 0;
        int from = -1; /* 0: A's element, 1: B's, -1: none */
        if (j >= bn || (i < an && x < y)) {
            if (a_only) from = 0;
            ++i;
        } else if (i >= an || y < x) {
            if (b_only) from = 1;
            ++j;
        } else {
            if (matched) from = 0;
            ++i, ++j;
        }
        if (from < 0) continue;
        uint64_t at = from == 0 ? i - 1 : j - 1;
        memcpy(tk + (size_t)n * k, (from == 0 ? a : b) + at * k, k);
        if (pairs) memcpy(tv + (size_t)n * v, (from == 0 ? va : vb) + at * v, v);
        ++n;
    }
    bool complete = true;
    if (!count_only) { /* the first min(n, capacity) outputs */
        uint64_t w = n < cap ? n : cap;
        uint8_t *eo = bytes_of(S.expect, ok, w * k), *ev = pairs ? bytes_of(S.expect, ov, w * v) : NULL;
        if (w && (!eo || !sok->bytes || (pairs && (!ev || !sov->bytes)))) complete = false;
        if (complete && w) {
            memcpy(eo, tk, w * k);
            if (pairs) memcpy(ev, tv, w * v);
        }
    }
    free(tk);
    free(tv);
    if (!complete) return;
    if (sn->bytes) {
        uint8_t *e = bytes_of(S.expect, oc, 4);
        if (!e) return;
        memcpy(e, &n, 4);
    }
    if (!recorded && host_count != n) die("%s: host count %u, expected %u", c->what, host_count, n);
    c->reference_done = true;
}

/* The join (count_only: mgpu_join_count): rows in A order, for each A element its equal B elements in B order
 * (or, left and outer, (i, -1)), then, right and outer, (-1, j) for each B element without an equal A key; on
 * sorted inputs (a precondition the library does not check). */
static void call_join(reader *r, bool recorded, bool count_only, call *c) {
    mgpu_join_info info = {.key_type = pick_type(r),
                           .kind = (mgpu_join_kind)(u8(r) % 5),
                           .descending = u8(r) & 1,
                           .a_count = pick_count(r),
                           .b_count = pick_count(r),
                           .capacity = pick_count(r)};
    const range_desc *ak = pick_range(r), *bk = pick_range(r), *ai = pick_range(r), *bi = pick_range(r),
                     *rc = u8(r) % 4 ? pick_range(r) : &S.ranges[0];
    info.a_keys = ak->range, info.b_keys = bk->range, info.a_indices = ai->range, info.b_indices = bi->range;
    info.row_count = rc->range;
    size_t k = type_size(info.key_type);
    uint64_t an = info.a_count, bn = info.b_count, cap = info.capacity;
    add_slot(c, ak, an * k, false);
    add_slot(c, bk, bn * k, false);
    slot *sai = NULL, *sbi = NULL;
    if (!count_only) {
        sai = add_slot(c, ai, cap * 4, true);
        sbi = add_slot(c, bi, cap * 4, true);
    }
    slot *sn = add_slot(c, rc, 4, true);
    uint32_t host_rows = 0x5a5a5a5au;
    c->what = count_only ? "join count" : "join";
    if (recorded)
        c->result = run_recorded(count_only ? 15 : 16, &info, pick_range(r), c);
    else
        c->result = count_only ? mgpu_join_count(S.ctx, &info, &host_rows) : mgpu_join(S.ctx, &info, &host_rows);
    if (c->result != MGPU_SUCCESS) {
        if (!recorded && count_only && host_rows != 0x5a5a5a5au) die("join count refused but wrote its count");
        return; /* a refused join may give the true count (MGPU_ERROR_RANGE_TOO_SMALL) */
    }
    if (!k) return;
    const uint8_t *a = bytes_of(S.before, ak, an * k), *b = bytes_of(S.before, bk, bn * k);
    if ((an && !a) || (bn && !b)) return;
    if (!sorted_run(info.key_type, info.descending, a, (uint32_t)an) ||
        !sorted_run(info.key_type, info.descending, b, (uint32_t)bn))
        return;
    bool left = info.kind == MGPU_JOIN_LEFT || info.kind == MGPU_JOIN_OUTER;
    bool right = info.kind == MGPU_JOIN_RIGHT || info.kind == MGPU_JOIN_OUTER;
    uint64_t w = count_only ? 0 : cap; /* the rows written: the first min(rows, capacity) */
    int32_t *ra = malloc(w * 4 + 4), *rb = malloc(w * 4 + 4);
    uint64_t rows = 0;
#define JOIN_ROW(x, y)                                \
    do {                                              \
        if (rows < w) ra[rows] = (x), rb[rows] = (y); \
        ++rows;                                       \
    } while (0)
    uint8_t *b_matched = calloc(bn + 1, 1);
    for (uint64_t i = 0, j = 0; i < an; ++i) {
        uint64_t x = order_key(info.key_type, info.descending, a, (uint32_t)i);
        while (j < bn && order_key(info.key_type, info.descending, b, (uint32_t)j) < x) ++j;
        uint64_t e = j;
        while (e < bn && order_key(info.key_type, info.descending, b, (uint32_t)e) == x) {
            JOIN_ROW((int32_t)i, (int32_t)e);
            b_matched[e++] = 1;
        }
        if (e == j && left) JOIN_ROW((int32_t)i, -1);
    }
    if (right)
        for (uint64_t j = 0; j < bn; ++j)
            if (!b_matched[j]) JOIN_ROW(-1, (int32_t)j);
#undef JOIN_ROW
    free(b_matched);
    bool complete = true;
    uint64_t written = rows < w ? rows : w;
    if (!count_only && written) {
        uint8_t *ea = bytes_of(S.expect, ai, written * 4), *eb = bytes_of(S.expect, bi, written * 4);
        if (!ea || !eb || !sai->bytes || !sbi->bytes)
            complete = false;
        else
            memcpy(ea, ra, written * 4), memcpy(eb, rb, written * 4);
    }
    free(ra);
    free(rb);
    if (!complete) return;
    uint32_t n = (uint32_t)rows;
    if (sn->bytes) {
        uint8_t *e = bytes_of(S.expect, rc, 4);
        if (!e) return;
        memcpy(e, &n, 4);
    }
    if (!recorded && host_rows != n) die("%s: host rows %u, expected %u", c->what, host_rows, n);
    c->reference_done = true;
}

/* Segmented reduce (integer types against the reference), with its indirect counts. The starts come from the
 * input's bytes made ascending in [0, count] (steps of about count / segment_count, a zero step an empty segment),
 * written over the pattern of the starts range (and its device copy) before the call, where they fit. */
static void call_segreduce(reader *r, bool recorded, call *c) {
    mgpu_segreduce_info info = {
        .type = pick_type(r), .op = (mgpu_op)(u8(r) % 4), .count = pick_count(r), .segment_count = pick_count(r)};
    const range_desc *vals = pick_range(r), *st = pick_range(r), *out = pick_range(r);
    const range_desc *ic = pick_optional(r), *isc = pick_optional(r), *of = pick_optional(r);
    info.values = vals->range, info.starts = st->range, info.output = out->range;
    info.indirect_count = ic->range, info.indirect_segment_count = isc->range, info.overflow = of->range;
    size_t size = type_size(info.type);
    uint64_t n = info.count, segs = info.segment_count;
    uint8_t *sp = bytes_of(S.before, st, segs * 4);
    if (sp && segs) {
        uint64_t at = 0, step = n / segs + 1;
        for (uint64_t i = 0; i < segs; ++i) {
            at += (uint64_t)u8(r) * step / 128;
            uint32_t start = (uint32_t)(at < n ? at : n);
            memcpy(sp + i * 4, &start, 4);
        }
        memcpy(S.expect[st->alloc] + st->at, sp, segs * 4);
        must(mgpu_buffer_upload(S.ctx, S.alloc[st->alloc], S.before[st->alloc], alloc_bytes[st->alloc]), "upload");
    }
    add_slot(c, vals, n * size, false);
    add_slot(c, st, segs * 4, false);
    slot *so = add_slot(c, out, segs * size, true);
    add_slot(c, ic, 4, false);
    add_slot(c, isc, 4, false);
    slot *sf = add_slot(c, of, 4, false);
    c->what = "segreduce";
    c->result = recorded ? run_recorded(17, &info, pick_range(r), c) : mgpu_segreduce(S.ctx, &info);
    if (c->result != MGPU_SUCCESS) return;
    expect_overflow(sf, of, ic, info.count, isc, info.segment_count);
    if (!is_int(info.type)) return;
    /* The reference over the real counts: segment s-1 ends at the real value count, every start clamped to it;
     * the outputs past the real segment count keep their bytes. */
    uint32_t m = real_count(ic, info.count), s = real_count(isc, info.segment_count);
    const uint8_t *src = bytes_of(S.before, vals, (uint64_t)m * size),
                  *starts = bytes_of(S.before, st, (uint64_t)s * 4);
    uint8_t *o = bytes_of(S.expect, out, (uint64_t)s * size);
    if (s && (!starts || !o || !so->bytes || (m && !src))) return;
    for (uint32_t k = 0; k < s; ++k) {
        uint32_t b, e = m;
        memcpy(&b, starts + (size_t)k * 4, 4);
        if (k + 1 < s) memcpy(&e, starts + (size_t)(k + 1) * 4, 4);
        b = b < m ? b : m, e = e < m ? e : m;
        uint64_t acc = int_identity(info.type, info.op);
        for (uint32_t i = b; i < e; ++i)
            acc = int_apply(info.type, info.op, acc, load(info.type, src + (size_t)i * size));
        store(info.type, o + (size_t)k * size, acc);
    }
    c->reference_done = true;
}

/* The recording tier: requirements, the scratch slot, mgpu_cmd_*, submit. */

static mgpu_result run_recorded(int kind, const void *info, const range_desc *scratch, call *c) {
    mgpu_requirements req = {0};
    mgpu_result r = MGPU_SUCCESS;
    switch (kind) {
        case 0: r = mgpu_scan_get_requirements(S.ctx, info, &req); break;
        case 1: r = mgpu_reduce_get_requirements(S.ctx, info, &req); break;
        case 4: r = mgpu_merge_get_requirements(S.ctx, info, &req); break;
        case 5: r = mgpu_mergesort_get_requirements(S.ctx, info, &req); break;
        case 6: r = mgpu_radixsort_get_requirements(S.ctx, info, &req); break;
        case 7: r = mgpu_sorted_search_get_requirements(S.ctx, info, &req); break;
        case 8: r = mgpu_histogram_get_requirements(S.ctx, info, &req); break;
        case 9: r = mgpu_select_get_requirements(S.ctx, info, &req); break;
        case 10: r = mgpu_partition_get_requirements(S.ctx, info, &req); break;
        case 11: r = mgpu_unique_get_requirements(S.ctx, info, &req); break;
        case 12: r = mgpu_rle_get_requirements(S.ctx, info, &req); break;
        case 13: r = mgpu_set_count_get_requirements(S.ctx, info, &req); break;
        case 14: r = mgpu_set_operation_get_requirements(S.ctx, info, &req); break;
        case 15: r = mgpu_join_count_get_requirements(S.ctx, info, &req); break;
        case 16: r = mgpu_join_get_requirements(S.ctx, info, &req); break;
        case 17: r = mgpu_segreduce_get_requirements(S.ctx, info, &req); break;
        default: break;
    }
    if (kind != 2 && kind != 3) add_slot(c, scratch, r == MGPU_SUCCESS ? req.scratch_size : 0, true)->scratch = true;
    VkCommandBuffer cmd;
    mgpu_result begun = mgpu_commands_begin(S.ctx, &cmd);
    if (begun != MGPU_SUCCESS) die("mgpu_commands_begin: %s", mgpu_result_name(begun));
    switch (kind) {
        case 0: r = mgpu_cmd_scan(S.ctx, cmd, info, scratch->range); break;
        case 1: r = mgpu_cmd_reduce(S.ctx, cmd, info, scratch->range); break;
        case 2: r = mgpu_cmd_fill(S.ctx, cmd, info); break;
        case 3: r = mgpu_cmd_copy(S.ctx, cmd, info); break;
        case 4: r = mgpu_cmd_merge(S.ctx, cmd, info, scratch->range); break;
        case 5: r = mgpu_cmd_mergesort(S.ctx, cmd, info, scratch->range); break;
        case 6: r = mgpu_cmd_radixsort(S.ctx, cmd, info, scratch->range); break;
        case 7: r = mgpu_cmd_sorted_search(S.ctx, cmd, info, scratch->range); break;
        case 8: r = mgpu_cmd_histogram(S.ctx, cmd, info, scratch->range); break;
        case 9: r = mgpu_cmd_select(S.ctx, cmd, info, scratch->range); break;
        case 10: r = mgpu_cmd_partition(S.ctx, cmd, info, scratch->range); break;
        case 11: r = mgpu_cmd_unique(S.ctx, cmd, info, scratch->range); break;
        case 12: r = mgpu_cmd_rle(S.ctx, cmd, info, scratch->range); break;
        case 13: r = mgpu_cmd_set_count(S.ctx, cmd, info, scratch->range); break;
        case 14: r = mgpu_cmd_set_operation(S.ctx, cmd, info, scratch->range); break;
        case 15: r = mgpu_cmd_join_count(S.ctx, cmd, info, scratch->range); break;
        case 17: r = mgpu_cmd_segreduce(S.ctx, cmd, info, scratch->range); break;
        default: r = mgpu_cmd_join(S.ctx, cmd, info, scratch->range); break;
    }
    mgpu_result submitted = mgpu_commands_submit(S.ctx, NULL);
    if (submitted != MGPU_SUCCESS) die("mgpu_commands_submit: %s", mgpu_result_name(submitted));
    return r;
}

/* ---- one input ---- */

static void fill_pattern(reader *r, int k) {
    uint8_t *p = S.before[k];
    size_t n = alloc_bytes[k];
    uint8_t mode = u8(r) % 5;
    uint64_t x = 0x9e3779b97f4a7c15ull * (u8(r) + 1);
    for (size_t i = 0; i + 4 <= n; i += 4) {
        uint32_t w;
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        switch (mode) {
            case 0: w = (uint32_t)x; break;                             /* random bits */
            case 1: w = (uint32_t)(x % 10); break;                      /* small values, many equal */
            case 2: w = (uint32_t)(i / 4 * 3 + (x & 1)); break;         /* ascending 32-bit keys */
            case 3: w = (i / 4) % 2 ? 0 : (uint32_t)(i / 8 * 5); break; /* ascending 64-bit keys */
            default: w = (uint32_t)(0xffffffffu - i / 4 * 7); break;    /* descending 32-bit keys */
        }
        memcpy(p + i, &w, 4);
    }
    for (size_t i = n & ~(size_t)3; i < n; ++i) p[i] = (uint8_t)x;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* The call from the input's start, the patterns from its last bytes (read backwards), so short inputs
     * already choose calls. */
    enum { PATTERN_BYTES = 2 * ALLOC_COUNT };
    uint8_t tail[PATTERN_BYTES] = {0};
    for (size_t i = 0; i < PATTERN_BYTES && i < size; ++i) tail[i] = data[size - 1 - i];
    reader r = {data, size}, patterns = {tail, sizeof tail};
    for (int k = 0; k < ALLOC_COUNT; ++k) {
        fill_pattern(&patterns, k);
        must(mgpu_buffer_upload(S.ctx, S.alloc[k], S.before[k], alloc_bytes[k]), "upload");
        memcpy(S.expect[k], S.before[k], alloc_bytes[k]);
        memset(S.free_[k], 0, alloc_bytes[k]);
    }
    call c;
    memset(&c, 0, sizeof c);
    uint8_t which = u8(&r);
    bool recorded = which & 0x80;
    switch (which % CALL_KINDS) {
        case 0: call_scan(&r, recorded, &c); break;
        case 1: call_reduce(&r, recorded, &c); break;
        case 2: call_merge(&r, &c); break;
        case 3: call_sort(&r, &c); break;
        case 4: call_search(&r, &c); break;
        case 5: call_fill(&r, &c); break;
        case 6: call_copy(&r, &c); break;
        case 7: call_histogram(&r, recorded, &c); break;
        case 8: call_select(&r, recorded, false, &c); break;
        case 9: call_select(&r, recorded, true, &c); break;
        case 10: call_unique(&r, recorded, false, &c); break;
        case 11: call_unique(&r, recorded, true, &c); break;
        case 12: call_sets(&r, recorded, true, &c); break;
        case 13: call_sets(&r, recorded, false, &c); break;
        case 14: call_join(&r, recorded, true, &c); break;
        case 15: call_join(&r, recorded, false, &c); break;
        default: call_segreduce(&r, recorded, &c); break;
    }
    if (S.trace)
        fprintf(stderr, "trace: %s -> %s%s%s\n", c.what, mgpu_result_name(c.result),
                c.result == MGPU_SUCCESS ? "" : ": ", c.result == MGPU_SUCCESS ? "" : mgpu_context_last_error(S.ctx));
    if (c.result == MGPU_SUCCESS) {
        for (size_t i = 0; i < c.slot_count; ++i)
            if (c.slots[i].bytes && c.slots[i].d->bad)
                die("%s accepted the range %s (%" PRIu64 " bytes used)", c.what, c.slots[i].d->name, c.slots[i].bytes);
        /* Scratch may hold any bytes after the call; outputs too when the harness has no reference for them, or
         * when the caller's scratch overlaps a range of the call (a caller's error the library cannot see). */
        bool scratch_overlaps = false;
        for (size_t i = 0; i < c.slot_count; ++i)
            for (size_t j = 0; j < c.slot_count; ++j)
                if (i != j && c.slots[i].scratch && overlap(&c.slots[i], &c.slots[j])) scratch_overlaps = true;
        for (size_t i = 0; i < c.slot_count; ++i) {
            slot *s = &c.slots[i];
            if (s->scratch && s->bytes && s->d->alloc >= 0 && !s->d->bad)
                mark_free(s->d, s->d->range.size); /* all of it: the library may use more than it asked for */
            else if (s->output && s->bytes && (!c.reference_done || scratch_overlaps))
                mark_free(s->d, s->bytes);
        }
    }
    for (int k = 0; k < ALLOC_COUNT; ++k) {
        must(mgpu_buffer_download(S.ctx, S.alloc[k], S.got[k], alloc_bytes[k]), "download");
        for (size_t i = 0; i < alloc_bytes[k]; ++i)
            if (!S.free_[k][i] && S.got[k][i] != S.expect[k][i])
                die("%s -> %s: allocation %d byte %zu is %02x, expected %02x (before: %02x)", c.what,
                    mgpu_result_name(c.result), k, i, S.got[k][i], S.expect[k][i], S.before[k][i]);
    }
    if (S.stats) { /* env MGPU_FUZZ_STATS: how often each call succeeds and meets its reference */
        static const char *const names[CALL_KINDS] = {
            "scan",      "reduce", "merge", "sort",      "sorted search", "fill",       "copy", "histogram", "select",
            "partition", "unique", "rle",   "set count", "set operation", "join count", "join", "segreduce"};
        int op = which % CALL_KINDS;
        ++S.runs[op][c.result == MGPU_SUCCESS ? (c.reference_done ? 2 : 1) : 0];
        if (++S.total_runs % 5000 == 0)
            for (int o = 0; o < CALL_KINDS; ++o)
                fprintf(stderr,
                        "stats %-13s refused %6" PRIu64 "  accepted %6" PRIu64
                        "  checked against the reference %6" PRIu64 "\n",
                        names[o], S.runs[o][0], S.runs[o][1] + S.runs[o][2], S.runs[o][2]);
    }
    uint64_t messages = mgpu_context_validation_message_count(S.ctx);
    if (messages != S.validation_messages)
        die("%s: %" PRIu64 " validation messages", c.what, messages - S.validation_messages);
    return 0;
}
