#include <stdio.h>

/* A helper that is not needed. */
static int helper(int a, int b) {
    int s = 0;
    for (int i = 0; i < a; i++) {
        s += i * b;
    }
    return s;
}

struct point { int x; int y; };

int unused_global = 42;

int compute(struct point p) {
    int r = p.x + p.y;
    if (r > 10) {
        r = r - helper(r, 2);
    }
    return r;
}

int main(void) {
    struct point p = { 1, 2 };
    int v = compute(p);
    printf("%d\n", v);
    int w = undeclared_thing + v;
    return w;
}
