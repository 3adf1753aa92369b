/* The little of the C library the benches' test programs need, on x86-64
   Linux, without the library: its start-up costs about 1 ms of CPU per
   process on some virtual machines (it asks the CPU about its caches, and
   each question traps), which is 16 ms of CPU for a round of 16 tests;
   this start-up costs next to none, so that a test of 100 ms is 100 ms of
   sleep. A program defines `run(argc, argv, envp)`, includes this file and
   is built with -nostdlib -static -fno-builtin -fno-stack-protector
   -fno-tree-loop-distribute-patterns -fno-pie -no-pie. */

typedef unsigned long u64;
typedef long i64;

static i64 sys(i64 n, i64 a, i64 b, i64 c) {
    i64 r;
    __asm__ volatile("syscall" : "=a"(r) : "a"(n), "D"(a), "S"(b), "d"(c) : "rcx", "r11", "memory");
    return r;
}

enum { READ = 0, WRITE = 1, OPEN = 2, CLOSE = 3, NANOSLEEP = 35, EXIT = 60 };
enum { O_RDONLY = 0, O_WRONLY = 1, O_CREAT = 0100, O_APPEND = 02000 };

__attribute__((unused)) static u64 len(const char *s) {
    u64 n = 0;
    while (s[n]) n++;
    return n;
}

__attribute__((unused)) static int starts(const char *s, const char *prefix) {
    while (*prefix)
        if (*s++ != *prefix++) return 0;
    return 1;
}

/* The value of the environment variable `name` ("NAME="), or 0. */
__attribute__((unused)) static const char *env(char **envp, const char *name) {
    for (; *envp; envp++)
        if (starts(*envp, name)) return *envp + len(name);
    return 0;
}

/* Sleeps `seconds` ("S" or "S.FFF..."). */
static void sleep_for(const char *seconds) {
    i64 ts[2] = {0, 0}, scale = 1000000000;
    const char *s = seconds;
    for (; *s >= '0' && *s <= '9'; s++) ts[0] = ts[0] * 10 + (*s - '0');
    if (*s == '.')
        for (s++; *s >= '0' && *s <= '9'; s++) {
            scale /= 10;
            ts[1] += (*s - '0') * scale;
        }
    sys(NANOSLEEP, (i64)ts, 0, 0);
}

static int run(int argc, char **argv, char **envp);

/* The kernel starts the process with argc, argv and envp on the stack. */
void start(u64 *sp) {
    int argc = (int)sp[0];
    char **argv = (char **)(sp + 1);
    sys(EXIT, run(argc, argv, argv + argc + 1), 0, 0);
}

__asm__(".global _start\n_start:\n  mov %rsp, %rdi\n  and $-16, %rsp\n  call start\n");
