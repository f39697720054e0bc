/*
 * libmgpuvk: Modern GPU's data-parallel primitives on Vulkan compute.
 *
 * The one public header. docs/ARCHITECTURE.md explains how the library is built and the terms used here
 * (moderngpu and its chapters, tiles of NT x VT, Merge Path, decoupled look-back). Every call returns an
 * mgpu_result; the detail of a failure goes to the context's log callback and to mgpu_context_last_error().
 * Arguments are checked before anything is recorded: a call that fails records nothing and writes nothing.
 *
 * Three tiers per primitive:
 *   mgpu_<prim>_get_requirements  scratch size, alignment and buffer usage the recording needs, from sizes alone;
 *   mgpu_cmd_<prim>               records into the caller's VkCommandBuffer with caller-owned scratch; it adds
 *                                 the barriers between its own dispatches and nothing else, never submits;
 *   mgpu_<prim>                   blocking: scratch from the pool, records, submits, waits.
 *
 * Results. Each call's doc lists the codes it returns besides MGPU_SUCCESS. These sets recur, named here:
 *   type checks     a type outside its enum: MGPU_ERROR_INVALID_ARGUMENT; u64 and i64 without shaderInt64, f64
 *                   without shaderInt64 and shaderFloat64: MGPU_ERROR_UNSUPPORTED;
 *   range checks    of each range a call uses: a null buffer or a range the context cannot vouch for
 *                   (mgpu_range): MGPU_ERROR_INVALID_ARGUMENT; fewer bytes than the call needs of it:
 *                   MGPU_ERROR_RANGE_TOO_SMALL; an offset not a multiple of its elements' size:
 *                   MGPU_ERROR_MISALIGNED;
 *   checks          of a primitive's info struct: next not NULL (MGPU_ERROR_INVALID_ARGUMENT), then what the
 *                   struct's doc lists, the range checks of the ranges it names among them; mgpu_cmd_<prim> and
 *                   the blocking mgpu_<prim> run them all;
 *   size checks     the checks but the range checks and the overlaps between ranges: get_requirements answers
 *                   from sizes alone (types, counts, capacity, value size, op, kind, flags, bit range, tuning,
 *                   the shared-memory check), before the engine has created or bound any array: a range null,
 *                   not wrapped, too small or misaligned is not looked at, and the requirements it returns
 *                   depend on no range (where a range could change them, they are the largest it could ask
 *                   for). It runs these and nothing more (and MGPU_ERROR_INVALID_ARGUMENT for a null out);
 *   scratch checks  of mgpu_cmd_<prim>'s scratch, when get_requirements asks for some: the range checks at the
 *                   size and scratch_alignment it gave (the alignment of the offset; for reduce and scan, of
 *                   the device address), and MGPU_ERROR_INVALID_ARGUMENT when the scratch shares a byte with
 *                   the call's other ranges;
 *   recording       an mgpu_cmd_* call (and so the blocking tier) builds a pipeline on its first use, which the
 *                   driver can fail: MGPU_ERROR_OUT_OF_MEMORY, MGPU_ERROR_VULKAN (mgpu_context_prepare builds
 *                   them ahead of time);
 *   submitting      the blocking tier and every call that submits (transfers, mgpu_commands_begin/submit):
 *                   MGPU_ERROR_UNSUPPORTED (the context has no queue: adopted without one),
 *                   MGPU_ERROR_INVALID_ARGUMENT (the context's own command buffer is open, between
 *                   mgpu_commands_begin and mgpu_commands_submit; a host result to be read from a wrapped buffer
 *                   whose usage lacks TRANSFER_SRC), MGPU_ERROR_OUT_OF_MEMORY (scratch, staging
 *                   or host memory for a result, from the pool), MGPU_ERROR_DEVICE_LOST, MGPU_ERROR_VULKAN.
 * So get_requirements returns the size checks' results; mgpu_cmd_<prim> the checks', MGPU_ERROR_INVALID_ARGUMENT for a
 * null cmd, the scratch checks' and the recording set's; the blocking mgpu_<prim> the checks' and the
 * submitting set's. A null context is MGPU_ERROR_INVALID_ARGUMENT everywhere, with no message (no context to
 * hold one).
 *
 * Extension slot. Every *_info and *_desc struct that a call takes opens with `const void *next`, kept for
 * structures of later versions (like Vulkan's pNext). No extension is defined yet: next must be NULL. A call
 * given a struct whose next is not NULL returns MGPU_ERROR_INVALID_ARGUMENT before it checks or does anything
 * else, and mgpu_context_last_error says so (mgpu_context_create and mgpu_context_adopt, which have no context
 * yet, give the message to desc->log). Zero-initialize these structs or use designated initializers
 * (`&(mgpu_scan_info){.type = MGPU_TYPE_F32, .count = n, ...}`); a positional initializer must start with
 * NULL. Structs the library fills in (mgpu_device_info, mgpu_requirements, mgpu_pool_stats, ...) have none.
 *
 * Synchronization contract of every mgpu_cmd_* call: all of its accesses are made by compute shaders
 * (VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT). Its first access to every range it is given (inputs, outputs,
 * scratch) is VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT, its last access is a
 * VK_ACCESS_SHADER_WRITE_BIT to the outputs. Before the call, make the caller's writes of the inputs
 * available to compute-shader reads; after it, make the compute-shader writes available to the consumer.
 * An indirect count (mgpu_sort_info, mgpu_scan_info, mgpu_reduce_info, mgpu_select_info, mgpu_unique_info,
 * mgpu_histogram_info, mgpu_segreduce_info, mgpu_reduce_by_key_info, mgpu_segsort_info: indirect_count;
 * mgpu_segreduce_info: indirect_segment_count; mgpu_segsort_info: indirect_head_count; mgpu_merge_info,
 * mgpu_sorted_search_info: indirect_a_count and indirect_b_count) is one more input: its buffer is read by the
 * compute stage (VK_ACCESS_SHADER_READ_BIT) when the command executes, so the write that produced it must be made
 * available to compute-shader reads before the call, like any input's.
 * With an indirect count, every info that takes one also takes an overflow flag (overflow, an optional uint32):
 * one more output, which the compute stage writes (VK_ACCESS_SHADER_WRITE_BIT) every time the command executes
 * (also when there is nothing else to do: a capacity of 0, a search without outputs), 1 when *indirect_count
 * exceeded count (the capacity: the elements past it are not processed) and 0 otherwise. With two indirect counts
 * (merge and sorted search: A's and B's; segmented reduce: values' and segments'; segmented sort: keys' and
 * heads'), each optional, it is 1 when either given count exceeded its capacity. overflow given without an
 * indirect count, or sharing a byte with an input, an output, scratch or an indirect count, is refused
 * (MGPU_ERROR_INVALID_ARGUMENT); it takes the range checks of indirect_count (4 bytes, offset a multiple of 4).
 * Indirect grids (scan, reduce, the compaction family, the histogram, the radix sort; mgpu_tuning.grids): with an
 * indirect count and a capacity whose grid would be large (AUTO: MGPU_INDIRECT_SIZED_GROUPS workgroups; ON: always),
 * a call first records one small setup dispatch that reads the count and writes the grid of each following
 * dispatch whose size depends on it (VkDispatchIndirectCommand, a few bytes of scratch), so the work is sized by
 * the real count and not the capacity; those dispatches are then vkCmdDispatchIndirect, and scratch is also read
 * by the indirect-dispatch stage
 * (VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT, VK_ACCESS_INDIRECT_COMMAND_READ_BIT): a barrier that lets a later command
 * write that scratch again must name that stage as a source (mgpu_cmd_barrier does). This needs the scratch buffer
 * created with VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT (in the requirements' scratch_usage; the pool's buffers have
 * it): a wrapped scratch buffer without it gets the capacity's grids, whose workgroups past the real count do no
 * work (the results are the same, only slower), and so does a call given an empty scratch where the requirements
 * ask for a few bytes only for the grids (the histogram).
 * The scratch range must not be used by anything else until the recorded work has completed; sharing a byte
 * with the call's own inputs or outputs is refused (MGPU_ERROR_INVALID_ARGUMENT), since what the kernels keep
 * in scratch decides where they write. Every range (scratch included) is checked when the call records (see
 * mgpu_range); the bytes it names must stay allocated (not freed to the pool, not destroyed) until the
 * recorded work has completed: the library cannot see a range freed between recording and execution.
 *
 * Command-buffer state an mgpu_cmd_* call leaves behind: it binds its own compute pipelines
 * (VK_PIPELINE_BIND_POINT_COMPUTE) and pushes up to 128 bytes of push constants through the context's own
 * pipeline layout (compute stage, no descriptor sets), and records vkCmdDispatch and pipeline barriers (global
 * VkMemoryBarriers, compute to compute) between its own dispatches (with an indirect count, also
 * vkCmdDispatchIndirect and barriers to the indirect-dispatch stage); it begins no render pass, query or debug
 * label. After a call, the compute pipeline bound and the compute push constants are the library's: rebind your
 * compute pipeline and push your constants again before your next dispatch (descriptor sets you bound stay bound,
 * since the library's layout has none; graphics state is untouched). Record the calls outside a render pass instance
 * (Vulkan forbids dispatches inside one), into primary or secondary command buffers alike. The ranges are accessed from
 * the queue family of the queue that runs the command buffer: buffers created with VK_SHARING_MODE_EXCLUSIVE and last
 * used on another queue family need a queue-family ownership transfer first, as for any compute access. The kernels
 * reach every range through
 * its buffer device address, which synchronization validation cannot track: a barrier missing around a library
 * call is never reported by the layers, so keep to the contract above.
 *
 * Thread safety. Several threads may record into one context at once, each into its own command buffer (a
 * VkCommandBuffer, and the VkCommandPool it comes from, are externally synchronized, as Vulkan says), so that
 * a job system needs neither a lock around every call nor a context per thread. These calls are safe to make
 * at the same time as each other on one context:
 *   - every mgpu_cmd_* (and mgpu_cmd_barrier), every mgpu_*_get_requirements;
 *   - mgpu_context_prepare and mgpu_context_prepare_variants: pipelines are created under the context's lock,
 *     where a call that finds one missing builds it and the others wait for it; a call whose pipelines exist
 *     takes only a shared lock to look them up (prepare them to avoid the wait);
 *   - the pool: mgpu_buffer_alloc, mgpu_buffer_free, mgpu_buffer_wrap, mgpu_range_address, mgpu_pool_get_stats,
 *     mgpu_pool_set_capacity, mgpu_pool_trim, mgpu_pool_set_mode (under another lock, which every call that
 *     checks a range takes for a moment); freeing a range another thread is recording with stays the caller's
 *     error, as before;
 *   - mgpu_context_last_error: each thread reads its own last failure on the context (so a message names the
 *     call that failed on this thread, whatever the others did meanwhile), valid until this thread's next call;
 *   - mgpu_context_get_tuning, mgpu_context_get_device_info, mgpu_context_get_handles,
 *     mgpu_context_validation_message_count, mgpu_context_save_pipeline_cache.
 * One thread at a time, which may run beside the calls above on other threads: the calls that use the
 * context's own command buffer and queue (the blocking mgpu_<prim>, mgpu_buffer_upload, mgpu_buffer_download,
 * mgpu_buffer_print, mgpu_commands_begin, what is recorded into its command buffer, mgpu_commands_submit);
 * the queue of an adopted context is the engine's too, and Vulkan allows one thread at a time on a VkQueue.
 * Not at the same time as any other call on the context: mgpu_context_set_tuning (the recordings read the
 * tuning), mgpu_context_destroy. The log callback may be called from several threads at once. Several
 * contexts may coexist, on one device or several, each on any thread.
 *
 * Arrays are given as mgpu_range {VkBuffer, offset, size, id}. A caller's buffer must be created with
 * VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT (and TRANSFER_SRC/DST for mgpu_buffer_upload / mgpu_buffer_download),
 * its memory allocated with VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT, and wrapped (mgpu_buffer_wrap, which takes the
 * usage and refuses a buffer without SHADER_DEVICE_ADDRESS); the pool's ranges have all of these.
 */
#ifndef MGPUVK_H
#define MGPUVK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <vulkan/vulkan_core.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32) && defined(MGPU_SHARED_BUILD)
#define MGPU_API __declspec(dllexport)
#elif defined(__GNUC__)
#define MGPU_API __attribute__((visibility("default")))
#else
#define MGPU_API
#endif

#define MGPU_VERSION_MAJOR 0
#define MGPU_VERSION_MINOR 1
#define MGPU_VERSION_PATCH 0

/* ---------------------------------------------------------------------------------------------------------
 * Results: stable numbers. 0 is success; 1..99 bad input; 100..199 unsupported; 200..299 resources;
 * 300..399 Vulkan and the device. MGPU_ERROR_RANGE_TOO_SMALL: a range holds fewer bytes than the call needs
 * of it; MGPU_ERROR_MISALIGNED: a range's offset (a scratch range's offset or device address) is not a
 * multiple of what the call needs. MGPU_ERROR_NOT_FOUND is reserved: no call returns it today.
 */
#define MGPU_RESULT_LIST(X)                                                             \
    X(MGPU_SUCCESS, 0, "success")                                                       \
    X(MGPU_ERROR_INVALID_ARGUMENT, 1, "invalid argument")                               \
    X(MGPU_ERROR_RANGE_TOO_SMALL, 2, "buffer range too small for the count and type")   \
    X(MGPU_ERROR_MISALIGNED, 3, "buffer range offset not aligned to the element size")  \
    X(MGPU_ERROR_NOT_FOUND, 4, "no such device, file or object")                        \
    X(MGPU_ERROR_UNSUPPORTED, 100, "operation not supported by this device or context") \
    X(MGPU_ERROR_OUT_OF_MEMORY, 200, "out of device or host memory")                    \
    X(MGPU_ERROR_IO, 201, "file input/output failed")                                   \
    X(MGPU_ERROR_VULKAN, 300, "a Vulkan call failed")                                   \
    X(MGPU_ERROR_DEVICE_LOST, 301, "the Vulkan device was lost")                        \
    X(MGPU_ERROR_NO_DEVICE, 302, "no Vulkan device with the required features")

typedef enum mgpu_result {
#define MGPU_RESULT_ENUM_(name, value, message) name = value,
    MGPU_RESULT_LIST(MGPU_RESULT_ENUM_)
#undef MGPU_RESULT_ENUM_
} mgpu_result;

/** The result's enumerator name, e.g. "MGPU_ERROR_INVALID_ARGUMENT"; "MGPU_UNKNOWN" for other values. */
MGPU_API const char *mgpu_result_name(mgpu_result result);
/** A short English description of the result. */
MGPU_API const char *mgpu_result_message(mgpu_result result);
/** Alias of mgpu_result_message, for code written against that name. */
MGPU_API const char *mgpu_result_string(mgpu_result result);

/* ---------------------------------------------------------------------------------------------------------
 * Element types, operators, ranges.
 */
typedef enum mgpu_type {
    MGPU_TYPE_U32 = 0, /* default */
    MGPU_TYPE_I32 = 1,
    MGPU_TYPE_F32 = 2,
    MGPU_TYPE_U64 = 3, /* needs shaderInt64 */
    MGPU_TYPE_I64 = 4, /* needs shaderInt64 */
    MGPU_TYPE_F64 = 5, /* needs shaderInt64 and shaderFloat64 */
    MGPU_TYPE_COUNT = 6
} mgpu_type;

#define MGPU_TYPE_BIT(type) (1u << (type))
#define MGPU_TYPE_MASK_ALL  0x3fu

/** Size in bytes of one element of the type (0 for an invalid type). */
MGPU_API size_t mgpu_type_size(mgpu_type type);
/** The type's short name: "u32", "i32", "f32", "u64", "i64", "f64" (NULL for an invalid type). */
MGPU_API const char *mgpu_type_name(mgpu_type type);

/**
 * Reduction and scan operators. Integer addition wraps. Floating-point min and max propagate NaN (a NaN
 * input makes the result NaN) and otherwise compare as IEEE numbers (-0.0 == +0.0: the earlier one is
 * kept by min/max-index). MAX_INDEX (reduce only) gives the first maximum and its index; NaN counts as
 * greater than every number, so the first NaN wins.
 */
typedef enum mgpu_op {
    MGPU_OP_ADD = 0,      /* default; identity 0 */
    MGPU_OP_MIN = 1,      /* identity: the type's maximum, +inf for floats */
    MGPU_OP_MAX = 2,      /* identity: the type's lowest, -inf for floats */
    MGPU_OP_MAX_INDEX = 3 /* reduce only; identity: the type's lowest (-inf) with index -1 */
} mgpu_op;

/** One value of any element type. */
typedef union mgpu_scalar {
    uint32_t u32;
    int32_t i32;
    float f32;
    uint64_t u64;
    int64_t i64;
    double f64;
} mgpu_scalar;

/**
 * A byte range of a VkBuffer. Pooled allocations and wrapped caller buffers are both ranges.
 *
 * Every call that takes a range checks, before it records or writes anything, that the context can vouch for
 * it, and refuses it with MGPU_ERROR_INVALID_ARGUMENT otherwise (the reason in mgpu_context_last_error):
 *   - a range with an id (from mgpu_buffer_alloc or mgpu_buffer_wrap, or a copy of one) must name a live
 *     allocation of this context, with its VkBuffer, and lie inside it: [offset, offset + size) within the
 *     bytes allocated (or wrapped). A copy moved or shrunk inside the allocation (a sub-range) is fine;
 *     one kept after mgpu_buffer_free is refused, even when a new allocation now holds its bytes, and so is
 *     a range of another context.
 *   - a range made by hand (id 0) must lie inside a live allocation of this context's pool, or inside a
 *     buffer wrapped in this context (up to the buffer_size given to mgpu_buffer_wrap, else the buffer's
 *     memory requirements).
 * A null buffer is MGPU_ERROR_INVALID_ARGUMENT too; a range smaller than the call needs, or an offset not
 * aligned to its elements, is MGPU_ERROR_RANGE_TOO_SMALL or MGPU_ERROR_MISALIGNED (checked before the above).
 * No Vulkan call is ever made on a VkBuffer the context does not know. Preconditions that stay the caller's:
 * a hand-made range cannot be told from a new allocation at the same bytes (keep the id to be protected); a
 * range freed after a command using it was recorded and before that command executed is like vkDestroyBuffer
 * while in use; a wrapped buffer must stay alive while it is wrapped.
 */
