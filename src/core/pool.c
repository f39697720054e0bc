/*
 * The pooled allocator (the seeds' CudaAllocBuckets, public contract in mgpuvk.h).
 *
 * Requests are rounded up to a size class (quarter steps between powers of two, so at most 25% is wasted).
 * A class of half a block or more gets a block of its own; smaller ones are carved first-fit from 64 MiB
 * blocks whose free extents are kept sorted and coalesced. Freed ranges stay cached, owned by their class,
 * until the cached bytes pass the capacity; then the least recently freed go back to their blocks, and a
 * block with nothing in use is released. Host-visible staging memory is a second kind in the same pool.
 *
 * Identity: every range handed out (and every wrap) gets a new id, stored in mgpu_range.id and in its
 * allocation record, so a range kept after mgpu_buffer_free no longer names anything, even when a new
 * allocation now holds its bytes. mgpu__pool_vouch checks ranges against the records before any use; the
 * records are a flat array scanned linearly (a few per call; a handful to hundreds of entries in practice).
 */
#include "../mgpu_internal.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define MGPU_BLOCK_SIZE       ((VkDeviceSize)64 << 20)
#define MGPU_DEFAULT_CAPACITY ((VkDeviceSize)256 << 20)

/* Allocation ids come from one process-wide counter: they increase within each context and never repeat
 * across contexts, so a range of another context (on a device whose buffer handles may coincide with
 * ours) never names one of our allocations. The only state shared between contexts; atomic because
 * contexts may live on different threads. */
static _Atomic uint64_t mgpu_next_id = 1;

static uint64_t mgpu_new_id(void) { return atomic_fetch_add_explicit(&mgpu_next_id, 1, memory_order_relaxed); }

static VkDeviceSize mgpu_size_class(VkDeviceSize size) {
    if (size <= MGPU_POOL_ALIGNMENT) return MGPU_POOL_ALIGNMENT;
    VkDeviceSize pow2 = MGPU_POOL_ALIGNMENT;
    while (pow2 * 2 < size) pow2 *= 2;
    /* size is in (pow2, 2 * pow2]: round up to a quarter of pow2 */
    VkDeviceSize quarter = pow2 / 4;
    return (size + quarter - 1) / quarter * quarter;
}

static bool mgpu_grow(void **array, size_t *capacity, size_t needed, size_t element) {
    if (needed <= *capacity) return true;
    size_t cap = *capacity ? *capacity * 2 : 16;
    while (cap < needed) cap *= 2;
    void *p = realloc(*array, cap * element);
    if (!p) return false;
    *array = p;
    *capacity = cap;
    return true;
}

static uint32_t mgpu_find_memory_type(mgpu_context ctx, VkMemoryPropertyFlags required,
                                      VkMemoryPropertyFlags preferred) {
    const VkPhysicalDeviceMemoryProperties *mp = &ctx->memory_properties;
    uint32_t fallback = UINT32_MAX;
    for (uint32_t i = 0; i < mp->memoryTypeCount; ++i) {
        VkMemoryPropertyFlags f = mp->memoryTypes[i].propertyFlags;
        if ((f & required) != required) continue;
        if ((f & preferred) == preferred) return i;
        if (fallback == UINT32_MAX) fallback = i;
    }
    return fallback;
}

