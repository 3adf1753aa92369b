/* The pair benchmark's scaling tests (benches/pair/bench.py --scaling)
   without the C library or a shell, for x86-64 Linux: the same checks as
   SCALE_OK and SCALE_BUG there, with a start-up that costs next to no CPU
   (see ../scaling/nolibc.h; the shell scripts start five processes). Built
   twice: -DSEED=1 is the seed's test (sleeps 100 ms; holds if the file has
   no `/ 0`, a `return` and a `struct`), -DSEED=0 the variant's (the same
   with a `/ 0`). */

#include "../scaling/nolibc.h"

static char buf[1 << 22];

static int has(const char *text, i64 n, const char *word) {
    for (i64 i = 0; i < n; i++) {
        i64 j = 0;
        while (word[j] && i + j < n && text[i + j] == word[j]) j++;
        if (!word[j]) return 1;
    }
    return 0;
}

static int run(int argc, char **argv, char **envp) {
    (void)envp;
    if (argc != 2) return 2;
    sleep_for("0.1");
    i64 fd = sys(OPEN, (i64)argv[1], O_RDONLY, 0), n = 0, got;
    if (fd < 0) return 2;
    while (n < (i64)sizeof buf && (got = sys(READ, fd, (i64)buf + n, sizeof buf - n)) > 0) n += got;
    sys(CLOSE, fd, 0, 0);
    int division = has(buf, n, "/ 0");
    int kept = has(buf, n, "return") && has(buf, n, "struct");
    return (SEED ? !division : division) && kept ? 0 : 1;
}
