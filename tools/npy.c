#include "npy.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const descrs[MGPU_TYPE_COUNT] = {"<u4", "<i4", "<f4", "<u8", "<i8", "<f8"};

const char *npy_descr(mgpu_type type) { return (unsigned)type < MGPU_TYPE_COUNT ? descrs[type] : NULL; }

/* The quoted string value of key in the header dict, into value. */
static bool header_string(const char *header, const char *key, char *value, size_t size) {
    const char *k = strstr(header, key);
    if (!k) return false;
    const char *p = strchr(k + strlen(key), ':');
    if (!p) return false;
    ++p;
    while (*p == ' ') ++p;
    char quote = *p;
    if (quote != '\'' && quote != '"') return false;
    const char *end = strchr(p + 1, quote);
    if (!end || (size_t)(end - p - 1) >= size) return false;
    memcpy(value, p + 1, (size_t)(end - p - 1));
    value[end - p - 1] = '\0';
    return true;
}

bool npy_read(const char *path, npy_array *out, char *error, size_t error_size) {
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(error, error_size, "%s: %s", path, strerror(errno));
        return false;
    }
    bool ok = false;
    char *header = NULL;
    unsigned char magic[10];
    if (fread(magic, 1, 8, f) != 8 || memcmp(magic, "\x93NUMPY", 6) != 0) {
        snprintf(error, error_size, "%s: not a .npy file (bad magic)", path);
        goto done;
    }
    uint32_t header_len;
    unsigned major = magic[6];
    if (major == 1) {
        unsigned char b[2];
        if (fread(b, 1, 2, f) != 2) goto truncated;
        header_len = b[0] | (uint32_t)b[1] << 8;
    } else if (major == 2 || major == 3) {
        unsigned char b[4];
        if (fread(b, 1, 4, f) != 4) goto truncated;
        header_len = b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    } else {
        snprintf(error, error_size, "%s: unsupported .npy format version %u", path, major);
        goto done;
    }
    if (header_len > (1u << 20)) {
        snprintf(error, error_size, "%s: header too long", path);
        goto done;
    }
    header = malloc(header_len + 1);
    if (!header) goto oom;
    if (fread(header, 1, header_len, f) != header_len) goto truncated;
    header[header_len] = '\0';
    char descr[32];
    if (!header_string(header, "'descr'", descr, sizeof descr) && !header_string(header, "\"descr\"", descr, sizeof descr)) {
        snprintf(error, error_size, "%s: header has no descr", path);
        goto done;
    }
    int type = -1;
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t)
        if (!strcmp(descr, descrs[t])) type = t;
    if (type < 0) {
        snprintf(error, error_size, "%s: unsupported dtype '%s' (use <u4 <i4 <f4 <u8 <i8 <f8)", path, descr);
        goto done;
    }
    const char *fo = strstr(header, "fortran_order");
    if (!fo) {
        snprintf(error, error_size, "%s: header has no fortran_order", path);
        goto done;
    }
    fo = strchr(fo, ':');
    while (fo && (*fo == ':' || *fo == ' ')) ++fo;
    if (!fo || strncmp(fo, "False", 5) != 0) {
        snprintf(error, error_size, "%s: Fortran-order arrays are not supported", path);
        goto done;
    }
    const char *shape = strstr(header, "shape");
    const char *open = shape ? strchr(shape, '(') : NULL;
    const char *close = open ? strchr(open, ')') : NULL;
    if (!close) {
        snprintf(error, error_size, "%s: header has no shape", path);
        goto done;
    }
    /* exactly one dimension: "(N,)" */
    char *end;
    const char *p = open + 1;
    while (*p == ' ') ++p;
    if (p == close) {
        snprintf(error, error_size, "%s: a 0-dimensional array; one dimension expected", path);
        goto done;
    }
    errno = 0;
    unsigned long long n = strtoull(p, &end, 10);
    if (end == p || errno) {
        snprintf(error, error_size, "%s: bad shape", path);
        goto done;
    }
    p = end;
    while (*p == ' ') ++p;
    if (*p == ',') ++p;
    while (*p == ' ') ++p;
    if (p != close) {
        snprintf(error, error_size, "%s: more than one dimension; one expected", path);
        goto done;
    }
    size_t size = mgpu_type_size((mgpu_type)type);
    if (n > (1ull << 40) / size) {
        snprintf(error, error_size, "%s: too many elements", path);
        goto done;
    }
    out->data = malloc(n ? n * size : 1);
    if (!out->data) goto oom;
    if (fread(out->data, size, n, f) != n) goto truncated;
    out->type = (mgpu_type)type;
    out->count = n;
    ok = true;
    goto done;
truncated:
    snprintf(error, error_size, "%s: truncated file", path);
    goto done;
oom:
    snprintf(error, error_size, "%s: out of memory", path);
done:
    if (!ok) {
        free(out->data);
        out->data = NULL;
    }
    free(header);
    fclose(f);
    return ok;
}

bool npy_write_stream(FILE *f, const char *name, mgpu_type type, const void *data, uint64_t count, char *error,
                      size_t error_size) {
    char dict[128];
    int len = snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (%llu,), }", npy_descr(type),
                       (unsigned long long)count);
    /* magic (6) + version (2) + length (2) + dict + padding + '\n', a multiple of 64 */
    size_t total = 10 + (size_t)len + 1;
    size_t padded = (total + 63) / 64 * 64;
    char header[256];
    memcpy(header, "\x93NUMPY\x01\x00", 8);
    uint16_t header_len = (uint16_t)(padded - 10);
    header[8] = (char)(header_len & 0xff);
    header[9] = (char)(header_len >> 8);
    memcpy(header + 10, dict, (size_t)len);
    memset(header + 10 + len, ' ', padded - total);
    header[padded - 1] = '\n';
    size_t size = mgpu_type_size(type);
    bool ok = fwrite(header, 1, padded, f) == padded && (count == 0 || fwrite(data, size, count, f) == count);
    ok = fflush(f) == 0 && ok;
    if (!ok) snprintf(error, error_size, "%s: write failed: %s", name, strerror(errno));
    return ok;
}

bool npy_write(const char *path, mgpu_type type, const void *data, uint64_t count, char *error, size_t error_size) {
    FILE *f = fopen(path, "wb");
    if (!f) {
        snprintf(error, error_size, "%s: %s", path, strerror(errno));
        return false;
    }
    bool ok = npy_write_stream(f, path, type, data, count, error, error_size);
    if (fclose(f) != 0 && ok) {
        snprintf(error, error_size, "%s: write failed: %s", path, strerror(errno));
        ok = false;
    }
    return ok;
}
