/* realpath is in the XSI part of POSIX. */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "output.h"
#include "npy.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef enum output_kind {
    OUTPUT_NEW,     /* no file yet: a temporary renamed onto target */
    OUTPUT_REPLACE, /* an existing regular file (target resolved through symbolic links) */
    OUTPUT_SPECIAL  /* a device, FIFO or socket: written directly at commit */
} output_kind;

typedef struct output_entry {
    const char *path; /* as the user gave it */
    const char *label;
    output_kind kind;
    bool chardev;
    dev_t dev; /* existing files */
    ino_t ino;
    char *target;      /* OUTPUT_NEW, OUTPUT_REPLACE: the resolved path the temporary is renamed onto */
    size_t dir_length; /* target[0 .. dir_length) is its directory ("/" for a file in the root) */
    mode_t mode;
    uid_t uid;
    gid_t gid;
    bool written;
    mgpu_type type; /* OUTPUT_SPECIAL: the array written at commit */
    const void *data;
    uint64_t count;
} output_entry;

static output_entry entries[OUTPUT_MAX];
static int entry_count;
/* The temporaries, read by the signal handler: a path is complete before its flag is set. */
static char temp_paths[OUTPUT_MAX][PATH_MAX];
static volatile sig_atomic_t temp_live[OUTPUT_MAX];
static mode_t new_file_mode;

static void remove_temporaries(void) {
    for (int i = 0; i < OUTPUT_MAX; ++i)
        if (temp_live[i]) {
            unlink(temp_paths[i]);
            temp_live[i] = 0;
        }
}

/* Async-signal-safe: unlink and raise only. SA_RESETHAND | SA_NODEFER: the raise ends the process. */
static void on_signal(int sig) {
    int saved = errno;
    remove_temporaries();
    errno = saved;
    raise(sig);
}

static const int cleanup_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE};

