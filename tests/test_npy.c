/* The .npy reader against crafted files: every header np.save could write (versions 1-3, either quote,
 * any spacing and key order, with or without the trailing comma) is read; every malformed one is refused
 * with a one-line message naming the problem and quoting the file only escaped; short files claiming huge
 * shapes fail before allocating; npy_write round trips; the fuzzers' regression inputs are replayed. */
#include "common.h"

#include "../tools/npy.h"

#include <dirent.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static char dir[512];

static void path_of(char *out, size_t size, const char *name) { snprintf(out, size, "%s/%s", dir, name); }

static void write_bytes(const char *file, const void *bytes, size_t n) {
    FILE *f = fopen(file, "wb");
    CHECK(f != NULL, "cannot create %s: %s", file, strerror(errno));
    if (!f) return;
    CHECK(fwrite(bytes, 1, n, f) == n, "cannot write %s", file);
    fclose(f);
}

/* A .npy image: magic, version, header length, header, data. With pad, the header is the dict padded with
 * spaces to a multiple of 64 (plus extra_pad) and ended by '\n', as np.save writes it; without, header_n
 * bytes of header are used as they are. Returns a malloc'ed buffer of *size bytes. */
static unsigned char *npy_image(unsigned version, const char *header, size_t header_n, bool pad, size_t extra_pad,
                                const void *data, size_t data_bytes, size_t *size) {
    size_t preamble = version == 1 ? 10 : 12;
    size_t header_len = header_n;
    if (pad) header_len = (preamble + header_n + 1 + 63) / 64 * 64 + extra_pad - preamble;
    unsigned char *buf = malloc(preamble + header_len + data_bytes + 1);
    memcpy(buf, "\x93NUMPY", 6);
    buf[6] = (unsigned char)version;
    buf[7] = 0;
    for (size_t i = 0; i < preamble - 8; ++i) buf[8 + i] = (unsigned char)(header_len >> (8 * i));
    memcpy(buf + preamble, header, header_n);
    if (pad) {
        memset(buf + preamble + header_n, ' ', header_len - header_n - 1);
        buf[preamble + header_len - 1] = '\n';
    }
    if (data_bytes) memcpy(buf + preamble + header_len, data, data_bytes);
    *size = preamble + header_len + data_bytes;
    return buf;
}

/* One printable line: not empty, no newline, no control byte. */
static bool one_line(const char *message) {
    if (!message[0]) return false;
    for (const unsigned char *p = (const unsigned char *)message; *p; ++p)
        if (*p < 0x20 || *p == 0x7f) return false;
    return true;
}

/* Reads file expecting a refusal whose message holds expect. */
static void check_rejected(const char *file, const char *expect, const char *what) {
    npy_array a;
    char error[512];
    memset(error, 'x', sizeof error);
    error[sizeof error - 1] = '\0';
    bool ok = npy_read(file, &a, error, sizeof error);
    CHECK(!ok, "%s: accepted", what);
    if (ok) free(a.data);
    CHECK(a.data == NULL && a.count == 0, "%s: output not cleared on failure", what);
    CHECK(strstr(error, expect) != NULL, "%s: message \"%s\" lacks \"%s\"", what, error, expect);
    CHECK(one_line(error), "%s: message is not one printable line", what);
    CHECK(strlen(error) < 400, "%s: message of %zu bytes", what, strlen(error));
}

static void fill_pattern(unsigned char *data, size_t n) {
    for (size_t i = 0; i < n; ++i) data[i] = (unsigned char)(i * 37 + 11);
}