typedef struct mgpu_range {
    VkBuffer buffer;
    VkDeviceSize offset;
    VkDeviceSize size;
    uint64_t id; /* set by mgpu_buffer_alloc and mgpu_buffer_wrap: the allocation the range belongs to; 0 in a
                    range made by hand */
} mgpu_range;

/** The sub-range of size bytes starting offset bytes into range, keeping its allocation's id (so it stays
 *  protected against use after free). Nothing is checked here: the call that uses it checks it.
 *  // a range of 1000 u32: mgpu_range_slice(r, 4 * 10, 4 * 20) holds elements 10 .. 29 */
static inline mgpu_range mgpu_range_slice(mgpu_range range, VkDeviceSize offset, VkDeviceSize size) {
    mgpu_range slice = range;
    slice.offset = range.offset + offset;
    slice.size = size;
    return slice;
}

/** What a recording needs of its caller-owned scratch range. */
typedef struct mgpu_requirements {
    VkDeviceSize scratch_size;        /* 0: no scratch needed (pass an empty range) */
    VkDeviceSize scratch_alignment;   /* the scratch range's device address must be a multiple */
    VkBufferUsageFlags scratch_usage; /* usage flags the scratch buffer needs */
} mgpu_requirements;

/* ---------------------------------------------------------------------------------------------------------
 * Context.
 */
typedef struct mgpu_context_T *mgpu_context;

typedef enum mgpu_log_level {
    MGPU_LOG_INFO = 0,
    MGPU_LOG_WARNING = 1,
    MGPU_LOG_ERROR = 2,
    MGPU_LOG_VALIDATION = 3 /* a message of the Vulkan validation layers */
} mgpu_log_level;

/** Receives the library's messages (failures in detail, validation messages). Without one the library is
 *  silent, unless env MGPU_VERBOSE is set (then it writes to stderr). */
typedef void (*mgpu_log_fn)(void *user, mgpu_log_level level, const char *message);

/**
 * Creating a context with its own instance and device. Zero means default for every field.
 *   device: index ("1") or case-insensitive name substring ("H100", "llvmpipe"); NULL reads env MGPU_DEVICE;
 *           default: the first discrete GPU, else integrated, else virtual, else CPU (lavapipe).
 *   validation: enable VK_LAYER_KHRONOS_validation and forward its messages to log as MGPU_LOG_VALIDATION;
 *           env MGPU_VALIDATION=1 does the same. Fails with MGPU_ERROR_UNSUPPORTED if the layer is missing.
 *   pipeline_cache_path: VkPipelineCache loaded from this file if it exists, saved to it on destroy.
 *   pool_capacity: bytes of freed ranges the pool keeps cached (0: 256 MiB).
 */
typedef struct mgpu_context_desc {
    const void *next; /* the extension slot: must be NULL */
    const char *device;
    bool validation;
    mgpu_log_fn log;
    void *log_user;
    const char *pipeline_cache_path;
    VkDeviceSize pool_capacity;
} mgpu_context_desc;

/**
 * Adopting a caller's Vulkan objects. The caller keeps ownership: mgpu_context_destroy destroys only what
 * the library created. The library uses only the features and extensions the engine enabled on its device, as
 * the engine tells them here, never what the device merely supports: it needs Vulkan 1.2 and bufferDeviceAddress;
 * an optional feature the device was not created with selects the fallback or makes the calls that need it
 * return MGPU_ERROR_UNSUPPORTED (mgpu_device_requirements_merge adds what the library wants to the engine's own
 * structures before it creates the device; mgpu_context_get_device_info tells what the context uses):
 *   shaderInt64                   u64 and i64 (keys, values of a typed operation, scans, ...): without it every
 *                                 call of those types returns MGPU_ERROR_UNSUPPORTED, before anything else
 *   shaderFloat64 (+ shaderInt64) f64, likewise
 *   computeFullSubgroups          the subgroup kernels are created with REQUIRE_FULL_SUBGROUPS (Vulkan13Features,
 *                                 or VkPhysicalDeviceSubgroupSizeControlFeatures, with VK_EXT_subgroup_size_control
 *                                 enabled on a Vulkan 1.2 device); without it they are created without the flag,
 *                                 as on a Vulkan 1.2 device without the extension (their NT stays a multiple of
 *                                 maxSubgroupSize)
 *   pipelineExecutableInfo        with VK_KHR_pipeline_executable_properties: MGPU_PROFILE's pipeline statistics
 * Subgroup operations are properties, not features: they need nothing enabled.
 *   enabled_features: required. The VkPhysicalDeviceFeatures2 the device was created with, its pNext chain as
 *          given to vkCreateDevice (Vulkan11/12/13 feature structs, or the single feature structs such as
 *          VkPhysicalDeviceBufferDeviceAddressFeatures and VkPhysicalDeviceSubgroupSizeControlFeatures; others
 *          are skipped). An engine that passed VkDeviceCreateInfo.pEnabledFeatures makes one with those features
 *          and its pNext chain. Read during the call only. NULL: MGPU_ERROR_INVALID_ARGUMENT (asking the device
 *          instead would use features the engine did not enable: the validation errors this field ends).
 *   enabled_extensions, enabled_extension_count: the device extensions enabled (ppEnabledExtensionNames).
 *   get_instance_proc_addr: NULL uses the system loader's vkGetInstanceProcAddr.
 *   queue: optional; without it the blocking tier and buffer transfers return MGPU_ERROR_UNSUPPORTED and
 *          only the mgpu_cmd_* tier is available.
 *   api_version: the version the instance and device were created with (0: 1.2); from 1.3 on,
 *          VkPhysicalDeviceSubgroupSizeControlFeatures counts without its extension.
 *   pipeline_cache_path: the library's own VkPipelineCache loaded from this file if it exists, saved on destroy.
 *   pipeline_cache: the engine's own VkPipelineCache, used for every pipeline the library creates instead of a
 *          cache of its own, never destroyed by it (the engine saves it with its own pipelines); not together
 *          with pipeline_cache_path (MGPU_ERROR_INVALID_ARGUMENT). mgpu_context_save_pipeline_cache still writes
 *          its data to a file. A cache created with VK_PIPELINE_CACHE_CREATE_EXTERNALLY_SYNCHRONIZED_BIT must not
 *          be used by the engine while a library call may create a pipeline (see "Thread safety").
 *   allocation_callbacks: the engine's host allocator, given to every vkCreate*, vkDestroy*, vkAllocateMemory
 *          and vkFreeMemory the library makes on the device (pipelines, shader modules, pipeline layout and cache,
 *          command pool, fence, query pools, the pool's buffers and memory). It must outlive the context.
 */
typedef struct mgpu_adopt_desc {
    const void *next; /* the extension slot: must be NULL */
    VkInstance instance;
    VkPhysicalDevice physical_device;
    VkDevice device;
    uint32_t queue_family_index;
    VkQueue queue;
    PFN_vkGetInstanceProcAddr get_instance_proc_addr;
    uint32_t api_version;
    mgpu_log_fn log;
    void *log_user;
    const char *pipeline_cache_path;
    VkDeviceSize pool_capacity;
    const VkPhysicalDeviceFeatures2 *enabled_features;
    const char *const *enabled_extensions;
    uint32_t enabled_extension_count;
    VkPipelineCache pipeline_cache;
    const VkAllocationCallbacks *allocation_callbacks;
} mgpu_adopt_desc;

/** Creates a context: instance, device, queue, pool, pipeline cache. desc may be NULL (all defaults).
 *  *out_context is NULL after a failure, whose reason goes to desc->log (no context is left to ask; without
 *  a log, to stderr under env MGPU_VERBOSE).
 *  Returns MGPU_ERROR_INVALID_ARGUMENT (out_context NULL, desc->next not NULL); MGPU_ERROR_NO_DEVICE (no Vulkan
 *  1.2 loader; no device that matches `device` and has Vulkan 1.2 with bufferDeviceAddress; no compute queue or
 *  no usable memory type on it); MGPU_ERROR_UNSUPPORTED (validation asked for, the layer not installed);
 *  MGPU_ERROR_OUT_OF_MEMORY; MGPU_ERROR_DEVICE_LOST or MGPU_ERROR_VULKAN (instance or device creation, or the
 *  library's own objects on the device, failed in the driver). */
MGPU_API mgpu_result mgpu_context_create(const mgpu_context_desc *desc, mgpu_context *out_context);

/** Wraps the caller's instance, physical device, device and (optional) queue in a context. *out_context is NULL
 *  after a failure, whose reason goes to desc->log (without one, to stderr under env MGPU_VERBOSE).
 *  Returns MGPU_ERROR_INVALID_ARGUMENT (out_context or desc NULL, desc->next not NULL, no instance, physical
 *  device, device or enabled_features, enabled_features not a VkPhysicalDeviceFeatures2, extension names NULL
 *  with a count, pipeline_cache with pipeline_cache_path, a queue family without compute); MGPU_ERROR_NO_DEVICE
 * (get_instance_proc_addr NULL and no  system loader; a device without Vulkan 1.2, or bufferDeviceAddress not enabled;
 * no usable memory type);  MGPU_ERROR_OUT_OF_MEMORY; MGPU_ERROR_VULKAN (the library's own objects on the device:
 * pipeline layout and  cache, command pool, fence, query pool). */
MGPU_API mgpu_result mgpu_context_adopt(const mgpu_adopt_desc *desc, mgpu_context *out_context);

/** Waits for the context's own submissions, releases everything it created, saves the pipeline cache if a
 *  path was given. Accepts NULL. */
MGPU_API void mgpu_context_destroy(mgpu_context context);

/** The detailed message of the last failure of a call on the context made by the calling thread ("" if none).
 *  Valid until that thread's next call. */
MGPU_API const char *mgpu_context_last_error(mgpu_context context);

/** Number of validation-layer messages received since creation (0 without validation). */
MGPU_API uint64_t mgpu_context_validation_message_count(mgpu_context context);

/** The device as the library sees it (what moderngpu's CreateCudaDevice(printInfo) printed) and the features
 *  in use. The library fills it in: it has no extension slot. */
typedef struct mgpu_device_info {
    char name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
    VkPhysicalDeviceType type;
    uint32_t vendor_id;
    uint32_t device_id;
    uint32_t api_version;
    uint32_t driver_version;
    char driver_name[VK_MAX_DRIVER_NAME_SIZE];
    char driver_info[VK_MAX_DRIVER_INFO_SIZE];
    uint32_t subgroup_size;
    uint32_t min_subgroup_size;
    uint32_t max_subgroup_size;
    VkSubgroupFeatureFlags subgroup_operations; /* in compute shaders */
    VkDeviceSize device_local_bytes;            /* the largest device-local heap */
    uint32_t shared_memory_bytes;               /* maxComputeSharedMemorySize */
    uint32_t max_workgroup_size;
    uint32_t max_workgroup_count_x;
    double timestamp_period_ns;
    bool shader_int64;
    bool shader_float64;
    bool vulkan_memory_model;
    bool subgroup_size_control;
    bool subgroup_scans; /* subgroup arithmetic, ballot and shuffles in compute: the workgroup scans use them */
    bool lookback_safe;  /* the single-pass look-back is known to run on it (NVIDIA, AMD, Intel GPUs) */
} mgpu_device_info;

/** Fills *out with the context's device information. Returns MGPU_ERROR_INVALID_ARGUMENT when out is NULL. */
MGPU_API mgpu_result mgpu_context_get_device_info(mgpu_context context, mgpu_device_info *out);

/** Prints the device information to f (stdout if NULL), like moderngpu's CreateCudaDevice(printInfo). */
MGPU_API void mgpu_device_info_print(const mgpu_device_info *info, FILE *f);

/**
 * Lists the Vulkan devices (with a temporary instance). Up to *count entries are written to infos (which
 * may be NULL to query the count); *count receives the number written (or available), *default_index
 * (optional) the device mgpu_context_create picks without MGPU_DEVICE (UINT32_MAX if none).
 * Returns MGPU_ERROR_INVALID_ARGUMENT (count NULL), MGPU_ERROR_NO_DEVICE (no Vulkan 1.2 loader),
 * MGPU_ERROR_OUT_OF_MEMORY, MGPU_ERROR_VULKAN.
 */
MGPU_API mgpu_result mgpu_enumerate_devices(mgpu_device_info *infos, uint32_t *count, uint32_t *default_index);

/**
 * The features and extensions libmgpuvk wants, for an engine that creates its own VkDevice: every field set
 * in the returned structures is supported by physical_device and used by the library when enabled. Chain
 * vk11/vk12/vk13 (their pNext is NULL on return) and features into VkDeviceCreateInfo / VkPhysicalDevice-
 * Features2, and enable extensions[0 .. extension_count). required_missing is true when the device lacks
 * something the library cannot do without (Vulkan 1.2, bufferDeviceAddress): that is not a failure.
 * get_instance_proc_addr NULL uses the system loader's. Returns MGPU_ERROR_INVALID_ARGUMENT (instance,
 * physical_device or out NULL), MGPU_ERROR_NO_DEVICE (no get_instance_proc_addr and no system loader).
 * The whole structs are the library's, to merge by hand into the engine's; mgpu_device_requirements_merge
 * writes the same wants into the engine's own structures instead.
 */
typedef struct mgpu_device_requirements {
    uint32_t api_version;
    VkPhysicalDeviceFeatures features;
    VkPhysicalDeviceVulkan11Features vk11;
    VkPhysicalDeviceVulkan12Features vk12;
    VkPhysicalDeviceVulkan13Features vk13;
    uint32_t extension_count;
    const char *extensions[8];
    bool required_missing;
} mgpu_device_requirements;

MGPU_API mgpu_result mgpu_query_device_requirements(VkInstance instance, VkPhysicalDevice physical_device,
                                                    PFN_vkGetInstanceProcAddr get_instance_proc_addr,
                                                    mgpu_device_requirements *out);

/**
 * The library's wants merged into the engine's own device creation (as Fuchsia's
 * radix_sort_vk_target_get_requirements does): the engine fills features, extensions and the counts, calls
 * mgpu_device_requirements_merge, then creates its device with the same chain and list, and adopts it with them
 * (mgpu_adopt_desc.enabled_features = features, enabled_extensions = extensions, enabled_extension_count).
 *   api_version: the version the engine's instance and device use (0: 1.2).
 *   features: the engine's VkPhysicalDeviceFeatures2 with whatever feature structs it has chained. The bits the
 *          library wants and the device supports are set (never cleared) in the struct that holds them:
 *          features.shaderInt64 and shaderFloat64; bufferDeviceAddress in the chain's
 *          VkPhysicalDeviceVulkan12Features, else in its VkPhysicalDeviceBufferDeviceAddressFeatures;
 *          computeFullSubgroups and subgroupSizeControl in its VkPhysicalDeviceVulkan13Features (a 1.3 device),
 *          else in its VkPhysicalDeviceSubgroupSizeControlFeatures. Where the chain has no struct for a bit, the
 *          single struct (buffer_device_address, subgroup_size_control below) is appended at the chain's end, so
 *          the chain never holds a Vulkan1xFeatures beside a struct it covers (Vulkan forbids both).
 *   extensions, extension_count, extension_capacity: the engine's list of device extension names (room for
 *          extension_capacity; extension_count of them in use). The names the library wants and the device has are
 *          appended where missing (no duplicates) and extension_count grows: VK_KHR_portability_subset (Vulkan
 *          requires it where the device has it), VK_EXT_subgroup_size_control (the full-subgroup features on a
 *          Vulkan 1.2 device). At most MGPU_DEVICE_EXTENSIONS_WANTED names are added.
 *   buffer_device_address, subgroup_size_control: storage for the appended structs; keep this struct where it
 *          is (not copied) until vkCreateDevice and mgpu_context_adopt have read the chain.
 *   required_missing: set when the device lacks what the library cannot do without (Vulkan 1.2,
 *          bufferDeviceAddress); not a failure.
 * Calling it twice with the same structures changes nothing more. get_instance_proc_addr NULL uses the system
 * loader's. Returns MGPU_ERROR_INVALID_ARGUMENT (instance, physical_device, merge or features NULL, next not
 * NULL, features not a VkPhysicalDeviceFeatures2, extension_count above extension_capacity, extensions NULL with
 * a capacity, or too little room for the names to add: then nothing is changed), MGPU_ERROR_NO_DEVICE (no
 * get_instance_proc_addr and no system loader).
 *   // VkPhysicalDeviceVulkan12Features v12 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES, ...mine};
 *   // VkPhysicalDeviceFeatures2 f = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, &v12, ...mine};
 *   // const char *ext[8] = {VK_KHR_SWAPCHAIN_EXTENSION_NAME};
 *   // mgpu_device_merge m = {.api_version = VK_API_VERSION_1_3, .features = &f, .extensions = ext,
 *   //                        .extension_count = 1, .extension_capacity = 8};
 *   // mgpu_device_requirements_merge(instance, gpu, NULL, &m);   then vkCreateDevice with &f, ext, m.extension_count
 */
#define MGPU_DEVICE_EXTENSIONS_WANTED 2u