mgpu_result mgpu__pool_init(mgpu_context ctx, VkDeviceSize capacity) {
    mgpu_pool *pool = &ctx->pool;
    pool->capacity = capacity ? capacity : MGPU_DEFAULT_CAPACITY;
    pool->stats.capacity = pool->capacity;
    pool->memory_type[MGPU_MEMORY_DEVICE] = mgpu_find_memory_type(ctx, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    pool->memory_type[MGPU_MEMORY_HOST] =
        mgpu_find_memory_type(ctx, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
                              VK_MEMORY_PROPERTY_HOST_CACHED_BIT);
    if (pool->memory_type[MGPU_MEMORY_DEVICE] == UINT32_MAX || pool->memory_type[MGPU_MEMORY_HOST] == UINT32_MAX)
        return mgpu__fail(ctx, MGPU_ERROR_NO_DEVICE, "no suitable memory types");
    return MGPU_SUCCESS;
}

static void mgpu_block_destroy(mgpu_context ctx, mgpu_block *block) {
    if (block->buffer) ctx->vk.vkDestroyBuffer(ctx->device, block->buffer, ctx->allocator);
    if (block->memory) ctx->vk.vkFreeMemory(ctx->device, block->memory, ctx->allocator);
    free(block->free_extents);
    free(block);
}

static mgpu_result mgpu_block_create(mgpu_context ctx, mgpu_memory_kind kind, VkDeviceSize size, mgpu_block **out) {
    mgpu_pool *pool = &ctx->pool;
    if (!mgpu_grow((void **)&pool->blocks, &pool->block_capacity, pool->block_count + 1,
                   sizeof *pool->blocks)) // NOLINT(bugprone-sizeof-expression): a pointer array
        return mgpu__fail(ctx, MGPU_ERROR_OUT_OF_MEMORY, "pool block list");
    mgpu_block *block = calloc(1, sizeof *block);
    if (!block) return mgpu__fail(ctx, MGPU_ERROR_OUT_OF_MEMORY, "pool block");
    block->kind = kind;
    block->size = size;
    VkBufferCreateInfo buffer_info = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                                      .size = size,
                                      .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                               VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT |
                                               VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                                               VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT, /* indirect grids in scratch */
                                      .sharingMode = VK_SHARING_MODE_EXCLUSIVE};
    VkResult vr = ctx->vk.vkCreateBuffer(ctx->device, &buffer_info, ctx->allocator, &block->buffer);
    if (vr != VK_SUCCESS) {
        mgpu_block_destroy(ctx, block);
        return mgpu__vk_result(ctx, vr, "vkCreateBuffer");
    }
    VkMemoryRequirements req;
    ctx->vk.vkGetBufferMemoryRequirements(ctx->device, block->buffer, &req);
    uint32_t type = pool->memory_type[kind];
    if (!(req.memoryTypeBits & (1u << type))) {
        mgpu_block_destroy(ctx, block);
        return mgpu__fail(ctx, MGPU_ERROR_UNSUPPORTED, "buffer cannot live in memory type %u", type);
    }
    VkMemoryAllocateFlagsInfo flags = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO,
                                       .flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT};
    VkMemoryAllocateInfo alloc = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                  .pNext = &flags,
                                  .allocationSize = req.size,
                                  .memoryTypeIndex = type};
    vr = ctx->vk.vkAllocateMemory(ctx->device, &alloc, ctx->allocator, &block->memory);
    if (vr == VK_SUCCESS) vr = ctx->vk.vkBindBufferMemory(ctx->device, block->buffer, block->memory, 0);
    if (vr == VK_SUCCESS && kind == MGPU_MEMORY_HOST)
        vr = ctx->vk.vkMapMemory(ctx->device, block->memory, 0, VK_WHOLE_SIZE, 0, &block->mapped);
    if (vr != VK_SUCCESS) {
        mgpu_block_destroy(ctx, block);
        return mgpu__vk_result(ctx, vr, "allocating a pool block");
    }
    VkBufferDeviceAddressInfo address_info = {.sType = VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO,
                                              .buffer = block->buffer};
    block->address = ctx->vk.vkGetBufferDeviceAddress(ctx->device, &address_info);
    block->free_extents = malloc(sizeof *block->free_extents);
    if (!block->free_extents) {
        mgpu_block_destroy(ctx, block);
        return mgpu__fail(ctx, MGPU_ERROR_OUT_OF_MEMORY, "pool block");
    }
    block->free_extents[0] = (mgpu_extent){0, size};
    block->free_count = block->free_capacity = 1;
    pool->blocks[pool->block_count++] = block;
    ++pool->stats.blocks;
    pool->stats.block_bytes += size;
    *out = block;
    return MGPU_SUCCESS;
}