static void npy_accepted(void) {
    static const struct {
        unsigned version;
        const char *dict;
        mgpu_type type;
        uint64_t count;
        size_t extra_pad; /* spaces past the usual padding */
        size_t trailing;  /* bytes past the data, ignored as np.load ignores them */
    } cases[] = {
        {1, "{'descr': '<u4', 'fortran_order': False, 'shape': (3,), }", MGPU_TYPE_U32, 3, 0, 0},
        {2, "{'descr': '<i4', 'fortran_order': False, 'shape': (3,), }", MGPU_TYPE_I32, 3, 0, 0},
        {3, "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }", MGPU_TYPE_F32, 3, 0, 0},
        {1, "{\"descr\": \"<u8\", \"fortran_order\": False, \"shape\": (5,)}", MGPU_TYPE_U64, 5, 0, 0},
        {1, "{'descr':'<i8','fortran_order':False,'shape':(2,)}", MGPU_TYPE_I64, 2, 0, 0},
        {1, "{ 'descr' : '<f8' , 'fortran_order' : False , 'shape' : ( 7 , ) , }", MGPU_TYPE_F64, 7, 0, 0},
        {1, "{'shape': (4,), 'fortran_order': False, 'descr': '<i4'}", MGPU_TYPE_I32, 4, 0, 0},
        {1, "{'fortran_order': False, 'descr': \"<u4\", 'shape': (1,),}", MGPU_TYPE_U32, 1, 0, 0},
        {1, "{'descr': '<f4', 'fortran_order': False, 'shape': (0,), }", MGPU_TYPE_F32, 0, 0, 0},
        {2, "{'descr': '<u8', 'fortran_order': False, 'shape': (0,), }", MGPU_TYPE_U64, 0, 0, 0},
        {3, "{'descr': '<i8', 'fortran_order': False, 'shape': (0,), }", MGPU_TYPE_I64, 0, 0, 0},
        {1, "\t {'descr': '<i4',\n 'fortran_order': False,\n 'shape': (3,)\n}", MGPU_TYPE_I32, 3, 0, 0},
        {1, "{'descr': '<i4', 'fortran_order': False, 'shape': (\n3,\n), }", MGPU_TYPE_I32, 3, 0, 0},
        {2, " \n\n{'descr': '<i4', 'fortran_order': False, 'shape': (3,), }", MGPU_TYPE_I32, 3, 0, 0},
        {1, "{'descr':\t'<u4',\t'fortran_order':\tFalse,\t'shape':\t(2,\t)}", MGPU_TYPE_U32, 2, 0, 0},
        {1, "{'descr': '<f8', 'fortran_order': False, 'shape': (1000,), }", MGPU_TYPE_F64, 1000, 0, 0},
        {1, "{'descr': '<u4', 'fortran_order': False, 'shape': (3,), }", MGPU_TYPE_U32, 3, 0, 5},
        {1, "{'descr': '<u4', 'fortran_order': False, 'shape': (0,), }", MGPU_TYPE_U32, 0, 0, 8},
        {2, "{'descr': '<i4', 'fortran_order': False, 'shape': (6,), }", MGPU_TYPE_I32, 6, 70000, 0},
        {3, "{'descr': '<u8', 'fortran_order': False, 'shape': (2,), }", MGPU_TYPE_U64, 2, 640, 0},
    };
    char file[600], error[512];
    path_of(file, sizeof file, "good.npy");
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        size_t bytes = (size_t)cases[c].count * mgpu_type_size(cases[c].type), size;
        unsigned char *data = malloc(bytes + cases[c].trailing + 1);
        fill_pattern(data, bytes + cases[c].trailing);
        unsigned char *image = npy_image(cases[c].version, cases[c].dict, strlen(cases[c].dict), true,
                                         cases[c].extra_pad, data, bytes + cases[c].trailing, &size);
        write_bytes(file, image, size);
        npy_array a;
        bool ok = npy_read(file, &a, error, sizeof error);
        CHECK(ok, "accepted case %zu (%s): %s", c, cases[c].dict, error);
        if (ok) {
            CHECK(a.type == cases[c].type && a.count == cases[c].count, "case %zu: read %s x %llu", c,
                  npy_descr(a.type), (unsigned long long)a.count);
            CHECK(a.data != NULL && (bytes == 0 || !memcmp(a.data, data, bytes)), "case %zu: data differs", c);
            free(a.data);
        }
        free(image);
        free(data);
    }
    /* The dict ended right by its '\n', no padding at all. */
    const char *tight = "{'descr':'<f8','fortran_order':False,'shape':(3,)}\n";
    double three[3] = {1.5, -2.0, 1e300};
    size_t size;
    unsigned char *image = npy_image(1, tight, strlen(tight), false, 0, three, sizeof three, &size);
    write_bytes(file, image, size);
    free(image);
    npy_array a;
    bool ok = npy_read(file, &a, error, sizeof error);
    CHECK(ok && a.type == MGPU_TYPE_F64 && a.count == 3 && !memcmp(a.data, three, sizeof three), "unpadded header: %s",
          ok ? "wrong data" : error);
    if (ok) free(a.data);
}

#define RAW ((size_t)-1)