typedef struct mgpu_device_merge {
    const void *next; /* the extension slot: must be NULL */
    uint32_t api_version;
    VkPhysicalDeviceFeatures2 *features;
    const char **extensions;
    uint32_t extension_count;
    uint32_t extension_capacity;
    VkPhysicalDeviceBufferDeviceAddressFeatures buffer_device_address;
    VkPhysicalDeviceSubgroupSizeControlFeatures subgroup_size_control;
    bool required_missing;
} mgpu_device_merge;

MGPU_API mgpu_result mgpu_device_requirements_merge(VkInstance instance, VkPhysicalDevice physical_device,
                                                    PFN_vkGetInstanceProcAddr get_instance_proc_addr,
                                                    mgpu_device_merge *merge);

/** The Vulkan handles the context uses (adopted or created). Any out pointer may be NULL. */
MGPU_API void mgpu_context_get_handles(mgpu_context context, VkInstance *instance, VkPhysicalDevice *physical_device,
                                       VkDevice *device, uint32_t *queue_family_index, VkQueue *queue);

/* ---------------------------------------------------------------------------------------------------------
 * Tuning: NT (threads per workgroup) and VT (values per thread) per primitive, type and device class, from
 * each primitive's table of rows (src/prims/<family>.c). Overrides by API or by env MGPU_TUNE, read at context
 * creation:
 *   MGPU_TUNE="scan:nt=256,vt=16;reduce.u64:vt=8;scan:lookback=off,subgroup=off"
 * (prim[.type]:key=value,...; keys nt, vt, lookback, subgroup (on/off/auto), wait (a count or never), groups,
 * single, fold, grids (on/off/auto), blocksort (a power of two), values_nt, values_vt).
 */
typedef enum mgpu_prim {
    MGPU_PRIM_REDUCE = 0,
    MGPU_PRIM_SCAN = 1,
    MGPU_PRIM_FILL = 2,
    MGPU_PRIM_COPY = 3,
    MGPU_PRIM_MERGE = 4,          /* merge (sorted search and join have MGPU_PRIM_SORTED_SEARCH) */
    MGPU_PRIM_LOAD_BALANCE = 5,   /* load-balancing search, the interval operations, bulk insert and remove */
    MGPU_PRIM_MERGESORT = 6,      /* mergesort: the NT x VT tile of its merge passes (blocksort, values_nt/vt) */
    MGPU_PRIM_RADIXSORT = 7,      /* radix sort: the tile of its digit passes (with values or indices: values_nt/vt) */
    MGPU_PRIM_SEGREDUCE = 8,      /* segmented reduce and reduce-by-key: the tile of their one pass (values_nt/vt:
                                     of their Merge Path dispatch, where the look-back is off) */
    MGPU_PRIM_SEGSORT = 9,        /* segmented sort and locality sort: the tile of their blocksort and merge passes */
    MGPU_PRIM_SETS = 10,          /* multiset operations: the tile of their count and write dispatches
                                     (values_nt/vt: with values, and the counting calls of an info with values) */
    MGPU_PRIM_COMPACT = 11,       /* select, partition, unique, run-length encode: the tile of their one pass
                                     (values_nt/vt: of the one pass by ranges of tiles) */
    MGPU_PRIM_HISTOGRAM = 12,     /* histogram: the tile its workgroups loop over */
    MGPU_PRIM_SORTED_SEARCH = 13, /* sorted search and the join's search: their Merge Path tiles (a merge of A and
                                     B; the join's is values_nt x values_vt) */
    MGPU_PRIM_COUNT = 14
} mgpu_prim;

#define MGPU_PRIM_BIT(prim) (1u << (prim))
#define MGPU_PRIM_MASK_ALL  ((1u << MGPU_PRIM_COUNT) - 1u)

typedef enum mgpu_switch {
    MGPU_SWITCH_AUTO = 0, /* default: the device decides */
    MGPU_SWITCH_ON = 1,
    MGPU_SWITCH_OFF = 2
} mgpu_switch;

/** Zero fields mean: keep the table's value. */
typedef struct mgpu_tuning {
    uint32_t nt;            /* power of two, 32..maxComputeWorkGroupSize (64..1024 typical) */
    uint32_t vt;            /* 1..32 */
    mgpu_switch lookback;   /* scan, radix sort, set operations, compaction, segmented reduce: single pass with
                               decoupled look-back (ON), or reduce-then-scan / count, scan and write / Merge Path
                               tiles and a carry pass (OFF) */
    mgpu_switch subgroup;   /* workgroup scans/reductions, and Merge Path partition searches where they are few, from
                             subgroup operations (ON) or shared memory and one thread each (OFF) */
    uint32_t lookback_wait; /* scan look-back: flag reads before a tile reduces a silent predecessor itself
                               (0: 1024; MGPU_LOOKBACK_WAIT_NEVER: always, a verification mode);
                               in-place scans always wait, since a predecessor may have overwritten its input */
    uint32_t groups;        /* merge, mergesort, sorted search, load balance, intervals, bulk, histogram, the
                               segmented reduce's one pass, set operations, the radix sort's one-sweep histogram,
                               the segmented and locality sorts' blocksort (and their passes' walks, at most 2048):
                               at most this many workgroups are launched, each looping over tiles (0: the tuning
                               row's, else 16384; on GPUs the rows of the merge of 32-bit keys and of the sorted
                               search say 4096, of the mergesort of 32-bit keys 8192, of the set operations 4096,
                               of the radix sort 256 (1024 on CPU devices); segmented reduce 65536 /
                               nt; but never so few that one takes over 256 tiles: llvmpipe cuts longer loops;
                               histogram: at most 1024 in any case) */
    mgpu_switch single;     /* radix sort: an input that fits one workgroup (16384 keys on most GPUs) sorted by one
                               workgroup in one dispatch (ON) or by the digit passes (AUTO, OFF: on an H100 the
                               one workgroup took 2.4x as long as the passes, even at 256 keys) */
    mgpu_switch fold;       /* merge, mergesort passes: each workgroup searches its tile's Merge Path bounds at its
                               start, without the partition dispatch (ON), or the partition dispatch first (OFF);
                               AUTO: folded where the tiles are few (src/prims/merge.c). Compaction's one pass
                               (select, partition, unique, rle): ON walks back once per range of 8 tiles (of
                               values_nt x values_vt), each range counting its tiles' outputs first; OFF once per
                               tile; AUTO by ranges from 8192 of their tiles on, rle 4096 (src/prims/compact.c).
                               Radix sort's one-sweep passes: chained in one dispatch where they take at most 256
                               tiles in all (AUTO: where the look-back is safe; ON: also elsewhere, where a tile's
                               unbounded wait for the pass before may hang a device that does not keep started
                               workgroups progressing), or one dispatch per pass (OFF) */
    mgpu_switch grids;      /* with an indirect count (scan, reduce, compaction, histogram, radix sort): a setup
                               dispatch sizes the grids by the real count (ON), or the capacity's grids are launched
                               and their workgroups past the real count do no work (OFF); AUTO: sized where a grid
                               of the capacity would exceed MGPU_INDIRECT_SIZED_GROUPS workgroups (the setup costs
                               about a dispatch: bench/RESULTS.md, ninth session) */
    uint32_t blocksort;     /* mergesort of keys alone: its blocksort's workgroup in multiples of nt (a power of
                               two, 1..64; 0: the table's), so that the merge passes start from sorted runs of that
                               many of their tiles, log2(blocksort) passes fewer; per call halved while the
                               workgroup exceeds the device's workgroup size or its keys its shared memory
                               (mgpu_context_get_tuning gives the factor before that). With values or indices the
                               blocksort keeps nt (its tags double its shared memory: slower) */
    uint32_t values_nt;     /* mergesort, segmented and locality sort with values or indices: the NT of their
                               tiles, in place of nt (their registers hold a value per key, so their best tile
                               differs); segmented reduce with the look-back off: the NT of its Merge Path tiles
                               (they hold values and starts in shared memory, so they are smaller than the one
                               pass's); sorted search: the NT of the join's search tiles (another kernel: two
                               walks a tile and a workgroup sum); compaction: the NT of the tiles of its one pass
                               by ranges of tiles (fold: large inputs); set operations with values (and their
                               counting calls given the same info): the NT of their tiles; a power of two as nt.
                               0: nt where nt is set, else the table's (its own shape for values, or nt) */
    uint32_t values_vt;     /* likewise the VT with values or indices (segmented reduce: of the Merge Path tiles;
                               sorted search: of the join's search; compaction: of its ranges' tiles), in place of
                               vt (1..32; 0: vt where vt is set, else the table's) */
} mgpu_tuning;

/* mgpu_tuning.grids AUTO: the capacity's grid, in workgroups, from which a setup dispatch sizes the grids. */
#define MGPU_INDIRECT_SIZED_GROUPS 4096u
#define MGPU_LOOKBACK_WAIT_NEVER   0xffffffffu

/** Overrides the tuning of prim for the types in type_mask (MGPU_TYPE_BIT); tuning NULL restores the table.
 *  Returns MGPU_ERROR_INVALID_ARGUMENT (prim outside its enum; type_mask 0 or with bits past MGPU_TYPE_MASK_ALL;
 *  NT or values_nt not a power of two in 32..the device's workgroup size; VT or values_vt above 32; a switch
 *  outside its enum; a tile (either shape) that needs more shared memory than the device has; blocksort not 0 or
 *  a power of two up to 64),
 *  MGPU_ERROR_UNSUPPORTED (subgroup ON on a device without the subgroup operations the workgroup scans use). */
MGPU_API mgpu_result mgpu_context_set_tuning(mgpu_context context, mgpu_prim prim, uint32_t type_mask,
                                             const mgpu_tuning *tuning);

/** The tuning in effect for prim and type, every field resolved (no zeros, no AUTO). Returns
 *  MGPU_ERROR_INVALID_ARGUMENT (out NULL, prim or type outside its enum). */
MGPU_API mgpu_result mgpu_context_get_tuning(mgpu_context context, mgpu_prim prim, mgpu_type type, mgpu_tuning *out);

/** Builds ahead of time every pipeline the primitives in prim_mask use for the types in type_mask with the
 *  current tuning, so that no later call stalls on pipeline creation. Types the device lacks are skipped.
 *  Returns MGPU_ERROR_INVALID_ARGUMENT (bits past MGPU_PRIM_MASK_ALL or MGPU_TYPE_MASK_ALL),
 *  MGPU_ERROR_UNSUPPORTED (a radix sort tile that the device's shared memory cannot hold), and the recording
 *  set. */
MGPU_API mgpu_result mgpu_context_prepare(mgpu_context context, uint32_t prim_mask, uint32_t type_mask);

/** Orders of a sort or merge variant. */
typedef enum mgpu_variant_order {
    MGPU_VARIANT_BOTH_ORDERS = 0, /* default */
    MGPU_VARIANT_ASCENDING = 1,
    MGPU_VARIANT_DESCENDING = 2
} mgpu_variant_order;

/** One kind of call an engine will make, for mgpu_context_prepare_variants. */
typedef struct mgpu_variant {
    mgpu_prim prim;
    mgpu_type type;           /* the key type (sorts, merges, searches, joins, sets) or the element type */
    uint32_t value_size;      /* radix sort, mergesort, merge: 0 keys only, 4 (or indices) or 8 bytes per value;
                                 other prims build every value width of the type */
    mgpu_variant_order order; /* radix sort, mergesort, merge; other prims build both */
} mgpu_variant;

/** Builds, with the current tuning, only the pipelines of the variants named, where mgpu_context_prepare
 *  builds every variant of every type in its masks: the radix sort, mergesort and merge of a key type with one
 *  value width and order (a few pipelines each, where all of a type's are 6 to 18 of them per prim); for the
 *  other prims, every pipeline of the type (the families that share a prim's tuning, such as the join with
 *  MGPU_PRIM_SORTED_SEARCH, build all of the type's too). A call recorded afterwards with a named variant
 *  builds nothing more (unless the tuning changes). Every entry is checked before anything is built.
 *   // mgpu_context_prepare_variants(ctx, (mgpu_variant[]){{MGPU_PRIM_RADIXSORT, MGPU_TYPE_F32, 4},
 *   //                                                     {MGPU_PRIM_SCAN, MGPU_TYPE_U32}}, 2);
 *  Returns MGPU_ERROR_INVALID_ARGUMENT (variants NULL with a count; a prim, type or order outside its enum; a
 *  value_size other than 0, 4 or 8), MGPU_ERROR_UNSUPPORTED (a type the context cannot use, as the type checks
 *  say; a radix sort tile that the device's shared memory cannot hold), and the recording set. */
MGPU_API mgpu_result mgpu_context_prepare_variants(mgpu_context context, const mgpu_variant *variants, uint32_t count);

/** Saves the pipeline cache to path (or to the context's pipeline_cache_path if path is NULL). Returns
 *  MGPU_ERROR_INVALID_ARGUMENT (no path, here or at creation), MGPU_ERROR_IO (the file cannot be written),
 *  MGPU_ERROR_OUT_OF_MEMORY, MGPU_ERROR_VULKAN. */
MGPU_API mgpu_result mgpu_context_save_pipeline_cache(mgpu_context context, const char *path);

/* ---------------------------------------------------------------------------------------------------------
 * Pooled allocator (moderngpu's CudaAllocBuckets). Device-local memory is taken from the device in blocks
 * (64 MiB, or one block per larger request) with one VkBuffer per block; ranges are sub-allocated from
 * blocks. A freed range is cached in the bucket of its size class and handed back to the next request of
 * that class (a hit); past the capacity the least recently freed cached ranges are released (evicted) and a
 * block with nothing left in it is freed. SIMPLE mode gives every allocation its own VkDeviceMemory and
 * frees it at once (moderngpu's CudaAllocSimple). Every range offset is a multiple of MGPU_POOL_ALIGNMENT.
 */
#define MGPU_POOL_ALIGNMENT 256u

typedef enum mgpu_pool_mode {
    MGPU_POOL_BUCKETS = 0, /* default */
    MGPU_POOL_SIMPLE = 1
} mgpu_pool_mode;

typedef struct mgpu_pool_stats {
    VkDeviceSize in_use_bytes; /* bytes of ranges handed out and not freed (rounded to their size class) */
    VkDeviceSize cached_bytes; /* bytes of freed ranges kept for reuse */
    VkDeviceSize block_bytes;  /* bytes of VkDeviceMemory held */
    VkDeviceSize capacity;     /* the cached_bytes limit */
    uint64_t blocks;           /* VkDeviceMemory allocations held */
    uint64_t in_use_ranges;
    uint64_t cached_ranges;
    uint64_t hits;      /* allocations served from the cache */
    uint64_t misses;    /* allocations that took new space */
    uint64_t evictions; /* cached ranges released to stay under capacity */
} mgpu_pool_stats;

/** Allocates size bytes (> 0) of device-local memory; out receives the range (size as asked) with a new id,
 *  which its copies and sub-ranges keep (mgpu_range). Returns MGPU_ERROR_INVALID_ARGUMENT (out NULL, size 0),
 *  MGPU_ERROR_OUT_OF_MEMORY (more than the largest device-local heap, or the device or host is out of memory;
 *  the cache is released and the allocation tried again first), MGPU_ERROR_UNSUPPORTED (the device-local memory
 *  type cannot hold the pool's buffers), MGPU_ERROR_VULKAN. */
MGPU_API mgpu_result mgpu_buffer_alloc(mgpu_context context, VkDeviceSize size, mgpu_range *out);

/** Returns a range from mgpu_buffer_alloc to the pool, or forgets a wrapped range: the range as returned (its
 *  id and offset; a hand-made range with id 0 frees the live allocation that starts at its offset). A range
 *  with a null buffer is ignored; an unknown range (freed already, a sub-range, another context's) is
 *  ignored and reported to the log as a warning. Every copy of a freed range is refused from then on. */
MGPU_API void mgpu_buffer_free(mgpu_context context, mgpu_range range);

/**
 * A caller's VkBuffer to wrap. Vulkan cannot be asked how a buffer was created, so the caller says:
 *   buffer: the VkBuffer, of this context's device.
 *   usage: the VkBufferCreateInfo.usage it was created with. VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT is
 *          required (the kernels reach every range through its device address); TRANSFER_DST for
 *          mgpu_buffer_upload, TRANSFER_SRC for mgpu_buffer_download and for a blocking call's host result
 *          (reduce, scan total, set and join counts) kept in it. The memory bound to it must have been allocated
 *          with VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT (VkMemoryAllocateFlagsInfo), which Vulkan requires for a
 *          buffer with that usage and which the library cannot check.
 *   buffer_size: the buffer's size (0: unknown; the buffer's memory requirements then bound the range).
 *   offset, size: the range wrapped; size VK_WHOLE_SIZE (to the end) only if buffer_size is given.
 */
typedef struct mgpu_buffer_wrap_desc {
    const void *next; /* the extension slot: must be NULL */
    VkBuffer buffer;
    VkBufferUsageFlags usage;
    VkDeviceSize buffer_size;
    VkDeviceSize offset;
    VkDeviceSize size;
} mgpu_buffer_wrap_desc;

/**
 * Wraps a caller's VkBuffer as a range the library can use; its device address is looked up once and
 * remembered. mgpu_buffer_free on it forgets it and never destroys the caller's buffer; the buffer must outlive
 * the wrap (and every command using it).
 *   // mgpu_buffer_wrap(ctx, &(mgpu_buffer_wrap_desc){.buffer = particles, .usage = usage_it_was_created_with,
 *   //                                                .buffer_size = bytes, .size = VK_WHOLE_SIZE}, &range);
 * Returns MGPU_ERROR_INVALID_ARGUMENT for desc or out NULL, desc->next not NULL, a null buffer, a usage without
 * VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT (refused here, where the recording would raise
 * VUID-VkBufferDeviceAddressInfo-buffer-02601), size 0, VK_WHOLE_SIZE without buffer_size, and for a buffer of
 * this context's pool (its ranges are used as mgpu_buffer_alloc returns them: a wrap could reach into
 * neighbouring allocations and outlive its own); MGPU_ERROR_RANGE_TOO_SMALL when offset + size passes the
 * buffer; MGPU_ERROR_MISALIGNED for an offset not a multiple of 4; MGPU_ERROR_OUT_OF_MEMORY when the registry of
 * ranges cannot grow.
 */
