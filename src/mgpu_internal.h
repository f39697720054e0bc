/* Private declarations shared by the files of src/. Cross-file symbols are named mgpu__*. */
#ifndef MGPU_INTERNAL_H
#define MGPU_INTERNAL_H

#define VOLK_NO_DEVICE_PROTOTYPES
#include <volk.h>

#include "mgpuvk.h"
#include "../shaders/shared/push_constants.h"
#include "../shaders/shared/spec_ids.h"

#include <assert.h>
#include <stdarg.h>

/* Push-constant blocks, laid out as the kernels see them (shaders/shared/push_constants.h). */
typedef struct mgpu_copy_pc { MGPU_COPY_PC_FIELDS } mgpu_copy_pc;
typedef struct mgpu_fill_pc { MGPU_FILL_PC_FIELDS } mgpu_fill_pc;
typedef struct mgpu_reduce_pc { MGPU_REDUCE_PC_FIELDS } mgpu_reduce_pc;
typedef struct mgpu_scan_pc { MGPU_SCAN_PC_FIELDS } mgpu_scan_pc;
typedef struct mgpu_merge_pc { MGPU_MERGE_PC_FIELDS } mgpu_merge_pc;
static_assert(sizeof(mgpu_merge_pc) == 72, "merge push constants");
typedef struct mgpu_lbs_pc { MGPU_LBS_PC_FIELDS } mgpu_lbs_pc;
typedef struct mgpu_radix_pc { MGPU_RADIX_PC_FIELDS } mgpu_radix_pc;
static_assert(sizeof(mgpu_radix_pc) == 96, "radix push constants");
typedef struct mgpu_search_pc { MGPU_SEARCH_PC_FIELDS } mgpu_search_pc;
static_assert(sizeof(mgpu_search_pc) == sizeof(mgpu_merge_pc), "sorted search push constants: the merge layout");
static_assert(sizeof(mgpu_lbs_pc) == 64, "load-balancing search push constants");
static_assert(sizeof(mgpu_copy_pc) == 24, "copy push constants");
static_assert(sizeof(mgpu_fill_pc) == 40, "fill push constants");
static_assert(sizeof(mgpu_reduce_pc) == 40, "reduce push constants");
static_assert(sizeof(mgpu_scan_pc) == 64, "scan push constants");

#define MGPU_ARRAY_COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define MGPU_MAX_COUNT 0x7fffffffu /* element counts are 0 .. 2^31-1 (shader indices are signed 32-bit) */

/* A range a call uses, named for messages, and the bytes it touches there (0: unused). */
typedef struct mgpu_range_use {
    const char *name;
    mgpu_range range;
    VkDeviceSize bytes;
} mgpu_range_use;

/* ---- kernels and pipelines (pipelines.c, the generated shader table) ---------------------------------- */
typedef enum mgpu_kernel {
    MGPU_KERNEL_COPY,
    MGPU_KERNEL_FILL,
    MGPU_KERNEL_REDUCE,
    MGPU_KERNEL_SCAN_TILES,
    MGPU_KERNEL_SCAN_LOOKBACK,
    MGPU_KERNEL_MERGE_PARTITION,
    MGPU_KERNEL_MERGE,
    MGPU_KERNEL_MERGESORT_BLOCK,
    MGPU_KERNEL_RADIX_COUNT,
    MGPU_KERNEL_RADIX_SCATTER,
    MGPU_KERNEL_RADIX_HISTOGRAM,
    MGPU_KERNEL_RADIX_ONESWEEP,
    MGPU_KERNEL_RADIX_SMALL,
    MGPU_KERNEL_LBS_PARTITION,
    MGPU_KERNEL_LBS,
    MGPU_KERNEL_SORTED_SEARCH,
    MGPU_KERNEL_COUNT
} mgpu_kernel;

/* One embedded SPIR-V module: a kernel for one type, with or without subgroup operations. */
typedef struct mgpu_shader_variant {
    mgpu_kernel kernel;
    mgpu_type type;
    bool subgroup;
    const uint32_t *code;
    size_t size; /* bytes */
} mgpu_shader_variant;

extern const mgpu_shader_variant mgpu__shader_variants[];
extern const size_t mgpu__shader_variant_count;

/* What selects one pipeline: the module and its specialization constants. */
typedef struct mgpu_pipeline_key {
    uint32_t kernel;
    uint32_t type;
    uint32_t subgroup;
    uint32_t spec[MGPU_SPEC_COUNT]; /* indexed by MGPU_SPEC_* */
} mgpu_pipeline_key;