static void npy_rejected(void) {
    static const struct {
        const char *header;
        size_t header_n; /* 0: a dict, padded as np.save does; RAW: the whole header; else its first header_n bytes */
        size_t data;     /* data bytes after it */
        const char *expect;
        unsigned version;
    } cases[] = {
        {"{'descr': '<u4', 'descr': '<u4', 'fortran_order': False, 'shape': (3,), }", 0, 12, "duplicate key 'descr'",
         1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (3,), 'shape': (3,)}", 0, 12, "duplicate key 'shape'", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (3,), 'x': 'shape (2,)'}", 0, 12, "unknown key 'x'", 1},
        {"{'x': 'shape (2,)', 'descr': '<u4', 'fortran_order': False, 'shape': (3,)}", 0, 12, "unknown key 'x'", 2},
        {"{'descr': '<u4', 'fortran_order': False}", 0, 12, "missing key 'shape'", 1},
        {"{'fortran_order': False, 'shape': (3,)}", 0, 12, "missing key 'descr'", 1},
        {"{'descr': '<u4', 'shape': (3,)}", 0, 12, "missing key 'fortran_order'", 1},
        {"{}", 0, 12, "missing key 'descr'", 1},
        {"{'descr': '<u4', 'fortran_order': Falsehood, 'shape': (3,), }", 0, 12, "fortran_order must be True or False",
         1},
        {"{'descr': '<u4', 'fortran_order': 0, 'shape': (3,), }", 0, 12, "fortran_order must be True or False", 1},
        {"{'descr': '<u4', 'fortran_order': 'False', 'shape': (3,), }", 0, 12, "fortran_order must be True or False",
         1},
        {"{'descr': '<u4', 'fortran_order': false, 'shape': (3,), }", 0, 12, "fortran_order must be True or False", 1},
        {"{'descr': '<u4', 'fortran_order': True, 'shape': (3,), }", 0, 12, "Fortran-order arrays are not supported",
         1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (3), }", 0, 12, "malformed shape '(3)': not a tuple", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (+3,), }", 0, 12, "malformed shape '(+3,)': a sign", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (-0,), }", 0, 12, "a sign is not allowed", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (3,,), }", 0, 12, "malformed shape '(3,,)'", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (0x3,), }", 0, 12, "malformed shape '(0x3,)'", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (3.0,), }", 0, 12, "malformed shape", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (1e3,), }", 0, 12, "malformed shape", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (3L,), }", 0, 12, "malformed shape", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (1_0,), }", 0, 12, "malformed shape", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (003,), }", 0, 12, "malformed shape", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (,), }", 0, 12, "malformed shape", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (3 4,), }", 0, 12, "malformed shape", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': [3], }", 0, 12, "malformed shape '[3]'", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': 3, }", 0, 12, "malformed shape '3'", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': ((3,),), }", 0, 12, "malformed shape", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (-1,), }", 0, 12, "negative dimension -1 in shape", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (- 7,), }", 0, 12, "negative dimension -7 in shape", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (1000000000000000000000000000000,), }", 0, 12,
         "dimension too large", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (18446744073709551616,), }", 0, 12, "dimension too large",
         1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (), }", 0, 12,
         "0-dimensional shape '()'; one dimension expected", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (2, 3), }", 0, 24,
         "2-dimensional shape '(2, 3)'; one dimension expected", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (1,2,1,), }", 0, 24, "one dimension expected", 1},
        {"{'descr': '<c8', 'fortran_order': False, 'shape': (3,), }", 0, 24, "unsupported dtype '<c8'", 1},
        {"{'descr': '>u4', 'fortran_order': False, 'shape': (3,), }", 0, 12, "unsupported dtype '>u4'", 1},
        {"{'descr': 'u4', 'fortran_order': False, 'shape': (3,), }", 0, 12, "unsupported dtype 'u4'", 1},
        {"{'descr': '=u4', 'fortran_order': False, 'shape': (3,), }", 0, 12, "unsupported dtype '=u4'", 1},
        {"{'descr': '<i2', 'fortran_order': False, 'shape': (3,), }", 0, 12, "unsupported dtype '<i2'", 1},
        {"{'descr': '', 'fortran_order': False, 'shape': (3,), }", 0, 12, "unsupported dtype ''", 1},
        {"{'descr': '<u4aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', "
         "'fortran_order': False, 'shape': (3,), }",
         0, 12, "unsupported dtype '<u4aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...'", 1},
        {"{'descr': \"<u4'\", 'fortran_order': False, 'shape': (3,), }", 0, 12, "unsupported dtype '<u4\\''", 1},
        {"{'descr': 5, 'fortran_order': False, 'shape': (3,), }", 0, 12, "descr must be a quoted dtype string", 1},
        {"{'descr': [('a', '<u4')], 'fortran_order': False, 'shape': (3,), }", 0, 12,
         "descr must be a quoted dtype string", 1},
        {"{'descr': u'<u4', 'fortran_order': False, 'shape': (3,), }", 0, 12, "descr must be a quoted dtype string", 1},
        {"{'descr': '<u4' '<u4', 'fortran_order': False, 'shape': (3,), }", 0, 12,
         "descr must be a quoted dtype string", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (3,)", 0, 12, "header dict not closed (missing '}')", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (3,}", 0, 12, "unmatched '}' in the value of 'shape'", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': 3)}", 0, 12, "unmatched ')' in the value of 'shape'", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (3,", 0, 12, "'(' not closed in the value of 'shape'", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (3,), } x", 0, 12,
         "trailing characters after the header dict: ' x'", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (3,)}{}", 0, 12, "trailing characters", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (3,)}\t", 0, 12,
         "trailing characters after the header dict: '\\t'", 1},
        {"[1, 2]", 0, 12, "header is not a dict: '[1, 2]'", 1},
        {"\n  {'descr': '<u4', 'fortran_order': False, 'shape': (3,), }", 0, 12,
         "the dict is indented on a line of its own", 1},
        {"{'descr': '<u4', # np.save writes no comments\n 'fortran_order': False, 'shape': (3,), }", 0, 12,
         "a quoted key expected at '# np.save", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (True,), }", 0, 12, "malformed shape '(True,)'", 1},
        {"{descr: '<u4', 'fortran_order': False, 'shape': (3,), }", 0, 12, "a quoted key expected at 'descr: ", 1},
        {"{'descr': '<u4',, 'fortran_order': False, 'shape': (3,), }", 0, 12, "a quoted key expected at ',", 1},
        {"{, 'descr': '<u4', 'fortran_order': False, 'shape': (3,), }", 0, 12, "a quoted key expected", 1},
        {"{'descr' '<u4', 'fortran_order': False, 'shape': (3,), }", 0, 12, "':' expected after key 'descr'", 1},
        {"{'descr': '<u4' 'fortran_order': False, 'shape': (3,), }", 0, 12, "unexpected ':' in the value of 'descr'",
         1},
        {"{'descr': , 'fortran_order': False, 'shape': (3,), }", 0, 12, "no value for key 'descr'", 1},
        {"{'de\\x73cr': '<u4', 'fortran_order': False, 'shape': (3,), }", 0, 12, "escape sequences", 1},
        {"{'descr': '<u4\x01', 'fortran_order': False, 'shape': (3,), }", 0, 12,
         "header byte \\x01 at offset 14 is not printable ASCII", 1},
        {"{'descr': '<u\xc3\xa9"
         "4', 'fortran_order': False, 'shape': (3,), }",
         0, 12, "header byte \\xc3", 3},
        {"{'descr': '<u\n4', 'fortran_order': False, 'shape': (3,), }", 0, 12, "unterminated string at '\\'<u\\n4\\'",
         1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (3,), }    ", RAW, 12, "header not terminated by newline",
         1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (3,), }\n\n", RAW, 12, "trailing characters", 1},
        {"{'descr': '<u4', 'fortran_order': False, 'shape': (3,), }\0\n", 59, 12, "header byte \\x00", 1},
        {"\n", RAW, 12, "header holds only spaces", 1},
        {"", 0, 12, "header holds only spaces", 1},
        {"x", RAW, 0, "header not terminated by newline", 2},
        {"{'descr': '<i4', 'fortran_order': False, 'shape': (8,), }", 0, 16,
         "truncated: header claims 32 bytes of data, file has 16", 1},
        {"{'descr': '<u8', 'fortran_order': False, 'shape': (1,), }", 0, 0,
         "truncated: header claims 8 bytes of data, file has 0", 3},
    };
    char file[600];
    path_of(file, sizeof file, "bad.npy");
    unsigned char data[64];
    fill_pattern(data, sizeof data);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        const char *h = cases[c].header;
        size_t size;
        size_t n = cases[c].header_n == 0 || cases[c].header_n == RAW ? strlen(h) : cases[c].header_n;
        unsigned char *image = npy_image(cases[c].version, h, n, cases[c].header_n == 0, 0, data, cases[c].data, &size);
        write_bytes(file, image, size);
        free(image);
        char what[160];
        snprintf(what, sizeof what, "rejected case %zu (%.100s)", c, cases[c].expect);
        check_rejected(file, cases[c].expect, what);
        check_rejected(file, file, what);
    }
}