MGPU_API mgpu_result mgpu_buffer_wrap(mgpu_context context, const mgpu_buffer_wrap_desc *desc, mgpu_range *out);

/** The device address of the first byte of range; 0 for a range the context cannot vouch for (see
 *  mgpu_range; the reason in mgpu_context_last_error). Never asks Vulkan about an unknown buffer. */
MGPU_API VkDeviceAddress mgpu_range_address(mgpu_context context, mgpu_range range);

/** Pool statistics, also as JSON (mgpu_pool_stats_json writes at most size bytes, returns the length). */
MGPU_API void mgpu_pool_get_stats(mgpu_context context, mgpu_pool_stats *out);
MGPU_API size_t mgpu_pool_stats_json(const mgpu_pool_stats *stats, char *buffer, size_t size);

/** Sets the cached-bytes capacity (evicting at once if over it); reads it back (0 for a null context). Setting
 *  fails only for a null context (MGPU_ERROR_INVALID_ARGUMENT). */
MGPU_API mgpu_result mgpu_pool_set_capacity(mgpu_context context, VkDeviceSize bytes);
MGPU_API VkDeviceSize mgpu_pool_get_capacity(mgpu_context context);

/** Switches between bucket caching and simple mode; switching releases the cache. Returns
 *  MGPU_ERROR_INVALID_ARGUMENT for a mode outside the enum. */
MGPU_API mgpu_result mgpu_pool_set_mode(mgpu_context context, mgpu_pool_mode mode);

/** Releases every cached range and every empty block. */
MGPU_API void mgpu_pool_trim(mgpu_context context);

/* ---------------------------------------------------------------------------------------------------------
 * Transfers and fills. Upload/download go through a pooled host-visible staging area in chunks, so any
 * size works; they block. bytes must fit in the range. Returns MGPU_ERROR_INVALID_ARGUMENT (a null host pointer
 * with bytes > 0; a range the context cannot vouch for, mgpu_range; a wrapped buffer whose usage lacks
 * TRANSFER_DST for an upload, TRANSFER_SRC for a download), MGPU_ERROR_RANGE_TOO_SMALL (bytes more than the
 * range's size), and the submitting set. bytes 0 checks the range and does nothing more.
 */
MGPU_API mgpu_result mgpu_buffer_upload(mgpu_context context, mgpu_range dst, const void *src, VkDeviceSize bytes);
MGPU_API mgpu_result mgpu_buffer_download(mgpu_context context, mgpu_range src, void *dst, VkDeviceSize bytes);

typedef enum mgpu_fill_mode {
    MGPU_FILL_ASCENDING = 0,     /* out[i] = a + i * b (moderngpu's FillAscending(count, first, step)) */
    MGPU_FILL_RANDOM = 1,        /* uniform in [a, b] (integers inclusive), from seed (GenRandom) */
    MGPU_FILL_SORTED_RANDOM = 2, /* ascending random values in [a, b]: a jittered sample, one value per
                                    equal slice of [a, b] (SortRandom) */
    MGPU_FILL_CONSTANT = 3       /* out[i] = a */
} mgpu_fill_mode;

/**
 * a and b are read in the member of the element type (a.i32 for MGPU_TYPE_I32, ...).
 * Checks: the type checks; mode inside its enum, count <= 2^31-1 (MGPU_ERROR_INVALID_ARGUMENT); when count > 0,
 * the range checks of output (count elements). count 0 records nothing.
 */
typedef struct mgpu_fill_info {
    const void *next; /* the extension slot: must be NULL */
    mgpu_type type;
    mgpu_fill_mode mode;
    uint32_t count;
    mgpu_range output;
    mgpu_scalar a;
    mgpu_scalar b;
    uint64_t seed;
} mgpu_fill_info;

/** Records a fill (one dispatch; no scratch). Returns the checks' results, MGPU_ERROR_INVALID_ARGUMENT for a
 *  null cmd, and the recording set. */
MGPU_API mgpu_result mgpu_cmd_fill(mgpu_context context, VkCommandBuffer cmd, const mgpu_fill_info *info);
/** Fills and waits. Returns the checks' results and the submitting set. */
MGPU_API mgpu_result mgpu_fill(mgpu_context context, const mgpu_fill_info *info);

/** Downloads count elements and prints them like moderngpu's PrintArray: columns per row (0: 10), each row led
 *  by its first index; format is a printf format for one element ("%4d", "%6.2lf"; NULL: a default); f NULL
 *  prints to stdout. Returns MGPU_ERROR_INVALID_ARGUMENT (a type outside its enum), MGPU_ERROR_OUT_OF_MEMORY
 *  (host memory), and what mgpu_buffer_download returns. */
MGPU_API mgpu_result mgpu_buffer_print(mgpu_context context, mgpu_type type, mgpu_range range, uint32_t count,
                                       const char *format, uint32_t columns, FILE *f);

/* ---------------------------------------------------------------------------------------------------------
 * Command buffers of the context's own (tools, tests, benchmarks): begin a primary command buffer, record
 * mgpu_cmd_* calls or your own commands into it, submit and wait. GPU time between begin and submit is
 * measured with timestamp queries.
 */
/** Returns MGPU_ERROR_INVALID_ARGUMENT (out_cmd NULL; the command buffer is open already), MGPU_ERROR_UNSUPPORTED
 *  (no queue), MGPU_ERROR_DEVICE_LOST (the device was lost earlier), MGPU_ERROR_OUT_OF_MEMORY, MGPU_ERROR_VULKAN. */
MGPU_API mgpu_result mgpu_commands_begin(mgpu_context context, VkCommandBuffer *out_cmd);
/** Ends, submits and waits for the command buffer of mgpu_commands_begin; gpu_ns (optional) receives the
 *  GPU time in nanoseconds (0 if the queue has no timestamps). Returns MGPU_ERROR_INVALID_ARGUMENT (no command
 *  buffer open), MGPU_ERROR_OUT_OF_MEMORY, MGPU_ERROR_DEVICE_LOST, MGPU_ERROR_VULKAN.
 *  Device loss: once any Vulkan call of the context has returned VK_ERROR_DEVICE_LOST, this call and every
 *  call that submits (the blocking tier, uploads, downloads, mgpu_commands_begin) returns
 *  MGPU_ERROR_DEVICE_LOST without touching the device, and the context's scratch is back in its pool; what
 *  the lost submission was to write is undefined. The context can then only be destroyed (safe, and nothing
 *  leaks); for an adopted device, recreate the device as Vulkan requires and adopt it again. The mgpu_cmd_*
 *  tier records without submitting: your own vkQueueSubmit reports the loss. */
MGPU_API mgpu_result mgpu_commands_submit(mgpu_context context, double *gpu_ns);

/** Records a compute-to-compute memory barrier (shader writes before shader reads and writes), which also waits
 *  for the indirect-dispatch stage, so that a later call may write the scratch an earlier one read its grids
 *  from. */
MGPU_API void mgpu_cmd_barrier(mgpu_context context, VkCommandBuffer cmd);

/* ---------------------------------------------------------------------------------------------------------
 * Copy: a plain copy shader (uvec4 loads and stores where aligned): the reference every benchmark figure is
 * compared with. bytes must be a multiple of 4.
 * Checks: bytes a multiple of 4 below 16 GiB (MGPU_ERROR_INVALID_ARGUMENT); when bytes > 0, the range checks of
 * src and dst (bytes bytes, offsets multiples of 4) and src and dst not overlapping (MGPU_ERROR_INVALID_ARGUMENT).
 */
typedef struct mgpu_copy_info {
    const void *next; /* the extension slot: must be NULL */
    mgpu_range src;
    mgpu_range dst;
    VkDeviceSize bytes;
} mgpu_copy_info;

/** Records the copy (one dispatch; none for 0 bytes). Returns the checks' results, MGPU_ERROR_INVALID_ARGUMENT
 *  for a null cmd, and the recording set. */
MGPU_API mgpu_result mgpu_cmd_copy(mgpu_context context, VkCommandBuffer cmd, const mgpu_copy_info *info);

/* ---------------------------------------------------------------------------------------------------------
 * Reduce (moderngpu's chapter 4).
 *   in: 8 1 9 8 1  add -> 27; max-index -> 9 at 2
 * The result is written to the device range `result`: the value in bytes [0, type size) and, for
 * MGPU_OP_MAX_INDEX, the index as an int64 in bytes [8, 16) (MGPU_REDUCE_RESULT_BYTES in all).
 * count 0 gives the identity (and index -1).
 * Indirect count (optional): the uint32 at indirect_count's start, read by the compute shaders when the command
 * executes (no host read) and clamped to count, which is then the capacity that sizes the scratch and the
 * workgroups; the reduction is over the first min(*indirect_count, count) elements (none past them is read; 0
 * gives the identity and index -1).
 * The overflow flag (overflow) and the grids sized by the real count: the synchronization contract at the top.
 * Checks: the type checks; op inside its enum, count <= 2^31-1 (MGPU_ERROR_INVALID_ARGUMENT); the range checks
 * of input (count elements, when count > 0), of result when given (16 bytes, offset a multiple of 8;
 * mgpu_cmd_reduce requires it) and of indirect_count when given (4 bytes, offset a multiple of 4);
 * indirect_count overlapping the result (MGPU_ERROR_INVALID_ARGUMENT); the overflow checks (the synchronization
 * contract).
 */
#define MGPU_REDUCE_RESULT_BYTES 16u

typedef struct mgpu_reduce_info {
    const void *next; /* the extension slot: must be NULL */
    mgpu_type type;
    mgpu_op op;
    uint32_t count;            /* 0 .. 2^31-1; with indirect_count, the maximum */
    mgpu_range input;          /* count elements */
    mgpu_range result;         /* mgpu_cmd_reduce: required, >= 16 bytes; mgpu_reduce: optional */
    mgpu_range indirect_count; /* optional device uint32 count, clamped to count */
    mgpu_range overflow;       /* optional uint32 (with indirect_count): 1 when *indirect_count > count, else 0 */
} mgpu_reduce_info;

typedef struct mgpu_reduce_value {
    mgpu_scalar value;
    int64_t index; /* MGPU_OP_MAX_INDEX: index of the first maximum, -1 for an empty input; else -1 */
} mgpu_reduce_value;

/** The scratch mgpu_cmd_reduce needs (none for inputs of a few tiles). Returns the size checks' results. */
MGPU_API mgpu_result mgpu_reduce_get_requirements(mgpu_context context, const mgpu_reduce_info *info,
                                                  mgpu_requirements *out);
/** Records the reduction: one dispatch for inputs of a few tiles (no scratch), else two; scratch per
 *  mgpu_reduce_get_requirements. Returns the checks', a null cmd's, the scratch checks' and the recording
 *  set's results. */
MGPU_API mgpu_result mgpu_cmd_reduce(mgpu_context context, VkCommandBuffer cmd, const mgpu_reduce_info *info,
                                     mgpu_range scratch);
/** Reduces, waits, and returns the value in *out (optional). Returns the checks' and the submitting set's
 *  results. */
MGPU_API mgpu_result mgpu_reduce(mgpu_context context, const mgpu_reduce_info *info, mgpu_reduce_value *out);

/* ---------------------------------------------------------------------------------------------------------
 * Scan (moderngpu's chapter 4): inclusive or exclusive, add/min/max, in place allowed (output == input).
 *   in: 8 6 7 5  exclusive add -> 0 8 14 21, total 26; inclusive add -> 8 14 21 26
 * Exclusive scans start from the op's identity. The total (the reduction of all inputs, the identity for
 * count 0) is written to the device range `total` when it is given (type-size bytes) and returned by the
 * blocking call.
 * Indirect count (optional): the uint32 at indirect_count's start, read by the compute shaders when the command
 * executes (no host read) and clamped to count, which is then the capacity that sizes the scratch and the
 * dispatches; the first min(*indirect_count, count) elements are scanned, inputs past them are not read and
 * outputs past them not written, and the total is theirs (the identity for 0).
 * The overflow flag (overflow) and the grids sized by the real count: the synchronization contract at the top.
 * Checks: the type checks; op ADD, MIN or MAX, count <= 2^31-1, input and output overlapping without being the
 * same range, total overlapping the input or the output, indirect_count overlapping the output or the total
 * (MGPU_ERROR_INVALID_ARGUMENT); the range checks of input and output (count elements, when count > 0), of
 * total when given (one element) and of indirect_count when given (4 bytes, offset a multiple of 4); the overflow
 * checks (the synchronization contract).
 * Two paths for inputs of more than one tile: single pass with decoupled look-back (tiles in registers, tile
 * states published with relaxed atomics on flag-tagged words), the default where
 * mgpu_device_info.lookback_safe (NVIDIA, AMD and Intel GPUs), and reduce-then-scan, the default elsewhere;
 * mgpu_tuning.lookback overrides. Reduce-then-scan never has a workgroup wait on another. The look-back does:
 * a tile reads the state of its predecessors, which took their tiles before it from a counter (so they have
 * started). Out of place, a predecessor still silent after mgpu_tuning.lookback_wait reads is reduced from
 * the input by the waiting tile itself, so no workgroup waits on another without bound and the scan needs no
 * forward-progress guarantee. In place (output == input), a predecessor may already have overwritten its
 * input, so the tile waits for its state without bound: correct only where workgroups that have started keep
 * making progress. lavapipe (Mesa 22.3) loses a waiting workgroup when it runs several threads, so it
 * defaults to reduce-then-scan, and its look-back runs are tested with LP_NUM_THREADS=1.
 */
typedef struct mgpu_scan_info {
    const void *next; /* the extension slot: must be NULL */
    mgpu_type type;
    mgpu_op op; /* ADD, MIN or MAX */
    bool exclusive;
    uint32_t count; /* 0 .. 2^31-1; with indirect_count, the maximum */
    mgpu_range input;
    mgpu_range output;         /* may be the same range as input */
    mgpu_range total;          /* optional */
    mgpu_range indirect_count; /* optional device uint32 count, clamped to count */
    mgpu_range overflow;       /* optional uint32 (with indirect_count): 1 when *indirect_count > count, else 0 */
} mgpu_scan_info;

/** The scratch mgpu_cmd_scan needs (none for one tile). Returns the size checks' results. */
MGPU_API mgpu_result mgpu_scan_get_requirements(mgpu_context context, const mgpu_scan_info *info,
                                                mgpu_requirements *out);
/** Records the scan: one dispatch when count fits one tile; else, with look-back, a scratch clear and one
 *  scan dispatch; without, reduce-then-scan passes. Returns the checks', a null cmd's, the scratch checks' and
 *  the recording set's results. */
MGPU_API mgpu_result mgpu_cmd_scan(mgpu_context context, VkCommandBuffer cmd, const mgpu_scan_info *info,
                                   mgpu_range scratch);
/** Scans, waits, and returns the total in *total (optional, type-size bytes are written). Returns the checks'
 *  and the submitting set's results. */
MGPU_API mgpu_result mgpu_scan(mgpu_context context, const mgpu_scan_info *info, mgpu_scalar *total);

/* ---------------------------------------------------------------------------------------------------------
 * Merge (moderngpu's chapter 6): the stable merge of two sorted sequences, keys or key-value pairs.
 *   A: 1 3 3 7  B: 2 3 8  ->  1 2 3(A) 3(A) 3(B) 7 8
 * Keys are compared in the total order (floats: IEEE total order, -NaN < -inf < ... < -0.0 < +0.0 <
 * ... < +inf < +NaN), ascending or descending; on equal keys A's elements come first. Values are any 32- or
 * 64-bit type, moved as raw bits (value_size 4 or 8; 0 for keys only).
 * Preconditions, documented and not checked (the CLI checks them): A and B are sorted in the merge's order.
 * Checks: the type checks of key_type; value_size 0, 4 or 8, a_count + b_count <= 2^31-1, an output that
 * overlaps an input or the other output (MGPU_ERROR_INVALID_ARGUMENT); the range checks of a_keys and b_keys
 * (a_count and b_count keys), out_keys (a_count + b_count keys) and, with values, a_values, b_values and
 * out_values (as many values), each when it holds an element; of indirect_a_count and indirect_b_count when
 * given (4 bytes, offset a multiple of 4); an indirect count overlapping out_keys or out_values
 * (MGPU_ERROR_INVALID_ARGUMENT).
 * Indirect counts (optional, each on its own): the uint32 at indirect_a_count's (indirect_b_count's) start,
 * read by the compute shaders when the command executes (no host read) and clamped to a_count (b_count), which
 * is then the capacity that sizes the scratch, the dispatches and the ranges' checks. With the real counts
 * ra and rb, A[0, ra) and B[0, rb) are merged into out_keys[0, ra + rb) (and out_values): no element past ra
 * or rb is read, no output past ra + rb is written. The overflow flag (overflow; 1 when *indirect_a_count >
 * a_count or *indirect_b_count > b_count, each when given) and its checks: the synchronization contract at the top.
 */
typedef struct mgpu_merge_info {
    const void *next; /* the extension slot: must be NULL */
    mgpu_type key_type;
    uint32_t value_size;
    bool descending;
    uint32_t a_count; /* with indirect_a_count, the maximum */
    uint32_t b_count; /* with indirect_b_count, the maximum */
    mgpu_range a_keys;
    mgpu_range b_keys;
    mgpu_range a_values; /* value_size > 0 only */
    mgpu_range b_values;
    mgpu_range out_keys;         /* a_count + b_count keys */
    mgpu_range out_values;       /* value_size > 0 only */
    mgpu_range indirect_a_count; /* optional device uint32 count of A, clamped to a_count */
    mgpu_range indirect_b_count; /* optional device uint32 count of B, clamped to b_count */
    mgpu_range overflow;         /* optional uint32 (with an indirect count): 1 when either exceeds its capacity */
} mgpu_merge_info;