static bool mgpu_block_take(mgpu_block *block, VkDeviceSize size, VkDeviceSize *offset) {
    for (size_t i = 0; i < block->free_count; ++i) {
        mgpu_extent *e = &block->free_extents[i];
        if (e->size < size) continue;
        *offset = e->offset;
        e->offset += size;
        e->size -= size;
        if (e->size == 0) {
            memmove(e, e + 1, (block->free_count - i - 1) * sizeof *e);
            --block->free_count;
        }
        block->used += size;
        return true;
    }
    return false;
}

static bool mgpu_block_give(mgpu_block *block, VkDeviceSize offset, VkDeviceSize size) {
    size_t i = 0;
    while (i < block->free_count && block->free_extents[i].offset < offset) ++i;
    bool merge_prev = i > 0 && block->free_extents[i - 1].offset + block->free_extents[i - 1].size == offset;
    bool merge_next = i < block->free_count && offset + size == block->free_extents[i].offset;
    block->used -= size;
    if (merge_prev && merge_next) {
        block->free_extents[i - 1].size += size + block->free_extents[i].size;
        memmove(&block->free_extents[i], &block->free_extents[i + 1],
                (block->free_count - i - 1) * sizeof(mgpu_extent));
        --block->free_count;
    } else if (merge_prev) {
        block->free_extents[i - 1].size += size;
    } else if (merge_next) {
        block->free_extents[i].offset = offset;
        block->free_extents[i].size += size;
    } else {
        if (!mgpu_grow((void **)&block->free_extents, &block->free_capacity, block->free_count + 1,
                       sizeof(mgpu_extent)))
            return false; /* the extent is lost to this block until it is released: never a wrong result */
        memmove(&block->free_extents[i + 1], &block->free_extents[i], (block->free_count - i) * sizeof(mgpu_extent));
        block->free_extents[i] = (mgpu_extent){offset, size};
        ++block->free_count;
    }
    return true;
}

static void mgpu_block_release_if_empty(mgpu_context ctx, mgpu_block *block) {
    if (block->used != 0) return;
    mgpu_pool *pool = &ctx->pool;
    for (size_t i = 0; i < pool->block_count; ++i) {
        if (pool->blocks[i] != block) continue;
        pool->blocks[i] = pool->blocks[--pool->block_count];
        break;
    }
    --pool->stats.blocks;
    pool->stats.block_bytes -= block->size;
    mgpu_block_destroy(ctx, block);
}

/* Removes allocation i (cached or wrapped or in simple mode) and returns its space to its block. */
static void mgpu_allocation_release(mgpu_context ctx, size_t i) {
    mgpu_pool *pool = &ctx->pool;
    mgpu_allocation a = pool->allocations[i];
    pool->allocations[i] = pool->allocations[--pool->allocation_count];
    if (!a.block) return;
    mgpu_block_give(a.block, a.offset, a.size_class);
    mgpu_block_release_if_empty(ctx, a.block);
}

static void mgpu_evict_to(mgpu_context ctx, VkDeviceSize limit) {
    mgpu_pool *pool = &ctx->pool;
    while (pool->stats.cached_bytes > limit) {
        size_t oldest = SIZE_MAX;
        for (size_t i = 0; i < pool->allocation_count; ++i)
            if (pool->allocations[i].cached &&
                (oldest == SIZE_MAX || pool->allocations[i].freed_at < pool->allocations[oldest].freed_at))
                oldest = i;
        if (oldest == SIZE_MAX) break;
        pool->stats.cached_bytes -= pool->allocations[oldest].size_class;
        --pool->stats.cached_ranges;
        ++pool->stats.evictions;
        mgpu_allocation_release(ctx, oldest);
    }
}