/* Preambles, sizes and paths: what goes wrong before or around the header. */
static void npy_rejected_files(void) {
    char file[600];
    path_of(file, sizeof file, "bad.npy");
    const char *dict = "{'descr': '<u4', 'fortran_order': False, 'shape': (1000000000000,), }";
    size_t size;
    unsigned char data[16] = {0};
    static const struct {
        const char *bytes;
        size_t n;
        const char *expect;
    } raw[] = {
        {"", 0, "empty file"},
        {"NOTNUMPY0123456789", 18, "not a .npy file (bad magic)"},
        {"\x93NUM", 4, "truncated: the file ends inside the .npy preamble"},
        {"\x93NUMPY\x01", 7, "truncated: the file ends inside the .npy preamble"},
        {"\x93NUMPY\x01\x00\x40", 9, "truncated: the file ends inside the header length"},
        {"\x93NUMPY\x04\x00\x10\x00", 10, "unsupported .npy format version 4.0"},
        {"\x93NUMPY\x01\x01\x10\x00", 10, "unsupported .npy format version 1.1"},
        {"\x93NUMPY\x00\x00\x10\x00", 10, "unsupported .npy format version 0.0"},
        {"\x93NUMPY\x02\x00\xff\xff\xff\xff{}\n", 15, "truncated: header length 4294967295 exceeds the 3 bytes left"},
        {"\x93NUMPY\x01\x00\xff\xff{}\n", 13, "truncated: header length 65535 exceeds the 3 bytes left"},
    };
    for (size_t c = 0; c < sizeof raw / sizeof raw[0]; ++c) {
        write_bytes(file, raw[c].bytes, raw[c].n);
        char what[128];
        snprintf(what, sizeof what, "raw case %zu", c);
        check_rejected(file, raw[c].expect, what);
    }
    /* A header over the bound, although the file holds it. */
    size_t big = (1u << 20) + 64;
    char *spaces = malloc(big);
    memset(spaces, ' ', big);
    memcpy(spaces, "{'descr': '<u4', 'fortran_order': False, 'shape': (0,)}", 55);
    spaces[big - 1] = '\n';
    unsigned char *image = npy_image(2, spaces, big, false, 0, NULL, 0, &size);
    write_bytes(file, image, size);
    free(image);
    free(spaces);
    check_rejected(file, "header length 1048640 is too large (at most 1048576)", "huge header");

    /* 137 bytes claiming 10^12 elements: refused from the file's size, before any allocation. */
    image = npy_image(1, dict, strlen(dict), true, 0, data, 9, &size);
    CHECK(size == 137, "the short file has %zu bytes", size);
    write_bytes(file, image, size);
    clock_t start = clock();
    check_rejected(file, "truncated: header claims 4000000000000 bytes of data, file has 9", "137-byte file");
    CHECK((double)(clock() - start) / CLOCKS_PER_SEC < 2.0, "137-byte file took %.1f s",
          (double)(clock() - start) / CLOCKS_PER_SEC);

    /* The same through a pipe, where no size is known beforehand: the buffer grows only with what arrives. */
    int fds[2];
    CHECK(pipe(fds) == 0, "pipe: %s", strerror(errno));
    CHECK(write(fds[1], image, size) == (ssize_t)size, "pipe write");
    close(fds[1]);
    FILE *f = fdopen(fds[0], "rb");
    npy_array a;
    char error[512];
    CHECK(!npy_read_stream(f, "<pipe>", &a, error, sizeof error) &&
              strstr(error, "<pipe>: truncated: header claims 4000000000000 bytes of data, file has 9"),
          "pipe: %s", error);
    fclose(f);
    free(image);

    /* A whole array through a pipe. */
    const char *good = "{'descr': '<u4', 'fortran_order': False, 'shape': (4,), }";
    uint32_t four[4] = {7, 8, 9, 10};
    image = npy_image(1, good, strlen(good), true, 0, four, sizeof four, &size);
    CHECK(pipe(fds) == 0, "pipe: %s", strerror(errno));
    CHECK(write(fds[1], image, size) == (ssize_t)size, "pipe write");
    close(fds[1]);
    f = fdopen(fds[0], "rb");
    bool ok = npy_read_stream(f, "<pipe>", &a, error, sizeof error);
    CHECK(ok && a.count == 4 && !memcmp(a.data, four, sizeof four), "pipe read: %s", ok ? "wrong data" : error);
    if (ok) free(a.data);
    fclose(f);
    free(image);

    /* Paths: missing, a directory, and a name whose newline must not reach the message raw. */
    char missing[600];
    path_of(missing, sizeof missing, "no-such-file.npy");
    check_rejected(missing, "no-such-file.npy: No such file or directory", "missing file");
    check_rejected(dir, "is a directory", "directory");
    char odd[600];
    path_of(odd, sizeof odd, "bad\nname\x1b.npy");
    const char *negative = "{'descr': '<u4', 'fortran_order': False, 'shape': (-1,), }";
    image = npy_image(1, negative, strlen(negative), true, 0, NULL, 0, &size);
    write_bytes(odd, image, size);
    free(image);
    check_rejected(odd, "bad\\nname\\x1b.npy: negative dimension -1 in shape", "newline in the name");
    remove(odd);
}