typedef struct mgpu_pipeline_entry {
    mgpu_pipeline_key key;
    VkPipeline pipeline;
} mgpu_pipeline_entry;

mgpu_result mgpu__pipeline_get(mgpu_context ctx, const mgpu_pipeline_key *key, VkPipeline *out);
mgpu_result mgpu__pipelines_init(mgpu_context ctx, const char *cache_path);
void mgpu__pipelines_destroy(mgpu_context ctx);

/* ---- pool (pool.c) ------------------------------------------------------------------------------------- */
typedef enum mgpu_memory_kind { MGPU_MEMORY_DEVICE, MGPU_MEMORY_HOST, MGPU_MEMORY_KIND_COUNT } mgpu_memory_kind;

typedef struct mgpu_extent {
    VkDeviceSize offset;
    VkDeviceSize size;
} mgpu_extent;

typedef struct mgpu_block {
    VkDeviceMemory memory;
    VkBuffer buffer;
    VkDeviceAddress address;
    VkDeviceSize size;
    VkDeviceSize used;
    void *mapped;
    mgpu_memory_kind kind;
    mgpu_extent *free_extents; /* sorted by offset, coalesced */
    size_t free_count, free_capacity;
} mgpu_block;

/* A range the pool handed out (in use or cached after mgpu_buffer_free) or a wrapped caller buffer: what
 * mgpu__check_range vouches for. */
typedef struct mgpu_allocation {
    VkBuffer buffer;
    VkDeviceSize offset;
    VkDeviceSize size;       /* bytes asked for (pooled) or wrapped: the extent a range with this id may use */
    VkDeviceSize size_class;
    mgpu_block *block;       /* NULL for a wrapped caller buffer */
    uint64_t id;             /* mgpu_range.id; a cached range gets a new one when it is handed out again */
    VkDeviceAddress address; /* wrapped: the device address of the buffer's byte 0, looked up at wrap time */
    VkDeviceSize buffer_end; /* wrapped: the buffer's size (given, or its memory requirements): bounds hand-made ranges */
    bool cached;
    uint64_t freed_at; /* LRU stamp */
} mgpu_allocation;

typedef struct mgpu_pool {
    mgpu_pool_mode mode;
    VkDeviceSize capacity;
    mgpu_block **blocks;
    size_t block_count, block_capacity;
    mgpu_allocation *allocations;
    size_t allocation_count, allocation_capacity;
    uint64_t clock;
    mgpu_pool_stats stats;
    uint32_t memory_type[MGPU_MEMORY_KIND_COUNT];
} mgpu_pool;

mgpu_result mgpu__pool_init(mgpu_context ctx, VkDeviceSize capacity);
void mgpu__pool_destroy(mgpu_context ctx);
/* Allocates from the device-local or host-visible pool; host ranges are mapped (mgpu__pool_mapped). */
mgpu_result mgpu__pool_alloc(mgpu_context ctx, mgpu_memory_kind kind, VkDeviceSize size, mgpu_range *out);
void *mgpu__pool_mapped(mgpu_context ctx, mgpu_range range);
/* Vouches for a range (the identity half of mgpu__check_range): it lies inside a live allocation of this
 * context's pool (the one its id names, when it has one) or inside a buffer wrapped in this context.
 * Else MGPU_ERROR_INVALID_ARGUMENT with the reason. *base (optional) receives the device address of the
 * buffer's byte 0; no Vulkan call is made. */
mgpu_result mgpu__pool_vouch(mgpu_context ctx, const char *name, mgpu_range range, VkDeviceAddress *base);

/* ---- recording (record.c) ------------------------------------------------------------------------------ */
/* A dispatch: the pipeline for key, push constants, a grid (folded into 2D past the device limit when
 * fold is set: the kernel then reads the row width from its push constants). */
mgpu_result mgpu__dispatch(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_pipeline_key *key,
                           const void *push, uint32_t push_size, uint32_t groups_x, uint32_t groups_y);
void mgpu__barrier_compute_write_to_read(mgpu_context ctx, VkCommandBuffer cmd);
void mgpu__barrier_compute_write_to_host_read(mgpu_context ctx, VkCommandBuffer cmd);
/* Begin/submit the context's own command buffer (fails if one is already open). */
mgpu_result mgpu__commands_begin(mgpu_context ctx, VkCommandBuffer *out);
mgpu_result mgpu__commands_submit(mgpu_context ctx, double *gpu_ns);
/* Ends and drops a recording that failed half-way (nothing is submitted). */
void mgpu__commands_abandon(mgpu_context ctx);
mgpu_result mgpu__commands_init(mgpu_context ctx);
void mgpu__commands_destroy(mgpu_context ctx);
/* Copies bytes of a device range written by shaders into a host-visible pool range, ready for the host. */
mgpu_result mgpu__record_readback(mgpu_context ctx, VkCommandBuffer cmd, mgpu_range src, mgpu_range host,
                                  VkDeviceSize bytes);
