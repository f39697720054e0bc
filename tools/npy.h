/* NumPy .npy files: 1-D, little-endian, C order, dtypes <u4 <i4 <f4 <u8 <i8 <f8 (format versions 1-3). */
#ifndef MGPU_NPY_H
#define MGPU_NPY_H

#include "mgpuvk.h"

#include <stdio.h>

typedef struct npy_array {
    mgpu_type type;
    uint64_t count;
    void *data; /* count elements, malloc'ed */
} npy_array;

/* Reads path into *out. On failure returns false and writes a one-line reason (no newline) to error. */
bool npy_read(const char *path, npy_array *out, char *error, size_t error_size);
/* Writes a 1-D array (format version 1.0) to an open stream and flushes it; name is used only in the error.
 * Never closes the stream and never removes anything. Returns false with a reason on failure. */
bool npy_write_stream(FILE *f, const char *name, mgpu_type type, const void *data, uint64_t count, char *error,
                      size_t error_size);
/* Creates (or truncates) path and writes a 1-D array into it; on failure the file is left as it is, never
 * removed. For tests and tools that write files they own; the CLI's outputs go through its safe-output layer. */
bool npy_write(const char *path, mgpu_type type, const void *data, uint64_t count, char *error, size_t error_size);
/* The dtype string of a type ("<u4" ...). */
const char *npy_descr(mgpu_type type);

#endif