/** The scratch mgpu_cmd_merge needs: the partitions and a sample array of (a_count + b_count) / S keys for them (S:
 *  the largest power of two up to 256 that divides the tile). Returns the size checks' results. */
MGPU_API mgpu_result mgpu_merge_get_requirements(mgpu_context context, const mgpu_merge_info *info,
                                                 mgpu_requirements *out);
/** Records the merge: a partition dispatch (Merge Path) and the merge dispatch. Returns the checks', a null
 *  cmd's, the scratch checks' and the recording set's results. */
MGPU_API mgpu_result mgpu_cmd_merge(mgpu_context context, VkCommandBuffer cmd, const mgpu_merge_info *info,
                                    mgpu_range scratch);
/** Merges and waits. Returns the checks' and the submitting set's results. */
MGPU_API mgpu_result mgpu_merge(mgpu_context context, const mgpu_merge_info *info);

/* ---------------------------------------------------------------------------------------------------------
 * Sorting: keys, key-value pairs, or keys and the permutation that sorts them. Stable (equal keys keep their
 * input order), ascending or descending, keys in the total order (floats: -NaN < -inf < ... <
 * -0.0 < +0.0 < ... < +inf < +NaN, so NaNs sort to the ends by sign); mergesort and radix sort give identical
 * output. Values are any 32- or 64-bit type, moved as bits. With `indices`, values_out receives, for each
 * sorted key, its index in the input (int32) and values_in is not read.
 *   keys 30 10 20 10, values a b c d  ->  keys 10 10 20 30, values b d c a, indices 1 3 2 0
 * Sorting may be in place: keys_out may be the same range as keys_in (and values_out as values_in); any
 * other overlap between the ranges is rejected.
 * Checks: the type checks of key_type; value_size 0, 4 or 8 (0 with indices), count <= 2^31-1 and, when count
 * > 0, an overlap other than in place (MGPU_ERROR_INVALID_ARGUMENT); when count > 0, the range checks of
 * keys_in and keys_out (count keys), values_in (pairs: count values) and values_out (pairs: count values;
 * indices: count int32); the range checks of indirect_count when given (4 bytes, offset a multiple of 4) and
 * indirect_count overlapping an output (MGPU_ERROR_INVALID_ARGUMENT). Mergesort and locality sort: a bit range
 * given (MGPU_ERROR_INVALID_ARGUMENT). Radix sort: a bit range past the key's bits or with begin_bit > end_bit,
 * more than 2^31-1 digit counts (256 per tile; tiles of NT x VT, VT fitted to shared memory)
 * (MGPU_ERROR_INVALID_ARGUMENT); a tuned NT whose tile the device's shared memory cannot hold even at VT 1
 * (MGPU_ERROR_UNSUPPORTED).
 * Indirect count (optional; radix sort, mergesort, locality sort): the uint32 at indirect_count's start, read by
 * the compute shaders when the command executes (no host read) and clamped to count, which is then the capacity
 * that sizes the scratch and the dispatches (and plans the mergesort's passes); the first
 * r = min(*indirect_count, count) keys (and values) are sorted into keys_out[0, r) (values_out[0, r)), nothing
 * past r is read or written (in place too).
 * Radix sort only: a bit range (sort stably by bits [begin_bit, end_bit) of the key's order-preserving
 * transform: integers as unsigned with the sign bit flipped for signed ones, floats by their total-order bits;
 * descending complements them), and grids sized by the real count (the synchronization contract at the top).
 * Overflow flag (optional, with indirect_count; every sort): the synchronization contract at the top.
 */
typedef struct mgpu_sort_info {
    const void *next; /* the extension slot: must be NULL */
    mgpu_type key_type;
    uint32_t value_size; /* 0: keys only (or indices); 4 or 8: pairs */
    bool indices;        /* write the sorting permutation to values_out */
    bool descending;
    uint32_t count; /* the element count, or with indirect_count the maximum */
    mgpu_range keys_in;
    mgpu_range keys_out;   /* count keys; may equal keys_in */
    mgpu_range values_in;  /* pairs: count values */
    mgpu_range values_out; /* pairs: count values, may equal values_in; indices: count int32 */
    uint32_t begin_bit;    /* radix sort: the bit range; 0 and 0: every bit of the key */
    uint32_t end_bit;
    mgpu_range indirect_count; /* optional device uint32 count, clamped to count */
    mgpu_range overflow;       /* optional uint32 (with indirect_count): 1 when *indirect_count > count, else 0 */
} mgpu_sort_info;

/*
 * Mergesort (moderngpu's chapter 7): a blocksort of each tile of NT * blocksort * VT keys (mgpu_tuning.blocksort;
 * a sorting network in registers, then merges in shared memory), then log2(count / that tile) global merge passes
 * on tiles of NT * VT, each a Merge Path partition dispatch and a merge dispatch, ping-ponging between the output
 * and scratch (count keys and values, the partitions, and a sample array of 2 * count / S keys, S the largest
 * power of two up to 256 that divides the merge tile, that each pass writes for the next pass's partitions). Any
 * key type; the speed does not depend on the key's bits.
 */
/** The scratch mgpu_cmd_mergesort needs (none for one blocksort tile). Returns the size checks' results. */
MGPU_API mgpu_result mgpu_mergesort_get_requirements(mgpu_context context, const mgpu_sort_info *info,
                                                     mgpu_requirements *out);
/** Records the sort: the blocksort dispatch, then two dispatches per merge pass, with barriers between
 *  them. First access: compute-shader reads of keys_in/values_in and indirect_count; last: compute-shader writes of
 *  keys_out/values_out (and of scratch). Returns the checks', a null cmd's, the scratch checks' and the
 *  recording set's results. */
MGPU_API mgpu_result mgpu_cmd_mergesort(mgpu_context context, VkCommandBuffer cmd, const mgpu_sort_info *info,
                                        mgpu_range scratch);
/** Sorts and waits. The bit range is the radix sort's (MGPU_ERROR_INVALID_ARGUMENT). Returns the checks' and the
 *  submitting set's results. */
MGPU_API mgpu_result mgpu_mergesort(mgpu_context context, const mgpu_sort_info *info);

/*
 * Radix sort (LSD, 8-bit digits), stable. Passes: ceil((end_bit - begin_bit) / 8), so keys using fewer bits take
 * fewer passes; they ping-pong between the output and scratch (an in-place sort with an odd number of passes
 * first copies the input to scratch; no pass at all copies, or writes the identity permutation). The digit
 * passes run one of two ways, chosen by the radix sort's tuning:
 * - one-sweep (lookback and subgroup ON: the default where mgpu_device_info.lookback_safe, NVIDIA, AMD and Intel
 *   GPUs, and the device has the subgroup operations): one histogram dispatch for every digit, then one
 *   dispatch per digit whose tiles rank their keys in shared memory and find their output offsets by decoupled
 *   look-back over their predecessors' digit counts. Workgroups wait on one another here: a tile waits, without
 *   bound, until every tile that started before it has published its counts, so this path is correct only
 *   where workgroups that have started keep making progress. Forced elsewhere (lavapipe), the wait is bounded
 *   and a silent predecessor's digit count recomputed from its keys.
 *   Frame-sized inputs use smaller tiles, and where the passes together take at most 256 tiles they run in one
 *   dispatch (mgpu_tuning.fold), each tile of a pass waiting for every tile of the pass before;
 * - reduce-then-scan (otherwise: lavapipe, unknown devices, lookback OFF): per digit a count dispatch, an
 *   in-place exclusive scan of all tiles' counts by mgpu_cmd_scan, and a scatter dispatch. The count and scatter
 *   dispatches never wait on another workgroup; the scan follows the scan's own tuning (MGPU_PRIM_SCAN, u32),
 *   and where its look-back is on, that scan, being in place, waits on its predecessors without bound (see
 *   mgpu_scan_info). Nothing waits where both look-back switches are off (the default on lavapipe).
 * Opt-in (the tuning's `single` ON, with subgroup operations), an input of at most NT x 16 keys (NT up to 1024,
 * as shared memory allows) is sorted by one workgroup in one dispatch, every pass included: nothing waits on
 * another workgroup.
 */
/** The scratch mgpu_cmd_radixsort needs (digit counts, look-back state or the scan's scratch, and the keys and
 *  values between passes). From sizes alone, so the largest the ranges could ask for: the keys and values of a
 *  single pass too (an in-place sort copies its input there first), and one pass of a 0-bit digit for an empty
 *  bit range (an indirect count needs it). Returns the size checks' results. */
MGPU_API mgpu_result mgpu_radixsort_get_requirements(mgpu_context context, const mgpu_sort_info *info,
                                                     mgpu_requirements *out);
/** Records the sort. First access: compute-shader reads of keys_in, values_in and indirect_count (or a copy
 *  of keys_in/values_in); last: compute-shader writes of keys_out/values_out. No submit, no wait. Returns the
 *  checks', a null cmd's, the scratch checks' and the recording set's results. */
MGPU_API mgpu_result mgpu_cmd_radixsort(mgpu_context context, VkCommandBuffer cmd, const mgpu_sort_info *info,
                                        mgpu_range scratch);
/** Sorts and waits. Returns the checks' and the submitting set's results. */
MGPU_API mgpu_result mgpu_radixsort(mgpu_context context, const mgpu_sort_info *info);

/* ---------------------------------------------------------------------------------------------------------
 * Load-balancing search (moderngpu's chapter 10): for work items 0 .. item_count-1 generated by objects with
 * the given counts, the object of each item.
 *   counts: 3 0 2 1  ->  starts (exclusive scan): 0 3 3 5, item_count 6  ->  objects: 0 0 0 2 2 3
 * object_starts is the exclusive scan of the counts (int32, ascending, object_starts[0] <= 0 items before it;
 * mgpu_scan gives it together with item_count as its total). An object with count 0 owns no item.
 * Preconditions, documented and not checked: object_starts ascending, values in [0, item_count].
 * Checks: item_count + object_count <= 2^31-1, out_objects overlapping object_starts
 * (MGPU_ERROR_INVALID_ARGUMENT); the range checks of object_starts (object_count int32) and out_objects
 * (item_count int32), each when its count is > 0.
 */
typedef struct mgpu_load_balance_info {
    const void *next; /* the extension slot: must be NULL */
    uint32_t item_count;
    uint32_t object_count;
    mgpu_range object_starts; /* object_count int32 */
    mgpu_range out_objects;   /* item_count int32 */
} mgpu_load_balance_info;

/** The scratch mgpu_cmd_load_balance needs: the partitions. Returns the size checks' results. */
MGPU_API mgpu_result mgpu_load_balance_get_requirements(mgpu_context context, const mgpu_load_balance_info *info,
                                                        mgpu_requirements *out);
/** Records the search: a partition dispatch and the search dispatch (nothing without items). Returns the
 *  checks', a null cmd's, the scratch checks' and the recording set's results. */
MGPU_API mgpu_result mgpu_cmd_load_balance(mgpu_context context, VkCommandBuffer cmd,
                                           const mgpu_load_balance_info *info, mgpu_range scratch);
/** Searches and waits. Returns the checks' and the submitting set's results. */
MGPU_API mgpu_result mgpu_load_balance(mgpu_context context, const mgpu_load_balance_info *info);

/* ---------------------------------------------------------------------------------------------------------
 * Vectorized sorted search (moderngpu's chapter 9): A and B sorted (the total order, ascending or
 * descending). For each A[i], its lower or upper bound in B; for each B[j], the other bound in A (lower for A
 * means upper for B, as in moderngpu); match flags (1 when the other array holds an equal key, else 0).
 *   A: 1 3 5  B: 3 3 4 5  lower -> A indices 0 0 3; B indices (upper into A) 2 2 2 3; A matches 0 1 1
 * Every output is optional (a null buffer skips it); all are int32. The blocking call also returns the
 * match counts, for the match outputs that are given. The tiles are MGPU_PRIM_SORTED_SEARCH's NT x VT (the join's
 * search takes its values_nt x values_vt), not the merge's.
 * Preconditions, documented and not checked: A and B sorted in the given order.
 * Checks: the type checks of key_type; bounds inside its enum, a_count and b_count <= 2^31-1, an output
 * overlapping the keys or another output (MGPU_ERROR_INVALID_ARGUMENT); the range checks of a_keys and b_keys
 * (a_count and b_count keys) and of each output given (a_count or b_count int32), each when its count is > 0;
 * of indirect_a_count and indirect_b_count when given (4 bytes, offset a multiple of 4); an indirect count
 * overlapping an output (MGPU_ERROR_INVALID_ARGUMENT).
 * Indirect counts (optional, each on its own): the uint32 at indirect_a_count's (indirect_b_count's) start,
 * read by the compute shaders when the command executes (no host read) and clamped to a_count (b_count), which
 * is then the capacity that sizes the scratch, the dispatches and the ranges' checks. With the real counts
 * ra and rb, the search is that of A[0, ra) and B[0, rb): outputs are written for those elements only (none
 * past ra or rb), a bound of A into B is in [0, rb] (of B into A in [0, ra]), and the blocking call's match
 * counts count those elements only. The overflow flag (overflow; 1 when *indirect_a_count > a_count or
 * *indirect_b_count > b_count, each when given; written also without outputs) and its checks: the synchronization
 * contract at the top.
 */
typedef enum mgpu_bounds { MGPU_BOUNDS_LOWER = 0, MGPU_BOUNDS_UPPER = 1 } mgpu_bounds;

typedef struct mgpu_sorted_search_info {
    const void *next; /* the extension slot: must be NULL */
    mgpu_type key_type;
    mgpu_bounds bounds; /* of A into B */
    bool descending;
    uint32_t a_count; /* with indirect_a_count, the maximum */
    uint32_t b_count; /* with indirect_b_count, the maximum */
    mgpu_range a_keys;
    mgpu_range b_keys;
    mgpu_range a_indices;        /* a_count int32, optional */
    mgpu_range b_indices;        /* b_count int32, optional */
    mgpu_range a_matches;        /* a_count int32, optional */
    mgpu_range b_matches;        /* b_count int32, optional */
    mgpu_range indirect_a_count; /* optional device uint32 count of A, clamped to a_count */
    mgpu_range indirect_b_count; /* optional device uint32 count of B, clamped to b_count */
    mgpu_range overflow;         /* optional uint32 (with an indirect count): 1 when either exceeds its capacity */
} mgpu_sorted_search_info;

/** The scratch mgpu_cmd_sorted_search needs: the partitions and a sample array of (a_count + b_count) / S keys
 *  for them (S: the largest power of two up to 256 that divides the tile), with or without outputs (a search
 *  without outputs records nothing and does not look at its scratch). Returns the size checks' results. */
MGPU_API mgpu_result mgpu_sorted_search_get_requirements(mgpu_context context, const mgpu_sorted_search_info *info,
                                                         mgpu_requirements *out);
/** Records the search: a partition dispatch (Merge Path) and one dispatch that writes every output given
 *  (nothing when none is). Returns the checks', a null cmd's, the scratch checks' and the recording set's
 *  results. */
MGPU_API mgpu_result mgpu_cmd_sorted_search(mgpu_context context, VkCommandBuffer cmd,
                                            const mgpu_sorted_search_info *info, mgpu_range scratch);
/** Searches and waits; a_match_count / b_match_count (optional) receive the number of matched elements of A
 *  and B when a_matches / b_matches are given (else 0), counted by a reduce of the flags. Returns the checks'
 *  and the submitting set's results. */
MGPU_API mgpu_result mgpu_sorted_search(mgpu_context context, const mgpu_sorted_search_info *info,
                                        uint32_t *a_match_count, uint32_t *b_match_count);

/* ---------------------------------------------------------------------------------------------------------
 * Bulk remove and bulk insert (moderngpu's chapter 5). Values are any 32- or 64-bit type (value_size 4 or 8),
 * moved as bits; indices are int32.
 *   remove: input 10 11 12 13 14, indices 1 3 -> 10 12 14 (output: count - index_count values)
 *   insert: b 10 11 12, insert 7 8, indices 0 2 -> 7 10 11 8 12 (insert[i] goes before b[indices[i]];
 *           an index equal to b_count appends; output: a_count + b_count values)
 * Preconditions, documented and not checked (the CLI checks them): remove indices strictly ascending in
 * [0, count); insert indices ascending in [0, b_count].
 * Checks: value_size 4 or 8; remove: count <= 2^31-1, index_count <= count; insert: a_count + b_count <= 2^31-1;
 * the output overlapping an input (MGPU_ERROR_INVALID_ARGUMENT); the range checks of each array at its size
 * (remove: input count values, indices index_count int32, output count - index_count values; insert: b
 * b_count values, insert a_count values, indices a_count int32, output a_count + b_count values), each when it
 * holds an element.
 */
typedef struct mgpu_bulk_remove_info {
    const void *next; /* the extension slot: must be NULL */
    uint32_t value_size;
    uint32_t count;
    mgpu_range input;
    uint32_t index_count;
    mgpu_range indices;
    mgpu_range output;
} mgpu_bulk_remove_info;

typedef struct mgpu_bulk_insert_info {
    const void *next; /* the extension slot: must be NULL */
    uint32_t value_size;
    uint32_t b_count;
    mgpu_range b;
    uint32_t a_count;
    mgpu_range insert;  /* a_count values */
    mgpu_range indices; /* a_count int32 */
    mgpu_range output;
} mgpu_bulk_insert_info;

/** The scratch mgpu_cmd_bulk_remove needs: the partitions. Returns the size checks' results. */
MGPU_API mgpu_result mgpu_bulk_remove_get_requirements(mgpu_context context, const mgpu_bulk_remove_info *info,
                                                       mgpu_requirements *out);