static mgpu_result mgpu_pool_alloc_unlocked(mgpu_context ctx, mgpu_memory_kind kind, VkDeviceSize size,
                                            mgpu_range *out) {
    mgpu_pool *pool = &ctx->pool;
    VkDeviceSize size_class = mgpu_size_class(size);
    if (pool->mode == MGPU_POOL_BUCKETS) {
        size_t best = SIZE_MAX;
        for (size_t i = 0; i < pool->allocation_count; ++i) {
            mgpu_allocation *a = &pool->allocations[i];
            if (a->cached && a->size_class == size_class && a->block->kind == kind &&
                (best == SIZE_MAX || a->freed_at > pool->allocations[best].freed_at))
                best = i;
        }
        if (best != SIZE_MAX) {
            mgpu_allocation *a = &pool->allocations[best];
            a->cached = false;
            a->id = mgpu_new_id(); /* ranges kept from its previous life no longer name it */
            a->size = size;
            pool->stats.cached_bytes -= size_class;
            --pool->stats.cached_ranges;
            pool->stats.in_use_bytes += size_class;
            ++pool->stats.in_use_ranges;
            ++pool->stats.hits;
            *out = (mgpu_range){a->buffer, a->offset, size, a->id};
            return MGPU_SUCCESS;
        }
    }
    if (!mgpu_grow((void **)&pool->allocations, &pool->allocation_capacity, pool->allocation_count + 1,
                   sizeof *pool->allocations))
        return mgpu__fail(ctx, MGPU_ERROR_OUT_OF_MEMORY, "pool allocation list");
    mgpu_block *block = NULL;
    VkDeviceSize offset = 0;
    bool own_block = pool->mode == MGPU_POOL_SIMPLE || size_class >= MGPU_BLOCK_SIZE / 2;
    if (!own_block) {
        for (size_t i = 0; i < pool->block_count && !block; ++i)
            if (pool->blocks[i]->kind == kind && pool->blocks[i]->size == MGPU_BLOCK_SIZE &&
                mgpu_block_take(pool->blocks[i], size_class, &offset))
                block = pool->blocks[i];
    }
    if (!block) {
        mgpu_result r = mgpu_block_create(ctx, kind, own_block ? size_class : MGPU_BLOCK_SIZE, &block);
        if (r == MGPU_ERROR_OUT_OF_MEMORY && pool->stats.cached_bytes > 0) {
            /* Give the cache back to the device and try once more. */
            mgpu_evict_to(ctx, 0);
            r = mgpu_block_create(ctx, kind, own_block ? size_class : MGPU_BLOCK_SIZE, &block);
        }
        if (r != MGPU_SUCCESS) return r;
        assert(block); /* set by mgpu_block_create on success */
        mgpu_block_take(block, size_class, &offset);
    }
    uint64_t id = mgpu_new_id();
    pool->allocations[pool->allocation_count++] = (mgpu_allocation){
        .buffer = block->buffer, .offset = offset, .size = size, .size_class = size_class, .block = block, .id = id};
    pool->stats.in_use_bytes += size_class;
    ++pool->stats.in_use_ranges;
    ++pool->stats.misses;
    *out = (mgpu_range){block->buffer, offset, size, id};
    return MGPU_SUCCESS;
}

static void *mgpu_pool_mapped_unlocked(mgpu_context ctx, mgpu_range range) {
    for (size_t i = 0; i < ctx->pool.block_count; ++i) {
        mgpu_block *b = ctx->pool.blocks[i];
        if (b->buffer == range.buffer) return b->mapped ? (char *)b->mapped + range.offset : NULL;
    }
    return NULL;
}

void mgpu__pool_destroy(mgpu_context ctx) {
    mgpu_pool *pool = &ctx->pool;
    if (pool->stats.in_use_ranges > 0)
        mgpu__log(ctx, MGPU_LOG_WARNING, "context destroyed with %llu pool ranges still allocated",
                  (unsigned long long)pool->stats.in_use_ranges);
    for (size_t i = 0; i < pool->block_count; ++i) mgpu_block_destroy(ctx, pool->blocks[i]);
    free(pool->blocks);
    free(pool->allocations);
    memset(pool, 0, sizeof *pool);
}

static mgpu_result mgpu_buffer_alloc_unlocked(mgpu_context ctx, VkDeviceSize size, mgpu_range *out) {
    if (!ctx || !out) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "mgpu_buffer_alloc: null argument");
    if (size == 0) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "mgpu_buffer_alloc: size 0");
    if (size > ctx->info.device_local_bytes && ctx->info.device_local_bytes > 0)
        return mgpu__fail(ctx, MGPU_ERROR_OUT_OF_MEMORY, "%llu bytes exceed the device's memory",
                          (unsigned long long)size);
    return mgpu__pool_alloc(ctx, MGPU_MEMORY_DEVICE, size, out);
}