/* npy_write -> npy_read, through files and through memory streams, for every type and sizes 0, 1, 1000. */
static void npy_round_trip(void) {
    static const uint64_t counts[] = {0, 1, 1000};
    char file[600], error[512];
    path_of(file, sizeof file, "round.npy");
    for (int t = 0; t < MGPU_TYPE_COUNT; ++t) {
        for (size_t k = 0; k < sizeof counts / sizeof counts[0]; ++k) {
            uint64_t n = counts[k];
            size_t bytes = (size_t)n * mgpu_type_size((mgpu_type)t);
            unsigned char *data = malloc(bytes + 1);
            for (size_t i = 0; i < bytes; ++i) data[i] = (unsigned char)test_random();
            bool wrote = npy_write(file, (mgpu_type)t, data, n, error, sizeof error);
            CHECK(wrote, "npy_write %s x %llu: %s", npy_descr((mgpu_type)t), (unsigned long long)n, error);
            npy_array a;
            bool ok = wrote && npy_read(file, &a, error, sizeof error);
            CHECK(ok, "npy_read %s x %llu: %s", npy_descr((mgpu_type)t), (unsigned long long)n, error);
            if (ok) {
                CHECK(a.type == (mgpu_type)t && a.count == n && (bytes == 0 || !memcmp(a.data, data, bytes)),
                      "round trip %s x %llu differs", npy_descr((mgpu_type)t), (unsigned long long)n);
                free(a.data);
            }
            char *mem = NULL;
            size_t mem_size = 0;
            FILE *f = open_memstream(&mem, &mem_size);
            wrote = f && npy_write_stream(f, "memory", (mgpu_type)t, data, n, error, sizeof error);
            CHECK(wrote, "npy_write_stream: %s", error);
            if (f) fclose(f);
            FILE *in = wrote ? fmemopen(mem, mem_size, "rb") : NULL;
            ok = in && npy_read_stream(in, "memory", &a, error, sizeof error);
            CHECK(ok, "npy_read_stream %s x %llu: %s", npy_descr((mgpu_type)t), (unsigned long long)n, error);
            if (ok) {
                CHECK(a.type == (mgpu_type)t && a.count == n && (bytes == 0 || !memcmp(a.data, data, bytes)),
                      "memory round trip %s x %llu differs", npy_descr((mgpu_type)t), (unsigned long long)n);
                free(a.data);
            }
            if (in) fclose(in);
            free(mem);
            free(data);
        }
    }
    remove(file);
}