/** Records a bulk remove: a partition dispatch and the move dispatch (a load-balancing search of the input's
 *  positions against the indices). Returns the checks', a null cmd's, the scratch checks' and the recording
 *  set's results. */
MGPU_API mgpu_result mgpu_cmd_bulk_remove(mgpu_context context, VkCommandBuffer cmd, const mgpu_bulk_remove_info *info,
                                          mgpu_range scratch);
/** Removes and waits. Returns the checks' and the submitting set's results. */
MGPU_API mgpu_result mgpu_bulk_remove(mgpu_context context, const mgpu_bulk_remove_info *info);
/** The scratch mgpu_cmd_bulk_insert needs: the partitions. Returns the size checks' results. */
MGPU_API mgpu_result mgpu_bulk_insert_get_requirements(mgpu_context context, const mgpu_bulk_insert_info *info,
                                                       mgpu_requirements *out);
/** Records a bulk insert: a partition dispatch and the move dispatch (B's positions merged with the indices).
 *  Returns the checks', a null cmd's, the scratch checks' and the recording set's results. */
MGPU_API mgpu_result mgpu_cmd_bulk_insert(mgpu_context context, VkCommandBuffer cmd, const mgpu_bulk_insert_info *info,
                                          mgpu_range scratch);
/** Inserts and waits. Returns the checks' and the submitting set's results. */
MGPU_API mgpu_result mgpu_bulk_insert(mgpu_context context, const mgpu_bulk_insert_info *info);

/* ---------------------------------------------------------------------------------------------------------
 * Interval operations (moderngpu's chapter 11), built on the load-balancing search. Interval o has count[o]
 * elements; interval_starts is the exclusive scan of the counts (int32), item_count their total. For item r
 * of interval o:
 *   EXPAND   output[starts[o] + r] = input[o]                 (input: interval_count values)
 *   GATHER   output[starts[o] + r] = input[gather[o] + r]     (the intervals of input, packed)
 *   SCATTER  output[scatter[o] + r] = input[starts[o] + r]    (packed input spread out; output updated)
 *   MOVE     output[scatter[o] + r] = input[gather[o] + r]    (output updated; the rest keeps its values)
 *   counts 2 1 3, input 10 20 30 (EXPAND) -> 10 10 20 30 30 30
 * Values are any 32- or 64-bit type, moved as bits. Preconditions, documented and not checked: starts
 * ascending from 0; gather[o] + count[o] <= input_count; scatter[o] + count[o] <= output_count; scattered
 * intervals do not overlap.
 * Checks: op inside its enum, value_size 4 or 8, item_count + interval_count, input_count and output_count
 * <= 2^31-1, the output overlapping another range (MGPU_ERROR_INVALID_ARGUMENT); the range checks of
 * interval_starts (interval_count int32), of gather and scatter where the op reads them (interval_count int32)
 * and, when item_count > 0, of input and output (their counts below, value_size bytes each).
 */
typedef enum mgpu_interval_op {
    MGPU_INTERVAL_OP_EXPAND = 0,
    MGPU_INTERVAL_OP_GATHER = 1,
    MGPU_INTERVAL_OP_SCATTER = 2,
    MGPU_INTERVAL_OP_MOVE = 3
} mgpu_interval_op;

typedef struct mgpu_interval_info {
    const void *next; /* the extension slot: must be NULL */
    mgpu_interval_op op;
    uint32_t value_size; /* 4 or 8 */
    uint32_t item_count;
    uint32_t interval_count;
    mgpu_range interval_starts; /* interval_count int32 */
    mgpu_range gather;          /* GATHER, MOVE: interval_count int32 */
    mgpu_range scatter;         /* SCATTER, MOVE: interval_count int32 */
    mgpu_range input;           /* EXPAND: interval_count values; SCATTER: item_count; GATHER, MOVE: input_count */
    uint32_t input_count;
    mgpu_range output; /* EXPAND, GATHER: item_count values; SCATTER, MOVE: output_count values */
    uint32_t output_count;
} mgpu_interval_info;

/** The scratch mgpu_cmd_interval needs: the partitions. Returns the size checks' results. */
MGPU_API mgpu_result mgpu_interval_get_requirements(mgpu_context context, const mgpu_interval_info *info,
                                                    mgpu_requirements *out);
/** Records the operation: a partition dispatch and the interval dispatch (nothing without items). Returns the
 *  checks', a null cmd's, the scratch checks' and the recording set's results. */
MGPU_API mgpu_result mgpu_cmd_interval(mgpu_context context, VkCommandBuffer cmd, const mgpu_interval_info *info,
                                       mgpu_range scratch);
/** Runs the operation and waits. Returns the checks' and the submitting set's results. */
MGPU_API mgpu_result mgpu_interval(mgpu_context context, const mgpu_interval_info *info);

/* ---------------------------------------------------------------------------------------------------------
 * Segmented reduce and reduce-by-key (moderngpu's segmented reduction, built on the load-balancing search of
 * chapter 10).
 *
 * Segmented reduce (CSR): segment k of the values is [starts[k], starts[k + 1]), the last one ends at count;
 * values before starts[0] belong to no segment. output[k] is the reduction of segment k with op (ADD, MIN or
 * MAX, as mgpu_op says: wrapping integer sums, NaN-propagating float min/max); an empty segment gives the op's
 * identity (0; the type's maximum or +inf for MIN; its lowest or -inf for MAX).
 *   values 1 2 3 4 5 6, starts 0 2 2 5, add -> 3 0 12 6   (segments [1 2] [] [3 4 5] [6])
 * Float sums are rounded in the device's order. Preconditions, documented and not checked (the CLI checks
 * them): starts ascending, each in [0, count]; breaking them gives unspecified outputs, never a write outside
 * the output's segment_count values.
 * Indirect counts (optional, each on its own): the uint32 at indirect_count's start (the values) and at
 * indirect_segment_count's start (the segments), read by the compute shaders when the command executes (no host
 * read) and clamped to count and to segment_count, which are then the capacities that size the scratch and the
 * dispatches. With the real counts r = min(*indirect_count, count) and s = min(*indirect_segment_count,
 * segment_count): outputs 0 .. s-1 are written and none past them, no value past r and no start past s is
 * read; segment s-1 ends at r, and starts are clamped to r, so a segment whose start is >= r is empty (the op's
 * identity) and one that begins before r and would end past it is truncated at r.
 *   values 1 2 3 4 5 6, starts 0 2 2 5, add, *indirect_count 4 -> 3 0 7 0   (segments [1 2] [] [3 4] [])
 * The overflow flag (overflow; 1 when *indirect_count > count or *indirect_segment_count > segment_count, each
 * when given; written also for segment_count 0) and its checks: the synchronization contract at the top.
 * Checks: the type checks; op ADD, MIN or MAX, count + segment_count <= 2^31-2, the output overlapping the
 * values or the starts, indirect_count or indirect_segment_count overlapping the output
 * (MGPU_ERROR_INVALID_ARGUMENT); a tuned tile (MGPU_PRIM_SEGREDUCE) that the device's shared memory cannot hold
 * (MGPU_ERROR_UNSUPPORTED); the range checks of values (count values, when count > 0) and, when segment_count
 * > 0, of starts (segment_count int32), output (segment_count values), indirect_count and
 * indirect_segment_count when given (4 bytes, offset a multiple of 4).
 * The work: a partition dispatch (Merge Path over the merge of the value positions with the starts), a tile
 * dispatch (each workgroup reduces NT x VT of that merge in shared memory and registers and writes every
 * segment that ends in it) and, when there are several tiles, one workgroup that adds the carries of segments
 * spanning tiles. No workgroup waits on another. Nothing is recorded for segment_count 0.
 */
typedef struct mgpu_segreduce_info {
    const void *next;                  /* the extension slot: must be NULL */
    mgpu_type type;                    /* of the values and the output */
    mgpu_op op;                        /* ADD, MIN or MAX */
    uint32_t count;                    /* values; with indirect_count, the maximum */
    uint32_t segment_count;            /* with indirect_segment_count, the maximum */
    mgpu_range values;                 /* count values */
    mgpu_range starts;                 /* segment_count int32, ascending, in [0, count] */
    mgpu_range output;                 /* segment_count values */
    mgpu_range indirect_count;         /* optional device uint32 value count, clamped to count */
    mgpu_range indirect_segment_count; /* optional device uint32 segment count, clamped to segment_count */
    mgpu_range overflow; /* optional uint32 (with an indirect count): 1 when either exceeds its capacity */
} mgpu_segreduce_info;

/** The scratch mgpu_cmd_segreduce needs: the partitions and the tiles' carries (none for segment_count 0).
 *  Returns the size checks' results. */
MGPU_API mgpu_result mgpu_segreduce_get_requirements(mgpu_context context, const mgpu_segreduce_info *info,
                                                     mgpu_requirements *out);
/** Records the segmented reduce: the partition, tile and carry dispatches with barriers between them (nothing
 *  for segment_count 0). The synchronization contract of every mgpu_cmd_* call. Returns the checks', a null
 *  cmd's, the scratch checks' and the recording set's results. */
MGPU_API mgpu_result mgpu_cmd_segreduce(mgpu_context context, VkCommandBuffer cmd, const mgpu_segreduce_info *info,
                                        mgpu_range scratch);
/** Reduces the segments and waits. Returns the checks' and the submitting set's results. */
MGPU_API mgpu_result mgpu_segreduce(mgpu_context context, const mgpu_segreduce_info *info);

/*
 * Reduce-by-key: each run of equal consecutive keys becomes one key (keys_out) and the reduction of its values
 * with op (values_out); run_count receives the number of runs (a uint32 in device memory).
 *   keys 1 1 2 2 2 1 3, values 1 2 3 4 5 6 7, add -> keys 1 2 1 3, values 3 12 6 7, run_count 4
 * Keys are equal when their bits are (the total order of docs/ARCHITECTURE.md: -0.0 and +0.0 are different
 * keys, two NaNs with the same bits one key). Keys and values are any of the six types, independently. The
 * first run_count keys and values of the outputs are written; the rest keep their content.
 * It is recorded as one sequence, with no host round trip: a head-flag dispatch, the single-pass scan
 * (mgpu_cmd_scan, u32, following the scan's tuning) that numbers the runs and writes run_count, a dispatch
 * that writes each run's start and key, and the segmented reduce of the values over those starts, sized for
 * up to count runs and reading run_count when it executes.
 * Indirect count (optional): the uint32 at indirect_count's start, read by the compute shaders when the command
 * executes (no host read; the scan inside takes it as its own indirect_count) and clamped to count, which is
 * then the capacity that sizes the scratch and the dispatches. The runs are those of the first r =
 * min(*indirect_count, count) keys: no key or value past r is read, run_count is their number (0 for r = 0), and
 * the outputs past run_count keep their content. The overflow flag (overflow, written by the scan inside) and its
 * checks: the synchronization contract at the top.
 * Checks: the type checks of key_type and value_type; op ADD, MIN or MAX, count <= 2^31-1, an output
 * overlapping an input, another output or indirect_count (MGPU_ERROR_INVALID_ARGUMENT); the segmented reduce's
 * tile check (MGPU_ERROR_UNSUPPORTED); the range checks of keys_in and keys_out (count keys), values_in and
 * values_out (count values), each when count > 0, of run_count (4 bytes, offset a multiple of 4) when given
 * (mgpu_cmd_reduce_by_key requires it) and of indirect_count when given (4 bytes, offset a multiple of 4).
 */
typedef struct mgpu_reduce_by_key_info {
    const void *next; /* the extension slot: must be NULL */
    mgpu_type key_type;
    mgpu_type value_type;
    mgpu_op op;                /* ADD, MIN or MAX */
    uint32_t count;            /* with indirect_count, the maximum */
    mgpu_range keys_in;        /* count keys */
    mgpu_range values_in;      /* count values */
    mgpu_range keys_out;       /* room for count keys: the first run_count are written */
    mgpu_range values_out;     /* room for count values: the first run_count are written */
    mgpu_range run_count;      /* uint32; mgpu_cmd_reduce_by_key: required; mgpu_reduce_by_key: optional */
    mgpu_range indirect_count; /* optional device uint32 count, clamped to count */
    mgpu_range overflow;       /* optional uint32 (with indirect_count): 1 when *indirect_count > count, else 0 */
} mgpu_reduce_by_key_info;

/** The scratch mgpu_cmd_reduce_by_key needs: head flags, run numbers and starts (3 x count uint32), the scan's
 *  and the segmented reduce's scratch. Returns the size checks' results. */
MGPU_API mgpu_result mgpu_reduce_by_key_get_requirements(mgpu_context context, const mgpu_reduce_by_key_info *info,
                                                         mgpu_requirements *out);
/** Records the reduce-by-key (for count 0, a fill of run_count with 0). The synchronization contract of every
 *  mgpu_cmd_* call (run_count is an output). Returns the checks', a null cmd's, the scratch checks' and the
 *  recording set's results. */
MGPU_API mgpu_result mgpu_cmd_reduce_by_key(mgpu_context context, VkCommandBuffer cmd,
                                            const mgpu_reduce_by_key_info *info, mgpu_range scratch);
/** Reduces by key, waits, and returns the number of runs in *run_count (optional). Returns the checks' and the
 *  submitting set's results. */
MGPU_API mgpu_result mgpu_reduce_by_key(mgpu_context context, const mgpu_reduce_by_key_info *info, uint32_t *run_count);

/* ---------------------------------------------------------------------------------------------------------
 * Segmented sort and locality sort (moderngpu's chapter 8), src/prims/segsort.c.
 *
 * Segmented sort: a stable sort of each segment of keys (with values, or the sorting permutation) on its own;
 * no key leaves its segment. Segments are given by heads (ascending int32 positions, each starting a segment;
 * the first segment starts at 0; a repeated head, or a head at 0 or at count, makes an empty segment) or by head
 * flags (packed: bit i % 32 of word i / 32 set where a segment starts at i; bit 0 and the bits past count are
 * ignored). Keys compare in the total order of mgpu_sort_info, ascending or descending; values are any 32- or
 * 64-bit type, moved as bits; `indices` writes each sorted key's position in the whole input (int32).
 *   keys 5 1 4 | 3 9 2 | 7 (heads 3 6)  ->  1 4 5 | 2 3 9 | 7, indices 1 2 0 5 3 4 6
 * keys_out may be the same range as keys_in (and values_out as values_in); any other overlap, and a segments
 * range overlapping an output, is rejected.
 * How: a segmented blocksort of each tile of NT x VT keys (the mergesort's, in the order of (segment, key)),
 * then log2(tiles) merge passes that work in place in keys_out: a pass changes only the segment that straddles
 * the interface of each pair of runs (from A's last head to B's first), and of that only the tiles whose keys
 * move (Merge Path bounds), which it copies to scratch and merges back. Keys of segments that fit in a tile are
 * written once, by the blocksort; short segments cost little more than the blocksort.
 * Preconditions, documented and not checked (the CLI checks them): heads ascending, in [0, count].
 * Indirect counts (optional): indirect_count, the uint32 at its start read by the compute shaders when the command
 * executes and clamped to count, which is then the capacity that sizes the scratch and the dispatches: the first
 * r = min(*indirect_count, count) keys (and values) are sorted into keys_out[0, r) and nothing past r is read or
 * written (in place too); head flags past r are ignored (the words holding them may be read). With heads,
 * indirect_head_count likewise clamped to head_count: the first min(*indirect_head_count, head_count) heads are
 * read, and those at or past r make empty segments at the end. The overflow flag (overflow; 1 when
 * *indirect_count > count or *indirect_head_count > head_count, each when given) and its checks: the
 * synchronization contract at the top.
 * Checks: the checks of mgpu_sort_info's mergesort (type, value_size 0, 4 or 8 and 0 with indices, count <=
 * 2^31-1, the range checks of keys_in, keys_out, values_in and values_out, overlaps); `segments_kind` inside its
 * enum, head_count <= 2^31-1, the segments range overlapping keys_out or values_out, indirect_head_count with
 * flags, indirect_count or indirect_head_count overlapping keys_out or values_out (MGPU_ERROR_INVALID_ARGUMENT);
 * the range checks of `segments` when count > 0 (heads: head_count int32 when head_count > 0; flags:
 * ceil(count / 32) uint32) and of indirect_count and indirect_head_count when given (4 bytes, offset a multiple
 * of 4); a tuned tile whose shared memory the device lacks (MGPU_ERROR_UNSUPPORTED). The tuning is
 * MGPU_PRIM_SEGSORT's (MGPU_TUNE name `segsort`).
 *
 * Locality sort (mgpu_localitysort_*): the stable sort of mgpu_sort_info (keys, pairs or indices; output
 * identical to the mergesort's) by the same passes without segments: a tile whose keys are already in place
 * for a pass does nothing, so input that lies near its sorted order (each key at most a few tiles from its
 * place) costs little more than the blocksort. On random input it is slower than the mergesort (each moving
 * key is copied to scratch and merged back). Checks: those of mgpu_mergesort; it takes the indirect count too.
 */
typedef enum mgpu_segments_kind {
    MGPU_SEGMENTS_HEADS = 0, /* segments: head_count ascending int32 heads */
    MGPU_SEGMENTS_FLAGS = 1  /* segments: ceil(count / 32) uint32 words of head flags */
} mgpu_segments_kind;