static void mgpu_buffer_free_unlocked(mgpu_context ctx, mgpu_range range) {
    if (!ctx || range.buffer == VK_NULL_HANDLE) return;
    mgpu_pool *pool = &ctx->pool;
    for (size_t i = 0; i < pool->allocation_count; ++i) {
        mgpu_allocation *a = &pool->allocations[i];
        if (a->cached || a->buffer != range.buffer || a->offset != range.offset) continue;
        if (range.id && a->id != range.id) continue; /* a stale range must not free what now lives there */
        if (!a->block) {                             /* wrapped: forget it */
            mgpu_allocation_release(ctx, i);
            return;
        }
        pool->stats.in_use_bytes -= a->size_class;
        --pool->stats.in_use_ranges;
        if (pool->mode == MGPU_POOL_SIMPLE) {
            mgpu_allocation_release(ctx, i);
            return;
        }
        a->cached = true;
        a->freed_at = ++pool->clock;
        pool->stats.cached_bytes += a->size_class;
        ++pool->stats.cached_ranges;
        mgpu_evict_to(ctx, pool->capacity);
        return;
    }
    mgpu__log(ctx, MGPU_LOG_WARNING,
              "mgpu_buffer_free: the range (offset %llu, id %llu) names no live allocation of this context "
              "(freed already, a sub-range, or another context's): ignored",
              (unsigned long long)range.offset, (unsigned long long)range.id);
}

static bool mgpu_is_pool_buffer(const mgpu_pool *pool, VkBuffer buffer) {
    for (size_t i = 0; i < pool->block_count; ++i)
        if (pool->blocks[i]->buffer == buffer) return true;
    return false;
}

static mgpu_result mgpu_buffer_wrap_unlocked(mgpu_context ctx, const mgpu_buffer_wrap_desc *desc, mgpu_range *out) {
    if (!ctx || !out || !desc) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "mgpu_buffer_wrap: null argument");
    if (desc->next) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "mgpu_buffer_wrap: desc->next must be NULL");
    VkBuffer buffer = desc->buffer;
    VkDeviceSize buffer_size = desc->buffer_size, offset = desc->offset, size = desc->size;
    if (buffer == VK_NULL_HANDLE)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "mgpu_buffer_wrap: null VkBuffer");
    /* Its device address is all the kernels use: without the usage, vkGetBufferDeviceAddress and every recording
     * would be invalid (VUID-VkBufferDeviceAddressInfo-buffer-02601), so the wrap is where it is refused. */
    if (!(desc->usage & VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT))
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT,
                          "mgpu_buffer_wrap: the buffer's usage 0x%x lacks VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT",
                          (unsigned)desc->usage);
    /* A pool buffer holds many allocations: a wrap of it could reach into its neighbours and would outlive its
     * own allocation (and the buffer, when the pool releases the block), so pool ranges are used as they are. */
    if (mgpu_is_pool_buffer(&ctx->pool, buffer))
        return mgpu__fail(
            ctx, MGPU_ERROR_INVALID_ARGUMENT,
            "mgpu_buffer_wrap: the VkBuffer belongs to this context's pool: use the range mgpu_buffer_alloc "
            "returned (or a part of it) instead of wrapping its buffer");
    if (size == VK_WHOLE_SIZE) {
        if (buffer_size == 0 || offset > buffer_size)
            return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "mgpu_buffer_wrap: VK_WHOLE_SIZE needs buffer_size");
        size = buffer_size - offset;
    }
    if (size == 0) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "mgpu_buffer_wrap: size 0");
    /* Without the caller's size, the memory the buffer needs bounds it: it may round the size up, but it
     * catches a wrap far past the buffer. */
    VkDeviceSize end = buffer_size;
    if (end == 0) {
        VkMemoryRequirements req;
        ctx->vk.vkGetBufferMemoryRequirements(ctx->device, buffer, &req);
        end = req.size;
    }
    if (offset > end || size > end - offset)
        return mgpu__fail(ctx, MGPU_ERROR_RANGE_TOO_SMALL,
                          "mgpu_buffer_wrap: %llu bytes at offset %llu pass the buffer's %llu bytes%s",
                          (unsigned long long)size, (unsigned long long)offset, (unsigned long long)end,
                          buffer_size ? "" : " (its memory requirements)");
    if (offset % 4 != 0) return mgpu__fail(ctx, MGPU_ERROR_MISALIGNED, "mgpu_buffer_wrap: offset not a multiple of 4");
    mgpu_pool *pool = &ctx->pool;
    if (!mgpu_grow((void **)&pool->allocations, &pool->allocation_capacity, pool->allocation_count + 1,
                   sizeof *pool->allocations))
        return mgpu__fail(ctx, MGPU_ERROR_OUT_OF_MEMORY, "pool allocation list");
    VkBufferDeviceAddressInfo address_info = {.sType = VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, .buffer = buffer};
    uint64_t id = mgpu_new_id();
    pool->allocations[pool->allocation_count++] =
        (mgpu_allocation){.buffer = buffer,
                          .offset = offset,
                          .size = size,
                          .id = id,
                          .buffer_end = end,
                          .usage = desc->usage,
                          .address = ctx->vk.vkGetBufferDeviceAddress(ctx->device, &address_info)};
    *out = (mgpu_range){buffer, offset, size, id};
    return MGPU_SUCCESS;
}