/* The source tree: MGPU_SOURCE_DIR, else the directory above this file's (CMake compiles it by full path). */
static void source_dir(char *out, size_t size) {
    const char *env = getenv("MGPU_SOURCE_DIR");
    if (env && env[0]) {
        snprintf(out, size, "%s", env);
        return;
    }
    snprintf(out, size, "%s", __FILE__);
    char *tests = strstr(out, "tests/test_npy.c");
    if (tests) *tests = '\0';
    if (tests == out) snprintf(out, size, ".");
    size_t n = strlen(out);
    if (n > 1 && out[n - 1] == '/') out[n - 1] = '\0';
}

/* Calls fn for every regular file in the source tree's folder sub; a missing folder fails only if required.
 * Returns how many files there were. */
static size_t for_each_file(const char *sub, bool required, void (*fn)(const char *file, const char *name, long size)) {
    char root[512], folder[800];
    source_dir(root, sizeof root);
    snprintf(folder, sizeof folder, "%s/%s", root, sub);
    DIR *d = opendir(folder);
    CHECK(d != NULL || !required, "cannot open %s: %s (set MGPU_SOURCE_DIR to the source tree)", folder,
          strerror(errno));
    if (!d) return 0;
    size_t files = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.') continue;
        char file[1200];
        snprintf(file, sizeof file, "%s/%s", folder, e->d_name);
        struct stat st;
        if (stat(file, &st) != 0 || !S_ISREG(st.st_mode)) continue;
        ++files;
        fn(file, e->d_name, (long)st.st_size);
    }
    closedir(d);
    return files;
}