/* The blocking tier of a primitive: pooled scratch of scratch_bytes, record(info), then, when readback_bytes,
 * the results in `readback` made readable by the host through `host` (a host-visible pool range; the same
 * range only needs the barrier), submit and wait. */
typedef mgpu_result (*mgpu__record_fn)(mgpu_context ctx, VkCommandBuffer cmd, const void *info, mgpu_range scratch);
mgpu_result mgpu__run_blocking(mgpu_context ctx, mgpu__record_fn record, const void *info, VkDeviceSize scratch_bytes,
                               mgpu_range readback, mgpu_range host, VkDeviceSize readback_bytes);
/* Splits a 1-D grid of `groups` workgroups into (x, y) within maxComputeWorkGroupCount. */
void mgpu__fold_grid(mgpu_context ctx, uint32_t groups, uint32_t *x, uint32_t *y);
/* Workgroups to launch for a kernel whose workgroups loop over `tiles` tiles (one row: no folding). */
uint32_t mgpu__tile_groups(mgpu_context ctx, const mgpu_tuning *tuning, uint32_t tiles);

/* ---- primitive families (src/families.def, src/families.c) --------------------------------------------- */
#define MGPU_VENDOR_ANY 0u
#define MGPU_VENDOR_NVIDIA 0x10deu
#define MGPU_VENDOR_AMD 0x1002u
#define MGPU_CPU_DEVICE 1u /* matches VK_PHYSICAL_DEVICE_TYPE_CPU only */

#define MGPU_32 (MGPU_TYPE_BIT(MGPU_TYPE_U32) | MGPU_TYPE_BIT(MGPU_TYPE_I32) | MGPU_TYPE_BIT(MGPU_TYPE_F32))
#define MGPU_64 (MGPU_TYPE_BIT(MGPU_TYPE_U64) | MGPU_TYPE_BIT(MGPU_TYPE_I64) | MGPU_TYPE_BIT(MGPU_TYPE_F64))

/* A row of a prim's tuning table (the seeds' LaunchBox, tuning.c): NT and VT for the types of type_mask on a
 * class of devices. The first row that matches wins. */
typedef struct mgpu_tuning_row {
    uint32_t type_mask;
    uint32_t vendor; /* MGPU_VENDOR_*, or MGPU_CPU_DEVICE */
    uint32_t nt, vt;
    mgpu_switch lookback; /* scan: AUTO follows mgpu_device_info.lookback_safe */
} mgpu_tuning_row;

/* What a family's file (src/prims/NAME.c) gives the core: `const mgpu_family_def mgpu__NAME_family`. */
typedef struct mgpu_family_def {
    /* Builds the family's pipelines for one type the device has (mgpu_context_prepare), or NULL. */
    mgpu_result (*prepare)(mgpu_context ctx, mgpu_type type);
    /* Builds the family's pipelines that no type selects, once per mgpu_context_prepare, or NULL. */
    mgpu_result (*prepare_once)(mgpu_context ctx);
    /* An owner's tuning table for its prim, CPU rows first (NULL for a sharing family; no row: 128 x 4). */
    const mgpu_tuning_row *tuning;
    size_t tuning_count;
} mgpu_family_def;

/* A row of src/families.def and its family's definition. */
typedef struct mgpu_family {
    const char *name;
    mgpu_prim prim;
    bool owner; /* MGPU_FAMILY: names its prim in MGPU_TUNE and holds its tuning rows */
    const mgpu_family_def *def;
} mgpu_family;

/* The families in the order of src/families.def. */
extern const mgpu_family mgpu__families[];
extern const size_t mgpu__family_count;
/* The family that owns prim (a valid mgpu_prim). */
const mgpu_family *mgpu__prim_owner(mgpu_prim prim);

/* ---- what the families share (src/prims) -------------------------------------------------------------- */
/* The fill of fill.c for one type (the scan's look-back clear is one). */
mgpu_result mgpu__fill_prepare(mgpu_context ctx, mgpu_type type);
/* The largest VT up to vt whose radix digit pass (one-sweep or reduce-then-scan) at nt threads fits the
 * device's shared memory with keys and values of these widths in words; 0 if none. */
