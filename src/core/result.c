/* Result codes, the context's log and last error, and the argument checks every public call shares. */
#include "../mgpu_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *mgpu_result_name(mgpu_result result) {
    switch (result) {
#define MGPU_RESULT_NAME_(name, value, message) \
    case name: return #name;
        MGPU_RESULT_LIST(MGPU_RESULT_NAME_)
#undef MGPU_RESULT_NAME_
    }
    return "MGPU_UNKNOWN";
}

const char *mgpu_result_message(mgpu_result result) {
    switch (result) {
#define MGPU_RESULT_MESSAGE_(name, value, message) \
    case name: return message;
        MGPU_RESULT_LIST(MGPU_RESULT_MESSAGE_)
#undef MGPU_RESULT_MESSAGE_
    }
    return "unknown result";
}

const char *mgpu_result_string(mgpu_result result) { return mgpu_result_message(result); }

static void mgpu_vlog(mgpu_context ctx, mgpu_log_level level, const char *format, va_list args) {
    char message[1024];
    vsnprintf(message, sizeof message, format, args);
    if (ctx && ctx->log)
        ctx->log(ctx->log_user, level, message);
    else if (getenv("MGPU_VERBOSE"))
        fprintf(stderr, "mgpuvk: %s\n", message); /* silent unless asked */
}

void mgpu__log(mgpu_context ctx, mgpu_log_level level, const char *format, ...) {
    va_list args;
    va_start(args, format);
    mgpu_vlog(ctx, level, format, args);
    va_end(args);
}

/* The last error is kept per thread and context, so that threads recording on one context at once each read
 * their own failure (mgpuvk.h, "Thread safety"): a few slots per thread, each naming its context by serial, the
 * least recently claimed taken for a context that has none. */
#define MGPU_ERROR_SLOTS 4

typedef struct mgpu_error_slot {
    uint64_t serial;
    char message[1024];
} mgpu_error_slot;

static _Thread_local mgpu_error_slot mgpu_error_slots[MGPU_ERROR_SLOTS];
static _Thread_local unsigned mgpu_error_next;

static mgpu_error_slot *mgpu_error_slot_of(mgpu_context ctx, bool claim) {
    for (unsigned i = 0; i < MGPU_ERROR_SLOTS; ++i)
        if (mgpu_error_slots[i].serial == ctx->serial) return &mgpu_error_slots[i];
    if (!claim) return NULL;
    mgpu_error_slot *slot = &mgpu_error_slots[mgpu_error_next++ % MGPU_ERROR_SLOTS];
    slot->serial = ctx->serial;
    return slot;
}

void mgpu__report_failure(mgpu_context ctx, mgpu_result result, const char *format, ...) {
    if (!ctx) return;
    char detail[900];
    va_list args;
    va_start(args, format);
    vsnprintf(detail, sizeof detail, format, args);
    va_end(args);
    mgpu_error_slot *slot = mgpu_error_slot_of(ctx, true);
    snprintf(slot->message, sizeof slot->message, "%s: %s", mgpu_result_name(result), detail);
    /* Bad input is the caller's to report; the log hears about it only when verbose. */
    mgpu__log(ctx, result < MGPU_ERROR_UNSUPPORTED ? MGPU_LOG_INFO : MGPU_LOG_ERROR, "%s", slot->message);
}

void mgpu__clear_error(mgpu_context ctx) {
    mgpu_error_slot *slot = mgpu_error_slot_of(ctx, false);
    if (slot) slot->message[0] = '\0';
}

mgpu_result mgpu__vk_result(mgpu_context ctx, VkResult vr, const char *what) {
    if (vr == VK_SUCCESS) return MGPU_SUCCESS;
    mgpu_result r = MGPU_ERROR_VULKAN;
    if (vr == VK_ERROR_OUT_OF_DEVICE_MEMORY || vr == VK_ERROR_OUT_OF_HOST_MEMORY)
        r = MGPU_ERROR_OUT_OF_MEMORY;
    else if (vr == VK_ERROR_DEVICE_LOST)
        r = MGPU_ERROR_DEVICE_LOST;
    if (ctx && r == MGPU_ERROR_DEVICE_LOST) ctx->device_lost = true; /* for good: Vulkan has no way back */
    return mgpu__fail(ctx, r, "%s returned VkResult %d", what, (int)vr);
}

size_t mgpu_type_size(mgpu_type type) {
    switch (type) {
        case MGPU_TYPE_U32:
        case MGPU_TYPE_I32:
        case MGPU_TYPE_F32: return 4;
        case MGPU_TYPE_U64:
        case MGPU_TYPE_I64:
        case MGPU_TYPE_F64: return 8;
        default: return 0;
    }
}

const char *mgpu_type_name(mgpu_type type) {
    static const char *const names[MGPU_TYPE_COUNT] = {"u32", "i32", "f32", "u64", "i64", "f64"};
    return (unsigned)type < MGPU_TYPE_COUNT ? names[type] : NULL;
}

mgpu_result mgpu__check_type(mgpu_context ctx, mgpu_type type) {
    if ((unsigned)type >= MGPU_TYPE_COUNT) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "type %d", (int)type);
    if (mgpu_type_size(type) == 8 && !ctx->info.shader_int64)
        return mgpu__fail(ctx, MGPU_ERROR_UNSUPPORTED, "type %s needs shaderInt64", mgpu_type_name(type));
    if (type == MGPU_TYPE_F64 && !ctx->info.shader_float64)
        return mgpu__fail(ctx, MGPU_ERROR_UNSUPPORTED, "type f64 needs shaderFloat64");
    return MGPU_SUCCESS;
}

mgpu_result mgpu__check_range(mgpu_context ctx, const char *name, mgpu_range range, VkDeviceSize bytes,
                              VkDeviceSize alignment) {
    if (range.buffer == VK_NULL_HANDLE) return mgpu__fail(ctx, MGPU_ERROR_INVALID_ARGUMENT, "%s: null VkBuffer", name);
    if (range.size < bytes)
        return mgpu__fail(ctx, MGPU_ERROR_RANGE_TOO_SMALL, "%s: range of %llu bytes, %llu needed", name,
                          (unsigned long long)range.size, (unsigned long long)bytes);
    if (alignment > 1 && range.offset % alignment != 0)
        return mgpu__fail(ctx, MGPU_ERROR_MISALIGNED, "%s: offset %llu is not a multiple of %llu", name,
                          (unsigned long long)range.offset, (unsigned long long)alignment);
    return mgpu__pool_vouch(ctx, name, range, NULL);
}

bool mgpu__ranges_overlap(mgpu_range a, VkDeviceSize a_bytes, mgpu_range b, VkDeviceSize b_bytes) {
    if (a.buffer != b.buffer || a_bytes == 0 || b_bytes == 0) return false;
    return a.offset < b.offset + b_bytes && b.offset < a.offset + a_bytes;
}

const char *mgpu_context_last_error(mgpu_context ctx) {
    mgpu_error_slot *slot = ctx ? mgpu_error_slot_of(ctx, false) : NULL;
    return slot ? slot->message : "";
}

uint64_t mgpu_context_validation_message_count(mgpu_context ctx) {
    return ctx ? atomic_load(&ctx->validation_messages) : 0;
}