/* A fuzz_npy_read input: no crash (sanitizer builds catch the rest), and on failure a one-line message. */
static void replay_read(const char *file, const char *name, long size) {
    npy_array a;
    char error[512];
    if (npy_read(file, &a, error, sizeof error)) {
        CHECK(a.data != NULL && a.count * mgpu_type_size(a.type) <= (uint64_t)size, "%s: read %llu elements", file,
              (unsigned long long)a.count);
        free(a.data);
    } else {
        CHECK(one_line(error) && strstr(error, name) != NULL, "%s: message is not one line naming the file", file);
    }
}

/* A fuzz_npy_roundtrip input: its first byte picks the type, the rest is the data; it must come back. */
static void replay_round_trip(const char *file, const char *name, long size) {
    (void)name;
    unsigned char *bytes = malloc((size_t)size + 1);
    FILE *f = fopen(file, "rb");
    bool loaded = f && fread(bytes, 1, (size_t)size, f) == (size_t)size;
    if (f) fclose(f);
    CHECK(loaded, "cannot read %s", file);
    if (loaded && size > 0) {
        mgpu_type type = (mgpu_type)(bytes[0] % MGPU_TYPE_COUNT);
        uint64_t n = (uint64_t)(size - 1) / mgpu_type_size(type);
        char *mem = NULL, error[512];
        size_t mem_size = 0;
        FILE *w = open_memstream(&mem, &mem_size);
        bool ok = w && npy_write_stream(w, "memory", type, bytes + 1, n, error, sizeof error);
        if (w) fclose(w);
        FILE *in = ok ? fmemopen(mem, mem_size, "rb") : NULL;
        npy_array a = {0};
        ok = in && npy_read_stream(in, "memory", &a, error, sizeof error);
        CHECK(ok && a.type == type && a.count == n &&
                  (n == 0 || !memcmp(a.data, bytes + 1, (size_t)n * mgpu_type_size(type))),
              "%s: round trip differs", file);
        if (in) fclose(in);
        free(a.data);
        free(mem);
    }
    free(bytes);
}

void test_npy(void) {
    snprintf(dir, sizeof dir, "%s/npy-XXXXXX", g_test.temp_dir ? g_test.temp_dir : "/tmp");
    if (!mkdtemp(dir)) {
        snprintf(dir, sizeof dir, "/tmp/npy-XXXXXX");
        CHECK(mkdtemp(dir) != NULL, "mkdtemp: %s", strerror(errno));
    }
    npy_accepted();
    npy_rejected();
    npy_rejected_files();
    npy_round_trip();
    /* the fuzzers' regressions (scripts/fuzz.sh) and seeds */
    CHECK(for_each_file("fuzz/regressions", true, replay_read) > 0, "no regression inputs in fuzz/regressions");
    for_each_file("fuzz/regressions/npy_read", false, replay_read);
    for_each_file("fuzz/regressions/npy_roundtrip", false, replay_round_trip);
    for_each_file("fuzz/corpus/npy_read", true, replay_read);
    for_each_file("fuzz/corpus/npy_roundtrip", true, replay_round_trip);
    char file[600];
    const char *names[] = {"good.npy", "bad.npy", "round.npy"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i) {
        path_of(file, sizeof file, names[i]);
        remove(file);
    }
    CHECK(rmdir(dir) == 0, "rmdir %s: %s", dir, strerror(errno));
}
