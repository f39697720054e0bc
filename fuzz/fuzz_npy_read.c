/* libFuzzer: any bytes as a .npy file through npy_read_stream, twice: from fmemopen memory (the size known
 * before allocating, as for a regular file) and from a stream with neither descriptor nor seeking (a pipe's
 * path, where the buffer grows with what arrives). Both must agree; an accepted array must be exactly the
 * bytes after the header; a refusal must be one printable line naming the stream. */
#define _GNU_SOURCE /* fopencookie */
#include "npy.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NAME "fuzz.npy"

typedef struct cookie {
    const uint8_t *data;
    size_t size, at;
} cookie;

static ssize_t cookie_read(void *c, char *buf, size_t size) {
    cookie *k = c;
    size_t n = k->size - k->at < size ? k->size - k->at : size;
    memcpy(buf, k->data + k->at, n);
    k->at += n;
    return (ssize_t)n;
}

static void fail(const char *what, const char *error) {
    fprintf(stderr, "fuzz_npy_read: %s: %s\n", what, error);
    abort();
}

/* What a refusal must look like: "fuzz.npy: <what>", printable, no newline, not cut short. */
static void check_message(const char *error, size_t size) {
    size_t n = strlen(error);
    if (n < sizeof NAME + 2 || strncmp(error, NAME ": ", sizeof NAME + 1) != 0)
        fail("message does not name the file", error);
    if (n + 1 >= size) fail("message fills the whole buffer", error);
    for (size_t i = 0; i < n; ++i)
        if ((unsigned char)error[i] < 0x20 || (unsigned char)error[i] >= 0x7f)
            fail("message has a raw control or high byte", error);
}

static bool read_one(FILE *f, npy_array *a, char *error, size_t size) {
    if (!f) fail("cannot open the stream", "");
    bool ok = npy_read_stream(f, NAME, a, error, size);
    fclose(f);
    if (!ok) {
        if (a->data || a->count) fail("output not cleared on failure", error);
        check_message(error, size);
    }
    return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const size_t sizes[MGPU_TYPE_COUNT] = {4, 4, 4, 8, 8, 8};
    /* glibc's fmemopen refuses size 0: an empty input goes through the cookie stream alone */
    npy_array a = {0}, b = {0};
    char error[512], error_b[512];
    bool ok = size ? read_one(fmemopen((void *)data, size, "rb"), &a, error, sizeof error) : false;
    cookie k = {data, size, 0};
    bool ok_b =
        read_one(fopencookie(&k, "rb", (cookie_io_functions_t){.read = cookie_read}), &b, error_b, sizeof error_b);
    if (size && ok != ok_b) fail("memory and unseekable streams disagree", ok ? error_b : error);
    if (ok_b) {
        if ((unsigned)b.type >= MGPU_TYPE_COUNT || !b.data) fail("bad type or no data", "");
        /* the data is what follows the header: magic (6), version (2), length (2 or 4), header */
        size_t length_bytes = data[6] == 1 ? 2 : 4;
        uint32_t header_len = 0;
        for (size_t i = 0; i < length_bytes; ++i) header_len |= (uint32_t)data[8 + i] << (8 * i);
        size_t offset = 8 + length_bytes + header_len, bytes = (size_t)b.count * sizes[b.type];
        if (offset > size || bytes > size - offset) fail("accepted more data than the file holds", "");
        if (memcmp(b.data, data + offset, bytes) != 0) fail("data differs from the file's bytes", "");
        if (ok && (a.type != b.type || a.count != b.count || memcmp(a.data, b.data, bytes) != 0))
            fail("memory and unseekable streams read different arrays", "");
    }
    free(a.data);
    free(b.data);
    return 0;
}
