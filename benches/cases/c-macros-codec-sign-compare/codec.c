/*
 * codec.c - a table of codecs behind function pointers.
 *
 * gcc -Wextra warns about a comparison of integer expressions of different
 * signedness in codec_clamp(); the comparison is inside CODEC_MIN, the
 * unsigned operand comes through the codec_len_t macro type.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define CODEC_API_VERSION 3
#define CODEC_HAVE_STATS
#define CODEC_MAX_NAME 16

#ifdef __GNUC__
#define CODEC_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define CODEC_WARN_UNUSED __attribute__((warn_unused_result))
#else
#define CODEC_PRINTF(f, a)
#define CODEC_WARN_UNUSED
#endif

#define CODEC_INLINE
#define codec_len_t unsigned int
#define codec_off_t long
#define CODEC_MIN(a, b) ((a) < (b) ? (a) : (b))
#define CODEC_CLAMP(v, lo, hi) CODEC_MIN(CODEC_MAX((v), (lo)), (hi))
#define CODEC_MAX(a, b) ((a) > (b) ? (a) : (b))
#define CODEC_STR(x) #x
#define CODEC_XSTR(x) CODEC_STR(x)
#define CODEC_ERR(code) (-(code))
#define CODEC_FLAG(n) (1u << (n))
#define CODEC_F_STREAM CODEC_FLAG(0)
#define CODEC_F_LOSSY CODEC_FLAG(1)

#define codec_trace(c, fmt, ...) \
    codec_log((c), "%s: " fmt, (c)->name, __VA_ARGS__)

struct codec;

struct codec_ops {
    int (*open)(struct codec *c);
    int (*encode)(struct codec *c, const void *in, codec_len_t len
#if CODEC_API_VERSION >= 3
                  , void *out, codec_len_t out_len
#endif
                  );
    void (*close)(struct codec *c);
#ifdef CODEC_HAVE_STATS
    void (*stats)(const struct codec *c, FILE *f);
#endif
};

struct codec {
    char name[CODEC_MAX_NAME];
    const struct codec_ops *ops;
    unsigned flags;
    codec_off_t offset;
#ifdef CODEC_HAVE_STATS
    unsigned long calls, bytes;
#endif
};

static void codec_log(const struct codec *c, const char *fmt, ...) CODEC_PRINTF(2, 3);

static void codec_log(const struct codec *c, const char *fmt, ...)
{
    va_list ap;
    (void)c;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

static CODEC_INLINE int codec_clamp(const struct codec *c, int want
#if CODEC_API_VERSION >= 3
                                    , codec_len_t have
#else
                                    , int have
#endif
                                    )
{
    int lim = CODEC_MAX(want, 0);
    codec_trace(c, "clamp %d to %u", want, have);
    return CODEC_MIN(have, lim);
}

static int null_open(struct codec *c)
{
    c->offset = 0;
    return 0;
}

static int null_encode(struct codec *c, const void *in, codec_len_t len
#if CODEC_API_VERSION >= 3
                       , void *out, codec_len_t out_len
#endif
                       )
{
    int n = codec_clamp(c, (int)len, out_len);
    memcpy(out, in, (size_t)n);
#ifdef CODEC_HAVE_STATS
    c->calls++;
    c->bytes += (unsigned long)n;
#endif
    c->offset += n;
    return n;
}

static void null_close(struct codec *c)
{
    codec_trace(c, "closed at %ld", c->offset);
}

#ifdef CODEC_HAVE_STATS
static void null_stats(const struct codec *c, FILE *f)
{
    fprintf(f, "%s: %lu calls, %lu bytes\n", c->name, c->calls, c->bytes);
}
#endif

static const struct codec_ops null_ops = {
    .open = null_open,
    .encode = null_encode,
    .close = null_close,
#ifdef CODEC_HAVE_STATS
    .stats = null_stats,
#endif
};

static int CODEC_WARN_UNUSED codec_init(struct codec *c, const char *name,
                                         const struct codec_ops *ops)
{
    if (strlen(name) >= CODEC_MAX_NAME)
        return CODEC_ERR(ENAMETOOLONG);
    strcpy(c->name, name);
    c->ops = ops;
    c->flags = CODEC_F_STREAM | CODEC_F_LOSSY;
    return c->ops->open(c);
}

int main(void)
{
    struct codec c;
    char buf[64];
    int n;

    if (codec_init(&c, "null", &null_ops) != 0)
        return 1;
    n = c.ops->encode(&c, "abc", 3
#if CODEC_API_VERSION >= 3
                      , buf, sizeof(buf)
#endif
                      );
    printf("api " CODEC_XSTR(CODEC_API_VERSION) ": %d\n", CODEC_CLAMP(n, 0, 64));
#ifdef CODEC_HAVE_STATS
    c.ops->stats(&c, stdout);
#endif
    c.ops->close(&c);
    return 0;
}
