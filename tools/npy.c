#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* fileno, fseeko, ftello */
#endif
#include "npy.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#if defined(__GNUC__)
#define NPY_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define NPY_PRINTF(f, a)
#endif

static const char *const descrs[MGPU_TYPE_COUNT] = {"<u4", "<i4", "<f4", "<u8", "<i8", "<f8"};
/* Kept here rather than asking the library, so the reader and its fuzzers build without Vulkan. */
static const size_t sizes[MGPU_TYPE_COUNT] = {4, 4, 4, 8, 8, 8};

const char *npy_descr(mgpu_type type) { return (unsigned)type < MGPU_TYPE_COUNT ? descrs[type] : NULL; }

/* The longest header read: numpy's own writer never exceeds a few hundred bytes for 1-D arrays (np.load
 * refuses more than 10000 by default); a bound keeps a hostile length field from costing memory. */
#define MAX_HEADER (1u << 20)
/* Header text quoted in a message is cut after this many bytes, so one bad file cannot flood a terminal. */
#define EXCERPT    40
/* The largest dimension taken: numpy's limit is the byte size fitting a signed 64-bit integer. */
#define MAX_DIM    ((uint64_t)INT64_MAX / 8)

typedef struct span {
    const char *s;
    size_t n;
} span;

/* One read: the file's name as it appears in messages and where the message goes. */
typedef struct reader {
    char name[4 * 256 + 4];
    char *error;
    size_t error_size;
} reader;

enum { ESCAPE_QUOTES = 1, KEEP_HIGH = 2 };

/* Copies s into out as one line: newlines, tabs and other control bytes become \n \t \xNN, and with
 * ESCAPE_QUOTES quotes and backslashes get a backslash, so text taken from a file can be quoted in an error
 * message without ending it or faking its end. Bytes >= 0x80 become \xNN too unless KEEP_HIGH (file names,
 * which are often UTF-8). Cut with "..." after max bytes of s. */
static void escape(char *out, size_t out_size, span s, size_t max, int flags) {
    if (out_size < 4) {
        if (out_size) out[0] = '\0';
        return;
    }
    size_t o = 0; /* o + 4 <= out_size always: room for "..." and the terminator */
    for (size_t i = 0; i < s.n; ++i) {
        unsigned char c = (unsigned char)s.s[i];
        char piece[8];
        if (c == '\n')
            strcpy(piece, "\\n");
        else if (c == '\t')
            strcpy(piece, "\\t");
        else if (c == '\r')
            strcpy(piece, "\\r");
        else if ((flags & ESCAPE_QUOTES) && (c == '\\' || c == '\'' || c == '"'))
            snprintf(piece, sizeof piece, "\\%c", c);
        else if ((c >= 0x20 && c < 0x7f) || (c >= 0x80 && (flags & KEEP_HIGH)))
            snprintf(piece, sizeof piece, "%c", c);
        else
            snprintf(piece, sizeof piece, "\\x%02x", c);
        size_t len = strlen(piece);
        if (i == max || o + len + 4 > out_size) {
            memcpy(out + o, "...", 4);
            return;
        }
        memcpy(out + o, piece, len);
        o += len;
    }
    out[o] = '\0';
}

/* An excerpt of s for a message, escaped and cut (EXCERPT). */
typedef struct excerpt {
    char text[4 * EXCERPT + 8];
} excerpt;

static excerpt quote(span s) {
    excerpt e;
    escape(e.text, sizeof e.text, s, EXCERPT, ESCAPE_QUOTES);
    return e;
}

/* The header from pos on, less the padding at its end, for quoting. */
static span rest(const char *h, size_t n, size_t pos) {
    while (n > pos && h[n - 1] == ' ') --n;
    return (span){h + pos, n - pos};
}

NPY_PRINTF(2, 3) static bool fail(reader *r, const char *format, ...) {
    if (!r->error || !r->error_size) return false;
    int len = snprintf(r->error, r->error_size, "%s: ", r->name);
    if (len < 0 || (size_t)len >= r->error_size) return false;
    va_list args;
    va_start(args, format);
    // NOLINTNEXTLINE(clang-analyzer-valist.Uninitialized): a false positive of clang 14, va_start is above
    vsnprintf(r->error + len, r->error_size - (size_t)len, format, args);
    va_end(args);
    return false;
}