uint32_t mgpu__radix_fit_vt(mgpu_context ctx, bool onesweep, uint32_t nt, uint32_t vt, uint32_t key_words, uint32_t value_words);
/* The scratch mgpu_cmd_scan needs for info (its ranges are not looked at). */
VkDeviceSize mgpu__scan_scratch_bytes(mgpu_context ctx, const mgpu_scan_info *info);
/* The checks both sorts share (mergesort.c): type, value size, count, range sizes and alignment, overlaps (in
 * place allowed). info is not null. */
mgpu_result mgpu__sort_check(mgpu_context ctx, const mgpu_sort_info *info);
/* The four key and value ranges of a sort and the bytes it touches in each (for the scratch check). */
void mgpu__sort_uses(const mgpu_sort_info *info, mgpu_range_use uses[4]);
/* Merge Path partitions of a merge tile: threads per workgroup of the partition dispatch. */
#define MGPU_PARTITION_NT 128u
/* At most this many Merge Path partitions are searched one per subgroup; more, one per thread. The subgroup's
 * K-ary search has a fraction of the binary search's latency but reads gl_SubgroupSize times the keys, so it
 * wins only while the partitions are too few to hide latency (H100, u32: merge 1.2x faster at 2^14..2^22
 * elements, 0.75x at 2^26; bench/RESULTS.md). */
#define MGPU_PARTITION_SUBGROUP_MAX 4096u
/* Records a partition dispatch (merge_partition, lbs_partition) finding `partitions` Merge Path partitions:
 * one per subgroup where key->subgroup is set and they are at most MGPU_PARTITION_SUBGROUP_MAX
 * (shaders/include/path_search.glsl), else one per thread. */
mgpu_result mgpu__dispatch_partitions(mgpu_context ctx, VkCommandBuffer cmd, const mgpu_pipeline_key *key,
                                      const void *push, uint32_t push_size, uint32_t partitions);
/* Builds both pipelines mgpu__dispatch_partitions may choose for key. */
mgpu_result mgpu__prepare_partitions(mgpu_context ctx, const mgpu_pipeline_key *key);
/* Records the partition and merge dispatches, with a barrier between them, of one merge (pc->run 0) or one
 * mergesort pass (pc->run > 0) with the given tuning; sets pc->groups_x. */
mgpu_result mgpu__record_merge_pass(mgpu_context ctx, VkCommandBuffer cmd, mgpu_type type, bool descending,
                                   mgpu_tuning tuning, uint32_t value_words, mgpu_merge_pc *pc);
/* Builds the pipelines of mgpu__record_merge_pass for every value width and order. */
mgpu_result mgpu__merge_pass_prepare(mgpu_context ctx, mgpu_type type, mgpu_tuning tuning);
/* Load-balancing search machinery (load_balance.c), shared with the bulk operations: the scratch of a search over
 * items and objects (one partition per tile boundary, none without items), and the partition dispatch,
 * a barrier and the tile dispatch of lbs.comp in `mode` (MGPU_INTERVAL_*, MGPU_BULK_*). */
mgpu_requirements mgpu__lbs_requirements(mgpu_context ctx, uint32_t items, uint32_t objects);
mgpu_result mgpu__lbs_record(mgpu_context ctx, VkCommandBuffer cmd, mgpu_lbs_pc *pc, uint32_t mode,
                             uint32_t value_words, mgpu_range scratch, const mgpu_range_use *uses, size_t use_count);

/* ---- tuning (tuning.c) --------------------------------------------------------------------------------- */
void mgpu__tuning_init(mgpu_context ctx);
/* The resolved tuning; *subgroup tells whether the subgroup kernel variant runs. */
mgpu_tuning mgpu__tuning_resolve(mgpu_context ctx, mgpu_prim prim, mgpu_type type);

