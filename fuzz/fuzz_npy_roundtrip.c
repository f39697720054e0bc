/* libFuzzer: npy_write_stream -> npy_read_stream must give back what was written. The first input byte picks
 * the type (modulo the six), the rest is the data (as many whole elements as it holds). */
#include "npy.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char *what, const char *error) {
    fprintf(stderr, "fuzz_npy_roundtrip: %s: %s\n", what, error);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) return 0;
    mgpu_type type = (mgpu_type)(data[0] % MGPU_TYPE_COUNT);
    size_t element = npy_descr(type)[2] == '4' ? 4 : 8;
    uint64_t count = (size - 1) / element;
    char error[512];
    char *image = NULL;
    size_t image_size = 0;
    FILE *w = open_memstream(&image, &image_size);
    if (!w) fail("open_memstream", "");
    if (!npy_write_stream(w, "memory", type, data + 1, count, error, sizeof error)) fail("npy_write_stream", error);
    fclose(w);
    /* np.save's layout: the header padded to a multiple of 64, then exactly the data */
    if (image_size < 64 || (image_size - count * element) % 64 != 0) fail("the header is not padded to 64 bytes", "");
    FILE *r = fmemopen(image, image_size, "rb");
    if (!r) fail("fmemopen", "");
    npy_array a;
    if (!npy_read_stream(r, "memory", &a, error, sizeof error)) fail("npy_read_stream", error);
    fclose(r);
    if (a.type != type || a.count != count) fail("type or count differs", npy_descr(a.type));
    if (count && memcmp(a.data, data + 1, count * element) != 0) fail("data differs", "");
    free(a.data);
    free(image);
    return 0;
}