/* Python's whitespace between tokens; newlines count too, as the dict's braces join lines. */
static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool is_word(char c) {
    return is_digit(c) || c == '_' || c == '.' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static size_t skip_space(const char *h, size_t n, size_t pos) {
    while (pos < n && is_space(h[pos])) ++pos;
    return pos;
}

static span trim(span s) {
    while (s.n && is_space(s.s[0])) ++s.s, --s.n;
    while (s.n && is_space(s.s[s.n - 1])) --s.n;
    return s;
}

/* Moves *pos past the Python string literal opening there; false if it ends before its closing quote (a
 * line break ends it too, as in Python's single-quoted strings). */
static bool skip_string(const char *h, size_t n, size_t *pos) {
    char q = h[*pos];
    for (size_t i = *pos + 1; i < n; ++i) {
        if (h[i] == '\n' || h[i] == '\r') return false;
        if (h[i] == '\\')
            ++i;
        else if (h[i] == q) {
            *pos = i + 1;
            return true;
        }
    }
    return false;
}

/* The content of a string literal that is all of s, or false if s is something else. */
static bool string_literal(span s, span *content) {
    size_t pos = 0;
    if (!s.n || (s.s[0] != '\'' && s.s[0] != '"') || !skip_string(s.s, s.n, &pos) || pos != s.n) return false;
    *content = (span){s.s + 1, s.n - 2};
    return true;
}

static bool equals(span s, const char *text) { return s.n == strlen(text) && !memcmp(s.s, text, s.n); }

enum { KEY_DESCR, KEY_FORTRAN, KEY_SHAPE, KEY_COUNT };
static const char *const keys[KEY_COUNT] = {"descr", "fortran_order", "shape"};

/* The dict's structure, as numpy's literal_eval sees it: `{` key `:` value (`,` key `:` value)* `,`? `}`,
 * then only spaces (the final '\n' is gone already). Values are split off by bracket depth and checked
 * one by one afterwards; the keys must be exactly numpy's three, each once (Python would let a second one
 * win silently). Python would also take comments, backslash line joins, escapes and prefixes (u'') in
 * strings and adjacent strings; np.save writes none of them, so they are refused rather than half-parsed. */
static bool parse_dict(reader *r, const char *h, size_t n, span values[KEY_COUNT]) {
    size_t pos = skip_space(h, n, 0);
    if (pos == n) return fail(r, "header holds only spaces; a dict expected");
    if (h[pos] != '{') return fail(r, "header is not a dict: '%s'", quote(rest(h, n, pos)).text);
    /* literal_eval strips only the spaces and tabs opening the text: past a line break the dict must start its
     * line (form feeds aside), or Python reports an unexpected indent */
    size_t line = pos;
    while (line > 0 && h[line - 1] != '\n' && h[line - 1] != '\r') --line;
    for (size_t i = line; line > 0 && i < pos; ++i)
        if (h[i] != '\f') return fail(r, "malformed header: the dict is indented on a line of its own");
    ++pos;
    bool seen[KEY_COUNT] = {false};
    span key_error = {NULL, 0}; /* the first duplicate or unknown key, reported once the syntax is known good */
    bool key_duplicate = false;
    for (;;) {
        pos = skip_space(h, n, pos);
        if (pos == n) return fail(r, "header dict not closed (missing '}')");
        if (h[pos] == '}') {
            ++pos;
            break;
        }
        size_t start = pos;
        if (h[pos] != '\'' && h[pos] != '"')
            return fail(r, "malformed header: a quoted key expected at '%s'", quote(rest(h, n, pos)).text);
        if (!skip_string(h, n, &pos))
            return fail(r, "malformed header: unterminated string at '%s'", quote(rest(h, n, start)).text);
        span key = {h + start + 1, pos - start - 2};
        if (memchr(key.s, '\\', key.n))
            return fail(r, "malformed header: escape sequences in header strings are not supported: '%s'",
                        quote(key).text);
        pos = skip_space(h, n, pos);
        if (pos == n || h[pos] != ':') return fail(r, "malformed header: ':' expected after key '%s'", quote(key).text);
        pos = skip_space(h, n, pos + 1);
        size_t value = pos;
        char open[64]; /* the brackets open in the value; np.save nests one deep */
        size_t depth = 0;
        while (pos < n) {
            char c = h[pos];
            if (c == '\'' || c == '"') {
                size_t string = pos;
                if (!skip_string(h, n, &pos))
                    return fail(r, "malformed header: unterminated string at '%s'", quote(rest(h, n, string)).text);
                continue;
            }
            if (depth == 0 && (c == ',' || c == '}')) break;
            if (depth == 0 && c == ':')
                return fail(r, "malformed header: unexpected ':' in the value of '%s' (a ',' missing?)",
                            quote(key).text);
            if (c == '(' || c == '[' || c == '{') {
                if (depth == sizeof open)
                    return fail(r, "malformed header: brackets nested too deeply in the value of '%s'",
                                quote(key).text);
                open[depth++] = c;
            } else if (c == ')' || c == ']' || c == '}') {
                char opener = 0;
                if (depth) opener = open[depth - 1];
                if (!depth || c != (opener == '(' ? ')' : opener == '[' ? ']' : '}'))
                    return fail(r, "malformed header: unmatched '%c' in the value of '%s'", c, quote(key).text);
                --depth;
            }
            ++pos;
        }
        if (pos == n && depth > 0)
            return fail(r, "malformed header: '%c' not closed in the value of '%s'", open[depth - 1], quote(key).text);
        if (pos == n) return fail(r, "header dict not closed (missing '}')");
        span v = trim((span){h + value, pos - value});
        if (!v.n) return fail(r, "malformed header: no value for key '%s'", quote(key).text);
        int k = KEY_COUNT;
        for (int i = 0; i < KEY_COUNT; ++i)
            if (equals(key, keys[i])) k = i;
        if ((k == KEY_COUNT || seen[k]) && !key_error.s) {
            key_error = key;
            key_duplicate = k != KEY_COUNT;
        } else if (k != KEY_COUNT && !seen[k]) {
            seen[k] = true;
            values[k] = v;
        }
        if (h[pos] == ',') ++pos;
    }
    size_t end = pos;
    while (pos < n && h[pos] == ' ') ++pos;
    if (pos < n) return fail(r, "trailing characters after the header dict: '%s'", quote(rest(h, n, end)).text);
    if (key_error.s && key_duplicate) return fail(r, "duplicate key '%s' in header", quote(key_error).text);
    if (key_error.s)
        return fail(r, "unknown key '%s' in header (only 'descr', 'fortran_order' and 'shape' are allowed)",
                    quote(key_error).text);
    for (int i = 0; i < KEY_COUNT; ++i)
        if (!seen[i]) return fail(r, "missing key '%s' in header", keys[i]);
    return true;
}

/* shape: a tuple of plain decimal integers, as numpy requires (each dimension a Python int). Python would
 * also take 0x3, 1_000 or +3 as ints, but numpy never writes them, and a file holding one was not made by
 * numpy: they are refused as malformed rather than guessed at. Only 1-D shapes (N,) are accepted. */
static bool parse_shape(reader *r, span s, uint64_t *count) {
    const char *p = s.s;
    excerpt text = quote(s);
    const char *shape = text.text;
    if (p[0] != '(' || p[s.n - 1] != ')') return fail(r, "malformed shape '%s': a tuple such as (3,) expected", shape);
    size_t last = s.n - 1, i = skip_space(p, last, 1);
    unsigned dims = 0;
    bool comma = false; /* a comma after the last dimension: what makes (3,) a tuple and (3) an int */
    while (i < last) {
        bool negative = false;
        if (p[i] == '+' || p[i] == '-') {
            negative = p[i] == '-';
            if (!negative) return fail(r, "malformed shape '%s': a sign is not allowed in a dimension", shape);
            i = skip_space(p, last, i + 1);
        }
        size_t d = i;
        bool nonzero = false, too_large = false;
        uint64_t value = 0;
        for (; i < last && is_digit(p[i]); ++i) {
            unsigned digit = (unsigned)(p[i] - '0');
            nonzero |= digit != 0;
            if (value > (MAX_DIM - digit) / 10)
                too_large = true;
            else
                value = value * 10 + digit;
        }
        if (i == d && (i == last || p[i] == ','))
            return fail(r, "malformed shape '%s': a dimension is missing before '%c'", shape, i == last ? ')' : ',');
        if (i == d || (i < last && is_word(p[i])) || (p[d] == '0' && nonzero))
            return fail(r, "malformed shape '%s': dimensions must be plain decimal integers", shape);
        excerpt digits = quote((span){p + d, i - d});
        if (negative && !nonzero) return fail(r, "malformed shape '%s': a sign is not allowed in a dimension", shape);
        if (negative) return fail(r, "negative dimension -%s in shape '%s'", digits.text, shape);
        if (too_large) return fail(r, "dimension too large: %s in shape '%s'", digits.text, shape);
        if (dims++ == 0) *count = value;
        comma = false;
        i = skip_space(p, last, i);
        if (i < last && p[i] == ',') {
            comma = true;
            i = skip_space(p, last, i + 1);
        } else if (i < last) {
            return fail(r, "malformed shape '%s': ',' expected between dimensions", shape);
        }
    }
    if (dims == 1 && !comma) return fail(r, "malformed shape '%s': not a tuple (a 1-D shape is written (N,))", shape);
    if (dims != 1) return fail(r, "%u-dimensional shape '%s'; one dimension expected", dims, shape);
    return true;
}

/* Checks the header text (its final '\n' removed) in numpy's order: syntax and keys, shape, fortran_order,
 * descr. Fortran order is refused, although a 1-D array's bytes are the same in either order: a file that
 * says True was not written for this tool, and refusing keeps the CLI's answer the same for any shape. */
static bool parse_header(reader *r, const char *h, size_t n, mgpu_type *type, uint64_t *count) {
    for (size_t i = 0; i < n; ++i) {
        unsigned char c = (unsigned char)h[i];
        /* numpy decodes versions 1 and 2 as latin-1 and 3 as UTF-8; the dict it accepts is ASCII either way */
        if ((c < 0x20 && !is_space((char)c)) || c >= 0x7f)
            return fail(r, "header byte \\x%02x at offset %zu is not printable ASCII", c, i);
    }
    span values[KEY_COUNT];
    if (!parse_dict(r, h, n, values) || !parse_shape(r, values[KEY_SHAPE], count)) return false;
    span fortran = values[KEY_FORTRAN];
    if (equals(fortran, "True")) return fail(r, "Fortran-order arrays are not supported (fortran_order is True)");
    if (!equals(fortran, "False")) return fail(r, "fortran_order must be True or False, not '%s'", quote(fortran).text);
    span descr;
    if (!string_literal(values[KEY_DESCR], &descr))
        return fail(r, "descr must be a quoted dtype string such as '<u4', not '%s'", quote(values[KEY_DESCR]).text);
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        if (equals(descr, descrs[t])) {
            *type = (mgpu_type)t;
            return true;
        }
    }
    return fail(r, "unsupported dtype '%s' (supported: <u4 <i4 <f4 <u8 <i8 <f8)", quote(descr).text);
}