static void init(void) {
    static bool done;
    if (done) return;
    done = true;
    mode_t mask = umask(0);
    umask(mask);
    new_file_mode = 0666 & ~mask;
    atexit(output_abort);
    for (size_t i = 0; i < sizeof cleanup_signals / sizeof cleanup_signals[0]; ++i) {
        struct sigaction old, sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sa.sa_flags = (int)(SA_RESETHAND | SA_NODEFER);
        sigemptyset(&sa.sa_mask);
        /* a signal the caller ignores (nohup) stays ignored */
        if (sigaction(cleanup_signals[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
            sigaction(cleanup_signals[i], &sa, NULL);
    }
    /* Past the file-size limit a write fails with EFBIG, reported like a full disk, instead of killing. */
    signal(SIGXFSZ, SIG_IGN);
}

static void free_entries(void) {
    for (int i = 0; i < entry_count; ++i) free(entries[i].target);
    memset(entries, 0, sizeof entries);
    entry_count = 0;
}

void output_abort(void) {
    remove_temporaries();
    free_entries();
}

/* A one-line reason naming the output, then false (the entry is dropped). */
static bool refuse(char *error, size_t error_size, output_entry *e, const char *format, ...) {
    char reason[PATH_MAX + 256];
    va_list args;
    va_start(args, format);
    vsnprintf(reason, sizeof reason, format, args);
    va_end(args);
    snprintf(error, error_size, "%s %s: %s", e->label, e->path, reason);
    free(e->target);
    e->target = NULL;
    return false;
}

bool output_declare(const char *path, const char *label, char *error, size_t error_size) {
    init();
    output_entry e = {.path = path, .label = label};
    size_t n = strlen(path);
    if (entry_count == OUTPUT_MAX) return refuse(error, error_size, &e, "more than %d outputs", OUTPUT_MAX);
    if (n == 0) return refuse(error, error_size, &e, "an empty file name");
    if (path[n - 1] == '/') return refuse(error, error_size, &e, "names a directory");
    struct stat lst, st;
    if (lstat(path, &lst) == 0) {
        if (stat(path, &st) != 0)
            return refuse(error, error_size, &e, "%s",
                          S_ISLNK(lst.st_mode) && errno == ENOENT ? "a dangling symbolic link" : strerror(errno));
        if (S_ISDIR(st.st_mode)) return refuse(error, error_size, &e, "is a directory");
        if (access(path, W_OK) != 0) return refuse(error, error_size, &e, "not writable (%s)", strerror(errno));
        e.dev = st.st_dev;
        e.ino = st.st_ino;
        if (S_ISREG(st.st_mode)) {
            e.kind = OUTPUT_REPLACE;
            e.mode = st.st_mode & 0777;
            e.uid = st.st_uid;
            e.gid = st.st_gid;
            e.target = realpath(path, NULL);
            if (!e.target) return refuse(error, error_size, &e, "cannot resolve it (%s)", strerror(errno));
            e.dir_length = (size_t)(strrchr(e.target, '/') - e.target);
        } else {
            e.kind = OUTPUT_SPECIAL;
            e.chardev = S_ISCHR(st.st_mode);
        }
    } else if (errno == ENOENT) {
        e.kind = OUTPUT_NEW;
        e.mode = new_file_mode;
        const char *slash = strrchr(path, '/');
        char *dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
        if (!dir) return refuse(error, error_size, &e, "out of memory");
        char *resolved = realpath(dir, NULL);
        if (!resolved) {
            int code = errno;
            if (code == ENOENT)
                refuse(error, error_size, &e, "directory %s does not exist", dir);
            else
                refuse(error, error_size, &e, "directory %s: %s", dir, strerror(code));
            free(dir);
            return false;
        }
        free(dir);
        const char *name = slash ? slash + 1 : path;
        size_t length = strlen(resolved);
        e.dir_length = length == 1 ? 0 : length; /* "/" + name, not "//" + name */
        e.target = malloc(length + strlen(name) + 2);
        if (e.target) snprintf(e.target, length + strlen(name) + 2, "%s/%s", e.dir_length ? resolved : "", name);
        free(resolved);
        if (!e.target) return refuse(error, error_size, &e, "out of memory");
    } else {
        return refuse(error, error_size, &e, "%s", strerror(errno));
    }
    if (e.kind != OUTPUT_SPECIAL) {
        /* the temporary is created in the target's directory and renamed there */
        char dir[PATH_MAX];
        snprintf(dir, sizeof dir, "%.*s", (int)(e.dir_length ? e.dir_length : 1), e.target);
        if (access(dir, W_OK | X_OK) != 0)
            return refuse(error, error_size, &e, "cannot write in directory %s (%s)", dir, strerror(errno));
        /* in a sticky directory (/tmp) only the owner of a file, or of the directory, may rename onto it */
        struct stat dst;
        uid_t me = geteuid();
        if (e.kind == OUTPUT_REPLACE && me != 0 && e.uid != me && stat(dir, &dst) == 0 && (dst.st_mode & S_ISVTX) &&
            dst.st_uid != me)
            return refuse(error, error_size, &e, "owned by another user in the sticky directory %s", dir);
        if (strlen(e.target) + 24 >= PATH_MAX) return refuse(error, error_size, &e, "path too long");
    }
    for (int i = 0; i < entry_count; ++i) {
        const output_entry *o = &entries[i];
        bool same = e.kind == OUTPUT_NEW ? o->kind == OUTPUT_NEW && !strcmp(o->target, e.target)
                                         : o->kind != OUTPUT_NEW && o->dev == e.dev && o->ino == e.ino;
        if (same && !(e.chardev && o->chardev)) {
            char other[PATH_MAX + 64];
            snprintf(other, sizeof other, "%s %s", o->label, o->path);
            return refuse(error, error_size, &e, "the same file as %s", other);
        }
    }
    entries[entry_count++] = e;
    return true;
}

static output_entry *find(const char *path, bool unwritten) {
    for (int i = 0; i < entry_count; ++i)
        if (!strcmp(entries[i].path, path) && !(unwritten && entries[i].written)) return &entries[i];
    return NULL;
}

bool output_is_input(const char *path, const char *input) {
    const output_entry *e = find(path, false);
    struct stat st;
    if (!e || e->kind == OUTPUT_NEW || e->chardev || stat(input, &st) != 0) return false;
    return st.st_dev == e->dev && st.st_ino == e->ino;
}

static bool fail_write(char *error, size_t error_size, const char *path, const char *what, int code) {
    snprintf(error, error_size, "%s: %s: %s", path, what, strerror(code));
    output_abort();
    return false;
}

/* Creates the temporary of entries[i], signals blocked so the handler sees it as soon as it exists. */
static int create_temporary(int i) {
    const output_entry *e = &entries[i];
    const char *name = e->target + e->dir_length + 1;
    char *temp = temp_paths[i];
    /* ".<name>.mgpuvk-XXXXXX" within NAME_MAX: a long name is cut */
    snprintf(temp, PATH_MAX, "%.*s/.%.200s.mgpuvk-XXXXXX", (int)e->dir_length, e->target, name);
    sigset_t block, old;
    sigemptyset(&block);
    for (size_t k = 0; k < sizeof cleanup_signals / sizeof cleanup_signals[0]; ++k)
        sigaddset(&block, cleanup_signals[k]);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    int fd = mkstemp(temp);
    if (fd >= 0) temp_live[i] = 1;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return fd;
}

bool output_write(const char *path, mgpu_type type, const void *data, uint64_t count, char *error, size_t error_size) {
    output_entry *e = find(path, true);
    if (!e) {
        snprintf(error, error_size, "%s: not a declared output", path);
        output_abort();
        return false;
    }
    e->written = true;
    if (e->kind == OUTPUT_SPECIAL) {
        e->type = type;
        e->data = data;
        e->count = count;
        return true;
    }
    int i = (int)(e - entries);
    int fd = create_temporary(i);
    if (fd < 0) return fail_write(error, error_size, path, "cannot create a temporary file", errno);
    FILE *f = fdopen(fd, "wb");
    if (!f) {
        int code = errno;
        close(fd);
        return fail_write(error, error_size, path, "cannot write", code);
    }
    bool ok = npy_write_stream(f, path, type, data, count, error, error_size);
    int code = 0;
    /* A replaced file keeps its permission bits, and its owner where that may be set (root); otherwise it
     * becomes ours, as any rewrite by another user would make it. */
    if (ok && e->kind == OUTPUT_REPLACE && (e->uid != geteuid() || e->gid != getegid())) {
        int owner = fchown(fd, e->uid, e->gid);
        (void)owner;
    }
    if (ok && fchmod(fd, e->mode) != 0) ok = false, code = errno;
    if (ok && fsync(fd) != 0 && errno != EINVAL) ok = false, code = errno;
    if (fclose(f) != 0 && ok) ok = false, code = errno;
    if (!ok) {
        if (code) return fail_write(error, error_size, path, "write failed", code);
        output_abort();
    }
    return ok;
}

static bool write_special(output_entry *e, char *error, size_t error_size) {
    int fd = open(e->path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return fail_write(error, error_size, e->path, "cannot open", errno);
    struct stat st;
    if (fstat(fd, &st) != 0 || S_ISREG(st.st_mode) || S_ISDIR(st.st_mode)) {
        /* replaced by a regular file since it was declared: never written in place */
        close(fd);
        return fail_write(error, error_size, e->path, "no longer a device", EEXIST);
    }
    FILE *f = fdopen(fd, "wb");
    if (!f) {
        int code = errno;
        close(fd);
        return fail_write(error, error_size, e->path, "cannot write", code);
    }
    bool ok = npy_write_stream(f, e->path, e->type, e->data, e->count, error, error_size);
    if (fclose(f) != 0 && ok) return fail_write(error, error_size, e->path, "write failed", errno);
    if (!ok) output_abort();
    return ok;
}

bool output_commit(char *error, size_t error_size) {
    for (int i = 0; i < entry_count; ++i)
        if (!entries[i].written) {
            snprintf(error, error_size, "%s %s: not written", entries[i].label, entries[i].path);
            output_abort();
            return false;
        }
    for (int i = 0; i < entry_count; ++i)
        if (entries[i].kind == OUTPUT_SPECIAL && !write_special(&entries[i], error, error_size)) return false;
    for (int i = 0; i < entry_count; ++i) {
        output_entry *e = &entries[i];
        if (e->kind == OUTPUT_SPECIAL) continue;
        if (rename(temp_paths[i], e->target) != 0)
            return fail_write(error, error_size, e->path, "cannot rename into place", errno);
        temp_live[i] = 0;
        char dir[PATH_MAX];
        snprintf(dir, sizeof dir, "%.*s", (int)(e->dir_length ? e->dir_length : 1), e->target);
        int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (fd >= 0) {
            fsync(fd); /* the rename itself durable; a failure here loses nothing already in place */
            close(fd);
        }
    }
    free_entries();
    return true;
}