/* [range.offset, range.offset + range.size) inside [begin, end), without overflow. */
static bool mgpu_inside(mgpu_range range, VkDeviceSize begin, VkDeviceSize end) {
    return range.offset >= begin && range.offset <= end && range.size <= end - range.offset;
}

/* The live allocation or wrap that vouches for range (mgpu__pool_vouch), or a failure with the reason. */
static mgpu_result mgpu_pool_find(mgpu_context ctx, const char *name, mgpu_range range, const mgpu_allocation **out) {
    const mgpu_pool *pool = &ctx->pool;
    if (range.buffer == VK_NULL_HANDLE) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: null VkBuffer", name);
    const mgpu_allocation *found = NULL;
    if (range.id) {
        for (size_t i = 0; i < pool->allocation_count && !found; ++i)
            if (pool->allocations[i].id == range.id) found = &pool->allocations[i];
        if (!found || found->cached)
            return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT,
                              "%s: allocation %llu is not live in this context (the range was freed, or is another "
                              "context's)",
                              name, (unsigned long long)range.id);
        if (found->buffer != range.buffer)
            return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: the VkBuffer is not that of allocation %llu", name,
                              (unsigned long long)range.id);
        if (!mgpu_inside(range, found->offset, found->offset + found->size))
            return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT,
                              "%s: %llu bytes at offset %llu pass allocation %llu (%llu bytes at offset %llu)", name,
                              (unsigned long long)range.size, (unsigned long long)range.offset,
                              (unsigned long long)range.id, (unsigned long long)found->size,
                              (unsigned long long)found->offset);
    } else {
        bool known = false;
        for (size_t i = 0; i < pool->allocation_count && !found; ++i) {
            const mgpu_allocation *a = &pool->allocations[i];
            if (a->cached || a->buffer != range.buffer) continue;
            known = true;
            if (a->block ? mgpu_inside(range, a->offset, a->offset + a->size) : mgpu_inside(range, 0, a->buffer_end))
                found = a;
        }
        if (!found && !known && !mgpu_is_pool_buffer(pool, range.buffer))
            return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT,
                              "%s: unknown VkBuffer: neither allocated by this context's pool nor wrapped in it", name);
        if (!found)
            return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT,
                              "%s: %llu bytes at offset %llu lie in no live allocation of the buffer (freed, or past "
                              "the allocation's end)",
                              name, (unsigned long long)range.size, (unsigned long long)range.offset);
    }
    *out = found;
    return MGPU_SUCCESS;
}

