/*
 * Safe outputs for the CLI: an output replaces its file only when the whole command has succeeded.
 *
 *   output_declare(...) for every output, before any work: refuses what cannot be written safely
 *   output_write(...)   as each array is ready: a regular file goes to a temporary file next to its target
 *   output_commit(...)  when all are written: devices are written, then every temporary is renamed into place
 *
 * A regular output (or a symbolic link to one: the link stays a link, its target is replaced) is written to
 * `.<name>.mgpuvk-XXXXXX` (mkstemp) in the target's directory, fsync'ed, and renamed onto the target at commit.
 * A new file gets mode 0666 & ~umask; a replaced file keeps its permission bits. A device, FIFO or socket is
 * opened and written directly at commit, after every regular output has reached its temporary, and is never
 * created, truncated or removed. On any failure, on exit without a commit and on SIGINT, SIGTERM, SIGHUP and
 * SIGPIPE, only the temporaries this process created are removed; nothing else is ever removed. After a
 * SIGKILL the previous outputs are intact and a temporary may remain. Not thread-safe: one command at a time.
 */
#ifndef MGPU_TOOLS_OUTPUT_H
#define MGPU_TOOLS_OUTPUT_H

#include "mgpuvk.h"

#include <stddef.h>

/* The most outputs one command declares. */
#define OUTPUT_MAX 8

/* Declares an output (label names it in messages: "-o", "--values-out"). Refused, with a one-line reason in
 * error naming the path: an empty path or one ending in '/', a directory, a dangling symbolic link, an
 * existing file the user cannot write (access W_OK), a directory that does not exist or cannot be written
 * (for a regular file, existing or new), and the same file as an earlier declared output (same st_dev and
 * st_ino, or for a new file the same resolved directory and name) unless both are the same character
 * device. Touches nothing. */
bool output_declare(const char *path, const char *label, char *error, size_t error_size);

/* Whether the declared output at path (the first declared with that path) is the same file as input: an
 * existing input with its st_dev and st_ino. A character device is never the same file as anything (its
 * writes do not replace a file), and a missing input is not compared (reading it will fail). */
bool output_is_input(const char *path, const char *input);

/* Writes a 1-D .npy array to the first declared output with this path not yet written: a regular file to
 * its temporary now (written, fchmod'ed, fsync'ed), a special file at output_commit, so data must stay
 * valid until then. On failure returns false with a one-line reason and removes this process's
 * temporaries. */
bool output_write(const char *path, mgpu_type type, const void *data, uint64_t count, char *error, size_t error_size);

/* Writes the special outputs, then renames every temporary onto its target (and fsyncs its directory).
 * Every declared output must have been written. On failure returns false with a one-line reason and removes
 * the temporaries not yet renamed (a rename that fails after others succeeded leaves those in place). */
bool output_commit(char *error, size_t error_size);

/* Removes this process's temporaries and forgets every declared output. Also runs at exit. */
void output_abort(void);

#endif