/* Bytes left in f from where it stands, or -1 where that cannot be known before reading (pipes, terminals).
 * Regular files answer through fstat; memory streams (no descriptor) through seeking. */
static int64_t remaining_bytes(FILE *f, bool *directory) {
    *directory = false;
    off_t at = ftello(f);
    int fd = fileno(f);
    if (fd >= 0) {
        struct stat st;
        if (fstat(fd, &st) != 0) return -1;
        *directory = S_ISDIR(st.st_mode);
        return S_ISREG(st.st_mode) && at >= 0 && st.st_size >= at ? (int64_t)(st.st_size - at) : -1;
    }
    if (at < 0 || fseeko(f, 0, SEEK_END) != 0) return -1;
    off_t end = ftello(f);
    if (fseeko(f, at, SEEK_SET) != 0) return -1;
    return end >= at ? (int64_t)(end - at) : -1;
}

static bool read_failed(reader *r, FILE *f, const char *what, uint64_t wanted, uint64_t got) {
    if (ferror(f)) return fail(r, "read error in the %s: %s", what, strerror(errno));
    return fail(r, "truncated: the file ends inside the %s (%llu of %llu bytes)", what, (unsigned long long)got,
                (unsigned long long)wanted);
}

bool npy_read_stream(FILE *f, const char *name, npy_array *out, char *error, size_t error_size) {
    memset(out, 0, sizeof *out);
    reader r = {.error = error, .error_size = error_size};
    escape(r.name, sizeof r.name, (span){name ? name : "(stream)", name ? strlen(name) : 8}, 256, KEEP_HIGH);
    if (error && error_size) error[0] = '\0';
    bool directory;
    int64_t left = remaining_bytes(f, &directory);
    if (directory) return fail(&r, "is a directory, not a .npy file");
    unsigned char magic[8];
    size_t got = fread(magic, 1, sizeof magic, f);
    if (got == 0 && ferror(f)) return fail(&r, "read error: %s", strerror(errno));
    if (got == 0) return fail(&r, "empty file, not a .npy file");
    if (memcmp(magic, "\x93NUMPY", got < 6 ? got : 6) != 0) return fail(&r, "not a .npy file (bad magic)");
    if (got < sizeof magic) return read_failed(&r, f, ".npy preamble", sizeof magic, got);
    if (magic[6] < 1 || magic[6] > 3 || magic[7] != 0)
        return fail(&r, "unsupported .npy format version %u.%u (1.0, 2.0 and 3.0 are read)", magic[6], magic[7]);
    size_t length_bytes = magic[6] == 1 ? 2 : 4;
    unsigned char b[4] = {0};
    got = fread(b, 1, length_bytes, f);
    if (got != length_bytes) return read_failed(&r, f, "header length", length_bytes, got);
    uint32_t header_len = b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    uint64_t preamble = sizeof magic + length_bytes;
    if (left >= 0 && (uint64_t)left < preamble + header_len)
        return fail(&r, "truncated: header length %u exceeds the %llu bytes left in the file", header_len,
                    (unsigned long long)((uint64_t)left > preamble ? (uint64_t)left - preamble : 0));
    if (header_len > MAX_HEADER) return fail(&r, "header length %u is too large (at most %u)", header_len, MAX_HEADER);
    char *header = malloc(header_len ? header_len : 1);
    if (!header) return fail(&r, "out of memory");
    got = fread(header, 1, header_len, f);
    if (got != header_len) {
        if (ferror(f))
            fail(&r, "read error in the header: %s", strerror(errno));
        else
            fail(&r, "truncated: header length %u exceeds the %llu bytes left in the file", header_len,
                 (unsigned long long)got);
        free(header);
        return false;
    }
    mgpu_type type = MGPU_TYPE_U32;
    uint64_t count = 0;
    bool ok = header_len && header[header_len - 1] == '\n';
    if (!ok) fail(&r, "header not terminated by newline");
    ok = ok && parse_header(&r, header, header_len - 1, &type, &count);
    free(header);
    if (!ok) return false;

    /* count <= MAX_DIM, so bytes cannot overflow */
    uint64_t bytes = count * sizes[type];
    if (left >= 0) {
        uint64_t used = preamble + header_len;
        uint64_t data_left = (uint64_t)left > used ? (uint64_t)left - used : 0;
        /* Trailing bytes past the claimed data are ignored, as np.load does. */
        if (bytes > data_left)
            return fail(&r, "truncated: header claims %llu bytes of data, file has %llu", (unsigned long long)bytes,
                        (unsigned long long)data_left);
    }
#if SIZE_MAX < UINT64_MAX
    if (bytes > SIZE_MAX) return fail(&r, "dimension too large: %llu elements", (unsigned long long)count);
#endif
    /* Where the size is unknown, the buffer grows with the data actually read, so a short stream claiming a
     * huge shape never gets a huge allocation. */
    size_t capacity = left >= 0 || bytes < (1u << 20) ? (size_t)bytes : (1u << 20);
    unsigned char *data = malloc(capacity ? capacity : 1);
    if (!data) return fail(&r, "out of memory for %llu bytes of data", (unsigned long long)bytes);
    size_t have = 0;
    while (have < bytes) {
        if (have == capacity) {
            size_t next = capacity > (size_t)bytes / 2 ? (size_t)bytes : capacity * 2;
            unsigned char *grown = realloc(data, next);
            if (!grown) {
                free(data);
                return fail(&r, "out of memory for %llu bytes of data", (unsigned long long)bytes);
            }
            data = grown;
            capacity = next;
        }
        size_t n = fread(data + have, 1, capacity - have, f);
        have += n;
        if (n == 0) break;
    }
    if (have < bytes) {
        if (ferror(f))
            fail(&r, "read error in the data: %s", strerror(errno));
        else
            fail(&r, "truncated: header claims %llu bytes of data, file has %llu", (unsigned long long)bytes,
                 (unsigned long long)have);
        free(data);
        return false;
    }
    out->type = type;
    out->count = count;
    out->data = data;
    return true;
}

bool npy_read(const char *path, npy_array *out, char *error, size_t error_size) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        int code = errno;
        memset(out, 0, sizeof *out);
        reader r = {.error = error, .error_size = error_size};
        escape(r.name, sizeof r.name, (span){path, strlen(path)}, 256, KEEP_HIGH);
        return fail(&r, "%s", strerror(code));
    }
    bool ok = npy_read_stream(f, path, out, error, error_size);
    fclose(f);
    return ok;
}

bool npy_write_stream(FILE *f, const char *name, mgpu_type type, const void *data, uint64_t count, char *error,
                      size_t error_size) {
    if (!npy_descr(type)) {
        snprintf(error, error_size, "%s: cannot write mgpu_type %d as .npy", name, (int)type);
        return false;
    }
    char dict[128];
    int len = snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (%llu,), }",
                       npy_descr(type), (unsigned long long)count);
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
    size_t size = sizes[type];
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