static mgpu_result mgpu_pool_vouch_unlocked(mgpu_context ctx, const char *name, mgpu_range range,
                                            VkDeviceAddress *base) {
    const mgpu_allocation *found = NULL;
    mgpu_result r = mgpu_pool_find(ctx, name, range, &found);
    if (r == MGPU_SUCCESS && base) *base = found->block ? found->block->address : found->address;
    return r;
}

static mgpu_result mgpu_check_usage_unlocked(mgpu_context ctx, const char *name, mgpu_range range,
                                             VkBufferUsageFlags usage) {
    const mgpu_allocation *found = NULL;
    mgpu_result r = mgpu_pool_find(ctx, name, range, &found);
    if (r != MGPU_SUCCESS || found->block || (found->usage & usage) == usage) return r; /* the pool's have all */
    return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT,
                      "%s: the wrapped buffer's usage 0x%x lacks 0x%x (VK_BUFFER_USAGE_TRANSFER_SRC_BIT 0x1, "
                      "TRANSFER_DST_BIT 0x2)",
                      name, (unsigned)found->usage, (unsigned)(usage & ~found->usage));
}

VkDeviceAddress mgpu_range_address(mgpu_context ctx, mgpu_range range) {
    VkDeviceAddress base = 0;
    if (!ctx || range.buffer == VK_NULL_HANDLE) return 0;
    if (mgpu__pool_vouch(ctx, "mgpu_range_address", range, &base) != MGPU_SUCCESS) return 0;
    return base + range.offset;
}

static void mgpu_pool_get_stats_unlocked(mgpu_context ctx, mgpu_pool_stats *out) {
    if (!ctx || !out) return;
    *out = ctx->pool.stats;
    out->capacity = ctx->pool.capacity;
}

size_t mgpu_pool_stats_json(const mgpu_pool_stats *s, char *buffer, size_t size) {
    if (!s) return 0;
    int n = snprintf(buffer, size,
                     "{\"in_use_bytes\":%llu,\"cached_bytes\":%llu,\"block_bytes\":%llu,\"capacity\":%llu,"
                     "\"blocks\":%llu,\"in_use_ranges\":%llu,\"cached_ranges\":%llu,\"hits\":%llu,\"misses\":%llu,"
                     "\"evictions\":%llu}",
                     (unsigned long long)s->in_use_bytes, (unsigned long long)s->cached_bytes,
                     (unsigned long long)s->block_bytes, (unsigned long long)s->capacity, (unsigned long long)s->blocks,
                     (unsigned long long)s->in_use_ranges, (unsigned long long)s->cached_ranges,
                     (unsigned long long)s->hits, (unsigned long long)s->misses, (unsigned long long)s->evictions);
    return n < 0 ? 0 : (size_t)n;
}

static mgpu_result mgpu_pool_set_capacity_unlocked(mgpu_context ctx, VkDeviceSize bytes) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    ctx->pool.capacity = bytes;
    ctx->pool.stats.capacity = bytes;
    mgpu_evict_to(ctx, bytes);
    return MGPU_SUCCESS;
}

VkDeviceSize mgpu_pool_get_capacity(mgpu_context ctx) { return ctx ? ctx->pool.capacity : 0; }

static void mgpu_pool_trim_unlocked(mgpu_context ctx) {
    if (ctx) mgpu_evict_to(ctx, 0);
}

static mgpu_result mgpu_pool_set_mode_unlocked(mgpu_context ctx, mgpu_pool_mode mode) {
    if (!ctx) return MGPU_ERROR_INVALID_ARGUMENT;
    if (mode != MGPU_POOL_BUCKETS && mode != MGPU_POOL_SIMPLE)
        return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "pool mode %d", (int)mode);
    mgpu_evict_to(ctx, 0);
    ctx->pool.mode = mode;
    return MGPU_SUCCESS;
}

/* The entry points under the pool's lock (recursive: they call one another), so that recordings on several
 * threads (which vouch for their ranges here) and allocations may run at once (mgpuvk.h, "Thread safety"). */
mgpu_result mgpu__pool_alloc(mgpu_context ctx, mgpu_memory_kind kind, VkDeviceSize size, mgpu_range *out) {
    pthread_mutex_lock(&ctx->pool_lock);
    mgpu_result result = mgpu_pool_alloc_unlocked(ctx, kind, size, out);
    pthread_mutex_unlock(&ctx->pool_lock);
    return result;
}