/* ---- results, logging, argument checks (result.c) ------------------------------------------------------ */
mgpu_result mgpu__fail(mgpu_context ctx, mgpu_result result, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void mgpu__log(mgpu_context ctx, mgpu_log_level level, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
mgpu_result mgpu__vk_result(mgpu_context ctx, VkResult vr, const char *what);
/* Checks a type is valid and usable on this device. */
mgpu_result mgpu__check_type(mgpu_context ctx, mgpu_type type);
/* Checks a range: a non-null buffer, `bytes` bytes, its offset aligned to `alignment`, and memory this context
 * vouches for (mgpu__pool_vouch). Every public entry point that takes a range calls it before using it. */
mgpu_result mgpu__check_range(mgpu_context ctx, const char *name, mgpu_range range, VkDeviceSize bytes,
                              VkDeviceSize alignment);
/* Checks the scratch range of a recording (buffer.c): a range like any other (mgpu__check_range) of `bytes`
 * bytes, sharing none of them with the call's other ranges: scratch holds the partitions, counts and offsets
 * that steer where the kernels write, so a scratch overlapping an input or output lets a call write anywhere. */
mgpu_result mgpu__check_scratch(mgpu_context ctx, const char *name, mgpu_range scratch, VkDeviceSize bytes,
                                VkDeviceSize alignment, const mgpu_range_use *uses, size_t use_count);
/* `size` bytes of range from `at` bytes into it: a sub-range, which keeps the range's id. */
static inline mgpu_range mgpu__subrange(mgpu_range range, VkDeviceSize at, VkDeviceSize size) {
    range.offset += at;
    range.size = size;
    return range;
}
/* True when two ranges of one buffer overlap. */
bool mgpu__ranges_overlap(mgpu_range a, VkDeviceSize a_bytes, mgpu_range b, VkDeviceSize b_bytes);

/* ---- the context ---------------------------------------------------------------------------------------- */
typedef struct mgpu_instance_table {
    PFN_vkGetInstanceProcAddr vkGetInstanceProcAddr;
    PFN_vkDestroyInstance vkDestroyInstance;
    PFN_vkEnumeratePhysicalDevices vkEnumeratePhysicalDevices;
    PFN_vkGetPhysicalDeviceProperties2 vkGetPhysicalDeviceProperties2;
    PFN_vkGetPhysicalDeviceFeatures2 vkGetPhysicalDeviceFeatures2;
    PFN_vkGetPhysicalDeviceMemoryProperties vkGetPhysicalDeviceMemoryProperties;
    PFN_vkGetPhysicalDeviceQueueFamilyProperties vkGetPhysicalDeviceQueueFamilyProperties;
    PFN_vkEnumerateDeviceExtensionProperties vkEnumerateDeviceExtensionProperties;
    PFN_vkCreateDevice vkCreateDevice;
    PFN_vkGetDeviceProcAddr vkGetDeviceProcAddr;
    PFN_vkCreateDebugUtilsMessengerEXT vkCreateDebugUtilsMessengerEXT;
    PFN_vkDestroyDebugUtilsMessengerEXT vkDestroyDebugUtilsMessengerEXT;
} mgpu_instance_table;

#define MGPU_PROFILE_DISPATCHES 256u /* dispatches timed per submit when profiling */

struct mgpu_context_T {
    VkInstance instance;
    VkPhysicalDevice physical_device;
    VkDevice device;
    uint32_t queue_family;
    VkQueue queue;
    bool owns_instance, owns_device;
    VkDebugUtilsMessengerEXT messenger;
    mgpu_instance_table vki;
    struct VolkDeviceTable vk;

    mgpu_device_info info;
    VkPhysicalDeviceMemoryProperties memory_properties;
    uint32_t timestamp_valid_bits;
    bool full_subgroups; /* computeFullSubgroups enabled */

    mgpu_log_fn log;
    void *log_user;
    char last_error[1024];
    uint64_t validation_messages;

    VkPipelineLayout pipeline_layout;
    VkPipelineCache pipeline_cache;
    char *pipeline_cache_path;
    VkShaderModule modules[128];
    mgpu_pipeline_entry *pipelines;
    size_t pipeline_count, pipeline_capacity;

    mgpu_tuning tuning_override[MGPU_PRIM_COUNT][MGPU_TYPE_COUNT];

    mgpu_pool pool;

    VkCommandPool command_pool;
    VkCommandBuffer command_buffer;
    VkFence fence;
    VkQueryPool timestamps;
    /* MGPU_PROFILE=FILE: a timestamp after each dispatch into the context's command buffer, one line per
     * dispatch appended to FILE at each submit (record.c) */
    FILE *profile;
    bool pipeline_statistics; /* the device was created with pipelineExecutableInfo: pipelines.c logs them */
    VkQueryPool profile_timestamps;
    uint32_t profile_count, profile_submits;
    mgpu_pipeline_key profile_keys[MGPU_PROFILE_DISPATCHES];
    uint32_t profile_groups[MGPU_PROFILE_DISPATCHES];
    bool recording;
    bool device_lost; /* a Vulkan call returned VK_ERROR_DEVICE_LOST: nothing is submitted any more */
};

#endif
