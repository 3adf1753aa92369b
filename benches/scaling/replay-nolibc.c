/* replay.c without the C library, for x86-64 Linux (benches/run builds it
   there and falls back to replay.c elsewhere): the same program, the same
   arguments, environment and log lines, with a start-up that costs next to
   no CPU (see nolibc.h). */

#include "nolibc.h"

static unsigned char buf[65536];

/* FNV-1a (64 bits) of the file's bytes; 0 if it cannot be read. */
static u64 key_of(const char *path) {
    u64 h = 14695981039346656037UL;
    i64 fd = sys(OPEN, (i64)path, O_RDONLY, 0), n;
    if (fd < 0) return 0;
    while ((n = sys(READ, fd, (i64)buf, sizeof buf)) > 0)
        for (i64 i = 0; i < n; i++) h = (h ^ buf[i]) * 1099511628211UL;
    sys(CLOSE, fd, 0, 0);
    return h;
}

static char *hex(char *out, u64 h) {
    for (int i = 15; i >= 0; i--, h >>= 4) out[i] = "0123456789abcdef"[h & 15];
    return out + 16;
}

static char *copy(char *out, const char *s) {
    while (*s) *out++ = *s++;
    return out;
}

static int run(int argc, char **argv, char **envp) {
    static char line[4096];
    if (argc == 3 && starts(argv[1], "--key") && argv[1][5] == 0) {
        char *end = hex(line, key_of(argv[2]));
        *end++ = '\n';
        sys(WRITE, 1, (i64)line, end - line);
        return 0;
    }
    const char *memo = env(envp, "REPLAY_MEMO="), *sleep = env(envp, "REPLAY_SLEEP="),
               *log = env(envp, "REPLAY_LOG=");
    if (argc != 2 || !memo) {
        const char *usage = "usage: REPLAY_MEMO=DIR [REPLAY_SLEEP=S] [REPLAY_LOG=F] replay FILE | replay --key FILE\n";
        sys(WRITE, 2, (i64)usage, len(usage));
        return 2;
    }
    u64 key = key_of(argv[1]);
    if (sleep) sleep_for(sleep);
    if (len(memo) > sizeof line - 32) return 2;
    char *end = copy(line, memo);
    *end++ = '/';
    end = hex(end, key);
    *end = 0;
    int verdict = 1;
    i64 fd = sys(OPEN, (i64)line, O_RDONLY, 0);
    if (fd >= 0) {
        i64 n = sys(READ, fd, (i64)buf, 16);
        int v = 0, digits = 0;
        for (i64 i = 0; i < n && buf[i] >= '0' && buf[i] <= '9'; i++, digits++) v = v * 10 + (buf[i] - '0');
        if (digits) verdict = v;
        sys(CLOSE, fd, 0, 0);
    }
    if (log) {
        fd = sys(OPEN, (i64)log, O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (fd >= 0) {
            char out[32], *o = out, digits[12];
            int n = 0, v = verdict;
            do digits[n++] = (char)('0' + v % 10); while ((v /= 10) > 0);
            while (n) *o++ = digits[--n];
            o = copy(o, " 0\n");
            sys(WRITE, fd, (i64)out, o - out);
            sys(CLOSE, fd, 0, 0);
        }
    }
    return verdict;
}
