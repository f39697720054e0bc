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

/* Reads path into *out. The header must be what np.save writes (np.load's grammar, made strict): a dict with
 * exactly the keys 'descr', 'fortran_order' and 'shape', a 1-D shape (N,), fortran_order False, one of the
 * six dtypes, ended by '\n'. Data past the N elements is ignored, as np.load does; a file shorter than the
 * header claims is refused before anything is allocated for it. On failure returns false with out zeroed and
 * writes a one-line reason to error: "<path>: <what>", with the path's control bytes and any quoted header
 * text escaped (\n, \xNN) and cut, so no byte of the file can break the line. */
bool npy_read(const char *path, npy_array *out, char *error, size_t error_size);
/* npy_read from an open stream, from where it stands (a file, a pipe, fmemopen memory); name is used only in
 * messages. Never closes the stream. The size check before allocating uses fstat, or seeking for memory
 * streams; where neither works (pipes) the buffer grows only with data actually read. */
bool npy_read_stream(FILE *f, const char *name, npy_array *out, char *error, size_t error_size);
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