typedef struct mgpu_segsort_info {
    const void *next; /* the extension slot: must be NULL */
    mgpu_type key_type;
    uint32_t value_size; /* 0: keys only (or indices); 4 or 8: pairs */
    bool indices;        /* write the sorting permutation (int32 positions in the whole input) to values_out */
    bool descending;
    uint32_t count; /* with indirect_count, the maximum */
    mgpu_range keys_in;
    mgpu_range keys_out;   /* count keys; may equal keys_in */
    mgpu_range values_in;  /* pairs: count values */
    mgpu_range values_out; /* pairs: count values, may equal values_in; indices: count int32 */
    mgpu_segments_kind segments_kind;
    uint32_t head_count;            /* heads: how many; with indirect_head_count, the maximum */
    mgpu_range segments;            /* heads (int32) or packed head flags (uint32 words) */
    mgpu_range indirect_count;      /* optional device uint32 key count, clamped to count */
    mgpu_range indirect_head_count; /* heads: optional device uint32 head count, clamped to head_count */
    mgpu_range overflow;            /* optional uint32 (with an indirect count): 1 when either exceeds its capacity */
} mgpu_segsort_info;

/** The scratch mgpu_cmd_segsort needs: count keys and values, a word pair per tile and the runs' heads (none
 *  for one tile). Returns the size checks' results. */
MGPU_API mgpu_result mgpu_segsort_get_requirements(mgpu_context context, const mgpu_segsort_info *info,
                                                   mgpu_requirements *out);
/** Records the segmented sort: the blocksort dispatch, then two dispatches per merge pass, with barriers between
 *  them. First access: compute-shader reads of keys_in, values_in, segments and the indirect counts; last:
 *  compute-shader writes of keys_out/values_out and scratch. No submit, no wait. Returns the checks', a null
 *  cmd's, the scratch checks' and the recording set's results. */
MGPU_API mgpu_result mgpu_cmd_segsort(mgpu_context context, VkCommandBuffer cmd, const mgpu_segsort_info *info,
                                      mgpu_range scratch);
/** Sorts within the segments and waits. Returns the checks' and the submitting set's results. */
MGPU_API mgpu_result mgpu_segsort(mgpu_context context, const mgpu_segsort_info *info);

/** The scratch mgpu_cmd_localitysort needs (none for one tile). Returns the size checks' results (those of
 *  mgpu_mergesort). */
MGPU_API mgpu_result mgpu_localitysort_get_requirements(mgpu_context context, const mgpu_sort_info *info,
                                                        mgpu_requirements *out);
/** Records the locality sort: the blocksort dispatch, then two dispatches per merge pass, with barriers between
 *  them. First access: compute-shader reads of keys_in/values_in; last: compute-shader writes of
 *  keys_out/values_out and scratch. Returns the checks', a null cmd's, the scratch checks' and the recording
 *  set's results. */
MGPU_API mgpu_result mgpu_cmd_localitysort(mgpu_context context, VkCommandBuffer cmd, const mgpu_sort_info *info,
                                           mgpu_range scratch);
/** Sorts and waits. The bit range and the indirect count are the radix sort's (MGPU_ERROR_INVALID_ARGUMENT).
 *  Returns the checks' and the submitting set's results. */
MGPU_API mgpu_result mgpu_localitysort(mgpu_context context, const mgpu_sort_info *info);

/* ---------------------------------------------------------------------------------------------------------
 * Relational joins (moderngpu's chapter 12), src/prims/join.c: the sort-merge join of two sorted key arrays A and
 * B. The result is a list of rows (a_index, b_index), int32 in two arrays, -1 for the missing side:
 *   MGPU_JOIN_INNER  a row for every pair of equal keys;
 *   MGPU_JOIN_LEFT   inner, and a row (i, -1) for each A[i] that has no equal key in B, where it falls;
 *   MGPU_JOIN_RIGHT  inner, then a row (-1, j) for each B[j] that has no equal key in A;
 *   MGPU_JOIN_OUTER  left, then right's rows (-1, j).
 * Rows are ordered by A index, and for one A element its equal B elements come in B order; right and outer
 * joins append the unmatched B elements, in B order, after all of A's rows.
 *   A: 100 101 103 103  B: 100 100 102 103  outer -> (0,0) (0,1) (1,-1) (2,3) (3,3) (-1,2); inner: 4 rows
 * Keys compare in the total order of mgpu_merge_info, ascending or descending: keys are equal when their bits
 * are (-0.0 and +0.0 do not match; a NaN matches a NaN with the same bits).
 *
 * The number of rows depends on the data. mgpu_join_count (and its tiers) computes it into row_count, a uint32
 * in device memory (the blocking call also returns it); mgpu_join computes it again and writes the rows into
 * a_indices and b_indices, `capacity` int32 each:
 *   - mgpu_join (blocking) reads the count back between counting and writing, and refuses a capacity below it
 *     with MGPU_ERROR_RANGE_TOO_SMALL before anything is written (*rows then holds the count);
 *   - mgpu_cmd_join records no host round trip: it writes the first min(rows, capacity) rows and nothing past
 *     capacity, and the true count to row_count, so row_count > capacity tells that the rows were cut.
 * A join of more than 2^31-1 rows (rows are int32-indexed) is an error, never a wrapped count: row_count receives
 * MGPU_JOIN_OVERFLOW and no row is written; the blocking calls return MGPU_ERROR_INVALID_ARGUMENT with *rows =
 * MGPU_JOIN_OVERFLOW. (Where a_count and b_count allow that many rows, each tile also adds its rows, with their
 * carries, to two words, which tell a wrapped total from a true one.)
 * How, recorded into one command buffer with no host round trip: a vectorized sorted search (the Merge Path
 * partitions of the sorted search, then a tile kernel that gives each A element its lower bound in B and the
 * number of equal keys there, runs of equal keys that leave the tile found by one galloping search per tile, and
 * for right and outer joins lists each tile's B elements without a match); the exclusive scan (mgpu_cmd_scan,
 * u32) of A's row counts and the tiles' unmatched counts, whose total is the row count; then, for the join, the
 * load-balancing search of the rows over those starts (a partition dispatch, then a tile kernel that writes each
 * row's indices, coalesced). The search takes the sorted search's second tile shape, values_nt x values_vt
 * (MGPU_PRIM_SORTED_SEARCH, the key type; they follow its nt x vt where only those are set),
 * the rows the load-balancing search's (MGPU_PRIM_LOAD_BALANCE): mgpu_context_prepare builds the join with
 * MGPU_PRIM_SORTED_SEARCH.
 * Preconditions, documented and not checked (the CLI checks them): A and B sorted in the order given. With
 * unsorted input the rows are unspecified, and nothing is written past capacity.
 * Checks: the type checks of key_type; kind inside its enum, a_count + b_count <= 2^31-1 and, for the join,
 * capacity + a_count + b_count <= 2^31-1, an output (a_indices, b_indices, row_count) overlapping another range
 * (MGPU_ERROR_INVALID_ARGUMENT); a sorted search tile (MGPU_PRIM_SORTED_SEARCH) whose join search the device's
 * shared memory cannot hold (MGPU_ERROR_UNSUPPORTED); the range checks of a_keys and b_keys (a_count and b_count
 * keys, each when > 0), of row_count when given (4 bytes, offset a multiple of 4; mgpu_cmd_join_count and
 * mgpu_cmd_join require it) and, for the join when capacity > 0, of a_indices and b_indices (capacity int32 each).
 * The counting calls neither check nor use a_indices, b_indices and capacity.
 */
typedef enum mgpu_join_kind {
    MGPU_JOIN_INNER = 0, /* default */
    MGPU_JOIN_LEFT = 1,
    MGPU_JOIN_RIGHT = 2,
    MGPU_JOIN_OUTER = 3
} mgpu_join_kind;

#define MGPU_JOIN_OVERFLOW 0xffffffffu /* row_count of a join of more than 2^31-1 rows */

typedef struct mgpu_join_info {
    const void *next; /* the extension slot: must be NULL */
    mgpu_type key_type;
    mgpu_join_kind kind;
    bool descending;
    uint32_t a_count;
    uint32_t b_count;
    mgpu_range a_keys;
    mgpu_range b_keys;
    mgpu_range a_indices; /* join: capacity int32, the rows' A indices (-1: none) */
    mgpu_range b_indices; /* join: capacity int32, the rows' B indices (-1: none) */
    uint32_t capacity;    /* join: the rows a_indices and b_indices hold */
    mgpu_range row_count; /* uint32: the number of rows (MGPU_JOIN_OVERFLOW past 2^31-1); required when recording */
} mgpu_join_info;

/** The scratch mgpu_cmd_join_count needs: the search's partitions, each A element's bound and row count, their
 *  scan and the scan's scratch, and for right and outer joins the unmatched B elements (none when no row can
 *  exist). Returns the size checks' results. */
MGPU_API mgpu_result mgpu_join_count_get_requirements(mgpu_context context, const mgpu_join_info *info,
                                                      mgpu_requirements *out);
/** Records the count: the search's partition and tile dispatches, the scan, and one dispatch that writes
 *  row_count (a fill of 0 when no row can exist), with barriers between them. The synchronization contract of
 *  every mgpu_cmd_* call (row_count is the output). Returns the checks', a null cmd's, the scratch checks' and
 *  the recording set's results. */
MGPU_API mgpu_result mgpu_cmd_join_count(mgpu_context context, VkCommandBuffer cmd, const mgpu_join_info *info,
                                         mgpu_range scratch);
/** Counts the rows, waits, and returns the count in *rows (optional). Returns the checks' and the submitting
 *  set's results, and MGPU_ERROR_INVALID_ARGUMENT (*rows = MGPU_JOIN_OVERFLOW) for more than 2^31-1 rows. */
MGPU_API mgpu_result mgpu_join_count(mgpu_context context, const mgpu_join_info *info, uint32_t *rows);

/** The scratch mgpu_cmd_join needs: the count's and the load-balancing search's partitions of capacity rows.
 *  Returns the size checks' results. */
MGPU_API mgpu_result mgpu_join_get_requirements(mgpu_context context, const mgpu_join_info *info,
                                                mgpu_requirements *out);
/** Records the join: the count's dispatches, then a partition dispatch (which also writes row_count) and the rows
 *  dispatch (nothing more for capacity 0), with barriers between them. It writes the first min(rows, capacity)
 *  rows and the true count to row_count (MGPU_JOIN_OVERFLOW and no row past 2^31-1 rows). The synchronization
 *  contract of every mgpu_cmd_* call (a_indices, b_indices and row_count are the outputs). Returns the checks',
 *  a null cmd's, the scratch checks' and the recording set's results. */
MGPU_API mgpu_result mgpu_cmd_join(mgpu_context context, VkCommandBuffer cmd, const mgpu_join_info *info,
                                   mgpu_range scratch);
/** Joins and waits: counts, reads the count back, and writes the rows only when capacity holds them all. *rows
 *  (optional) receives the count (also when the capacity is too small). Returns the checks' and the submitting
 *  set's results, MGPU_ERROR_RANGE_TOO_SMALL (more rows than capacity) and MGPU_ERROR_INVALID_ARGUMENT (more than
 *  2^31-1 rows, *rows = MGPU_JOIN_OVERFLOW); refused so, it has written nothing, row_count included. */
MGPU_API mgpu_result mgpu_join(mgpu_context context, const mgpu_join_info *info, uint32_t *rows);

/* ---------------------------------------------------------------------------------------------------------
 * Multiset operations (moderngpu's chapter 13), src/prims/sets.c: the C++ std::set_intersection, set_union,
 * set_difference and set_symmetric_difference of two sorted arrays, keys or key-value pairs, stable and with
 * their multiset semantics. Keys are ranked by their order of appearance among equal keys of their array; the
 * k-th copy of a key in A and the k-th copy in B make a match (a key-rank pair). Then:
 *   INTERSECTION          A's element of every match (min(m, n) copies of a key with m copies in A, n in B);
 *   UNION                 every element of A, then B's elements without a match (max(m, n) copies: A's m, then
 *                         B's last n - m);
 *   DIFFERENCE            A's elements without a match (A - B: A's last max(m - n, 0) copies);
 *   SYMMETRIC_DIFFERENCE  the elements of either array without a match (A's last m - n, or B's last n - m).
 * Outputs come in the merge's order (the total order, ascending or descending; A's elements before B's equal
 * ones), values with their keys: every output key is an input element and carries that element's value.
 *   A: 1 1 2 3 3 3 5  B: 1 2 2 3 6   intersection 1 2 3, union 1 1 2 2 3 3 3 5 6,
 *                                     difference 1 3 3 5, symmetric difference 1 2 3 3 5 6
 * Keys compare in the total order of mgpu_merge_info (floats: -NaN < -inf < ... < -0.0 < +0.0 < ... < +NaN, so
 * -0.0 and +0.0 are different keys, and NaNs equal only to NaNs of the same bits); values are any 32- or 64-bit
 * type, moved as bits.
 * The output size depends on the data. The counting calls (mgpu_set_count_*) write it to out_count (a uint32 in
 * device memory; the blocking call also returns it). The operation (mgpu_set_operation_*) writes into out_keys
 * and out_values of room for `capacity` elements:
 *   - the blocking mgpu_set_operation counts first and refuses an output too small (a count above capacity)
 *     with MGPU_ERROR_RANGE_TOO_SMALL before anything is written (out_keys, out_values and out_count keep their
 *     content; *count receives the true count). Where capacity holds the largest possible result (a_count +
 *     b_count for union and symmetric difference, min(a_count, b_count) for intersection, a_count for
 *     difference) it counts and writes in one submission, else in two;
 *   - mgpu_cmd_set_operation records the count and the write in one sequence: it writes the first
 *     min(count, capacity) outputs, nothing past capacity, and the true count to out_count, so that a count
 *     above capacity tells the caller the output was cut.
 * How: a merge whose outputs are kept or dropped. A partition dispatch finds where each tile of the stable merge
 * of A and B (A's copies of a key before B's) starts (the merge's Merge Path partitions); a tile dispatch merges
 * each tile and decides each output: B's copy j has a match where A holds more than j copies (all merged before
 * it), A's copy j where B does (B's copies pair with A's waiting ones in rank order along each thread's outputs;
 * a thread's runs cut at its ends are counted by galloping), which the operation keeps or drops as the C++
 * standard says, and counts the tile's kept outputs; an exclusive scan of the tile counts (mgpu_cmd_scan, u32,
 * following the scan's tuning) gives each tile's output offset and the total; the write dispatch runs the tiles
 * again and stores their kept outputs compacted, values gathered by their sources (with values, every tile is
 * mgpu_tuning.values_nt x values_vt). No workgroup waits on another (the scan aside: see
 * mgpu_scan_info). One pass instead (mgpu_cmd_set_operation and
 * the blocking operation of one submission, where the tuning's look-back is on, by default where
 * mgpu_device_info.lookback_safe): a scratch clear, the partitions,
 * then one tile dispatch whose tiles, handed out in the order workgroups start, each find their output offset by
 * decoupled look-back over their predecessors' counts and write; a tile waits on its predecessors without bound,
 * as the radix sort's one-sweep passes do (correct where workgroups that have started keep making progress).
 * Preconditions, documented and not checked (the CLI checks them): A and B sorted in the given order.
 * Checks (both): the type checks of key_type; op inside its enum, a_count + b_count <= 2^31-1
 * (MGPU_ERROR_INVALID_ARGUMENT); a tuned tile (MGPU_PRIM_SETS) that the device's shared memory cannot hold
 * (MGPU_ERROR_UNSUPPORTED); the range checks of a_keys and b_keys (a_count and b_count keys, each when its count
 * is > 0) and of out_count when given (4 bytes, offset a multiple of 4; the recording tiers require it).
 * The operation also: value_size 0, 4 or 8, capacity <= 2^31-1 (MGPU_ERROR_INVALID_ARGUMENT); the range checks
 * of a_values and b_values (pairs: a_count and b_count values) and, when capacity > 0, of out_keys (capacity
 * keys) and out_values (pairs: capacity values); an output (out_keys, out_values, out_count) that shares a byte
 * with an input or another output (MGPU_ERROR_INVALID_ARGUMENT). The counting calls read only key_type, op,
 * descending, the counts, a_keys, b_keys and out_count, and check only those. The tuning is MGPU_PRIM_SETS's
 * (MGPU_TUNE name `sets`).
 */
typedef enum mgpu_set_op {
    MGPU_SET_INTERSECTION = 0,        /* default; std::set_intersection */
    MGPU_SET_UNION = 1,               /* std::set_union */
    MGPU_SET_DIFFERENCE = 2,          /* std::set_difference: A - B */
    MGPU_SET_SYMMETRIC_DIFFERENCE = 3 /* std::set_symmetric_difference */
} mgpu_set_op;

typedef struct mgpu_set_info {
    const void *next; /* the extension slot: must be NULL */
    mgpu_type key_type;
    mgpu_set_op op;
    bool descending;
    uint32_t value_size; /* 0: keys only; 4 or 8: pairs (the operation only) */
    uint32_t a_count;
    uint32_t b_count;
    mgpu_range a_keys;     /* a_count keys, sorted */
    mgpu_range b_keys;     /* b_count keys, sorted */
    mgpu_range a_values;   /* pairs: a_count values */
    mgpu_range b_values;   /* pairs: b_count values */
    mgpu_range out_keys;   /* room for capacity keys */
    mgpu_range out_values; /* pairs: room for capacity values */
    uint32_t capacity;     /* outputs out_keys and out_values hold */
    mgpu_range out_count;  /* uint32: the number of outputs; mgpu_cmd_*: required; blocking calls: optional */
} mgpu_set_info;

/** The scratch mgpu_cmd_set_count needs: the partitions, the tile counts and offsets, the scan's scratch (none
 *  without elements). Returns the size checks' results (the counting calls'). */
MGPU_API mgpu_result mgpu_set_count_get_requirements(mgpu_context context, const mgpu_set_info *info,
                                                     mgpu_requirements *out);
/** Records the count: the partition and count dispatches and the scan of the tile counts, whose total goes to
 *  out_count (for no elements, a fill of out_count with 0). The synchronization contract of every mgpu_cmd_*
 *  call (out_count is the output). Returns the checks', a null cmd's, the scratch checks' and the recording
 *  set's results. */