void *mgpu__pool_mapped(mgpu_context ctx, mgpu_range range) {
    pthread_mutex_lock(&ctx->pool_lock);
    void *result = mgpu_pool_mapped_unlocked(ctx, range);
    pthread_mutex_unlock(&ctx->pool_lock);
    return result;
}

mgpu_result mgpu_buffer_alloc(mgpu_context ctx, VkDeviceSize size, mgpu_range *out) {
    if (ctx) pthread_mutex_lock(&ctx->pool_lock);
    mgpu_result result = mgpu_buffer_alloc_unlocked(ctx, size, out);
    if (ctx) pthread_mutex_unlock(&ctx->pool_lock);
    return result;
}

void mgpu_buffer_free(mgpu_context ctx, mgpu_range range) {
    if (ctx) pthread_mutex_lock(&ctx->pool_lock);
    mgpu_buffer_free_unlocked(ctx, range);
    if (ctx) pthread_mutex_unlock(&ctx->pool_lock);
}

mgpu_result mgpu_buffer_wrap(mgpu_context ctx, const mgpu_buffer_wrap_desc *desc, mgpu_range *out) {
    if (ctx) pthread_mutex_lock(&ctx->pool_lock);
    mgpu_result result = mgpu_buffer_wrap_unlocked(ctx, desc, out);
    if (ctx) pthread_mutex_unlock(&ctx->pool_lock);
    return result;
}

mgpu_result mgpu__pool_vouch(mgpu_context ctx, const char *name, mgpu_range range, VkDeviceAddress *base) {
    pthread_mutex_lock(&ctx->pool_lock);
    mgpu_result result = mgpu_pool_vouch_unlocked(ctx, name, range, base);
    pthread_mutex_unlock(&ctx->pool_lock);
    return result;
}

mgpu_result mgpu__check_usage(mgpu_context ctx, const char *name, mgpu_range range, VkBufferUsageFlags usage) {
    pthread_mutex_lock(&ctx->pool_lock);
    mgpu_result result = mgpu_check_usage_unlocked(ctx, name, range, usage);
    pthread_mutex_unlock(&ctx->pool_lock);
    return result;
}

bool mgpu__range_has_usage(mgpu_context ctx, mgpu_range range, VkBufferUsageFlags usage) {
    pthread_mutex_lock(&ctx->pool_lock);
    const mgpu_allocation *found = NULL;
    bool has = mgpu_pool_find(ctx, "a checked range", range, &found) == MGPU_SUCCESS &&
               (found->block || (found->usage & usage) == usage);
    pthread_mutex_unlock(&ctx->pool_lock);
    return has;
}

void mgpu_pool_get_stats(mgpu_context ctx, mgpu_pool_stats *out) {
    if (ctx) pthread_mutex_lock(&ctx->pool_lock);
    mgpu_pool_get_stats_unlocked(ctx, out);
    if (ctx) pthread_mutex_unlock(&ctx->pool_lock);
}

mgpu_result mgpu_pool_set_capacity(mgpu_context ctx, VkDeviceSize bytes) {
    if (ctx) pthread_mutex_lock(&ctx->pool_lock);
    mgpu_result result = mgpu_pool_set_capacity_unlocked(ctx, bytes);
    if (ctx) pthread_mutex_unlock(&ctx->pool_lock);
    return result;
}

void mgpu_pool_trim(mgpu_context ctx) {
    if (ctx) pthread_mutex_lock(&ctx->pool_lock);
    mgpu_pool_trim_unlocked(ctx);
    if (ctx) pthread_mutex_unlock(&ctx->pool_lock);
}

mgpu_result mgpu_pool_set_mode(mgpu_context ctx, mgpu_pool_mode mode) {
    if (ctx) pthread_mutex_lock(&ctx->pool_lock);
    mgpu_result result = mgpu_pool_set_mode_unlocked(ctx, mode);
    if (ctx) pthread_mutex_unlock(&ctx->pool_lock);
    return result;
}