MGPU_API mgpu_result mgpu_cmd_set_count(mgpu_context context, VkCommandBuffer cmd, const mgpu_set_info *info,
                                        mgpu_range scratch);
/** Counts, waits, and returns the number of outputs in *count (optional; also written to out_count when given).
 *  Returns the checks' and the submitting set's results. */
MGPU_API mgpu_result mgpu_set_count(mgpu_context context, const mgpu_set_info *info, uint32_t *count);

/** The scratch mgpu_cmd_set_operation needs (that of the count). Returns the size checks' results. */
MGPU_API mgpu_result mgpu_set_operation_get_requirements(mgpu_context context, const mgpu_set_info *info,
                                                         mgpu_requirements *out);
/** Records the operation: the count's dispatches, then the write dispatch (or the one pass, see above), which
 *  writes the first min(count, capacity) outputs and nothing past capacity; out_count receives the true count. The
 *  synchronization contract of every mgpu_cmd_* call. Returns the checks', a null cmd's, the scratch checks'
 *  and the recording set's results. */
MGPU_API mgpu_result mgpu_cmd_set_operation(mgpu_context context, VkCommandBuffer cmd, const mgpu_set_info *info,
                                            mgpu_range scratch);
/** Runs the operation and waits; *count (optional) receives the number of outputs. An output too small for
 *  them is refused with MGPU_ERROR_RANGE_TOO_SMALL before anything is written (*count still receives the
 *  count). Returns the checks', that refusal's and the submitting set's results. */
MGPU_API mgpu_result mgpu_set_operation(mgpu_context context, const mgpu_set_info *info, uint32_t *count);

/* ---------------------------------------------------------------------------------------------------------
 * Compaction (CUB's DeviceSelect::Flagged, DevicePartition::Flagged, DeviceSelect::Unique and
 * DeviceRunLengthEncode::Encode), src/prims/compact.c: outputs whose size depends on the data, written with no
 * host round trip, the size to a device uint32 (out_count; the blocking calls also return it).
 *   select     the elements whose int32 flag is nonzero, in input order (stable); optionally each one's
 *              position in the input (indices, int32).
 *                in 5 6 7 8 9, flags 1 0 0 1 1 -> 5 8 9, indices 0 3 4, count 3
 *   partition  every element: the kept ones first, in input order, then the rejected ones in REVERSE input
 *              order (as CUB's DevicePartition::Flagged: the j-th rejected element goes to count - 1 - j without
 *              the number kept being known, which lets the partition run in one pass); out_count the number
 *              kept; indices as for select.
 *                in 5 6 7 8 9, flags 1 0 0 1 1 -> 5 8 9 7 6, count 3
 *   unique     the first element of each run of equal consecutive elements.
 *                in 1 1 2 2 2 1 3 -> 1 2 1 3, count 4
 *   rle        unique's output and the length of each run (lengths, int32).
 *                in 1 1 2 2 2 1 3 -> 1 2 1 3, lengths 2 3 1 1, count 4
 * Elements are any of the six types, moved as bits. unique and rle compare them as the sorts do (the key
 * encoding of the total order): two elements are equal when their bits are, so -0.0 and +0.0 are different
 * elements and two NaNs are equal only with the same bits. Flags are int32, nonzero keeps.
 * Outputs hold room for count elements (output, indices, lengths: count elements each; a smaller range is
 * refused with MGPU_ERROR_RANGE_TOO_SMALL), so no result is ever cut: select, unique and rle write the first
 * out_count of them and leave the rest as they were; partition writes all count (with indirect_count, the real
 * count: see below). An output shares no byte with an input or another output: in place is refused
 * (MGPU_ERROR_INVALID_ARGUMENT), since a tile of the count, scan and write path below overwrites input that a
 * later tile has not read yet.
 * How: tiles of NT x VT elements held in registers (16-byte loads of whole tiles where the arrays allow), the flags (or
 * the comparisons with the previous element) counted by subgroup and workgroup scans, each tile's outputs put in order
 * in shared memory and stored coalesced. Where the tuning's look-back is on (by default where
 * mgpu_device_info.lookback_safe; rle: at most 1024 tiles, or by ranges), or there is one tile, one pass: a scratch
 * clear, then one dispatch whose tiles, handed out in the order workgroups start, find their output offset (and, rle,
 * the start of the run open at their first element) by decoupled look-back over their predecessors' counts, as the set
 * operations' one pass; a tile waits on its predecessors without bound (correct where workgroups that have started keep
 * making progress; forced elsewhere, such as lavapipe, the wait is bounded and a silent predecessor's count, rle: its
 * last run start, recomputed from the input); from 8192 tiles of values_nt x values_vt on (rle 4096; 2^23 32-bit or
 * 2^22 64-bit elements on GPUs; mgpu_tuning.fold) the look-back runs per range of 8 such tiles, after the range has
 * counted its outputs. Otherwise a count dispatch, the exclusive scan of the tile counts
 * (mgpu_cmd_scan, u32, following the scan's tuning; rle also a max-scan of each tile's last run start) and a write
 * dispatch: no workgroup waits on another (the scan aside, see mgpu_scan_info).
 * Indirect count (optional, in the four calls' three tiers): the uint32 at indirect_count's start, read by the
 * compute shaders when the command executes (no host read) and clamped to count, which is then the capacity that
 * sizes the scratch, the dispatches and the ranges' checks. The call runs on the first r = min(*indirect_count,
 * count) elements: none past them (nor their flags) is read, out_count is the number of outputs of those r,
 * select, unique and rle write only those outputs (rle's last run ends at r), partition writes r elements (the
 * kept ones first, the rejected ones in reverse from position r - 1 down), and everything past what r produces
 * is left as it was (r = 0: out_count 0, nothing else written). In the one pass only the real tiles (of r) take
 * part: a workgroup handed a tile past them stops, and none waits on it.
 * The overflow flag (overflow) and the grids sized by the real count: the synchronization contract at the top.
 * Checks: a non-NULL next, the type checks, count <= 2^31-1 (MGPU_ERROR_INVALID_ARGUMENT); unique given
 * lengths, rle without them (MGPU_ERROR_INVALID_ARGUMENT); a tuned tile (MGPU_PRIM_COMPACT) that the device's
 * shared memory cannot hold (MGPU_ERROR_UNSUPPORTED); then, when count > 0, the range checks of input and output
 * (count elements), flags (select, partition: count int32), indices (when given) and lengths (count int32),
 * of out_count (4 bytes, offset a multiple of 4) when given (the mgpu_cmd_* calls require it) and of
 * indirect_count when given (4 bytes, offset a multiple of 4); an output (output, indices, lengths, out_count)
 * that shares a byte with an input, another output or indirect_count (MGPU_ERROR_INVALID_ARGUMENT); the overflow checks
 * (the synchronization contract). get_requirements answers from type and count alone. The tuning is MGPU_PRIM_COMPACT's
 * (MGPU_TUNE name `compact`).
 */
typedef struct mgpu_select_info {
    const void *next;          /* the extension slot: must be NULL */
    mgpu_type type;            /* of input and output */
    uint32_t count;            /* 0 .. 2^31-1; with indirect_count, the maximum */
    mgpu_range input;          /* count elements */
    mgpu_range flags;          /* count int32: nonzero keeps the element */
    mgpu_range output;         /* room for count elements: select: the first out_count; partition: the real count */
    mgpu_range indices;        /* optional: room for count int32, each output's position in input */
    mgpu_range out_count;      /* uint32: the number kept; mgpu_cmd_*: required; blocking calls: optional */
    mgpu_range indirect_count; /* optional device uint32 count, clamped to count */
    mgpu_range overflow;       /* optional uint32 (with indirect_count): 1 when *indirect_count > count, else 0 */
} mgpu_select_info;

/** The scratch mgpu_cmd_select needs: the tiles' look-back words, or their counts, offsets and the scan's scratch
 *  (none for count 0). Returns the size checks' results. */
MGPU_API mgpu_result mgpu_select_get_requirements(mgpu_context context, const mgpu_select_info *info,
                                                  mgpu_requirements *out);
/** Records the select (for count 0, a fill of out_count with 0). The synchronization contract of every
 *  mgpu_cmd_* call (out_count is an output). Returns the checks', a null cmd's, the scratch checks' and the
 *  recording set's results. */
MGPU_API mgpu_result mgpu_cmd_select(mgpu_context context, VkCommandBuffer cmd, const mgpu_select_info *info,
                                     mgpu_range scratch);
/** Selects, waits, and returns the number kept in *count (optional). Returns the checks' and the submitting set's
 *  results. */
MGPU_API mgpu_result mgpu_select(mgpu_context context, const mgpu_select_info *info, uint32_t *count);

/** The scratch mgpu_cmd_partition needs (as the select's). Returns the size checks' results. */
MGPU_API mgpu_result mgpu_partition_get_requirements(mgpu_context context, const mgpu_select_info *info,
                                                     mgpu_requirements *out);
/** Records the partition (kept elements in order, then the rejected ones in reverse order; for count 0, a fill of
 *  out_count with 0). The synchronization contract of every mgpu_cmd_* call. Returns the checks', a null cmd's,
 *  the scratch checks' and the recording set's results. */
MGPU_API mgpu_result mgpu_cmd_partition(mgpu_context context, VkCommandBuffer cmd, const mgpu_select_info *info,
                                        mgpu_range scratch);
/** Partitions, waits, and returns the number kept in *count (optional). Returns the checks' and the submitting
 *  set's results. */
MGPU_API mgpu_result mgpu_partition(mgpu_context context, const mgpu_select_info *info, uint32_t *count);

typedef struct mgpu_unique_info {
    const void *next;          /* the extension slot: must be NULL */
    mgpu_type type;            /* of input and output */
    uint32_t count;            /* 0 .. 2^31-1; with indirect_count, the maximum */
    mgpu_range input;          /* count elements */
    mgpu_range output;         /* room for count elements: the first out_count are written */
    mgpu_range lengths;        /* rle: room for count int32, each run's length (required); unique: must be empty */
    mgpu_range out_count;      /* uint32: the number of runs; mgpu_cmd_*: required; blocking calls: optional */
    mgpu_range indirect_count; /* optional device uint32 count, clamped to count */
    mgpu_range overflow;       /* optional uint32 (with indirect_count): 1 when *indirect_count > count, else 0 */
} mgpu_unique_info;

/** The scratch mgpu_cmd_unique needs (as the select's). Returns the size checks' results. */
MGPU_API mgpu_result mgpu_unique_get_requirements(mgpu_context context, const mgpu_unique_info *info,
                                                  mgpu_requirements *out);
/** Records the unique (for count 0, a fill of out_count with 0). The synchronization contract of every mgpu_cmd_*
 *  call. Returns the checks', a null cmd's, the scratch checks' and the recording set's results. */
MGPU_API mgpu_result mgpu_cmd_unique(mgpu_context context, VkCommandBuffer cmd, const mgpu_unique_info *info,
                                     mgpu_range scratch);
/** Drops consecutive duplicates, waits, and returns the number of runs in *count (optional). Returns the checks'
 *  and the submitting set's results. */
MGPU_API mgpu_result mgpu_unique(mgpu_context context, const mgpu_unique_info *info, uint32_t *count);

/** The scratch mgpu_cmd_rle needs: the unique's, and for the count, scan and write path a word more per tile
 *  (each tile's last run start) and its scan. Returns the size checks' results. */
MGPU_API mgpu_result mgpu_rle_get_requirements(mgpu_context context, const mgpu_unique_info *info,
                                               mgpu_requirements *out);
/** Records the run-length encoding (for count 0, a fill of out_count with 0). The synchronization contract of
 *  every mgpu_cmd_* call. Returns the checks', a null cmd's, the scratch checks' and the recording set's
 *  results. */
MGPU_API mgpu_result mgpu_cmd_rle(mgpu_context context, VkCommandBuffer cmd, const mgpu_unique_info *info,
                                  mgpu_range scratch);
/** Run-length encodes, waits, and returns the number of runs in *count (optional). Returns the checks' and the
 *  submitting set's results. */
MGPU_API mgpu_result mgpu_rle(mgpu_context context, const mgpu_unique_info *info, uint32_t *count);

/* ---------------------------------------------------------------------------------------------------------
 * Histogram (CUB's DeviceHistogram::HistogramEven): the number of input values in each of `bins` bins of equal
 * width over [lower, upper).
 *   in: 1 7 3 3 9 -2 5, bins 4 over [0, 8)  -> counts 1 2 1 1 (9 and -2 are outside), 5 counted
 * A value v is counted iff lower <= v < upper, compared as numbers (floats: NaN is never counted, -0.0 equals
 * 0.0, so both fall in the bin of 0.0; -inf and +inf are outside any finite range), in bin
 *   integers: floor((v - lower) * bins / (upper - lower)), computed exactly (no overflow for any values);
 *   floats:   min(floor((v - lower) * scale), bins - 1) with scale = bins / (upper - lower), each operation
 *             rounded in the value's precision (f32 in float, f64 in double; scale computed once, by the host),
 *             as tests/ref/ref_histogram.h does, so the device and the CPU agree bit for bit. Where the device
 *             flushes subnormal numbers to zero (Vulkan leaves it to the implementation), a subnormal value or
 *             difference may land in another bin than on the CPU.
 * lower and upper are read in the member of the type (lower.i32 for MGPU_TYPE_I32, ...). Since upper is
 * excluded, a type's largest value (UINT32_MAX for u32, +inf aside) is never counted.
 * counts (bins uint32) is overwritten, never accumulated into: the call zeroes it first (a fill, then a barrier,
 * inside the recording). counted, when given, receives the number of values counted (the sum of counts), as a
 * uint32; the blocking call also returns it.
 * Indirect count (optional): the uint32 at indirect_count's start, read by the compute shader when the command
 * executes (no host read) and clamped to count, which is then the capacity that sizes the workgroups; only the
 * first min(*indirect_count, count) values are read and counted (none past them, whatever bins they would fall
 * in), and counted is their number counted (0 for a real count of 0: counts are then all zeros).
 * The overflow flag (overflow) and the grids sized by the real count: the synchronization contract at the top.
 * How: a fill zeroes counts (and counted); one dispatch of at most min(mgpu_tuning.groups, 1024) workgroups,
 * each looping over tiles of NT x VT (uvec4 loads where the input is 16-byte aligned), counts its values in a
 * private histogram in shared memory (shared atomics; in the subgroup variant a subgroup whose counted values
 * all fall in one bin adds them with one atomic), then adds each nonzero bin to counts with one global atomic.
 * Histograms of more bins than the shared histogram holds (MGPU_HISTOGRAM_SHARED_BINS, or less where the
 * device's shared memory is smaller: 4096 on lavapipe) count with global atomics directly: correct, slower.
 * Checks: the type checks; bins in 1..MGPU_HISTOGRAM_MAX_BINS, count <= 2^31-1, lower < upper, and for floats
 * lower and upper finite with upper - lower and bins / (upper - lower) finite in the type (else
 * MGPU_ERROR_INVALID_ARGUMENT); the range checks of input (count elements, when count > 0), counts (bins
 * uint32), counted when given (4 bytes, offset a multiple of 4) and indirect_count when given (4 bytes, offset a
 * multiple of 4); counts or counted sharing a byte with the input or with each other, indirect_count sharing a
 * byte with counts or counted (MGPU_ERROR_INVALID_ARGUMENT); the overflow checks (the synchronization contract). The
 * tuning is MGPU_PRIM_HISTOGRAM's (MGPU_TUNE name `histogram`).
 */
#define MGPU_HISTOGRAM_MAX_BINS    (1u << 20)
#define MGPU_HISTOGRAM_SHARED_BINS 8192u

typedef struct mgpu_histogram_info {
    const void *next; /* the extension slot: must be NULL */
    mgpu_type type;
    uint32_t count;            /* 0 .. 2^31-1; with indirect_count, the maximum */
    uint32_t bins;             /* 1 .. MGPU_HISTOGRAM_MAX_BINS */
    mgpu_scalar lower;         /* the first bin's lower bound, included */
    mgpu_scalar upper;         /* the last bin's upper bound, excluded */
    mgpu_range input;          /* count elements */
    mgpu_range counts;         /* bins uint32, overwritten */
    mgpu_range counted;        /* optional: one uint32, the number of values counted */
    mgpu_range indirect_count; /* optional device uint32 count, clamped to count */
    mgpu_range overflow;       /* optional uint32 (with indirect_count): 1 when *indirect_count > count, else 0 */
} mgpu_histogram_info;

/** The scratch mgpu_cmd_histogram needs: 16 bytes for count > 0 (the counting dispatch's indirect grid), else none.
 *  Returns the size checks' results. */
MGPU_API mgpu_result mgpu_histogram_get_requirements(mgpu_context context, const mgpu_histogram_info *info,
                                                     mgpu_requirements *out);
/** Records the histogram: a fill of counts (and counted) with zeros, a barrier and, for count > 0, the counting
 *  dispatch (with an indirect count, after the setup dispatch); scratch per mgpu_histogram_get_requirements, or an
 *  empty range (then the counting dispatch is sized by the capacity, not the indirect count). The
 *  synchronization contract of every mgpu_cmd_* call (counts and counted are the outputs). Returns the
 *  checks', a null cmd's, the scratch checks' and the recording set's results. */
MGPU_API mgpu_result mgpu_cmd_histogram(mgpu_context context, VkCommandBuffer cmd, const mgpu_histogram_info *info,
                                        mgpu_range scratch);
/** Counts, waits, and returns the number of values counted in *counted (optional; also written to
 *  info->counted when given). Returns the checks' and the submitting set's results. */
MGPU_API mgpu_result mgpu_histogram(mgpu_context context, const mgpu_histogram_info *info, uint32_t *counted);

#ifdef __cplusplus
}
#endif

#endif /* MGPUVK_H */
